/**
 * Memory management tools for a real chat model (SPEC §7 "In chat"): the model finds a memory,
 * then edits or deletes it by id. Each tool calls the very function behind the settings page, so
 * a change made in chat is versioned, audited and listed in the activity log the same way. The
 * offline model cannot call tools; the fast channel's patterns cover it.
 */
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { AppError } from '../errors';
import type { Embedder } from '../memory/embedder';
import { deleteOneMemory } from '../memory/manage/delete-one-memory';
import { editMemory } from '../memory/manage/edit-memory';
import { findMemory } from '../memory/manage/find-memory';
import { listMemories } from '../memory/manage/list-memories';
import { editMemoryInput, listMemoriesInput, memoryId, type MemoryItem } from '../memory/manage/schemas';

const SEARCH_LIMIT = 10;
const REQUEST_QUOTE_CHARS = 200;

const view = (m: MemoryItem) => ({ id: m.id, summary: m.summary, type: m.type, kind: m.kind, importance: m.importance, status: m.status, pinned: m.pinned });

/** A failed change goes back to the model as words it can pass on, not as a crashed turn. */
async function reported<T>(work: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return { error: error.message };
    if (error instanceof z.ZodError) return { error: error.issues.map((i) => i.message).join('; ') };
    throw error;
  }
}

export function memoryTools(db: UserDb, embedder: Embedder, context: { message: string }): ToolSet {
  const reason = `Changed in chat: "${context.message.slice(0, REQUEST_QUOTE_CHARS)}"`;
  return {
    search_memories: tool({
      description:
        "Find the user's stored long-term memories by words (e.g. 'coffee'). Use before changing or deleting one, or to answer 'what do you remember about me'. Returns ids.",
      inputSchema: z.object({ query: z.string().trim().max(200).describe('Words to look for; empty lists the most important memories.') }),
      execute: ({ query }) =>
        reported(async () => {
          const found = query ? await listMemories(db, listMemoriesInput.parse({ search: query, limit: SEARCH_LIMIT })) : null;
          const page = found && found.items.length > 0 ? found : await listMemories(db, listMemoriesInput.parse({ sort: 'importance', limit: SEARCH_LIMIT }));
          return { memories: page.items.map(view), matchedQuery: found !== null && found.items.length > 0 };
        }),
    }),
    update_memory: tool({
      description:
        'Correct a stored memory or change its priority when the user asks ("that is wrong, I live in Hangzhou", "lower the priority of my coffee preference"). Importance is 1 (lowest) to 5 (highest).',
      inputSchema: z.object({
        id: memoryId,
        summary: z.string().trim().min(1).max(1000).optional().describe('The corrected text, written like the old one.'),
        importance: z.number().int().min(1).max(5).optional(),
      }),
      execute: ({ id, summary, importance }) =>
        reported(async () => {
          const current = await db.run((tx) => findMemory(tx, id));
          const input = editMemoryInput.parse({ id, version: current.version, summary, importance });
          return { updated: view(await editMemory(db, input, embedder, reason)) };
        }),
    }),
    forget_memory: tool({
      description: 'Delete a stored memory for good when the user asks to forget it.',
      inputSchema: z.object({ id: memoryId }),
      execute: ({ id }) =>
        reported(async () => {
          const receipt = await deleteOneMemory(db, id);
          return { deleted: receipt.id, versionsRemoved: receipt.versions };
        }),
    }),
  };
}
