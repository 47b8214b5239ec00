import { importRequested } from '../../events/contracts';
import { runImport } from '../../bulk/run-import';
import { defineJob } from '../define-job';

/**
 * Writes a staged import in short transactions (server/bulk/run-import.ts). One run per job at a
 * time, so a retry never overlaps the run it retries; a step that still fails after its retries
 * reaches the body, which undoes what the import wrote.
 */
export const importMemoriesJob = defineJob({
  id: 'import-memories',
  trigger: { event: importRequested },
  concurrency: { key: 'jobId' },
  retries: 4,
  handler: ({ data, steps }, deps) => runImport(steps, data, deps.bulk),
});
