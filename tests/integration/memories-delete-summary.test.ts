/**
 * Deleting a memory reaches the summary it was merged into (SPEC §7): the summary is rebuilt
 * from the sources that remain — no text, version, source quote, audit entry or vector of it
 * still carries the deleted memory — or, left with one source, removed and that source restored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, memories, memoryEmbeddings, memorySources, memoryVersions, outbox } from '@/db/schema';
import { InProcessSteps } from '@/server/steps';
import { addDays } from '@/server/lifecycle/clock';
import { runConsolidation } from '@/server/lifecycle/run-consolidation';
import { createMemory } from '@/server/memory/repository';
import { embeddingText } from '@/server/memory/embedder';
import { storeEmbedding } from '@/server/memory/embeddings';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, localEmbedder, testJobs } from '../helpers/jobs';
import { callerFor } from '../helpers/trpc';

const now = new Date();
const embedder = localEmbedder();
const TRIP = ['Booked flights for the Kyoto trip', 'Reserved a ryokan for the Kyoto trip', 'Bought a rail pass for the Kyoto trip', 'Planned temples for the Kyoto trip'];

describe('deleting a memory that was merged into a summary', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  async function consolidatedTrip(name: string, items = TRIP) {
    const user = await seedUser(t.db, name);
    for (const [i, summary] of items.entries()) {
      await t.withUser(user.id, async (tx) => {
        const at = addDays(now, -10 + i);
        const row = await createMemory(
          tx,
          { userId: user.id, type: 'episodic', kind: 'event', summary, quote: summary.toLowerCase(), status: 'active', importance: 2, entities: ['the Kyoto trip'], createdAt: at, occurredAt: at },
          { actor: 'extractor', reason: 'seed' },
        );
        await storeEmbedding(tx, row, embedder.modelId, (await embedder.embed([embeddingText(row)]))[0]!);
      });
    }
    const steps = new InProcessSteps(() => Promise.reject(new Error('no events')));
    const report = await runConsolidation(steps, { now, userId: user.id }, { withUser: t.withUser, withSystem: t.withSystem, embedder, extractionModel: null });
    expect(report.counts).toMatchObject({ summarised: 1, merged: items.length });
    const rows = await t.db.select().from(memories).where(eq(memories.userId, user.id));
    const summary = rows.find((m) => m.kind === 'summary_1')!;
    const member = (text: string) => rows.find((m) => m.summary === text)!;
    return { user, summary, member, caller: callerFor(t, user) };
  }

  const everywhere = async (memoryId: string) => {
    const [row] = await t.db.select().from(memories).where(eq(memories.id, memoryId));
    const versions = await t.db.select().from(memoryVersions).where(eq(memoryVersions.memoryId, memoryId));
    const sources = await t.db.select().from(memorySources).where(eq(memorySources.memoryId, memoryId));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.memoryId, memoryId));
    return JSON.stringify({ row, versions, sources, audit }).toLowerCase();
  };

  it('rebuilds the summary from the other sources, leaving no trace of the deleted one', async () => {
    const { user, summary, member, caller } = await consolidatedTrip('trip-rebuild');
    expect(summary.summary).toContain('rail pass');
    const railPass = member('Bought a rail pass for the Kyoto trip');

    const preview = await caller.memories.deletePreview({ id: railPass.id });
    expect(preview.mergedInto).toMatchObject({ id: summary.id, sourcesLeft: 3 });
    await caller.memories.delete({ id: railPass.id });

    const [rebuilt] = await t.db.select().from(memories).where(eq(memories.id, summary.id));
    expect(rebuilt).toMatchObject({ status: 'active', kind: 'summary_1' });
    expect(rebuilt!.summary).toMatch(/Discussed the Kyoto trip 3 times/);
    expect(rebuilt!.summary).toContain('ryokan');
    expect(await everywhere(summary.id)).not.toContain('rail pass');
    // Its vector encoded the old text: gone, and a re-embed is queued for the new one.
    expect(await t.db.select().from(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, summary.id))).toHaveLength(0);
    const queued = await t.db.select().from(outbox).where(and(eq(outbox.userId, user.id), eq(outbox.event, 'memory/reembed.requested')));
    expect(queued.length).toBeGreaterThan(0);
    // History shows the rebuild, by you, and nothing to revert to that held the deleted text.
    const history = await caller.memories.history({ id: summary.id });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actor: 'user', oldSummary: null });
  });

  it('a summary left with one source is removed and that source is a memory of its own again', async () => {
    const { summary, member, caller } = await consolidatedTrip('trip-remove', TRIP.slice(0, 3));
    await caller.memories.delete({ id: member(TRIP[0]!).id });
    expect((await t.db.select().from(memories).where(eq(memories.id, summary.id)))[0]?.summary).not.toContain('flights');

    const preview = await caller.memories.deletePreview({ id: member(TRIP[1]!).id });
    expect(preview.mergedInto).toMatchObject({ id: summary.id, sourcesLeft: 1 });
    await caller.memories.delete({ id: member(TRIP[1]!).id });

    expect(await t.db.select().from(memories).where(eq(memories.id, summary.id))).toHaveLength(0);
    const [lone] = await t.db.select().from(memories).where(eq(memories.id, member(TRIP[2]!).id));
    expect(lone).toMatchObject({ status: 'active', supersedesId: null });
    const history = await caller.memories.history({ id: lone!.id });
    expect(history.at(-1)?.reason).toMatch(/Restored/);
  });

  it('forgetting it in chat does the same', async () => {
    const { summary, member } = await consolidatedTrip('trip-chat');
    const reply = await chatTurn(t, testJobs(t), { id: summary.userId }, crypto.randomUUID(), 'Forget that I bought a rail pass for the Kyoto trip');
    expect(reply).toMatch(/forgotten/i);
    expect(await t.db.select().from(memories).where(eq(memories.id, member('Bought a rail pass for the Kyoto trip').id))).toHaveLength(0);
    expect(await everywhere(summary.id)).not.toContain('rail pass');
  });
});
