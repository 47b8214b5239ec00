/**
 * Embedded database housekeeping (db/maintenance.ts): once shortly after start-up, so a database
 * restored or upgraded gets statistics the same day, then at config.jobs.maintenanceCron. It
 * needs this process's own PGlite, so it is not a registry job and never runs on Inngest.
 */
import { config } from '../config';
import { loggableError } from '../logging/loggable-error';
import { cronSchedule } from './cron';

export function scheduleMaintenance(task: () => Promise<unknown>, firstRunAfterMs: number): () => void {
  const run = () => {
    task().catch((error: unknown) => console.error(`[jobs] maintenance failed; next run on schedule (${config.jobs.maintenanceCron})`, loggableError(error)));
  };
  const first = setTimeout(run, firstRunAfterMs).unref();
  const schedule = cronSchedule(config.jobs.maintenanceCron, run);
  return () => {
    clearTimeout(first);
    schedule.stop();
  };
}
