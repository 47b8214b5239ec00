/**
 * The weekly consolidation job (SPEC §6): for every user, in batches, fold groups of active
 * episodic items about one entity into a summary (level 1, then summaries into level 2), and
 * settle conflicted items by recency and repetition (SPEC §4.4).
 *
 * Each pass reads under withUser, summarises and embeds outside any transaction (a model call
 * must not hold the user's memory lock), then writes each summary in its own short withUser
 * transaction under lockUserMemory after checking every member is still at the version it read;
 * a group whose rows moved on is skipped and looked at next week. One transaction per summary
 * keeps a concurrent chat from waiting for a user's whole pass (PGlite runs one at a time), and
 * a crash between them leaves whole summaries: groups are formed greedily, so the groups not yet
 * written are formed again the same way on a re-run. Idempotent: merged sources and settled
 * conflicts leave the passes' scope, and both levels run in one go, so a second run finds nothing.
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { LanguageModel } from 'ai';
import { memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import type { Steps } from '../steps';
import { embeddingText, type Embedder } from '../memory/embedder';
import { StaleMemoryError, type MemoryRow } from '../memory/memory-types';
import { lockUserMemory } from '../memory/user-lock';
import { addDays } from './clock';
import { consolidationConfig } from '../memory/merge/config';
import { groupsAtLevel, happenedAt, summaryKind, unionEntities, type SummaryLevel } from '../memory/merge/groups';
import { resolveConflicts } from './consolidate-resolve';
import { ruleSummary, summarise, type SummaryInput } from '../memory/merge/summary';
import { writeSummary, type PreparedSummary } from '../memory/merge/write';
import { emptyReport, listChange, mergeUserResult, type JobReport, type UserResult } from './report';
import { paceBeforeTransaction } from './pacing';
import type { JobRequest, LifecycleDeps } from './run-decay';
import { forEachUserInBatches } from './user-batches';

export interface ConsolidationDeps extends LifecycleDeps {
  /** Vectors for new summaries (and conflict winners), so recall finds them at once. */
  embedder: Embedder;
  /** EXTRACTION_MODEL for summaries; null (offline) → the rule summary. */
  extractionModel: LanguageModel | null;
}

export type ConsolidationOutcome = 'summarised' | 'merged' | 'conflict_won' | 'conflict_lost';
export const CONSOLIDATION_OUTCOMES: readonly ConsolidationOutcome[] = ['summarised', 'merged', 'conflict_won', 'conflict_lost'];
export type ConsolidationReport = JobReport<ConsolidationOutcome>;
export type ConsolidationResult = UserResult<ConsolidationOutcome>;

/** Active episodic rows that happened within the window, the only ones grouping can pick. */
async function episodicInWindow(tx: Tx, userId: string, now: Date): Promise<MemoryRow[]> {
  const from = addDays(now, -consolidationConfig.windowDays);
  // occurredAt or createdAt decides (happenedAt); the SQL keeps either in range, the pure filter decides.
  const [byEvent, byStore] = await Promise.all([
    tx.select().from(memories).where(and(eq(memories.userId, userId), eq(memories.status, 'active'), eq(memories.type, 'episodic'), gte(memories.occurredAt, from))),
    tx.select().from(memories).where(and(eq(memories.userId, userId), eq(memories.status, 'active'), eq(memories.type, 'episodic'), gte(memories.createdAt, from))),
  ]);
  return [...new Map([...byEvent, ...byStore].map((r) => [r.id, r])).values()];
}

const count = (result: ConsolidationResult, outcome: ConsolidationOutcome, n = 1) => {
  result.counts[outcome] = (result.counts[outcome] ?? 0) + n;
};

