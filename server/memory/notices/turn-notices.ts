/**
 * What each chat turn changed in long-term memory, read back from the memory tables themselves
 * (issue 15): a memory names the user message it came from (`source_message_id`, set by the fast
 * channel, the background extraction and a correction alike), `supersedes_id` names what it
 * replaced, and `memory_versions` dates every change. So the notices need no table of their own,
 * and they can never say something the memory tables do not: a memory deleted since simply has
 * no notice any more.
 */
import 'server-only';
import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { UserDb } from '../../../db/boundary';
import { conversations, memories, memoryVersions, messages } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { config } from '../../config';
import { AppError } from '../../errors';
import type { FastChannelResult } from '../fast-channel';
import type { MemoryRow } from '../memory-types';
import { getUserSettings } from '../../settings/user-settings';
import { memoryNotice, storedTurnNotice, type ConversationNotices, type MemoryNotice, type StoredTurnNotice, type UndoAction } from './schemas';

/** A notice with what Undo needs to act on it (never sent to the browser: the output schema strips it). */
export type ResolvedNotice = MemoryNotice & { previousId?: string; revertTo?: number };

interface FirstChange {
  version: number;
  oldSummary: string | null;
  newStatus: MemoryRow['status'];
}

interface TurnMessage {
  id: string;
  createdAt: Date;
}

const LIVE: MemoryRow['status'][] = ['active', 'candidate', 'conflicted'];
const REVIEW: MemoryRow['status'][] = ['candidate', 'conflicted'];

const conversationNotFound = () => new AppError('not_found:conversation', 'This conversation does not exist or was deleted.');

function notice(kind: MemoryNotice['kind'], memory: MemoryRow, undo: UndoAction | null, extra: Partial<ResolvedNotice> = {}): ResolvedNotice {
  const current = LIVE.includes(memory.status);
  return { key: `${kind}:${memory.id}`, kind, memoryId: memory.id, summary: memory.summary, was: null, undo: current ? undo : null, current, ...extra };
}

/** One memory the turn touched, in the words the chat shows. */
function classify(memory: MemoryRow, turn: TurnMessage, previous: Map<string, MemoryRow>, firstChange: Map<string, FirstChange>): ResolvedNotice | null {
  const createdByTurn = memory.createdAt.getTime() >= turn.createdAt.getTime();
  if (!createdByTurn) {
    // Older than the message that names it: a correction changed it in place this turn.
    const change = firstChange.get(memory.id);
    if (!change || change.version <= 1) return null;
    // Reads as it did before the turn again (undone, or corrected back): nothing left to undo.
    if (change.oldSummary === memory.summary) return { ...notice('updated', memory, null), current: false };
    return notice('updated', memory, memory.status === 'active' ? 'revert' : null, { was: change.oldSummary, revertTo: change.version - 1 });
  }
  // What it was born as decides the line: a rejected review item still reads "Needs your review".
  const bornAs = firstChange.get(memory.id)?.newStatus ?? memory.status;
  if (REVIEW.includes(bornAs)) return notice('review', memory, REVIEW.includes(memory.status) ? 'reject' : null);
  const replaced = memory.supersedesId ? previous.get(memory.supersedesId) : undefined;
  if (replaced) {
    // Undo brings the old one back only while it is still the one this memory replaced.
    const restorable = replaced.status === 'superseded';
    return notice('updated', memory, restorable ? 'restore_previous' : 'delete', { was: replaced.summary, previousId: replaced.id });
  }
  return notice('saved', memory, 'delete');
}

/**
 * Notices for the given user messages, keyed by message id. Reads the memories they produced,
 * what those replaced, and the first version each in-place correction wrote after its message.
 */
