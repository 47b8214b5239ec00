/**
 * Time for the lifecycle jobs is injected, never read inside a rule, so tests (and `npm run jobs
 * -- --now`) can move "now" forward months without waiting.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const DAY_MS = 86_400_000;

/** Whole and fractional days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / DAY_MS;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Parses an ISO timestamp for `--now` or a job payload; a person gets told what was wrong. */
export function parseInstant(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`"${value}" is not an ISO date-time (e.g. 2026-01-31T03:00:00Z)`);
  return date;
}
