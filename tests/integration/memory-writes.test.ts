/**
 * Issue 16, item 3: every memory change, whoever makes it, leaves a version and an audit entry
 * (SPEC §3) — the chat's remember and extraction, import, a correction in chat, consolidation
 * (summaries and conflicts), status changes on the settings page, forget, expiry by the decay job,
 * an edit. `historyGaps` checks it the strict way: every version number up to the row's has its
 * version row and its audit entry, and the latest version's snapshot is the row as it is now, so
 * a write that skipped the repository after the last version shows. Then the repository itself:
 * called in one user's transaction it cannot change another user's memory.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog, memories, memoryVersions } from '@/db/schema';
import { runConsolidation } from '@/server/lifecycle/run-consolidation';
import { runDecay } from '@/server/lifecycle/run-decay';
import { addDays } from '@/server/lifecycle/clock';
import { IMPORT_REASON } from '@/server/memory/manage/import-write';
import type { Tx } from '@/db/types';
import type { MemoryRow } from '@/server/memory/memory-types';
import {
  changeStatuses,
  countNotRelevant,
  createMemories,
  createMemory,
  deleteMemory,
  eraseMemories,
  recordAccess,
  reindexSearchColumns,
  rewriteWithoutHistory,
  unwriteImported,
  updateMemory,
} from '@/server/memory/repository';
import { InProcessSteps } from '@/server/steps';
import { importFile } from '../helpers/bulk';
import { seedUser } from '../helpers/db';
import { chatTurn, pipelineDatabase } from '../helpers/jobs';
import { callerFor } from '../helpers/trpc';
import { seedMemory } from './memories-helpers';

const suite = pipelineDatabase();

const newUser = (name: string) => seedUser(suite.t.db, `${name}-${crypto.randomUUID().slice(0, 8)}`);
const say = (user: { id: string }, text: string, conversation = crypto.randomUUID()) => chatTurn(suite.t, suite.jobs, user, conversation, text);
const steps = () => new InProcessSteps(() => Promise.reject(new Error('no events')));
const rowsOf = (userId: string) => suite.t.db.select().from(memories).where(eq(memories.userId, userId)).orderBy(asc(memories.createdAt));
const rowOf = async (id: string) => (await suite.t.db.select().from(memories).where(eq(memories.id, id)))[0];
const versionsOf = (id: string) => suite.t.db.select().from(memoryVersions).where(eq(memoryVersions.memoryId, id)).orderBy(asc(memoryVersions.version));
const auditOf = (id: string) => suite.t.db.select().from(auditLog).where(eq(auditLog.memoryId, id)).orderBy(asc(auditLog.createdAt));
const latestVersion = async (id: string) => (await versionsOf(id)).at(-1);

// Statistics, not changes: recall's access counts and "not relevant" (the repository's counters).
const COUNTERS = new Set(['accessCount', 'lastAccessedAt', 'hitCount', 'failCount']);

/** Everything about the user's memories that breaks "every change has a version and an audit entry". */
async function historyGaps(userId: string): Promise<string[]> {
  const gaps: string[] = [];
  for (const row of await rowsOf(userId)) {
    const versions = await versionsOf(row.id);
    const audited = new Set((await auditOf(row.id)).map((a) => (a.detail as { version?: number }).version));
    const numbers = versions.map((v) => v.version);
    const expected = Array.from({ length: row.version }, (_, i) => i + 1);
    if (JSON.stringify(numbers) !== JSON.stringify(expected)) gaps.push(`${row.summary}: versions ${numbers.join(',')} for version ${row.version}`);
    for (const n of expected) if (!audited.has(n)) gaps.push(`${row.summary}: no audit entry for version ${n}`);
    const snapshot = versions.at(-1)?.snapshot ?? {};
    const now = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
    for (const [column, value] of Object.entries(now)) {
      if (COUNTERS.has(column)) continue;
      if (JSON.stringify(snapshot[column]) !== JSON.stringify(value)) gaps.push(`${row.summary}: ${column} changed after version ${row.version}`);
    }
  }
  return gaps;
}