/** One level of summaries for one user: read, summarise and embed, then write under the lock. */
async function consolidateLevel(deps: ConsolidationDeps, userId: string, request: JobRequest, level: SummaryLevel, result: ConsolidationResult): Promise<void> {
  await paceBeforeTransaction(deps);
  const rows = await deps.withUser(userId, (tx) => episodicInWindow(tx, userId, request.now));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const groups = groupsAtLevel(rows, level, request.now);
  if (groups.length === 0) return;

  const inputs: SummaryInput[] = groups.map((g) => ({
    topic: g.topic,
    level,
    members: g.memberIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ summary: row.summary, happenedAt: happenedAt(row) }] : [];
    }),
  }));
  const dryRun = request.dryRun ?? false;
  // A dry run calls no model: it shows the rule text of what would be written.
  const texts = dryRun ? inputs.map(ruleSummary) : await Promise.all(inputs.map((input) => summarise(deps.extractionModel, input)));
  const vectors = dryRun
    ? texts.map(() => null)
    : await deps.embedder.embed(texts.map((summary, i) => embeddingText({ type: 'episodic', summary, entities: unionEntities(groups[i]!.topic, groups[i]!.memberIds.map((id) => byId.get(id)?.entities ?? [])) })));
  const prepared: PreparedSummary[] = groups.map((group, i) => ({ group, text: texts[i]!, vector: vectors[i] ?? null }));

  if (dryRun) {
    for (const p of prepared) report(result, p, null, p.group.memberIds.map((id) => byId.get(id)).filter((r): r is MemoryRow => r !== undefined));
    return;
  }

  for (const p of prepared) {
    await paceBeforeTransaction(deps);
    try {
      const { summary, members } = await deps.withUser(userId, async (tx) => {
        await lockUserMemory(tx, userId);
        const fresh = new Map((await tx.select().from(memories).where(inArray(memories.id, p.group.memberIds))).map((r) => [r.id, r]));
        const read = p.group.memberIds.map((id) => fresh.get(id));
        const moved = read.findIndex((m, k) => m === undefined || m.status !== 'active' || m.version !== byId.get(p.group.memberIds[k]!)?.version);
        // Edited since it was read (the user, or extraction): their change wins; next week looks again.
        if (moved >= 0) throw new StaleMemoryError(p.group.memberIds[moved]!, byId.get(p.group.memberIds[moved]!)?.version ?? 0);
        const current = read as MemoryRow[];
        return { summary: (await writeSummary(tx, current, p, request.now, deps.embedder.modelId)).summary, members: current };
      });
      report(result, p, summary, members);
    } catch (error) {
      if (!(error instanceof StaleMemoryError)) throw error;
      result.skipped += 1;
    }
  }
}

function report(result: ConsolidationResult, p: PreparedSummary, summary: MemoryRow | null, members: MemoryRow[]): void {
  const reason = `${members.length} items about "${p.group.topic}"`;
  count(result, 'summarised');
  listChange(result, { memoryId: summary?.id ?? null, summary: p.text, from: `${members.length} items`, to: `active ${summaryKind(p.group.level)}`, outcome: 'summarised', reason });
  count(result, 'merged', members.length);
  for (const m of members) {
    listChange(result, { memoryId: m.id, summary: m.summary, from: m.status, to: 'merged', outcome: 'merged', reason: summary ? `Merged into summary ${summary.id}` : reason });
  }
}

/** One user's consolidation: level 1, level 2 over the result, then conflicts. */
export async function consolidateUser(deps: ConsolidationDeps, userId: string, request: JobRequest): Promise<ConsolidationResult> {
  const result: ConsolidationResult = { userId, counts: {}, skipped: 0, changes: [], truncated: false };
  await consolidateLevel(deps, userId, request, 1, result);
  // Level 2 needs the level-1 summaries written above; a dry run has none to show.
  if (!request.dryRun) await consolidateLevel(deps, userId, request, 2, result);
  await resolveConflicts(deps, userId, request, result);
  return result;
}

export async function runConsolidation(steps: Steps, request: JobRequest, deps: ConsolidationDeps): Promise<ConsolidationReport> {
  const results = await forEachUserInBatches(
    steps,
    { name: 'consolidate', withSystem: deps.withSystem, batchSize: deps.batchSize ?? config.lifecycle.userBatchSize, userId: request.userId },
    (userId) => consolidateUser(deps, userId, request),
  );
  return results.reduce(mergeUserResult, emptyReport(CONSOLIDATION_OUTCOMES, request));
}
