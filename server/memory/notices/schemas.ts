/**
 * Memory notices under a chat reply (issue 15): one line per change the turn made to long-term
 * memory, with what Undo would do. Shared by the tRPC router, the chat stream's data part and the
 * browser, so all three speak one typed shape.
 */
import { z } from 'zod';

export const NOTICE_KINDS = ['saved', 'updated', 'review', 'forgot', 'refused'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * What Undo does: delete what the turn saved, reject what it left for review, bring back the
 * memory it replaced, or revert the one it changed in place. null: nothing to undo (a forget is
 * a hard delete; a refusal stored nothing; the memory changed again since).
 */
export const UNDO_ACTIONS = ['delete', 'reject', 'restore_previous', 'revert'] as const;
export type UndoAction = (typeof UNDO_ACTIONS)[number];

export const memoryNotice = z.object({
  /** Stable within a reply, for the list's keys. */
  key: z.string(),
  kind: z.enum(NOTICE_KINDS),
  memoryId: z.string().nullable(),
  /** The memory's words now; for a refusal, why nothing was saved. */
  summary: z.string(),
  /** What an update replaced ("Lives in Lyon"). */
  was: z.string().nullable(),
  undo: z.enum(UNDO_ACTIONS).nullable(),
  /** False once the memory moved on (rejected, replaced, merged, archived) since this turn. */
  current: z.boolean(),
});
export type MemoryNotice = z.infer<typeof memoryNotice>;

export const turnNotices = z.object({
  /** The assistant reply the notices sit under. */
  messageId: z.string(),
  notices: z.array(memoryNotice),
});

export const conversationNotices = z.object({
  /** The user's setting: when off, the chat shows no notices and never polls. */
  enabled: z.boolean(),
  /** The background extraction has not read the newest message yet: ask again soon. */
  pending: z.boolean(),
  turns: z.array(turnNotices),
});
export type ConversationNotices = z.infer<typeof conversationNotices>;

const uuid = (what: string) => z.uuid({ error: `${what} ids are UUIDs.` });

export const conversationNoticesInput = z.object({ conversationId: uuid('Conversation') }).strict();

export const undoNoticeInput = z.object({ messageId: uuid('Message'), memoryId: uuid('Memory') }).strict();

export const undoNoticeOutput = z.object({
  undone: z.enum(['deleted', 'rejected', 'restored', 'reverted']),
  /** What the memory says after the undo (restored/reverted), or what was removed. */
  summary: z.string(),
});

/**
 * What the fast channel did that the database no longer shows (a hard-deleted memory, a refusal),
 * kept with the reply's metadata so a reload still lists it. Never the deleted memory's words.
 */
export const storedTurnNotice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('forgot'), count: z.number().int().min(1) }),
  z.object({ kind: z.literal('refused'), reason: z.string().max(200) }),
]);
export type StoredTurnNotice = z.infer<typeof storedTurnNotice>;
