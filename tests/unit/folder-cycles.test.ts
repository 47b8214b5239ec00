/**
 * Issue 16: cycles between folders of server/, not only between files (`npm run lint:cycles`).
 * Runtime imports only (type-only imports are skipped, as .madgerc says), each top-level file of
 * server/ on its own. No folder of server/ reaches itself through another: the folders form
 * layers (README "Architecture"), and a new import that ties two of them together fails here.
 */
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/source-files';


/** Strongly connected groups (more than one) of a directed graph (Tarjan). */
export function stronglyConnected(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      for (;;) {
        const w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
        if (w === v) break;
      }
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);

describe('folder cycles in server/', () => {
  it('finds a cycle through three folders and ignores a chain', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(stronglyConnected(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('no two folders import each other, directly or through others', async () => {
    const result = await madge(path.join(ROOT, 'server'), {
      fileExtensions: ['ts', 'tsx'],
      tsConfig: path.join(ROOT, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
    });
    const edges = new Map<string, Set<string>>();
    for (const [file, deps] of Object.entries(result.obj())) {
      const from = folderOf(file);
      if (!edges.has(from)) edges.set(from, new Set());
      for (const dep of deps) {
        if (dep.startsWith('..')) continue; // db/ and packages: below server/
        const to = folderOf(dep);
        if (to !== from) edges.get(from)!.add(to);
      }
    }
    expect(edges.size).toBeGreaterThan(15);
    expect(stronglyConnected(edges)).toEqual([]);
  }, 60_000);
});