describe('every writer leaves a version and an audit entry', () => {
  it('remember and extraction in chat', async () => {
    const user = await newUser('chat');
    await say(user, 'Remember that I take my coffee black.');
    await say(user, 'I am allergic to peanuts.');
    const rows = await rowsOf(user.id);
    expect(rows.map((m) => m.summary).join(' | ')).toMatch(/coffee.*\|.*peanut/i);
    for (const row of rows) expect((await auditOf(row.id)).map((a) => a.action)).toEqual(['memory.created']);
    expect(await historyGaps(user.id)).toEqual([]);
  });

  it('import', async () => {
    const user = await newUser('import');
    await callerFor(suite.t, user).memories.import({ json: importFile(['Plays the cello', 'Grows tomatoes on the balcony']) });
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(await versionsOf(row.id)).toMatchObject([{ version: 1, actor: 'user', reason: IMPORT_REASON }]);
      expect(await auditOf(row.id)).toMatchObject([{ action: 'memory.created', actor: 'user' }]);
    }
    expect(await historyGaps(user.id)).toEqual([]);
  });

  it('a correction in chat: the new text and its new source in one version', async () => {
    const user = await newUser('correct');
    const conversation = crypto.randomUUID();
    await say(user, 'Remember that I live in Shanghai.', conversation);
    await say(user, 'Where do I live?', conversation);
    await say(user, "That's wrong, I live in Hangzhou.", conversation);
    const [row] = (await rowsOf(user.id)).filter((m) => /Hangzhou/.test(m.summary));
    expect(row).toMatchObject({ version: 2, quote: expect.stringMatching(/I live in Hangzhou/) as unknown });
    const version = await latestVersion(row!.id);
    expect(version).toMatchObject({ version: 2, actor: 'user', oldSummary: expect.stringMatching(/Shanghai/) as unknown });
    expect(version?.reason).toMatch(/^Corrected in chat/);
    expect(version?.snapshot).toMatchObject({ quote: row!.quote, sourceMessageId: row!.sourceMessageId });
    expect((await auditOf(row!.id)).at(-1)).toMatchObject({ action: 'memory.updated', actor: 'user', detail: { version: 2 } });
    expect(await historyGaps(user.id)).toEqual([]);
  });

  it('consolidation: a summary of five items, and a conflict settled', async () => {
    const user = await newUser('consolidate');
    const at = (daysAgo: number) => addDays(new Date(), -daysAgo);
    const release = ['Discussed the release date with the team', 'Decided the release beta ships on Wednesday', 'QA found two blockers in the release', 'Fixed the release blockers', 'Wrote the release notes'];
    for (const [i, summary] of release.entries()) {
      await seedMemory(suite.t, user, { summary, type: 'episodic', kind: 'event', importance: 2, entities: ['the release'], createdAt: at(6 - i), occurredAt: at(6 - i) });
    }
    const fact = { type: 'semantic' as const, kind: 'fact' };
    const reason = 'Contradicts "Lives in Shanghai" without a correction; waiting for confirmation';
    const shanghai = await seedMemory(suite.t, user, { ...fact, summary: 'Lives in Shanghai', entities: ['Shanghai'], createdAt: at(40) });
    const first = await seedMemory(suite.t, user, { ...fact, summary: 'Lives in Hangzhou', entities: ['Hangzhou'], status: 'conflicted', statusReason: reason, quote: 'I live in Hangzhou', createdAt: at(10) });
    const second = await seedMemory(suite.t, user, { ...fact, summary: 'Lives in Hangzhou', entities: ['Hangzhou'], status: 'conflicted', statusReason: reason, quote: 'Hangzhou is home', createdAt: at(5) });

    const report = await runConsolidation(steps(), { now: new Date(), userId: user.id }, { withUser: suite.t.withUser, withSystem: suite.t.withSystem, embedder: suite.jobs.embedder, extractionModel: null });
    expect(report.counts).toMatchObject({ summarised: 1, conflict_won: 1, conflict_lost: 1 });
    const rows = await rowsOf(user.id);
    const summary = rows.find((m) => m.kind === 'summary_1');
    expect(await versionsOf(summary!.id)).toMatchObject([{ version: 1, actor: 'consolidation' }]);
    for (const member of rows.filter((m) => m.status === 'merged' && m.supersedesId === summary!.id)) {
      expect(await latestVersion(member.id)).toMatchObject({ version: 2, actor: 'consolidation', newStatus: 'merged', snapshot: { supersedesId: summary!.id } });
    }
    expect(await rowOf(second.id)).toMatchObject({ status: 'active', supersedesId: shanghai.id, version: 2 });
    expect(await latestVersion(second.id)).toMatchObject({ version: 2, actor: 'consolidation', newStatus: 'active', snapshot: { supersedesId: shanghai.id } });
    expect(await rowOf(first.id)).toMatchObject({ status: 'merged', supersedesId: second.id, version: 2 });
    expect(await latestVersion(first.id)).toMatchObject({ version: 2, newStatus: 'merged', snapshot: { supersedesId: second.id } });
    expect((await auditOf(first.id)).map((a) => a.action)).toEqual(['memory.created', 'memory.merged']);
    expect(await historyGaps(user.id)).toEqual([]);
  });

  it('status changes on the settings page, forget in chat, expiry by the decay job', async () => {
    const user = await newUser('status');
    const api = callerFor(suite.t, user).memories;
    const pinned = await seedMemory(suite.t, user, { summary: 'Prefers window seats' });
    const candidate = await seedMemory(suite.t, user, { summary: 'Might like jazz', status: 'candidate', confidence: 'low' });
    const rejected = await seedMemory(suite.t, user, { summary: 'Maybe vegan', status: 'candidate', confidence: 'low' });
    const plan = await seedMemory(suite.t, user, { summary: 'Dentist on Friday', kind: 'plan', validity: 'temporary', validUntil: addDays(new Date(), -1) });
    await say(user, 'Remember that I take my coffee black.');
    const coffee = (await rowsOf(user.id)).find((m) => /coffee/i.test(m.summary))!;

    await api.pin({ id: pinned.id });
    await api.confirm({ id: candidate.id });
    await api.reject({ id: rejected.id });
    await runDecay(steps(), { now: new Date(), userId: user.id }, { withUser: suite.t.withUser, withSystem: suite.t.withSystem });
    await say(user, 'Forget that I take my coffee black.');

    expect(await latestVersion(pinned.id)).toMatchObject({ version: 2, actor: 'user', snapshot: { pinned: true } });
    expect(await latestVersion(candidate.id)).toMatchObject({ version: 2, actor: 'user', newStatus: 'active' });
    expect(await latestVersion(rejected.id)).toMatchObject({ version: 2, actor: 'user', newStatus: 'forgotten' });
    expect(await latestVersion(plan.id)).toMatchObject({ version: 2, actor: 'job:decay', reason: 'expired', newStatus: 'archived' });
    expect((await auditOf(plan.id)).at(-1)).toMatchObject({ action: 'memory.decayed', detail: { version: 2, previousStatus: 'active' } });
    // A delete takes the versions with the row (SPEC §7); the audit log keeps that it happened.
    expect(await rowOf(coffee.id)).toBeUndefined();
    expect((await auditOf(coffee.id)).map((a) => [a.action, a.actor])).toEqual([
      ['memory.created', 'fast_channel'],
      ['memory.deleted', 'fast_channel'],
    ]);
    expect(await historyGaps(user.id)).toEqual([]);
  });

  it('an edit on the settings page', async () => {
    const user = await newUser('edit');
    const memory = await seedMemory(suite.t, user, { summary: 'Runs 5 km on Sundays' });
    await callerFor(suite.t, user).memories.edit({ id: memory.id, version: memory.version, summary: 'Runs 10 km on Sundays', importance: 4 });
    expect(await latestVersion(memory.id)).toMatchObject({ version: 2, actor: 'user', oldSummary: 'Runs 5 km on Sundays', newSummary: 'Runs 10 km on Sundays' });
    expect((await auditOf(memory.id)).at(-1)).toMatchObject({ action: 'memory.updated', detail: { version: 2, summary: 'Runs 10 km on Sundays' } });
    expect(await historyGaps(user.id)).toEqual([]);
  });

  it('the check itself finds a change made around the repository', async () => {
    const user = await newUser('check');
    const memory = await seedMemory(suite.t, user, { summary: 'Likes hiking' });
    expect(await historyGaps(user.id)).toEqual([]);
    await suite.t.withUser(user.id, (tx) => tx.update(memories).set({ quote: 'changed quietly' }).where(eq(memories.id, memory.id)));
    expect(await historyGaps(user.id)).toEqual(['Likes hiking: quote changed after version 1']);
  });
});

