/**
 * Inputs and outputs of the MCP tools (issue 17), written for a model: every field says what it
 * is for. Outputs carry dates as ISO strings (structured content is JSON).
 */
import { z } from 'zod';
import { MEMORY_STATUSES, MEMORY_TYPES } from '../../db/schema/memory';
import { config } from '../config';
import { MEMORY_SORTS } from '../memory/manage/cursors';
import { SUMMARY_MAX_CHARS } from '../memory/manage/schemas';

const memoryIdInput = z.uuid({ error: 'id must be a memory id (a UUID) from search_memories or list_memories.' }).describe('The memory id, from search_memories or list_memories.');
const importance = z.number().int().min(1).max(5).describe('1 (trivia) to 5 (core to who the user is).');

export const searchInput = z
  .object({
    query: z.string().trim().min(1, 'query must not be empty.').max(500, 'query is at most 500 characters.').describe('What you want to know about the user, in plain words, e.g. "dietary restrictions" or "where do they work".'),
    limit: z.number().int().min(1).max(config.mcp.maxResults).default(10).describe('At most this many memories.'),
  })
  .strict();

export const rememberInput = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'text must not be empty.')
      .max(config.mcp.rememberMaxChars, `text is at most ${config.mcp.rememberMaxChars} characters.`)
      .describe(
        'What the user told you and wants remembered, in their words where possible (e.g. "I am vegetarian", "from now on answer in Spanish"). One fact or instruction per call works best. Never include passwords, keys or card numbers: they are refused.',
      ),
  })
  .strict();

export const updateInput = z
  .object({
    id: memoryIdInput,
    summary: z.string().trim().min(1).max(SUMMARY_MAX_CHARS).optional().describe('The corrected text, written like the old one.'),
    importance: importance.optional(),
    kind: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,60}$/, 'kind is lowercase letters, digits and underscores (e.g. "preference").')
      .optional()
      .describe('A short category such as fact, preference, plan, rule.'),
  })
  .strict();

export const forgetInput = z.object({ id: memoryIdInput }).strict();

export const listInput = z
  .object({
    type: z.enum(MEMORY_TYPES).optional().describe('semantic: facts and preferences; episodic: events; procedural: how the user wants you to respond.'),
    status: z.array(z.enum(MEMORY_STATUSES)).min(1).optional().describe('Default: active, candidate (waiting for the user), conflicted and archived.'),
    importanceMin: importance.optional(),
    search: z.string().trim().max(200).optional().describe('Words the memory must contain.'),
    sort: z.enum(MEMORY_SORTS).default('created').describe('created (newest first), last_used or importance.'),
    cursor: z.string().max(config.input.cursorMaxChars).optional().describe('nextCursor of the previous page.'),
    limit: z.number().int().min(1).max(config.mcp.maxResults).default(20),
  })
  .strict();

const memoryOut = z.object({
  id: z.string(),
  summary: z.string(),
  type: z.string(),
  kind: z.string(),
  importance: z.number(),
  status: z.string(),
  /** When it happened, else when it was learned. */
  date: z.string(),
  /** The user's words it was taken from. */
  sourceQuote: z.string(),
});

export const searchOutput = z.object({
  memories: z.array(memoryOut.extend({ why: z.string().describe('Why recall picked it.') })),
  note: z.string().optional(),
});
export const rememberOutput = z.object({
  stored: z.array(z.object({ id: z.string(), summary: z.string(), type: z.string(), kind: z.string(), status: z.enum(['active', 'candidate']), held: z.string().optional() })),
});
export const updateOutput = z.object({ updated: memoryOut.extend({ version: z.number() }) });
export const forgetOutput = z.object({ deleted: z.string() });
export const listOutput = z.object({ memories: z.array(memoryOut), nextCursor: z.string().nullable() });
export const profileOutput = z.object({
  name: z.string().nullable(),
  timeZone: z.string(),
  memoryEnabled: z.boolean(),
  /** The user's most important facts (sensitive ones are left to search_memories). */
  coreMemories: z.array(memoryOut),
  /** Standing instructions: how the user wants you to respond. */
  howToRespond: z.array(z.object({ id: z.string(), rule: z.string() })),
});
