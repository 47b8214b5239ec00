// The word-vector embedders. Conversion is tested on a small synthetic file in the package's
// format (fast, and it exercises a fresh clone: no cache dir at all). The semantic tests use the
// real vectors through the app's own cache (.data/word-vectors): built in beforeAll when absent
// (~5-8 s, once per clone), otherwise just read (~30-80 ms).

import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { embed, embedMany } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cosineSimilarity, embedText } from '../../../server/llm/local-embedder';
import {
  cacheFilePath,
  createHybridEmbedder,
  createWordVectorEmbedder,
  embedHybrid,
  embedWordVectors,
  loadWordVectors,
  openWordVectorCache,
  parseWordVectorModelName,
} from '../../../server/llm/word-vectors';
import { readSourceVectors } from '../../../server/llm/word-vectors/read-source-vectors';

const VERSION = '1.1.0';
const DIMENSIONS = 100;
const norm = (vector: number[]): number => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));

// Words that need escaping or multi-byte UTF-8, among plain ones, in the package's layout.
const SPECIAL_WORDS = ['the', '"', 'café', 'naïve', "o'clock", 'back\\slash', 'peanut', 'allergy'];
const SYNTHETIC_WORDS = [...SPECIAL_WORDS, ...Array.from({ length: 300 }, (_, i) => `word${i}`)];

function syntheticValue(row: number, j: number): number {
  return Math.sin(row * 12.9898 + j * 78.233) * 2;
}

// Mixes the number spellings JSON allows: fixed, exponent, integer, long fractions.
function spell(value: number, j: number): string {
  if (j % 13 === 0) return value.toExponential(4);
  if (j % 17 === 0) return String(Math.round(value));
  return j % 2 === 0 ? value.toFixed(5) : value.toFixed(8);
}

function syntheticSource(): string {
  const entries = SYNTHETIC_WORDS.map((word, row) => {
    const values = Array.from({ length: DIMENSIONS }, (_, j) => spell(syntheticValue(row, j), j));
    return `${JSON.stringify(word)}:[${values.join(',')},1.5,${row}]`;
  });
  // Reversed and with whitespace: rows come from each entry's index, not from file order.
  const vectors = entries.reverse().join(', \n');
  return (
    `{"precision":8,"l2NormIndex":100,"wordIndex":101,"size":${SYNTHETIC_WORDS.length},"dimensions":100,` +
    `"words":${JSON.stringify(SYNTHETIC_WORDS)},"vectors":{${vectors}},"unkVector":[${new Array(DIMENSIONS).fill(0).join(',')},-1]}`
  );
}

describe('word-vector cache conversion', () => {
  let root: string;
  let sourcePath: string;
  let sourceText: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'mindbase-wv-'));
    sourcePath = path.join(root, 'source.json');
    sourceText = syntheticSource();
    await writeFile(sourcePath, sourceText);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('streams the JSON to exactly what JSON.parse reads, whatever the chunk boundaries', async () => {
    const parsed = JSON.parse(sourceText) as { vectors: Record<string, number[]> };
    for (const chunkBytes of [97, 1009, 1 << 20]) {
      const { words, matrix, dimensions } = await readSourceVectors(sourcePath, { chunkBytes });
      expect(dimensions).toBe(DIMENSIONS);
      expect(words).toEqual(SYNTHETIC_WORDS);
      for (const [row, word] of words.entries()) {
        const expected = (parsed.vectors[word] ?? []).slice(0, DIMENSIONS).map(Math.fround);
        expect(Array.from(matrix.subarray(row * DIMENSIONS, (row + 1) * DIMENSIONS))).toEqual(expected);
      }
    }
  });

  it('rejects a source whose rows do not match its header', async () => {
    const broken = path.join(root, 'broken.json');
    await writeFile(broken, sourceText.replace(`"size":${SYNTHETIC_WORDS.length}`, `"size":${SYNTHETIC_WORDS.length + 1}`));
    await expect(readSourceVectors(broken)).rejects.toThrow(/vectors, header says/);
  });

  it('builds the cache on first use when the cache directory does not exist (fresh clone)', async () => {
    const cacheDir = path.join(root, 'fresh', '.data', 'word-vectors');
    const table = await loadWordVectors({ cacheDir, source: { path: sourcePath, version: VERSION } });
    expect((await stat(cacheFilePath({ cacheDir }))).size).toBeGreaterThan(SYNTHETIC_WORDS.length * DIMENSIONS);
    expect(table.size).toBe(SYNTHETIC_WORDS.length);
    for (const [row, word] of SYNTHETIC_WORDS.entries()) expect(table.rowOf(word)).toBe(row);
    expect(table.rowOf('not-a-word')).toBe(-1);
    expect(table.word(2)).toBe('café');
  });

  it('reuses a built cache without reading the source again', async () => {
    const built = path.join(root, 'built');
    await loadWordVectors({ cacheDir: built, source: { path: sourcePath, version: VERSION } });
    const copy = path.join(root, 'copy');
    await mkdir(copy);
    await copyFile(cacheFilePath({ cacheDir: built }), cacheFilePath({ cacheDir: copy }));
    // A source path that does not exist: loading can only succeed from the cache file.
    const table = await loadWordVectors({ cacheDir: copy, source: { path: path.join(root, 'missing.json'), version: VERSION } });
    expect(table.rowOf('peanut')).toBe(SPECIAL_WORDS.indexOf('peanut'));
    const [vector] = await embedWordVectors(['peanut allergy'], { cacheDir: copy });
    expect(norm(vector ?? [])).toBeCloseTo(1, 10);
  });

  it('rebuilds a truncated cache instead of reading garbage', async () => {
    const cacheDir = path.join(root, 'truncated');
    await mkdir(cacheDir);
    await writeFile(cacheFilePath({ cacheDir }), 'MBWV but not much else');
    expect(await openWordVectorCache({ cacheDir })).toMatchObject({ ok: false });
    const table = await loadWordVectors({ cacheDir, source: { path: sourcePath, version: VERSION } });
    expect(table.size).toBe(SYNTHETIC_WORDS.length);
    expect(await openWordVectorCache({ cacheDir })).toMatchObject({ ok: true });
  });
});