describe('the repository cannot touch another user’s memory', () => {
  it("in alice's transaction, bob's memory is not found and stays as it was", async () => {
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    const theirs = await seedMemory(suite.t, bob, { summary: 'Keeps bees in the garden' });
    const state = async () => JSON.stringify([await rowOf(theirs.id), await versionsOf(theirs.id), await auditOf(theirs.id)]);
    const before = await state();
    const asAlice = <T>(fn: (tx: Tx) => Promise<T>) => suite.t.withUser(alice.id, fn);
    const status = (row: MemoryRow) => ({ row, status: 'archived' as const, statusReason: 'x', change: { actor: 'user' as const, reason: 'x' }, action: 'memory.archived' });

    await expect(asAlice((tx) => updateMemory(tx, theirs, { summary: 'Keeps wasps' }, { actor: 'user', reason: 'x' }))).rejects.toThrow(/changed since version/);
    await expect(asAlice((tx) => rewriteWithoutHistory(tx, theirs, { summary: 'Keeps wasps' }, { actor: 'user', reason: 'x' }))).rejects.toThrow(/changed since version/);
    expect(await asAlice((tx) => changeStatuses(tx, [status(theirs)]))).toEqual({ written: [], stale: [theirs] });
    expect(await asAlice((tx) => deleteMemory(tx, { id: theirs.id, userId: alice.id }, 'user', 'x'))).toBeNull();
    expect(await asAlice((tx) => countNotRelevant(tx, theirs.id))).toBeNull();
    await asAlice(async (tx) => {
      await recordAccess(tx, [theirs.id], new Date());
      await reindexSearchColumns(tx, { ...theirs, summary: 'Keeps wasps' });
      await eraseMemories(tx, [theirs.id], 'delete');
      await unwriteImported(tx, [theirs.id]);
    });
    // Nor can it write a memory in bob's name.
    await expect(asAlice((tx) => createMemory(tx, { userId: bob.id, type: 'semantic', kind: 'fact', summary: 'Planted', quote: 'planted', status: 'active' }, { actor: 'user', reason: 'x' }))).rejects.toThrow();
    await expect(asAlice((tx) => createMemories(tx, [{ memory: { userId: bob.id, type: 'semantic', kind: 'fact', summary: 'Planted', quote: 'planted', status: 'active' } }], { actor: 'user', reason: 'x' }))).rejects.toThrow();

    expect(await state()).toBe(before);
    expect((await rowsOf(bob.id)).map((m) => m.summary)).toEqual(['Keeps bees in the garden']);
    expect(await suite.t.db.select().from(auditLog).where(eq(auditLog.userId, alice.id))).toEqual([]);
  });
});
