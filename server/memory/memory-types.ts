import type { memories } from '../../db/schema';

export type MemoryRow = typeof memories.$inferSelect;

/**
 * Who changed a memory, as shown in its history and the audit log. `app:<access token id>`: an
 * outside app through the MCP endpoint (issue 17); the activity log names it by the token's name.
 */
export type Actor = 'user' | 'fast_channel' | 'extractor' | 'consolidation' | `job:${string}` | `app:${string}`;

export interface ChangeContext {
  actor: Actor;
  reason: string;
}

/** Optimistic versioning: the row changed since it was read (a concurrent session won). */
export class StaleMemoryError extends Error {
  constructor(readonly memoryId: string, readonly expectedVersion: number) {
    super(`Memory ${memoryId} changed since version ${expectedVersion} was read`);
    this.name = 'StaleMemoryError';
  }
}
