/**
 * Recall that ranks by relevance (issue 13), through the real recall on the product's default
 * embedder: BM25 with IDF, the concept map for questions without content words, upcoming plans
 * by when they happen, and the time a question names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDb } from '@/db/boundary';
import { createLlmRegistry } from '@/server/llm/registry';
import { createMemory, type NewMemory } from '@/server/memory/repository';
import { createEmbedder, embeddingText } from '@/server/memory/embedder';
import { storeEmbedding } from '@/server/memory/embeddings';
import { recall } from '@/server/recall/recall';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';

const DAY = 86_400_000;
const now = new Date('2026-06-10T10:00:00Z');
const registry = createLlmRegistry({});
const embedder = createEmbedder(registry.getEmbeddingModel(), registry.describe().embedding.id);

describe('recall ranks by relevance', () => {
  let t: TestDatabase;
  let userId: string;

  const remember = async (summary: string, fields: Partial<NewMemory> = {}) => {
    const input: NewMemory = { userId, type: 'semantic', kind: 'fact', summary, quote: summary, status: 'active', confidence: 'high', createdAt: new Date(now.getTime() - 20 * DAY), ...fields };
    const [vector] = await embedder.embed([embeddingText({ type: input.type, summary, entities: input.entities ?? [] })]);
    return t.withUser(userId, async (tx) => {
      const memory = await createMemory(tx, input, { actor: 'extractor', reason: 'test' });
      await storeEmbedding(tx, memory, embedder.modelId, vector!);
      return memory.id;
    });
  };
  const ask = (message: string) => recall(userDb(t.withUser, userId), { message, now, timeZone: 'UTC' }, { embedder });
  const injected = async (message: string) => (await ask(message)).decisions.filter((d) => d.outcome === 'injected').map((d) => d.memory.summary);

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    userId = (await seedUser(t.db, 'ranker')).id;
    for (const summary of ['Uses a ThinkPad for work', 'Loves jazz', 'Drinks oat milk lattes', 'Reading Dune', 'Learning Portuguese', 'Plays five-a-side on Tuesdays']) await remember(summary, { kind: 'preference' });
    for (const summary of ['Went for a run along the river', 'Running shoes are worn out', 'Ran 10k in the rain', 'Bought a running watch', 'Joined a running club']) {
      await remember(summary, { type: 'episodic', kind: 'event' });
    }
    await remember('Ran a charity race for the animal shelter', { type: 'episodic', kind: 'event' });
    await remember('Lives in Lyon', { entities: ['Lyon'] });
    await remember('Works as a nurse at the Croix-Rousse hospital', { entities: ['nurse'] });
    await remember('Wife Anna loves hiking', { kind: 'relationship', entities: ['Anna', 'wife'] });
    await remember('Daughter Mia is six and loves the zoo', { kind: 'relationship', entities: ['Mia', 'daughter'] });
  });
  afterAll(async () => t?.close());

  it('answers "where\'s home?" and "what do I do for a living?" though they share no content word with the memory', async () => {
    const home = (await ask("where's home for me these days?")).decisions.find((d) => d.memory.summary === 'Lives in Lyon');
    expect(home?.outcome).toBe('injected');
    expect(home!.parts.lexical).toBeGreaterThan(0);
    const job = (await ask('What do I do for a living?')).decisions.find((d) => d.memory.summary.startsWith('Works as a nurse'));
    expect(job?.outcome).toBe('injected');
    expect(job!.parts.lexical).toBeGreaterThan(0);
  });

  it('answers "where do i work?" with the job said in other words, in another language (the slot route)', async () => {
    await remember('刚从 Google 跳槽到 Shopee 做 data scientist');
    const job = (await ask('where do i work these days?')).decisions.find((d) => d.memory.summary.includes('Shopee'));
    expect(job?.routes).toContain('slot');
    expect(job?.outcome).toBe('injected');
    // A question about something else does not read the slot.
    expect((await ask('suggest a podcast')).decisions.filter((d) => d.routes.includes('slot'))).toEqual([]);
  });

  it('brings the family to "plan a weekend for my family"', async () => {
    expect(await injected('Plan a weekend for my family')).toEqual(expect.arrayContaining(['Wife Anna loves hiking', 'Daughter Mia is six and loves the zoo']));
  });

  it('lets the rare words of a question win over the common ones (IDF)', async () => {
    const result = await ask('When did I run a charity race?');
    const first = result.decisions.filter((d) => d.outcome === 'injected').sort((a, b) => b.parts.score - a.parts.score)[0];
    expect(first?.memory.summary).toBe('Ran a charity race for the animal shelter');
    expect(first!.parts.lexical).toBeGreaterThan(0.5);
  });

  it('always brings a plan that happens soon, whenever it was said, and never an expired one', async () => {
    await remember('Dentist appointment on 18 June', { type: 'episodic', kind: 'plan', createdAt: new Date(now.getTime() - 60 * DAY), occurredAt: new Date(now.getTime() + 8 * DAY), validity: 'temporary', validUntil: new Date(now.getTime() + 9 * DAY) });
    await remember('Trip to Japan in the autumn', { type: 'episodic', kind: 'plan', occurredAt: new Date(now.getTime() + 110 * DAY), validity: 'temporary', validUntil: new Date(now.getTime() + 125 * DAY) });
    await remember('Concert at the Opera on 1 June', { type: 'episodic', kind: 'plan', occurredAt: new Date(now.getTime() - 9 * DAY), validity: 'temporary', validUntil: new Date(now.getTime() - 8 * DAY) });
    const result = await ask('Suggest a podcast');
    const picks = result.decisions.filter((d) => d.routes.includes('structured')).map((d) => d.memory.summary);
    expect(picks).toContain('Dentist appointment on 18 June');
    expect(picks).not.toContain('Trip to Japan in the autumn');
    expect(result.section).toContain('Dentist appointment on 18 June');
    expect(await injected('Is the Opera concert coming up?')).not.toContain('Concert at the Opera on 1 June');
  });

  it('asked about plans, brings those a few months out too, ahead of memories that only share a word', async () => {
    await remember('Wedding anniversary trip to Lisbon', { type: 'episodic', kind: 'plan', occurredAt: new Date(now.getTime() + 200 * DAY), validity: 'temporary', validUntil: new Date(now.getTime() + 203 * DAY) });
    for (const summary of ['Plans to repaint the fence lately', 'Has been planning meals on Sundays lately', 'Lately plans runs before work']) await remember(summary);
    // "Suggest a podcast" (above) does not bring the trip 110 days out; a question about plans does.
    const result = await ask("What's coming up for me lately?");
    const asked = result.decisions.filter((d) => d.outcome === 'injected').map((d) => d.memory.summary);
    expect(asked).toContain('Trip to Japan in the autumn');
    expect(asked).toContain('Dentist appointment on 18 June');
    // Beyond recall.askedPlanDays the plans route leaves a plan out (words may still find it).
    const byDate = result.decisions.filter((d) => d.routes.includes('structured')).map((d) => d.memory.summary);
    expect(byDate).toContain('Trip to Japan in the autumn');
    expect(byDate).not.toContain('Wedding anniversary trip to Lisbon');
    // The plan is relevant as a plan: it outscores a memory that only shares "lately" and "plans".
    const score = (summary: string) => result.decisions.find((d) => d.memory.summary === summary)?.parts.score ?? 0;
    expect(score('Trip to Japan in the autumn')).toBeGreaterThan(score('Plans to repaint the fence lately'));
    const zh = await injected('我最近有什么安排？');
    expect(zh).toContain('Trip to Japan in the autumn');
  });

  it('asked what is coming up, brings what the message of an upcoming plan said beside its dates', async () => {
    const message = crypto.randomUUID();
    await remember('10 to 14 June', { type: 'episodic', kind: 'plan', sourceMessageId: message, occurredAt: new Date(now.getTime() + 5 * DAY), validity: 'temporary', validUntil: new Date(now.getTime() + 6 * DAY) });
    await remember('Ayşe wants to go to Cappadocia for the holiday', { kind: 'fact', sourceMessageId: message });
    // Another message's fact with no word of the question stays out.
    await remember('Bakes simit every morning', { kind: 'fact', sourceMessageId: crypto.randomUUID() });
    const asked = await ask('Anything coming up I must prepare?');
    const trip = asked.decisions.find((d) => d.memory.summary.startsWith('Ayşe wants'));
    expect(trip?.outcome).toBe('injected');
    expect(trip?.routes).toContain('structured');
    expect(asked.decisions.find((d) => d.memory.summary === 'Bakes simit every morning')?.routes ?? []).not.toContain('structured');
    // Not asked about plans: the fact is not pulled in by the plan's message.
    const other = await ask('Suggest a podcast');
    expect(other.decisions.find((d) => d.memory.summary.startsWith('Ayşe wants'))?.routes ?? []).not.toContain('structured');
  });

  it('asked what is coming up, brings a birthday whose day comes round soon, however long ago it was said', async () => {
    // now is 10 June 2026; both said in January, long before.
    const said = { kind: 'relationship' as const, createdAt: new Date('2026-01-12T09:00:00Z') };
    await remember("Mum's birthday is june 22", said);
    await remember("Dad's birthday is 3 november", said);
    const asked = await ask('Anything coming up I should prepare for?');
    const mum = asked.decisions.find((d) => d.memory.summary === "Mum's birthday is june 22");
    expect(mum?.outcome).toBe('injected');
    expect(mum?.routes).toContain('structured');
    // Five months off is no answer to "coming up"; nor is a birthday to a question about something else.
    expect(asked.decisions.find((d) => d.memory.summary === "Dad's birthday is 3 november")?.outcome ?? 'not a candidate').not.toBe('injected');
    expect((await ask('Suggest a podcast')).decisions.find((d) => d.memory.summary === "Mum's birthday is june 22")?.outcome ?? 'not a candidate').not.toBe('injected');
    // Asked about November, Dad's is the one.
    const november = await ask("What's on in november?");
    expect(november.decisions.find((d) => d.memory.summary === "Dad's birthday is 3 november")?.outcome).toBe('injected');
  });

  it('asked what happened, a plan whose day is over comes back as the answer; asked what is coming up, it never does', async () => {
    await remember('Physio moved to friday the 5th', { type: 'episodic', kind: 'plan', occurredAt: new Date(now.getTime() - 5 * DAY), validity: 'temporary', validUntil: new Date(now.getTime() - 4 * DAY) });
    expect(await injected('when did my physio end up being?')).toContain('Physio moved to friday the 5th');
    expect(await injected('any physio coming up?')).not.toContain('Physio moved to friday the 5th');
    expect(await injected('what should i ask the physio?')).not.toContain('Physio moved to friday the 5th');
  });

  it('prefers memories from the time the question names', async () => {
    await remember('Went to a pottery class', { type: 'episodic', kind: 'event', occurredAt: new Date('2026-03-14T15:00:00Z'), createdAt: new Date('2026-03-14T18:00:00Z') });
    await remember('Went to a cooking class', { type: 'episodic', kind: 'event', occurredAt: new Date('2026-05-09T15:00:00Z'), createdAt: new Date('2026-05-09T18:00:00Z') });
    const result = await ask('Which class did I go to in March?');
    const order = result.decisions.filter((d) => d.outcome === 'injected').sort((a, b) => b.parts.score - a.parts.score).map((d) => d.memory.summary);
    expect(order.indexOf('Went to a pottery class')).toBeLessThan(order.indexOf('Went to a cooking class'));
    expect(order.indexOf('Went to a pottery class')).toBe(0);
  });
});

describe("recall links the user's people by name and by relation", () => {
  let t: TestDatabase;
  const ids: Record<string, string> = {};

  const remember = async (user: string, summary: string, fields: Partial<NewMemory> = {}) => {
    const input: NewMemory = { userId: ids[user]!, type: 'semantic', kind: 'relationship', summary, quote: summary, status: 'active', confidence: 'high', createdAt: new Date(now.getTime() - 20 * DAY), ...fields };
    const [vector] = await embedder.embed([embeddingText({ type: input.type, summary, entities: input.entities ?? [] })]);
    await t.withUser(ids[user]!, async (tx) => storeEmbedding(tx, await createMemory(tx, input, { actor: 'extractor', reason: 'test' }), embedder.modelId, vector!));
  };
  const injected = async (user: string, message: string) =>
    (await recall(userDb(t.withUser, ids[user]!), { message, now, timeZone: 'UTC' }, { embedder })).decisions.filter((d) => d.outcome === 'injected').map((d) => d.memory.summary);

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    for (const user of ['niamh', 'other']) ids[user] = (await seedUser(t.db, user)).id;
    await remember('niamh', 'Sister is Aoife');
    await remember('niamh', 'Sister is a large animal vet', { sensitive: true });
    await remember('niamh', 'Girlfriend is Jess');
    await remember('niamh', 'Jess hates lilies');
    await remember('niamh', '女朋友叫小雅');
    await remember('niamh', '女朋友在苏州上班');
    for (const filler of ['Loves jazz', 'Drinks oat milk lattes', 'Reading Dune', 'Plays five-a-side on Tuesdays']) await remember('niamh', filler, { kind: 'preference' });
    // Another user's people: her "Aoife" must never link anything of Niamh's, nor the reverse.
    await remember('other', 'Brother is Aoife');
    await remember('other', 'Brother is a pilot');
    await remember('other', 'Lives in Reykjavik', { kind: 'fact' });
  });
  afterAll(async () => t?.close());

  it('a question naming a person finds what was said of them by relation, and the other way round', async () => {
    expect(await injected('niamh', 'what does aoife do for work?')).toContain('Sister is a large animal vet');
    expect(await injected('niamh', 'what flowers should i get my girlfriend?')).toContain('Jess hates lilies');
    expect(await injected('niamh', '小雅在哪个城市上班来着')).toContain('女朋友在苏州上班');
  });

  it("reads only the asking user's people", async () => {
    expect(await injected('other', 'what does aoife do for work?')).not.toContain('Sister is a large animal vet');
    expect((await injected('niamh', 'what does my brother do for work?')).join(' ')).not.toMatch(/pilot/);
  });

  it("reads only the asking user's slots", async () => {
    expect(await injected('other', 'where do i live?')).toContain('Lives in Reykjavik');
    expect((await injected('niamh', 'where do i live?')).join(' ')).not.toMatch(/Reykjavik/);
  });
});
