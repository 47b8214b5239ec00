/**
 * The decay decision for one memory (SPEC §6), as a pure function of the row, its demotion
 * history and "now": no database, no wall clock, so every rule is tested by moving `now`.
 */
import { config } from '../config';
import type { MemoryRow } from '../memory/memory-types';
import { daysBetween } from './clock';

/** What the memory's version history says about earlier feedback demotions by this job. */
export interface DemotionHistory {
  /** How many times decay has moved this item back to candidate. */
  count: number;
  /** The latest demotion: when, and the use/fail counters at that moment (its baseline). */
  last: { at: Date; accessCount: number; failCount: number } | null;
}

export const NO_DEMOTIONS: DemotionHistory = { count: 0, last: null };

export type DecayOutcome = 'archived_idle' | 'archived_expired' | 'candidate_forgotten' | 'demoted' | 'feedback_forgotten';

export const DECAY_OUTCOMES: readonly DecayOutcome[] = ['archived_idle', 'archived_expired', 'candidate_forgotten', 'demoted', 'feedback_forgotten'];

export interface DecayDecision {
  outcome: DecayOutcome;
  status: 'archived' | 'forgotten' | 'candidate';
  /** Stored on the version row and as the memory's statusReason: why, in words a user can read. */
  reason: string;
}

export type DecayInput = Pick<
  MemoryRow,
  'status' | 'importance' | 'pinned' | 'validUntil' | 'lastAccessedAt' | 'createdAt' | 'accessCount' | 'failCount'
>;

/**
 * Pinned and core (importance 5) items never decay. Only active items are archived or demoted;
 * only candidates time out. Every other status is already out of recall and left alone, which
 * is also what makes a second run change nothing.
 */
export function decideDecay(memory: DecayInput, history: DemotionHistory, now: Date): DecayDecision | null {
  if (memory.pinned || memory.importance >= config.lifecycle.neverDecayImportance) return null;
  if (memory.status === 'candidate') return candidateTimeout(memory, history, now);
  if (memory.status !== 'active') return null;

  if (memory.validUntil && memory.validUntil.getTime() < now.getTime()) {
    return { outcome: 'archived_expired', status: 'archived', reason: 'expired' };
  }
  const feedback = feedbackRule(memory, history);
  if (feedback) return feedback;

  const idleLimit = config.lifecycle.archiveIdleDays[memory.importance];
  if (idleLimit !== undefined) {
    const idle = daysBetween(memory.lastAccessedAt ?? memory.createdAt, now);
    if (idle >= idleLimit) {
      return { outcome: 'archived_idle', status: 'archived', reason: `idle: importance ${memory.importance}, not used for ${idleLimit} days` };
    }
  }
  return null;
}

/** A candidate's 30 days count from when it became one: its creation or its latest demotion. */
function candidateTimeout(memory: DecayInput, history: DemotionHistory, now: Date): DecayDecision | null {
  const since = history.last && history.last.at > memory.createdAt ? history.last.at : memory.createdAt;
  const limit = config.memory.candidateTimeoutDays;
  if (daysBetween(since, now) < limit) return null;
  return { outcome: 'candidate_forgotten', status: 'forgotten', reason: `unconfirmed candidate for ${limit} days` };
}

/**
 * "Not relevant" more than half the times it was used, with fewer than 3 uses → candidate; the
 * second time → forgotten. Uses and fails are counted since the last demotion, so an item the
 * user re-confirmed starts over instead of being punished again for its old record.
 */
function feedbackRule(memory: DecayInput, history: DemotionHistory): DecayDecision | null {
  const uses = memory.accessCount - (history.last?.accessCount ?? 0);
  const fails = memory.failCount - (history.last?.failCount ?? 0);
  if (fails <= 0 || uses >= config.lifecycle.feedbackMinUses) return null;
  if (fails <= uses * config.lifecycle.feedbackFailShare) return null;
  if (history.count > 0) {
    return { outcome: 'feedback_forgotten', status: 'forgotten', reason: 'feedback: marked not relevant again after an earlier demotion' };
  }
  return { outcome: 'demoted', status: 'candidate', reason: `feedback: marked not relevant ${fails} of ${uses} uses` };
}
