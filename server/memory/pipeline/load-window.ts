import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { WithUser } from '../../../db/boundary';
import { queryRows } from '../../../db/rows';
import { conversations, messages, userSettings } from '../../../db/schema';
import { config } from '../../config';

/**
 * Message metadata key set on a user message sent while memory (or this conversation's memory)
 * was off. Such a message is never extracted from nor read as context, whatever the switches say
 * by the time the job runs.
 */
export const OFF_THE_RECORD = 'offTheRecord';

/** Entities the user's memory already knows, read for the first-seen-entity signal. */
const KNOWN_ENTITIES_LIMIT = 500;

export interface WindowMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** Set when the fast channel already handled an explicit "remember"/"forget" in it. */
  fastChannel: boolean;
}

export interface LoadedWindow {
  status: 'ready' | 'memory_off' | 'conversation_off' | 'nothing_new' | 'missing';
  conversationId: string;
  messages: WindowMessage[];
  newMessageIds: string[];
  timeZone: string;
  knownEntities: string[];
  /** New messages whose "remember …" the fast channel stored; the rest of them is extracted. */
  commandHandled: string[];
  /** The newest message covered; the apply step moves the watermark here. */
  through: { at: string; id: string } | null;
}

/**
 * Everything one extraction reads, loaded under the event's user: the messages after the
 * conversation's watermark (plus a little context), the user's time zone and known entities.
 */
export async function loadExtractionWindow(withUser: WithUser, userId: string, conversationId: string): Promise<LoadedWindow> {
  return withUser(userId, async (tx) => {
    const empty = (status: LoadedWindow['status']): LoadedWindow => ({
      status,
      conversationId,
      messages: [],
      newMessageIds: [],
      timeZone: 'UTC',
      knownEntities: [],
      commandHandled: [],
      through: null,
    });
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId));
    if (!conversation) return empty('missing');
    const [settings] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId));
    const timeZone = settings?.timeZone ?? 'UTC';

    const after = conversation.extractedThroughAt
      ? or(
          gt(messages.createdAt, conversation.extractedThroughAt),
          and(eq(messages.createdAt, conversation.extractedThroughAt), gt(messages.id, conversation.extractedThroughId ?? '')),
        )
      : undefined;
    const fresh = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.status, 'complete'), after))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    const last = fresh.at(-1);
    if (!last) return empty('nothing_new');
    const through = { at: last.createdAt.toISOString(), id: last.id };
    if (settings && !settings.memoryEnabled) return { ...empty('memory_off'), through };
    if (conversation.memoryDisabled) return { ...empty('conversation_off'), through };

    const context = conversation.extractedThroughAt
      ? (
          await tx
            .select()
            .from(messages)
            .where(and(eq(messages.conversationId, conversationId), inArray(messages.status, ['complete', 'stopped']), sql`not (${after})`))
            .orderBy(desc(messages.createdAt), desc(messages.id))
            .limit(config.memory.extractionContextMessages)
        ).reverse()
      : [];

    const known = await queryRows<{ entity: string }>(
      tx,
      sql`select distinct lower(e.value) as entity from memories m, jsonb_array_elements_text(m.entities) e(value)
          where m.status in ('active', 'candidate') limit ${KNOWN_ENTITIES_LIMIT}`,
    );
    const onRecord = (m: typeof last) => m.metadata[OFF_THE_RECORD] !== true;
    const toWindow = (m: typeof last): WindowMessage => ({
      id: m.id,
      role: m.role,
      content: m.content,
      createdAt: m.createdAt.toISOString(),
      fastChannel: typeof m.metadata.fastChannel === 'string',
    });
    return {
      status: 'ready',
      conversationId,
      messages: [...context, ...fresh].filter(onRecord).map(toWindow),
      // Only the user's own new words are extracted from (never assistant text or injected memory);
      // a message the fast channel handled is done, except for what follows its "remember …".
      newMessageIds: fresh.filter((m) => m.role === 'user' && onRecord(m) && (typeof m.metadata.fastChannel !== 'string' || m.metadata.fastChannel === 'remember')).map((m) => m.id),
      timeZone,
      knownEntities: known.map((k) => k.entity),
      commandHandled: fresh.filter((m) => onRecord(m) && m.metadata.fastChannel === 'remember').map((m) => m.id),
      through,
    };
  });
}
