/**
 * What the bulk jobs need, injected (server/composition.ts in the app, tests/helpers/jobs.ts
 * in tests): a background withUser, the embedder, the disk erasure on the owner connection, and
 * the embedded database's foreground activity for pacing.
 */
import type { WithUser } from '../../db/boundary';
import { config } from '../config';
import { paceBeforeTransaction, type PacingDeps } from '../lifecycle/pacing';
import type { Embedder } from '../memory/embedder';

export interface BulkSizes {
  /** Memories written per import transaction. */
  importWriteChunk: number;
  /** Items embedded per call (one request to a network embedder). */
  importEmbedBatch: number;
  /** Import items per job step. */
  importStepItems: number;
  /** Memories deleted per erasure transaction. */
  eraseMemoryChunk: number;
  /** Other rows per erasure transaction. */
  eraseRowChunk: number;
  /** Transactions per erasure step. */
  eraseStepTransactions: number;
}

export const DEFAULT_SIZES: BulkSizes = {
  importWriteChunk: config.bulk.import.writeChunk,
  importEmbedBatch: config.bulk.import.embedBatch,
  importStepItems: config.bulk.import.stepItems,
  eraseMemoryChunk: config.bulk.erasure.memoryChunk,
  eraseRowChunk: config.bulk.erasure.rowChunk,
  eraseStepTransactions: config.bulk.erasure.stepTransactions,
};

export interface BulkDeps extends PacingDeps {
  /** Background work: not counted as someone waiting (db/foreground.ts). */
  withUser: WithUser;
  embedder: Embedder;
  /**
   * Vacuums or rewrites tables after an erasure (db/maintenance.ts eraseOnDisk, on the owner
   * connection); `rewrite` hold deleted text, `vacuum` only derived numbers or vectors.
   */
  eraseOnDisk: (tables: { rewrite: readonly string[]; vacuum: readonly string[] }) => Promise<unknown>;
  /**
   * An import still 'staging' this long after its request last touched it was abandoned (the
   * request's process died); config.bulk.import.stagingStaleMs by default. The embedded
   * database has one process, so at its start-up any staging job is abandoned: 0 there.
   */
  abandonStagingAfterMs?: number;
  /** config.bulk by default; tests use small chunks to see several of them. */
  sizes?: Partial<BulkSizes>;
}

export const sizesOf = (deps: BulkDeps): BulkSizes => ({ ...DEFAULT_SIZES, ...deps.sizes });

/**
 * Call before each transaction of one run: a yield to the event loop, and on the embedded
 * database while people are active a rest that keeps the job to its share (config.bulk.pacing).
 * One object per run, because pacing measures the work since this run's last rest.
 */
export function pacer(deps: BulkDeps): () => Promise<void> {
  const run: PacingDeps = { chunkPauseMs: deps.chunkPauseMs, foreground: deps.foreground, pacing: deps.pacing ?? config.bulk.pacing };
  return () => paceBeforeTransaction(run);
}
