/** Every background job, once. Both providers (in-process, Inngest) run exactly this list. */
import type { Job } from './define-job';
import { consolidateMemoriesJob } from './definitions/consolidate-memories';
import { decayMemoriesJob } from './definitions/decay-memories';
import { eraseMemoriesJob } from './definitions/erase-memories';
import { extractMemoriesJob } from './definitions/extract-memories';
import { importMemoriesJob } from './definitions/import-memories';
import { reembedMemoriesJob } from './definitions/reembed-memories';
import { retentionPurgeJob } from './definitions/retention-purge';
import { sendAccountMailJob } from './definitions/send-account-mail';
import { sweepOutboxJob } from './definitions/sweep-outbox';

export const jobs: readonly Job[] = [
  extractMemoriesJob,
  reembedMemoriesJob,
  sweepOutboxJob,
  decayMemoriesJob,
  retentionPurgeJob,
  consolidateMemoriesJob,
  importMemoriesJob,
  eraseMemoriesJob,
  sendAccountMailJob,
];
