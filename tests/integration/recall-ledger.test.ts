/**
 * Recall inside the chat turn and its ledger: which memories produced an answer (with score
 * parts and source), why the others were not used, "not relevant" feedback, forget, isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { memories, messages } from '@/db/schema';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { memoriesOf } from '../helpers/memories';
import { callerFor } from '../helpers/trpc';

describe('recall in chat, and the memory ledger', () => {
  let t: TestDatabase;
  let alice: { id: string; email: string };
  let bob: { id: string; email: string };
  let answerId: string;
  let allergyId: string;

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    alice = await seedUser(t.db, 'alice');
    bob = await seedUser(t.db, 'bob');
    const jobs = testJobs(t);
    await chatTurn(t, jobs, alice, crypto.randomUUID(), "I'm allergic to peanuts, by the way.");
    await chatTurn(t, jobs, alice, crypto.randomUUID(), 'I live in Lisbon and I love jazz.');
    const later = crypto.randomUUID();
    const reply = await chatTurn(t, jobs, alice, later, 'What should I cook tonight?');
    expect(reply.toLowerCase()).toContain('peanut');
    const [answer] = await t.db.select().from(messages).where(and(eq(messages.conversationId, later), eq(messages.role, 'assistant')));
    answerId = answer!.id;
    allergyId = (await memoriesOf(t, alice.id, 'active')).find((m) => m.summary.toLowerCase().includes('peanut'))!.id;
    expect(typeof answer!.metadata.memoriesUsed).toBe('number');
  });
  afterAll(async () => t?.close());

  it('a new conversation uses a memory from another one, and the ledger says so with its source', async () => {
    const ledger = await callerFor(t, alice).recall.forMessage({ messageId: answerId });
    const used = ledger.filter((e) => e.outcome === 'injected');
    const allergy = used.find((e) => e.memoryId === allergyId);
    expect(allergy?.summary).toMatch(/peanut/i);
    expect(allergy?.quote).toMatch(/peanuts/);
    expect(allergy?.sourceConversationId).toBeTruthy();
    for (const part of ['lexical', 'similarity', 'relevance', 'importance', 'recency', 'frequency', 'confidenceFactor', 'score'] as const) {
      expect(allergy![part]).toBeGreaterThanOrEqual(0);
    }
    // Access statistics moved after the reply.
    const [row] = await t.db.select().from(memories).where(eq(memories.id, allergyId));
    expect(row!.accessCount).toBeGreaterThanOrEqual(1);
    expect(row!.lastAccessedAt).not.toBeNull();
  });

  it('"not relevant" counts once toward the memory\'s fail count', async () => {
    const caller = callerFor(t, alice);
    const first = await caller.recall.markNotRelevant({ messageId: answerId, memoryId: allergyId });
    const again = await caller.recall.markNotRelevant({ messageId: answerId, memoryId: allergyId });
    expect(again.failCount).toBe(first.failCount);
    expect(first.failCount).toBe(1);
  });

  it("another user sees no ledger, cannot flag or forget alice's memories", async () => {
    const caller = callerFor(t, bob);
    expect(await caller.recall.forMessage({ messageId: answerId })).toEqual([]);
    await expect(caller.recall.markNotRelevant({ messageId: answerId, memoryId: allergyId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.recall.forgetMemory({ memoryId: allergyId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await memoriesOf(t, alice.id, 'active')).toEqual(expect.arrayContaining([expect.objectContaining({ id: allergyId })]));
  });

  it('rejects malformed ids with a clear message', async () => {
    const error = await callerFor(t, alice)
      .recall.forMessage({ messageId: 'nope' })
      .catch((e: unknown) => e as { code: string; message: string });
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect((error as { message: string }).message).toContain('Message ids are UUIDs.');
  });

  it('forget from the ledger hard-deletes the memory and its ledger rows', async () => {
    await callerFor(t, alice).recall.forgetMemory({ memoryId: allergyId });
    expect((await memoriesOf(t, alice.id)).map((m) => m.id)).not.toContain(allergyId);
    const ledger = await callerFor(t, alice).recall.forMessage({ messageId: answerId });
    expect(ledger.map((e) => e.memoryId)).not.toContain(allergyId);
  });
});
