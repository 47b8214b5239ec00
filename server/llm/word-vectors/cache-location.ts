// Where the binary cache lives. Separate so the reader and the builder share one definition.

import path from 'node:path';

import { CACHE_FILE_NAME } from './config';
import type { SourceLocation } from './source-package';

export type WordVectorCacheOptions = {
  /** Directory holding the cache file; default `.data/word-vectors` in the working directory. */
  cacheDir?: string;
  /** The source JSON, for tests and unusual layouts; default: the installed npm package. */
  source?: SourceLocation;
};

export function cacheFilePath(options: WordVectorCacheOptions = {}): string {
  // Statically scoped paths: Next's file tracing otherwise warns and traces the whole project.
  if (options.cacheDir === undefined) return path.join(process.cwd(), '.data', 'word-vectors', CACHE_FILE_NAME);
  return path.join(path.resolve(/* turbopackIgnore: true */ options.cacheDir), CACHE_FILE_NAME);
}
