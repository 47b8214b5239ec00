import { embed, embedMany } from 'ai';
import { describe, expect, it } from 'vitest';

import {
  cosineSimilarity,
  createLocalEmbedder,
  embedText,
  embedTexts,
  LOCAL_EMBEDDING_DIMENSIONS,
} from '../../../server/llm/local-embedder';

const norm = (vector: number[]): number => Math.hypot(...vector);

describe('local embedder', () => {
  it('returns deterministic, 256-dimensional, L2-normalised vectors', () => {
    const [a, b] = embedTexts(['Allergic to peanuts', 'Allergic to peanuts']);
    expect(a).toHaveLength(LOCAL_EMBEDDING_DIMENSIONS);
    expect(a).toEqual(b);
    expect(norm(a ?? [])).toBeCloseTo(1, 10);
    expect(embedText('Allergic to peanuts')).toEqual(a);
  });

  it('normalises empty and stop-word-only text to a unit vector instead of zeros', () => {
    for (const text of ['', 'the and of', '的了吗']) expect(norm(embedText(text))).toBeCloseTo(1, 10);
  });

  it('puts similar English texts closer than unrelated ones', () => {
    const [memory, paraphrase, unrelated] = embedTexts([
      'semantic | Allergic to peanuts | peanuts',
      'the user has a peanut allergy',
      'The quarterly review meeting moved to Friday afternoon',
    ]);
    const similar = cosineSimilarity(memory ?? [], paraphrase ?? []);
    const different = cosineSimilarity(memory ?? [], unrelated ?? []);
    expect(similar).toBeGreaterThan(different + 0.2);
  });

  it('folds inflections through stemming and character 3-grams', () => {
    const base = embedText('prefers short answers');
    expect(cosineSimilarity(base, embedText('preferred a short answer'))).toBeGreaterThan(0.6);
    expect(cosineSimilarity(base, embedText('moving house to Berlin'))).toBeLessThan(0.3);
  });

  it('handles Chinese with character unigrams and bigrams', () => {
    const [memory, query, unrelated] = embedTexts(['我对花生过敏', '花生过敏的人能吃什么', '下周三开产品发布会']);
    expect(cosineSimilarity(memory ?? [], query ?? [])).toBeGreaterThan(cosineSimilarity(memory ?? [], unrelated ?? []) + 0.2);
  });

  it('near-identical texts clear the 0.90 dedup threshold, different facts do not', () => {
    const a = embedText('Wants reports to lead with the conclusion.');
    expect(cosineSimilarity(a, embedText('wants reports to lead with the conclusion'))).toBeGreaterThan(0.9);
    expect(cosineSimilarity(embedText('Allergic to peanuts'), embedText('Allergic to shellfish'))).toBeLessThan(0.9);
  });

  it('works as an AI SDK embedding model', async () => {
    const model = createLocalEmbedder();
    expect(model.specificationVersion).toBe('v4');
    expect(model.modelId).toBe('local-hash-256');
    const { embedding } = await embed({ model, value: 'Allergic to peanuts' });
    expect(embedding).toEqual(embedText('Allergic to peanuts'));
    const { embeddings, usage } = await embedMany({ model, values: ['one fish', 'two fish', '三条鱼'] });
    expect(embeddings).toHaveLength(3);
    expect(usage.tokens).toBeGreaterThan(0);
  });

  it('supports other sizes and rejects silly ones', () => {
    const model = createLocalEmbedder({ dimensions: 64 });
    expect(model.modelId).toBe('local-hash-64');
    expect(embedText('hello world', 64)).toHaveLength(64);
    expect(() => createLocalEmbedder({ dimensions: 0 })).toThrow(/between 8 and 4096/);
  });
});
