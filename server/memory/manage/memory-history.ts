import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { MEMORY_TYPES, MEMORY_VALIDITY } from '../../../db/schema/memory';
import { memoryVersions } from '../../../db/schema';
import { AppError } from '../../errors';
import type { Embedder } from '../embedder';
import type { MemoryPatch } from '../repository';
import { lockUserMemory } from '../user-lock';
import { applyUserChange, embedOne, embeddingChanged, replaceEmbedding, STALE_MESSAGE, toItem } from './apply-user-change';
import { findMemory } from './find-memory';
import type { historyEntry, MemoryItem } from './schemas';

/** "How did this memory change": every version, oldest first, with who changed it and why. */
export async function memoryHistory(db: UserDb, id: string): Promise<z.output<typeof historyEntry>[]> {
  return db.run(async (tx) => {
    await findMemory(tx, id);
    return tx
      .select({
        version: memoryVersions.version,
        actor: memoryVersions.actor,
        reason: memoryVersions.reason,
        oldSummary: memoryVersions.oldSummary,
        newSummary: memoryVersions.newSummary,
        oldStatus: memoryVersions.oldStatus,
        newStatus: memoryVersions.newStatus,
        createdAt: memoryVersions.createdAt,
      })
      .from(memoryVersions)
      .where(eq(memoryVersions.memoryId, id))
      .orderBy(asc(memoryVersions.version));
  });
}

/**
 * What a revert restores: what the memory said, not its lifecycle. Status, pin and confirmation
 * have their own actions, so reverting the text of a since-confirmed memory does not quietly
 * turn it back into a candidate.
 */
const snapshotContent = z.object({
  type: z.enum(MEMORY_TYPES),
  kind: z.string().min(1),
  summary: z.string().min(1).max(1000),
  entities: z.array(z.string()),
  importance: z.number().int().min(1).max(5),
  validity: z.enum(MEMORY_VALIDITY),
  validUntil: z.iso.datetime({ offset: true }).nullable(),
  sensitive: z.boolean(),
});

export async function revertMemory(
  db: UserDb,
  input: { id: string; toVersion: number; version?: number | undefined },
  embedder: Embedder,
): Promise<MemoryItem> {
  const { current, snapshot } = await db.run(async (tx) => {
    const row = await findMemory(tx, input.id);
    const [target] = await tx
      .select({ snapshot: memoryVersions.snapshot })
      .from(memoryVersions)
      .where(and(eq(memoryVersions.memoryId, input.id), eq(memoryVersions.version, input.toVersion)));
    return { current: row, snapshot: target?.snapshot };
  });
  if (input.version !== undefined && input.version !== current.version) throw new AppError('conflict:memory', STALE_MESSAGE);
  if (!snapshot) throw new AppError('not_found:memory', `This memory has no version ${input.toVersion}.`);
  if (input.toVersion === current.version) throw new AppError('bad_request:memory', 'That is already the current version.');
  const parsed = snapshotContent.safeParse(snapshot);
  if (!parsed.success) throw new AppError('bad_request:memory', `Version ${input.toVersion} cannot be restored: its saved copy is incomplete.`);
  const content = parsed.data;
  const patch: MemoryPatch = { ...content, validUntil: content.validUntil ? new Date(content.validUntil) : null };
  const vector = embeddingChanged(current, content) ? await embedOne(embedder, content) : null;
  const row = await db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const updated = await applyUserChange(tx, current, patch, `Reverted by the user to version ${input.toVersion}`, 'memory.reverted');
    if (vector) await replaceEmbedding(tx, updated, embedder.modelId, vector);
    return updated;
  });
  return toItem(row);
}
