/**
 * What the chat model's memory tools changed in one reply, in the words the chat shows under it
 * ("Memory updated: …", "Memory forgotten") and stores with the reply's metadata. Read from the
 * tools' own outputs (server/chat/memory-tools.ts), so only what really happened is reported.
 */
import { z } from 'zod';

export type MemoryAction = { action: 'updated'; memoryId: string; summary: string } | { action: 'forgotten'; memoryId: string };

const updated = z.object({ updated: z.object({ id: z.string(), summary: z.string() }) });
const forgotten = z.object({ deleted: z.string() });

export function memoryActionOf(toolOutput: unknown): MemoryAction | null {
  const u = updated.safeParse(toolOutput);
  if (u.success) return { action: 'updated', memoryId: u.data.updated.id, summary: u.data.updated.summary };
  const f = forgotten.safeParse(toolOutput);
  if (f.success) return { action: 'forgotten', memoryId: f.data.deleted };
  return null;
}
