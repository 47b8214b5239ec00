/**
 * Issue 16: the adapters sit at the edges. Nothing in server/ or db/ imports inngest/ (the Inngest
 * adapter) or app/ (routes and pages); inngest/ imports server/, never the reverse. Every import
 * specifier (static, dynamic, type-only, re-export) is read with the TypeScript compiler's own
 * pre-processor and resolved like the build does (relative paths and the `@/` alias).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../helpers/source-files';

/** The repository path an import of `specifier` from `file` points at, or null for a package. */
function resolved(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return path.normalize(specifier.slice(2));
  if (specifier.startsWith('.')) return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
  return null;
}

/** `file`'s imports that land in one of `forbidden` (top-level folders). */
export function forbiddenImports(file: string, text: string, forbidden: readonly string[]): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((specifier) => {
      const target = resolved(file, specifier);
      return target !== null && forbidden.some((dir) => target === dir || target.startsWith(`${dir}/`));
    });
}

describe('layers', () => {
  it('the checker sees every kind of import into a forbidden folder, and nothing else', () => {
    const text = [
      "import { inngest } from '../../inngest/client';",
      "import type { X } from '@/inngest/events';",
      "export { y } from '../../app/api/inngest/route';",
      "const m = await import('../../inngest/functions');",
      "import { serve } from 'inngest/next';",
      "import { config } from '../config';",
    ].join('\n');
    expect(forbiddenImports('server/jobs/x.ts', text, ['inngest', 'app'])).toEqual([
      '../../inngest/client',
      '@/inngest/events',
      '../../app/api/inngest/route',
      '../../inngest/functions',
    ]);
  });

  it('nothing in server/ or db/ imports inngest/ or app/', () => {
    const files = [...sourceFiles('server'), ...sourceFiles('db')];
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((file) => forbiddenImports(file, readFileSync(path.join(ROOT, file), 'utf8'), ['inngest', 'app']).map((s) => `${file} → ${s}`));
    expect(offending).toEqual([]);
  });

  it('inngest/ imports server/ and never app/', () => {
    const files = sourceFiles('inngest');
    const offending = files.flatMap((file) => forbiddenImports(file, readFileSync(path.join(ROOT, file), 'utf8'), ['app']).map((s) => `${file} → ${s}`));
    expect(offending).toEqual([]);
  });
});
