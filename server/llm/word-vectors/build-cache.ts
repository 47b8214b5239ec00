// Converts the npm package's JSON into the binary cache: stream-parse, remove the common
// directions, quantise, index the vocabulary, write atomically. Deterministic: the same source
// gives a byte-identical file on every machine of the same byte order.

import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { encodeWordVectorFile } from './binary-format';
import { cacheFilePath, type WordVectorCacheOptions } from './cache-location';
import { COMMON_DIRECTION_SAMPLE, COMMON_DIRECTIONS, WORD_VECTOR_DIMENSIONS } from './config';
import { quantizeRows, removeCommonDirections } from './post-process';
import { readSourceVectors } from './read-source-vectors';
import { locateSource } from './source-package';
import { buildVocabularyIndex } from './vocabulary-index';
import { WordVectorTable } from './word-vector-table';

export type BuildReport = {
  file: string;
  bytes: number;
  words: number;
  readMs: number;
  transformMs: number;
  writeMs: number;
};

function encodeWords(words: readonly string[]): { offsets: Uint32Array; blob: Uint8Array } {
  const encoder = new TextEncoder();
  const encoded = words.map((word) => encoder.encode(word));
  const offsets = new Uint32Array(words.length + 1);
  encoded.forEach((bytes, row) => (offsets[row + 1] = (offsets[row] ?? 0) + bytes.length));
  const blob = new Uint8Array(offsets[words.length] ?? 0);
  encoded.forEach((bytes, row) => blob.set(bytes, offsets[row] ?? 0));
  return { offsets, blob };
}

async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // Two processes may build at once (dev server + tests); rename makes the last one win whole.
  const temporary = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

export async function buildTable(options: WordVectorCacheOptions): Promise<{ table: WordVectorTable; report: BuildReport }> {
  const file = cacheFilePath(options);
  const source = options.source ?? locateSource();
  const started = performance.now();
  const vectors = await readSourceVectors(source.path);
  if (vectors.dimensions !== WORD_VECTOR_DIMENSIONS) {
    throw new Error(`Expected ${WORD_VECTOR_DIMENSIONS}-dimensional word vectors, ${source.path} has ${vectors.dimensions}`);
  }
  const read = performance.now();
  removeCommonDirections(vectors.matrix, vectors.dimensions, { sampleRows: COMMON_DIRECTION_SAMPLE, directions: COMMON_DIRECTIONS });
  const { scales, values } = quantizeRows(vectors.matrix, vectors.dimensions);
  const { offsets, blob } = encodeWords(vectors.words);
  const sections = {
    dimensions: vectors.dimensions,
    size: vectors.words.length,
    sourceVersion: source.version,
    scales,
    values,
    offsets,
    blob,
    slots: buildVocabularyIndex(offsets, blob),
  };
  const bytes = encodeWordVectorFile(sections);
  const transformed = performance.now();
  await writeAtomically(file, bytes);
  const report = {
    file,
    bytes: bytes.length,
    words: sections.size,
    readMs: read - started,
    transformMs: transformed - read,
    writeMs: performance.now() - transformed,
  };
  return { table: new WordVectorTable(sections), report };
}

/** Converts the source JSON into the binary cache (always; replaces an existing file). */
export async function buildWordVectorCache(options: WordVectorCacheOptions = {}): Promise<BuildReport> {
  return (await buildTable(options)).report;
}
