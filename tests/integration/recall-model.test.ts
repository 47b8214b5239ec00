/**
 * Which model's vectors recall searches (recall.ts, recallModel): the configured one, except
 * mid re-embed, when some active memory has no vector from it yet and another model's vectors
 * exist — then the model most memories still use. The common case is answered from the
 * (user_id, model) index alone; these cases pin the behaviour around that shortcut.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDb } from '@/db/boundary';
import { createLocalEmbedder } from '@/server/llm/local-embedder';
import { createMemory } from '@/server/memory/repository';
import { createEmbedder, embeddingText, type Embedder } from '@/server/memory/embedder';
import { storeEmbedding } from '@/server/memory/embeddings';
import { recall } from '@/server/recall/recall';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';

const OLD = createEmbedder(createLocalEmbedder(), 'local:old-model');
const NEW = createEmbedder(createLocalEmbedder(), 'local:new-model');
const FACTS = ['Loves Thai curry', 'Plays the cello on Tuesdays', 'Works on project Apollo'];

describe('recall model during a re-embed', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  /** A user whose memories have vectors from the given embedders (by index). */
  async function userWith(vectors: Embedder[][]) {
    const { id } = await seedUser(t.db, 'model');
    await t.withUser(id, async (tx) => {
      for (const [i, summary] of FACTS.entries()) {
        const row = await createMemory(tx, { userId: id, type: 'semantic', kind: 'preference', summary, quote: summary, status: 'active', importance: 3 }, { actor: 'extractor', reason: 'seed' });
        for (const e of vectors[i] ?? []) await storeEmbedding(tx, row, e.modelId, (await e.embed([embeddingText(row)]))[0]!);
      }
    });
    return (embedder: Embedder) => recall(userDb(t.withUser, id), { message: 'what food do I love?', now: new Date() }, { embedder, embedderFor: (m) => (m === OLD.modelId ? OLD : null) });
  }

  it('uses the configured model when every active memory has its vector', async () => {
    const ask = await userWith([[NEW], [NEW], [NEW, OLD]]);
    expect((await ask(NEW)).model).toBe(NEW.modelId);
  });

  it('mid re-embed, falls back to the model the memories still use', async () => {
    const ask = await userWith([[OLD], [OLD, NEW], [OLD]]);
    const result = await ask(NEW);
    expect(result.model).toBe(OLD.modelId);
    expect(result.section).toContain('Thai curry');
  });

  it('with no other model to fall back to, stays on the configured one', async () => {
    const ask = await userWith([[NEW], [], [NEW]]);
    expect((await ask(NEW)).model).toBe(NEW.modelId);
  });
});
