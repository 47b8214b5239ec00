/**
 * The write pipeline end to end on the embedded defaults (offline model, rule extractor, local
 * embedder, in-process jobs): chat turns in, memories with sources and history out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, outbox } from '@/db/schema';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { everythingStored, memoriesOf, sourcesOf, summariesOf, versionsOf } from '../helpers/memories';

describe('memory write pipeline (in-process, no Inngest server)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('a chat turn leaves a memory with its source and first version, and the outbox row acknowledged', async () => {
    const user = await seedUser(t.db, 'runner');
    const jobs = testJobs(t);
    const conversation = crypto.randomUUID();
    await chatTurn(t, jobs, user, conversation, 'I usually run in the morning before work.');

    const [memory] = await memoriesOf(t, user.id, 'active');
    expect(memory).toBeDefined();
    expect(memory!.summary.toLowerCase()).toContain('morning');
    expect(memory!.sourceConversationId).toBe(conversation);
    expect(memory!.quote).toContain('run in the morning');
    expect(await sourcesOf(t, memory!.id)).toHaveLength(1);
    expect((await versionsOf(t, memory!.id)).map((v) => [v.version, v.actor])).toEqual([[1, 'extractor']]);
    const rows = await t.db.select().from(outbox).where(eq(outbox.userId, user.id));
    expect(rows.every((r) => r.dispatchedAt !== null)).toBe(true);
  });

  it('done-when story: peanut allergy (fast channel), morning runs, then evening runs', async () => {
    const user = await seedUser(t.db, 'story');
    const jobs = testJobs(t);
    const first = crypto.randomUUID();
    const reply = await chatTurn(t, jobs, user, first, "Remember I'm allergic to peanuts");
    expect(reply.toLowerCase()).toContain('remember');
    const [allergy] = await memoriesOf(t, user.id, 'active');
    expect(allergy).toMatchObject({ confidence: 'high' });
    expect(allergy!.importance).toBeGreaterThanOrEqual(4);
    expect(allergy!.summary.toLowerCase()).toContain('peanut');

    await chatTurn(t, jobs, user, first, 'I usually run in the morning');
    await chatTurn(t, jobs, user, crypto.randomUUID(), 'Actually I switched to evening runs');

    const active = (await summariesOf(t, user.id)).map((s) => s.toLowerCase());
    expect(active.some((s) => s.includes('peanut'))).toBe(true);
    expect(active.some((s) => s.includes('evening'))).toBe(true);
    expect(active.some((s) => s.includes('morning'))).toBe(false);
    const [morning] = (await memoriesOf(t, user.id, 'superseded')).filter((m) => m.summary.toLowerCase().includes('morning'));
    expect(morning).toBeDefined();
    const history = await versionsOf(t, morning!.id);
    expect(history.map((v) => v.newStatus)).toEqual(['active', 'superseded']);
    const evening = (await memoriesOf(t, user.id, 'active')).find((m) => m.summary.toLowerCase().includes('evening'));
    expect(evening?.supersedesId).toBe(morning!.id);
  });

  it('"forget …" in chat hard-deletes the matching memory and says so', async () => {
    const user = await seedUser(t.db, 'forget');
    const jobs = testJobs(t);
    const conversation = crypto.randomUUID();
    await chatTurn(t, jobs, user, conversation, 'Remember that my favourite colour is green');
    expect((await summariesOf(t, user.id)).join(' ').toLowerCase()).toContain('green');
    const reply = await chatTurn(t, jobs, user, conversation, 'Forget my favourite colour');
    expect(reply.toLowerCase()).toContain('forgotten');
    expect(await memoriesOf(t, user.id)).toEqual([]);
    expect(await everythingStored(t, user.id)).not.toContain('green');
  });

  it('memory off, or a conversation marked "don\'t remember", extracts nothing', async () => {
    const user = await seedUser(t.db, 'private');
    const jobs = testJobs(t);
    const conversation = crypto.randomUUID();
    await chatTurn(t, jobs, user, conversation, 'Hi there');
    await t.withUser(user.id, (tx) => tx.update(conversations).set({ memoryDisabled: true }).where(eq(conversations.id, conversation)));
    await chatTurn(t, jobs, user, conversation, 'I usually drink green tea in the afternoon.');
    expect(await memoriesOf(t, user.id)).toEqual([]);
  });
});
