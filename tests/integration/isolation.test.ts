import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bulkJobs, conversations, importItems, memories } from '@/db/schema';
import { MissingUserError } from '@/db/boundary';
import { queryRows } from '@/db/rows';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../helpers/db';
import { findViolations, seedEverything, type SeededUser } from '../helpers/isolation';
import { distinctSummaries, heldLauncher, importFile, jobRow, stagedCount } from '../helpers/bulk';
import { memoriesFor } from './memories-helpers';

describe.each(DRIVERS)('row-level security isolation (%s)', (driver) => {
  let t: TestDatabase;
  let a: SeededUser;
  let b: SeededUser;

  beforeAll(async () => {
    t = await createTestDatabase(driver);
    a = await seedEverything(t, 'alice');
    b = await seedEverything(t, 'bob');
  });
  afterAll(async () => t?.close());

  it('B cannot select, update, delete or forge A rows in any table, and no user means no rows', async () => {
    expect(await findViolations(t, a, b)).toEqual([]);
    expect(await findViolations(t, b, a)).toEqual([]);
  });

  it('a query that forgets its where clause returns only the current user rows', async () => {
    const rows = await t.withUser(b.id, (tx) => tx.select().from(memories));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.userId === b.id)).toBe(true);
  });

  it('cannot attach a child row to another user conversation, even claiming to own it', async () => {
    await expect(
      t.withUser(b.id, (tx) =>
        tx.execute(sql`insert into messages (conversation_id, user_id, role, content) values (${a.conversationId}, ${b.id}, 'user', 'hi')`),
      ),
    ).rejects.toThrow();
  });

  it('settings do not leak through the pool: the next transaction has no user and no role', async () => {
    await t.withUser(a.id, async (tx) => tx.select().from(conversations));
    const [after] = await queryRows(t.db, sql`select current_user as role, nullif(current_setting('app.user_id', true), '') as uid`);
    expect(after).toMatchObject({ role: 'postgres', uid: null });
  });

  it('B cannot read, poll or cancel A’s import or "delete all", nor touch its staged items', async () => {
    const alice = await seedEverything(t, 'bulk-alice');
    const bob = await seedEverything(t, 'bulk-bob');
    const launcher = heldLauncher();
    await memoriesFor(t, alice, launcher).import({ json: importFile(distinctSummaries(4, 'alice private')) });
    const job = launcher.held[0]!;
    const bobApi = memoriesFor(t, bob, heldLauncher());
    // Polling answers with B's own jobs only (seedEverything gave B a finished import of his own).
    expect((await bobApi.importStatus())?.jobId).not.toBe(job.id);
    expect(await bobApi.deleteAllStatus()).toBeNull();
    const asBob = await t.withUser(bob.id, async (tx) => ({
      jobs: await tx.select().from(bulkJobs).where(sql`${bulkJobs.id} = ${job.id}`),
      items: await tx.select().from(importItems).where(sql`${importItems.jobId} = ${job.id}`),
      cancelled: await tx.update(bulkJobs).set({ status: 'cancelled' }).where(sql`${bulkJobs.id} = ${job.id}`).returning(),
      unstaged: await tx.delete(importItems).where(sql`${importItems.jobId} = ${job.id}`).returning(),
    }));
    expect(asBob).toEqual({ jobs: [], items: [], cancelled: [], unstaged: [] });
    expect(await jobRow(t, job.id)).toMatchObject({ status: 'running' });
    expect(await stagedCount(t, job.id)).toBe(4);
    // Nor attach an item to A's job, even claiming A's job as his (the composite key).
    await expect(
      t.withUser(bob.id, (tx) => tx.insert(importItems).values({ jobId: job.id, userId: bob.id, idx: 99, item: { summary: 'planted' } })),
    ).rejects.toThrow();
    // A's running job does not block B, and A's "delete all" hides nothing of B's.
    expect((await bobApi.import({ json: importFile(['Bob likes chess']) })).status).toBe('running');
    const carol = await seedEverything(t, 'bulk-carol');
    await memoriesFor(t, carol, heldLauncher()).deleteAll({ confirm: 'DELETE ALL' });
    expect((await memoriesFor(t, carol).list({})).items).toEqual([]);
    expect((await memoriesFor(t, bob).list({})).items.length).toBeGreaterThan(0);
  });

  it('withUser refuses an empty user id', async () => {
    await expect(t.withUser('', () => Promise.resolve(1))).rejects.toBeInstanceOf(MissingUserError);
  });
});
