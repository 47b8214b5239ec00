/**
 * Re-embedding (SPEC §4.5): when the embedding model changes, every active memory gets a vector
 * from the new model, in batches, one step per batch. Until a user's backlog is done, recall keeps
 * using the old model's vectors, so spaces are never mixed.
 */
import { sql } from 'drizzle-orm';
import type { WithSystem, WithUser } from '../../db/boundary';
import { queryRows } from '../../db/rows';
import type { Steps } from '../steps';
import { embeddingText, type Embedder } from './embedder';
import { memoriesMissingEmbedding, storeEmbedding } from './embeddings';

export interface ReembedDeps {
  withUser: WithUser;
  withSystem: WithSystem;
  embedder: Embedder;
  batchSize: number;
}

/** One user's backlog; each batch is its own step, so a crash resumes where it stopped. */
export async function reembedUser(steps: Steps, userId: string, deps: ReembedDeps): Promise<{ embedded: number }> {
  let embedded = 0;
  for (let batch = 0; ; batch += 1) {
    const done = await steps.run(`embed-batch-${batch}`, async () => {
      const rows = await deps.withUser(userId, (tx) => memoriesMissingEmbedding(tx, deps.embedder.modelId, deps.batchSize));
      if (rows.length === 0) return 0;
      const vectors = await deps.embedder.embed(rows.map(embeddingText));
      await deps.withUser(userId, async (tx) => {
        for (const [i, row] of rows.entries()) await storeEmbedding(tx, row, deps.embedder.modelId, vectors[i]!);
      });
      return rows.length;
    });
    embedded += done;
    if (done < deps.batchSize) return { embedded };
  }
}

/** Users with at least one active memory lacking a vector for the model (system role: fan-out only). */
export async function usersNeedingReembed(withSystem: WithSystem, model: string): Promise<string[]> {
  const rows = await withSystem((tx) =>
    queryRows<{ user_id: string }>(
      tx,
      sql`select distinct m.user_id from memories m
          where m.status = 'active'
            and not exists (select 1 from memory_embeddings e where e.memory_id = m.id and e.model = ${model})`,
    ),
  );
  return rows.map((r) => r.user_id);
}
