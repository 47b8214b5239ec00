/**
 * At start-up: bulk jobs a stopped process left unfinished are handed over again. Each job
 * carries on from its own progress (run-import.ts, run-erasure.ts), so a run that is in fact
 * still alive elsewhere only finds nothing left to do. An erasure whose disk step never ran is
 * resumed for that step.
 */
import { and, eq, or } from 'drizzle-orm';
import type { WithSystem } from '../../db/boundary';
import { bulkJobs } from '../../db/schema';
import type { BulkJobLauncher } from './launcher';

export async function resumeBulkJobs(withSystem: WithSystem, launcher: BulkJobLauncher): Promise<number> {
  // System role: which users have unfinished jobs (ids only); each job then runs as its user.
  const rows = await withSystem((tx) =>
    tx
      .select({ id: bulkJobs.id, userId: bulkJobs.userId, kind: bulkJobs.kind })
      .from(bulkJobs)
      .where(or(eq(bulkJobs.status, 'running'), and(eq(bulkJobs.status, 'done'), eq(bulkJobs.phase, 'erasing-disk')))),
  );
  for (const row of rows) {
    await launcher.launch(row).catch((error: unknown) => console.error(`[jobs] could not resume ${row.kind} ${row.id}`, error));
  }
  return rows.length;
}
