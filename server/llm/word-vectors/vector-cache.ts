// The binary cache under .data/word-vectors/: read with one file read and no parsing; built
// from the npm package on first use when missing or stale (or ahead of time by
// scripts/build-word-vectors.ts).

import { open } from 'node:fs/promises';

import { decodeWordVectorFile } from './binary-format';
import { buildTable } from './build-cache';
import { cacheFilePath, type WordVectorCacheOptions } from './cache-location';
import { WORD_VECTOR_DIMENSIONS, WORD_VECTOR_SOURCE } from './config';
import { WordVectorTable } from './word-vector-table';

// One read into a buffer of the file's size: fs.readFile reads 512 KB pieces and concatenates
// them, which measured ~2× slower for this 44 MB file.
async function readWhole(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = new Uint8Array(size);
    for (let offset = 0; offset < size; ) {
      const { bytesRead } = await handle.read(bytes, offset, size - offset, offset);
      if (bytesRead === 0) return bytes.subarray(0, offset);
      offset += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The cache when it exists and is current; otherwise why not. Never reads the source. */
export async function openWordVectorCache(
  options: WordVectorCacheOptions = {},
): Promise<{ ok: true; table: WordVectorTable } | { ok: false; reason: string }> {
  let bytes: Uint8Array;
  try {
    bytes = await readWhole(cacheFilePath(options));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, reason: 'no cache yet' };
    throw error;
  }
  const decoded = decodeWordVectorFile(bytes);
  if (!decoded.ok) return decoded;
  const { sourceVersion, dimensions } = decoded.sections;
  if (sourceVersion !== WORD_VECTOR_SOURCE.version || dimensions !== WORD_VECTOR_DIMENSIONS) {
    return { ok: false, reason: `built from ${sourceVersion} with ${dimensions} dimensions` };
  }
  return { ok: true, table: new WordVectorTable(decoded.sections) };
}

async function openOrBuild(options: WordVectorCacheOptions): Promise<WordVectorTable> {
  const opened = await openWordVectorCache(options);
  if (opened.ok) return opened.table;
  const { packageName, version } = WORD_VECTOR_SOURCE;
  console.info(`[word-vectors] building ${cacheFilePath(options)} from ${packageName}@${version} (${opened.reason}); one-off, a few seconds`);
  const { table, report } = await buildTable(options);
  const seconds = ((report.readMs + report.transformMs + report.writeMs) / 1000).toFixed(1);
  console.info(`[word-vectors] built ${report.words} words, ${(report.bytes / 1e6).toFixed(1)} MB in ${seconds} s`);
  return table;
}

const loaded = new Map<string, Promise<WordVectorTable>>();

/** The vectors, loaded once per process and cache file; builds the cache on first use. */
export function loadWordVectors(options: WordVectorCacheOptions = {}): Promise<WordVectorTable> {
  const key = cacheFilePath(options);
  let table = loaded.get(key);
  if (table === undefined) {
    table = openOrBuild(options);
    loaded.set(key, table);
    // A failed build (e.g. package missing) is retried by the next caller, not cached.
    table.catch(() => loaded.delete(key));
  }
  return table;
}
