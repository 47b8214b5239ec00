/**
 * Issue 16, item 3: one writer for the memory tables. Every change to `memories` and every
 * `memory_versions` row is written by server/memory/repository/, which records the version and
 * the audit entry; a direct write anywhere else in server/ fails here. The audit log's own
 * updates and deletes are the repository's too, except the two named below. (Tests and benchmarks
 * seed rows directly and are not scanned.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../../helpers/source-files';
const REPOSITORY = 'server/memory/repository/';

/** Updates and deletes of audit_log that are not about a memory change. */
const AUDIT_EXCEPTIONS: Record<string, string> = {
  'server/bulk/run-erasure.ts': "writes the erasure's receipt onto its own 'memory.deleted_all' entry",
  'server/bulk/sweep-erasure.ts': "an account deletion removes the account's whole audit log",
};

const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*(memories|memoryVersions|auditLog)\s*\)/g;
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?(memories|memory_versions|audit_log)"?(?=[\s;"]|$)/gi;

/** The writes to memory tables in `text`, as `update(memories)` / `sql delete from memories`. */
export function memoryWrites(text: string): string[] {
  const drizzle = [...text.matchAll(DRIZZLE_WRITE)].map((m) => `${m[1]}(${m[2]})`);
  const raw = [...text.matchAll(SQL_WRITE)].map((m) => `sql ${m[1]!.toLowerCase().replace(/\s+/g, ' ')} ${m[2]}`);
  return [...drizzle, ...raw];
}

/** What `file` may not write: everything outside the repository, audit inserts and the named exceptions aside. */
function forbidden(file: string, write: string): boolean {
  if (file.startsWith(REPOSITORY)) return false;
  if (write === 'insert(auditLog)') return false; // entries about no memory: exports, reads, purges, receipts
  if (/auditLog|audit_log/.test(write) && file in AUDIT_EXCEPTIONS) return false;
  return true;
}

describe('one writer for the memory tables', () => {
  it('the checker sees Drizzle writes over several lines and SQL ones, and not reads', () => {
    const text = [
      'await tx',
      '  .update(memories)',
      '  .set({ quote })',
      'await tx.insert( memoryVersions ).values(v);',
      'await tx.delete(auditLog).where(eq(auditLog.id, id));',
      'await tx.execute(sql`update memories set summary = ${s} where id = ${id}`);',
      'await tx.execute(sql`DELETE FROM "memory_versions" where true`);',
      'await tx.select().from(memories);',
      'await tx.update(memorySources).set({ quote });',
      'await tx.execute(sql`update memories_stats set n = 1`);',
    ].join('\n');
    expect(memoryWrites(text)).toEqual(['update(memories)', 'insert(memoryVersions)', 'delete(auditLog)', 'sql update memories', 'sql delete from memory_versions']);
  });

  it('nothing in server/ outside server/memory/repository/ writes memories or their versions', () => {
    const files = sourceFiles('server');
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => f.startsWith(REPOSITORY)).length).toBeGreaterThan(3);
    const offending = files.flatMap((file) =>
      memoryWrites(readFileSync(path.join(ROOT, file), 'utf8'))
        .filter((write) => forbidden(file, write))
        .map((write) => `${file}: ${write}`),
    );
    expect(offending).toEqual([]);
  });
});
