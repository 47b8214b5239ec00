/**
 * The daily raw-log retention job (SPEC §1): for each user who does not keep messages forever,
 * delete the messages of conversations distilled more than `retentionDays` ago. Memories stay,
 * with their quotes; their sourceMessageId then points at nothing, which the UI shows as
 * "source purged". Conversations stay too (title, summary, links from memories).
 */
import { eq, sql } from 'drizzle-orm';
import type { WithUser } from '../../db/boundary';
import { queryRows } from '../../db/rows';
import { auditLog, userSettings } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import { purgeSentEvents } from '../events/outbox';
import type { Steps } from '../steps';
import { lockUserMemory } from '../memory/user-lock';
import { addDays } from './clock';
import { emptyReport, listChange, mergeUserResult, type JobReport, type UserResult } from './report';
import type { JobRequest, LifecycleDeps } from './run-decay';
import { forEachUserInBatches } from './user-batches';

export const RETENTION_ACTOR = 'job:retention' as const;

export type RetentionOutcome = 'messages_purged' | 'conversations_purged';
export const RETENTION_OUTCOMES: readonly RetentionOutcome[] = ['messages_purged', 'conversations_purged'];
export type RetentionReport = JobReport<RetentionOutcome> & {
  /** Outbox events sent more than config.jobs.outboxSentRetentionDays ago, deleted (or, dry, found). */
  sentEventsPurged: number;
};

async function retentionDaysOf(tx: Tx, userId: string): Promise<number | null> {
  const [row] = await tx.select({ days: userSettings.retentionDays }).from(userSettings).where(eq(userSettings.userId, userId));
  // No settings row yet: the product default applies.
  return row ? row.days : config.rawLog.retentionDaysDefault;
}

/**
 * Messages that are past retention: in a conversation last distilled before the cutoff, and at
 * or before its extraction watermark, so a message the pipeline has not read yet is never lost.
 * The watermark is a JS Date (milliseconds) while Postgres stores microseconds, so the whole
 * watermark millisecond counts as read (the next message is a model reply away, not < 1 ms).
 */
const purgeable = (cutoff: Date) => sql`
  m.conversation_id = c.id
  and c.distilled_at < ${cutoff}
  and c.extracted_through_at is not null
  and date_trunc('milliseconds', m.created_at) <= c.extracted_through_at`;

interface PurgedConversation {
  conversation_id: string;
  title: string | null;
  messages: number;
}

async function purge(tx: Tx, cutoff: Date, dryRun: boolean): Promise<PurgedConversation[]> {
  if (dryRun) {
    return queryRows<PurgedConversation>(
      tx,
      sql`select c.id as conversation_id, c.title, count(*)::int as messages
          from messages m join conversations c on ${purgeable(cutoff)}
          group by c.id, c.title order by c.id`,
    );
  }
  return queryRows<PurgedConversation>(
    tx,
    sql`with purged as (delete from messages m using conversations c where ${purgeable(cutoff)} returning m.conversation_id)
        select p.conversation_id, c.title, count(*)::int as messages
        from purged p join conversations c on c.id = p.conversation_id
        group by p.conversation_id, c.title order by p.conversation_id`,
  );
}

/** One user's purge in one transaction, under the memory lock so extraction never reads a half-purged window. */
export async function retainUser(withUser: WithUser, userId: string, request: JobRequest): Promise<UserResult<RetentionOutcome>> {
  return withUser(userId, async (tx) => {
    await lockUserMemory(tx, userId);
    const result: UserResult<RetentionOutcome> = { userId, counts: {}, skipped: 0, changes: [], truncated: false };
    const days = await retentionDaysOf(tx, userId);
    if (days === null) return result;
    const cutoff = addDays(request.now, -days);
    const purged = await purge(tx, cutoff, request.dryRun ?? false);
    if (purged.length === 0) return result;
    const messages = purged.reduce((n, p) => n + p.messages, 0);
    result.counts = { messages_purged: messages, conversations_purged: purged.length };
    const reason = `retention: distilled more than ${days} days ago`;
    for (const p of purged) {
      listChange(result, { memoryId: null, summary: p.title ?? '(untitled conversation)', from: `${p.messages} message(s)`, to: 'purged', outcome: 'messages_purged', reason });
    }
    if (!request.dryRun) {
      await tx.insert(auditLog).values({
        userId,
        actor: RETENTION_ACTOR,
        action: 'messages.purged',
        detail: { reason, retentionDays: days, cutoff: cutoff.toISOString(), messages, conversations: purged.map((p) => ({ id: p.conversation_id, messages: p.messages })) },
      });
    }
    return result;
  });
}

export async function runRetention(steps: Steps, request: JobRequest, deps: LifecycleDeps): Promise<RetentionReport> {
  const results = await forEachUserInBatches(
    steps,
    { name: 'retention', withSystem: deps.withSystem, batchSize: deps.batchSize ?? config.lifecycle.userBatchSize, userId: request.userId },
    (userId) => retainUser(deps.withUser, userId, request),
  );
  const report = results.reduce(mergeUserResult, emptyReport(RETENTION_OUTCOMES, request));
  // Sent events are the app's bookkeeping, not anyone's messages: purged across users, unless
  // the run was for one user only.
  const sentEventsPurged = request.userId
    ? 0
    : await steps.run('purge-sent-events', () => purgeSentEvents(deps.withSystem, { now: request.now, dryRun: request.dryRun }));
  return { ...report, sentEventsPurged };
}
