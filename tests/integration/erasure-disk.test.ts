/**
 * Issue 14, item 10: erasure reaches the disk. On a file-backed embedded database, text that
 * "delete all" or an account deletion removed must be gone from every file of the data directory
 * (table pages, indexes, TOAST, the WAL, pg_statistic's samples) once the job's disk erasure
 * (db/maintenance.ts eraseOnDisk) has run, while another user's text is still there.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vacuumAnalyze } from '@/db/maintenance';
import { conversations, messages } from '@/db/schema';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { testJobs } from '../helpers/jobs';
import { callerFor } from '../helpers/trpc';
import { memoriesFor, seedMemory, testEmbedder } from './memories-helpers';

/** Files under `dir` whose bytes contain `text`. */
function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (readFileSync(full).includes(needle)) found.push(full.slice(dir.length + 1));
    }
  };
  walk(dir);
  return found;
}

/** A word no stemmer changes and no other row contains. */
const marker = (label: string) => `zq${label}${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}xq`;

const SLOW = 120_000;

describe('erasure on disk (embedded database)', () => {
  let dir: string;
  let t: TestDatabase;
  const kept = marker('kept');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mindbase-erasure-'));
    t = await createTestDatabase('pglite', { dataDir: join(dir, 'db') });
    // Someone else's memory, which no erasure here may touch: the scan must still find it.
    const other = await seedUser(t.db, 'bystander');
    await seedMemory(t, other, { summary: `The bystander keeps the ${kept} notebook` });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Writes the data pages out, so the "before" scan sees what a crash-safe database holds. */
  const flush = () => t.db.execute(sql`checkpoint`);

  it(
    'after "delete all", the deleted memories’ text is in no file of the data directory',
    async () => {
      const user = await seedUser(t.db, 'erase-all');
      const secret = marker('all');
      for (let i = 0; i < 6; i += 1) await seedMemory(t, user, { summary: `Memory ${i} about the ${secret} project`, quote: `I told you about ${secret} (${i})` });
      // The daily maintenance analyses the tables: pg_statistic now samples the text too.
      await vacuumAnalyze(t.db);
      await flush();
      expect(filesContaining(join(dir, 'db'), secret).length).toBeGreaterThan(0);

      const result = await memoriesFor(t, user, testJobs(t, { embedder: testEmbedder }).launcher).deleteAll({ confirm: 'DELETE ALL' });
      expect(result).toMatchObject({ status: 'done', phase: 'done', memories: 6 });
      expect(filesContaining(join(dir, 'db'), secret)).toEqual([]);
      expect(filesContaining(join(dir, 'db'), kept).length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'after an account deletion, its memories, conversation titles and messages are in no file',
    async () => {
      const user = await seedUser(t.db, 'erase-account');
      const secret = marker('acct');
      await seedMemory(t, user, { summary: `Works on the ${secret} launch` });
      const [conversation] = await t.db.insert(conversations).values({ userId: user.id, title: `Plans for ${secret}` }).returning();
      await t.db.insert(messages).values({ conversationId: conversation!.id, userId: user.id, role: 'user', content: `Tell me about ${secret}` });
      await vacuumAnalyze(t.db);
      await flush();
      expect(filesContaining(join(dir, 'db'), secret).length).toBeGreaterThan(0);

      const jobs = testJobs(t, { embedder: testEmbedder }).launcher;
      expect(await callerFor(t, user, jobs).account.deleteAccount({ confirm: user.email })).toEqual({ deleted: true });
      expect(filesContaining(join(dir, 'db'), secret)).toEqual([]);
      expect(filesContaining(join(dir, 'db'), user.email)).toEqual([]);
      expect(filesContaining(join(dir, 'db'), kept).length).toBeGreaterThan(0);
    },
    SLOW,
  );
});