export async function noticesForMessages(tx: Tx, turns: TurnMessage[]): Promise<Map<string, ResolvedNotice[]>> {
  const result = new Map<string, ResolvedNotice[]>();
  if (turns.length === 0) return result;
  const byId = new Map(turns.map((t) => [t.id, t]));
  const produced = await tx
    .select()
    .from(memories)
    .where(inArray(memories.sourceMessageId, [...byId.keys()]))
    // Write order: one turn's memories share a timestamp, and were written as the message reads.
    .orderBy(asc(memories.createdAt), sql`${memories.seq} asc nulls first`, asc(memories.id));
  if (produced.length === 0) return result;

  const previousIds = produced.map((m) => m.supersedesId).filter((id): id is string => id !== null);
  const previous = new Map(
    (previousIds.length > 0 ? await tx.select().from(memories).where(inArray(memories.id, previousIds)) : []).map((m) => [m.id, m]),
  );
  // Each memory's first version written at or after its message: version 1 for what the turn
  // created (with the status it was born with), a later one for what it corrected in place.
  const firstChange = new Map<string, FirstChange>();
  const earliest = new Date(Math.min(...turns.map((t) => t.createdAt.getTime())));
  const versions = await tx
    .select({
      memoryId: memoryVersions.memoryId,
      version: memoryVersions.version,
      oldSummary: memoryVersions.oldSummary,
      newStatus: memoryVersions.newStatus,
      createdAt: memoryVersions.createdAt,
    })
    .from(memoryVersions)
    .where(and(inArray(memoryVersions.memoryId, produced.map((m) => m.id)), gte(memoryVersions.createdAt, earliest)))
    .orderBy(asc(memoryVersions.version));
  const producedById = new Map(produced.map((m) => [m.id, m]));
  for (const v of versions) {
    const turn = byId.get(producedById.get(v.memoryId)!.sourceMessageId!)!;
    if (!firstChange.has(v.memoryId) && v.createdAt.getTime() >= turn.createdAt.getTime()) {
      firstChange.set(v.memoryId, { version: v.version, oldSummary: v.oldSummary, newStatus: v.newStatus as MemoryRow['status'] });
    }
  }
  for (const memory of produced) {
    const turn = byId.get(memory.sourceMessageId!)!;
    const item = classify(memory, turn, previous, firstChange);
    if (item) result.set(turn.id, [...(result.get(turn.id) ?? []), item]);
  }
  return result;
}

// A block (memory off, a "don't remember" chat) keeps the fast channel's own words, which say which.
const REFUSAL_LINE: Partial<Record<NonNullable<Extract<FastChannelResult, { kind: 'not_stored' }>['cause']>, string>> = {
  secret: 'looks like a password, key or ID number',
  nothing: 'there was nothing to remember in it',
};

/** What the fast channel did that only the turn itself knows (a hard delete, a refusal). */
export function fastChannelNotices(fast: FastChannelResult | null): { live: MemoryNotice[]; stored: StoredTurnNotice[] } {
  if (fast?.kind === 'forgotten' && fast.summaries.length > 0) {
    return {
      live: fast.summaries.map((summary, i) => ({ key: `forgot:${i}`, kind: 'forgot', memoryId: null, summary, was: null, undo: null, current: true })),
      stored: [{ kind: 'forgot', count: fast.summaries.length }],
    };
  }
  if (fast?.kind === 'not_stored') {
    const reason = (fast.cause ? REFUSAL_LINE[fast.cause] : undefined) ?? fast.reason;
    return { live: [{ key: 'refused:0', kind: 'refused', memoryId: null, summary: reason, was: null, undo: null, current: true }], stored: [{ kind: 'refused', reason }] };
  }
  return { live: [], stored: [] };
}

/** The stored ones as notice lines: a forget keeps only how many, never the deleted words. */
function fromMetadata(metadata: Record<string, unknown>): MemoryNotice[] {
  const raw = Array.isArray(metadata.memoryNotices) ? metadata.memoryNotices : [];
  return raw.flatMap((entry, i): MemoryNotice[] => {
    const parsed = storedTurnNotice.safeParse(entry);
    if (!parsed.success) return [];
    const base = { memoryId: null, was: null, undo: null, current: true } as const;
    return parsed.data.kind === 'forgot'
      ? [{ ...base, key: `forgot:${i}`, kind: 'forgot', summary: parsed.data.count === 1 ? '1 memory' : `${parsed.data.count} memories` }]
      : [{ ...base, key: `refused:${i}`, kind: 'refused', summary: parsed.data.reason }];
  });
}

