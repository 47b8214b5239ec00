/**
 * Cron strings as Inngest reads them ("TZ=UTC 0 3 * * *": an optional time zone, then the
 * pattern), scheduled in-process with croner, so a schedule in config moves both providers.
 */
import { Cron } from 'croner';

export function parseCron(expression: string): { pattern: string; timezone?: string } {
  const match = /^(?:CRON_TZ|TZ)=(\S+)\s+(.+)$/.exec(expression.trim());
  return match?.[1] && match[2] ? { timezone: match[1], pattern: match[2] } : { pattern: expression.trim() };
}

/** A croner schedule for `expression`; without `task` it only answers when it would run. */
export function cronSchedule(expression: string, task?: () => void): Cron {
  const { pattern, timezone } = parseCron(expression);
  // unref: a schedule alone never keeps the process (a script, a test) alive.
  const options = { timezone, unref: true, mode: '5-or-6-parts' as const };
  return task ? new Cron(pattern, options, task) : new Cron(pattern, options);
}

/** When `expression` next fires after `from`. */
export function nextCronRun(expression: string, from: Date): Date | null {
  const schedule = cronSchedule(expression);
  try {
    return schedule.nextRun(from);
  } finally {
    schedule.stop();
  }
}
