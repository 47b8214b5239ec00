/** Shared seeding and a caller for the memories router with a small local embedder. */
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { userDb } from '@/db/boundary';
import { createMemoriesRouter } from '@/server/api/routers/memories';
import { createCallerFactory, createRouter } from '@/server/api/trpc';
import { createMemory, type NewMemory } from '@/server/memory/repository';
import { embeddingText } from '@/server/memory/embedder';
import { storeEmbedding } from '@/server/memory/embeddings';
import type { TestDatabase } from '../helpers/db';
import type { BulkJobLauncher } from '@/server/bulk/launcher';
import { localEmbedder, testJobs } from '../helpers/jobs';

const embedder = localEmbedder();
const createCaller = createCallerFactory(createRouter({ memories: createMemoriesRouter(() => embedder) }));

const launchers = new WeakMap<TestDatabase, BulkJobLauncher>();

/**
 * The same context the HTTP route builds; the router is mounted as root.ts will mount it. Bulk
 * jobs (import, delete all) run with this file's embedder and finish before the call returns,
 * unless `jobs` says otherwise.
 */
export function memoriesFor(t: TestDatabase, user: { id: string } | null, jobs?: BulkJobLauncher) {
  let launcher = jobs ?? launchers.get(t);
  if (!launcher) {
    launcher = testJobs(t, { embedder }).launcher;
    launchers.set(t, launcher);
  }
  return createCaller({
    user: user ? { id: user.id, email: null, name: null } : null,
    db: user ? userDb(t.withUser, user.id) : null,
    jobs: launcher,
  }).memories;
}

export const testEmbedder = embedder;

/** A memory written the way the pipeline writes one (version 1, source, audit; a vector when active). */
export async function seedMemory(t: TestDatabase, user: { id: string }, input: Partial<NewMemory> & { summary: string }) {
  return t.withUser(user.id, async (tx) => {
    const row = await createMemory(
      tx,
      { userId: user.id, type: 'semantic', kind: 'preference', status: 'active', importance: 3, quote: `I said: ${input.summary}`, ...input },
      { actor: 'extractor', reason: 'seeded for a test' },
    );
    if (row.status === 'active') {
      const [vector] = await embedder.embed([embeddingText(row)]);
      if (vector) await storeEmbedding(tx, row, embedder.modelId, vector);
    }
    return row;
  });
}

/** The TRPCError a call fails with (and that it fails). */
export async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}