type MessageRow = { id: string; role: 'user' | 'assistant'; createdAt: Date; metadata: Record<string, unknown> };

/** Each user message with the reply that answered it (the next message, when it is a reply). */
function pairTurns(rows: MessageRow[]): { user: MessageRow; reply: MessageRow }[] {
  const pairs: { user: MessageRow; reply: MessageRow }[] = [];
  rows.forEach((row, i) => {
    const next = rows[i + 1];
    if (row.role === 'user' && next?.role === 'assistant') pairs.push({ user: row, reply: next });
  });
  return pairs;
}

function watermarkBehind(conversation: typeof conversations.$inferSelect, last: MessageRow | undefined): boolean {
  if (!last) return false;
  const through = conversation.extractedThroughAt;
  if (!through) return true;
  const at = last.createdAt.getTime();
  // The newest message is at or after the watermark by construction: only its being it counts.
  return at > through.getTime() || (at === through.getTime() && last.id !== conversation.extractedThroughId);
}

/** The notices of a conversation's recent turns, and whether its background extraction is still to come. */
export async function conversationNoticesOf(db: UserDb, conversationId: string): Promise<ConversationNotices> {
  const enabled = (await getUserSettings(db)).memoryNotices;
  return db.run(async (tx) => {
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
    if (!conversation) throw conversationNotFound();
    if (!enabled) return { enabled: false, pending: false, turns: [] };
    const newestFirst = await tx
      .select({ id: messages.id, role: messages.role, createdAt: messages.createdAt, metadata: messages.metadata })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(config.chat.notices.recentMessages);
    const rows = newestFirst.reverse();
    const pairs = pairTurns(rows);
    const found = await noticesForMessages(tx, pairs.map((p) => p.user));
    const turns = pairs
      .map(({ user, reply }) => ({ messageId: reply.id, notices: [...fromMetadata(reply.metadata), ...(found.get(user.id) ?? [])] }))
      .filter((t) => t.notices.length > 0);
    return { enabled: true, pending: watermarkBehind(conversation, rows.at(-1)), turns };
  });
}

/**
 * The user message a reply answered: the newest user message before it in its conversation.
 * Row-level security makes another user's reply id simply not found.
 */
export async function turnOfReply(tx: Tx, replyId: string): Promise<TurnMessage | null> {
  const [reply] = await tx
    .select({ id: messages.id, conversationId: messages.conversationId, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, replyId), eq(messages.role, 'assistant')))
    .limit(1);
  if (!reply) return null;
  const [user] = await tx
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, reply.conversationId),
        eq(messages.role, 'user'),
        or(lt(messages.createdAt, reply.createdAt), and(eq(messages.createdAt, reply.createdAt), lt(messages.id, reply.id))),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return user ?? null;
}

/**
 * The notices the fast channel's work earns at once, streamed with the reply (issue 15): what it
 * stored, as the memory tables now say, plus a forget or a refusal, which only the turn knows.
 * `stored` goes into the reply's metadata for a reload; the rest is read back from the tables.
 */
export async function fastChannelTurnNotices(
  db: UserDb,
  fast: FastChannelResult | null,
  userMessage: TurnMessage,
  /** The user's "show what each turn saved" setting, read once by the turn. */
  showNotices: boolean,
): Promise<{ live: MemoryNotice[]; stored: StoredTurnNotice[] }> {
  if (!fast) return { live: [], stored: [] };
  const own = fastChannelNotices(fast);
  if (!showNotices) return { live: [], stored: own.stored };
  const found = await db.run((tx) => noticesForMessages(tx, [userMessage]));
  // Parsed so Undo's own bookkeeping (previousId, revertTo) stays on the server.
  return { live: [...own.live, ...(found.get(userMessage.id) ?? [])].map((n) => memoryNotice.parse(n)), stored: own.stored };
}
