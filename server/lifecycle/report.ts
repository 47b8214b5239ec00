/** What a lifecycle job changed (or, in a dry run, would change): exact counts, listed changes. */
import { config } from '../config';

export interface Change<O extends string> {
  /** The memory changed, or null for changes that are not about one memory (retention). */
  memoryId: string | null;
  summary: string;
  from: string;
  to: string;
  outcome: O;
  reason: string;
}

/** One user's part; JSON-safe, because it is a step result. */
export interface UserResult<O extends string> {
  userId: string;
  counts: Partial<Record<O, number>>;
  /** Changes not made because the row moved on (optimistic versioning). */
  skipped: number;
  changes: Change<O>[];
  /** This user had more changes than are listed. */
  truncated: boolean;
}

export interface JobReport<O extends string> {
  now: string;
  dryRun: boolean;
  users: number;
  counts: Record<O, number>;
  skipped: number;
  changes: (Change<O> & { userId: string })[];
  /** More changes happened than are listed (counts stay exact). */
  truncated: boolean;
}

export function emptyReport<O extends string>(outcomes: readonly O[], request: { now: Date; dryRun?: boolean }): JobReport<O> {
  const counts = Object.fromEntries(outcomes.map((o) => [o, 0])) as Record<O, number>;
  return { now: request.now.toISOString(), dryRun: request.dryRun ?? false, users: 0, counts, skipped: 0, changes: [], truncated: false };
}

export function mergeUserResult<O extends string>(report: JobReport<O>, user: UserResult<O>): JobReport<O> {
  const counts = { ...report.counts };
  for (const [outcome, n] of Object.entries(user.counts) as [O, number][]) counts[outcome] += n;
  const room = config.lifecycle.reportMaxChanges - report.changes.length;
  const listed = user.changes.slice(0, Math.max(0, room)).map((c) => ({ ...c, userId: user.userId }));
  return {
    ...report,
    users: report.users + 1,
    counts,
    skipped: report.skipped + user.skipped,
    changes: [...report.changes, ...listed],
    truncated: report.truncated || user.truncated || listed.length < user.changes.length,
  };
}

/** Lists a change unless the user's list is full, in which case it only marks it truncated. */
export function listChange<O extends string>(result: UserResult<O>, change: Change<O>): void {
  if (result.changes.length < config.lifecycle.reportMaxChanges) result.changes.push(change);
  else result.truncated = true;
}