describe('word-vector embedders (real vectors)', () => {
  beforeAll(async () => {
    await loadWordVectors();
  }, 120_000);

  // How fast it reopens (typically 25-80 ms) is a measurement, not a test: no timed assertion here.
  it('reopens the binary cache on its own, without the JSON, with every word of the loaded table', async () => {
    const loaded = await loadWordVectors();
    const opened = await openWordVectorCache();
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(opened.table.size).toBe(loaded.size);
  });

  it('is deterministic and L2-normalised, including text with no known English word', async () => {
    const texts = ['Allergic to peanuts', 'prefers short answers', '我对花生过敏', '', 'the and of'];
    const [first, second] = [await embedWordVectors(texts), await embedWordVectors(texts)];
    expect(first).toEqual(second);
    for (const vector of first) {
      expect(vector).toHaveLength(100);
      expect(norm(vector)).toBeCloseTo(1, 10);
    }
    // Documented fallback: the hashed n-gram embedding at 100 dimensions, never a zero vector.
    expect(first[2]).toEqual(embedText('我对花生过敏', 100));
    for (const vector of await embedHybrid(texts)) {
      expect(vector).toHaveLength(356);
      expect(norm(vector)).toBeCloseTo(1, 10);
    }
  });

  it('puts semantic neighbours closer than unrelated pairs', async () => {
    const [car, automobile, banana] = await embedWordVectors(['car', 'automobile', 'banana']);
    expect(cosineSimilarity(car ?? [], automobile ?? [])).toBeGreaterThan(cosineSimilarity(car ?? [], banana ?? []) + 0.3);
    const [peanuts, allergy, berlin] = await embedWordVectors(["I can't eat peanuts", 'nut allergy', 'I live in Berlin']);
    expect(cosineSimilarity(peanuts ?? [], allergy ?? [])).toBeGreaterThan(cosineSimilarity(peanuts ?? [], berlin ?? []) + 0.1);
  });

  it('mixes cosines in the hybrid exactly by the weight', async () => {
    const texts = ['Allergic to peanuts', 'the user has a peanut allergy'];
    const [hybridA, hybridB] = await embedHybrid(texts, { weight: 0.3 });
    const [wordsA, wordsB] = await embedWordVectors(texts);
    const hashed = cosineSimilarity(embedText(texts[0] ?? ''), embedText(texts[1] ?? ''));
    const words = cosineSimilarity(wordsA ?? [], wordsB ?? []);
    expect(cosineSimilarity(hybridA ?? [], hybridB ?? [])).toBeCloseTo(0.7 * hashed + 0.3 * words, 10);
    // Without known English words the word part stays empty: the hashed signal alone.
    const [chinese] = await embedHybrid(['我对花生过敏'], { weight: 0.3 });
    expect(chinese?.slice(0, 256)).toEqual(embedText('我对花生过敏'));
    expect(chinese?.slice(256).every((value) => value === 0)).toBe(true);
  });

  it('works as AI SDK embedding models', async () => {
    const words = createWordVectorEmbedder();
    expect(words.specificationVersion).toBe('v4');
    expect(words.modelId).toBe('local-wv-100');
    const { embeddings } = await embedMany({ model: words, values: ['car', 'automobile'] });
    expect(embeddings).toEqual(await embedWordVectors(['car', 'automobile']));

    const hybrid = createHybridEmbedder({ weight: 0.3 });
    expect(hybrid.modelId).toBe('local-hybrid-356-w30');
    const { embedding } = await embed({ model: hybrid, value: 'car' });
    expect(embedding).toEqual((await embedHybrid(['car'], { weight: 0.3 }))[0]);

    const result = await words.doEmbed({ values: ['car'], dimensions: 50 });
    expect(result.warnings).toHaveLength(1);
    expect(result.embeddings[0]).toHaveLength(100);
  });

  it('names its models so that a different weight is a different model', () => {
    expect(parseWordVectorModelName('wv-100')).toEqual({ kind: 'word-vectors', model: 'wv-100', dimensions: 100 });
    expect(parseWordVectorModelName('hybrid-356')).toEqual({ kind: 'hybrid', model: 'hybrid-356-w50', dimensions: 356, weight: 0.5 });
    expect(parseWordVectorModelName('hybrid-356-w30')).toMatchObject({ model: 'hybrid-356-w30', weight: 0.3 });
    for (const name of ['hybrid-356-w0', 'hybrid-300', 'hash-256', 'wv-50']) expect(parseWordVectorModelName(name)).toBeUndefined();
    expect(() => createHybridEmbedder({ weight: 0.333 })).toThrow(/whole percentage/);
    expect(() => createHybridEmbedder({ weight: 1 })).toThrow(/whole percentage/);
  });
});
