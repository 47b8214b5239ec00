/**
 * npm run bench:jobs [-- --users 100 --memories 1000 --queries 200 --pacing on|off --json]
 *
 * Seeds U users × M memories (default 100 × 1,000 = 100,000) on a fresh embedded database with
 * a realistic mix — importance 1–5, mostly active with some candidates, created and last used
 * over the past two years, some already expired, recent episodic items sharing entities so
 * consolidation finds groups of 3 or more — then measures in one run, side by side (issue 7):
 *  - decay over all users (items/s = memories in the job's scope ÷ seconds);
 *  - consolidation over all users (items/s, same definition);
 *  - peak RSS while the jobs run (sampled every 100 ms): it must stay bounded, because the jobs
 *    work user by user in batches instead of holding whole tables (the JS heap peak is reported
 *    too: with an in-memory PGlite, RSS also grows with the rows the jobs write);
 *  - a concurrent chat's recall p95 while the jobs run vs idle: `queries` questions back to back
 *    at the start of each job. With --pacing on (production's setting on PGlite) the jobs keep a
 *    small share of the database while the chat is active (server/lifecycle/pacing.ts).
 *
 * Caveat on the ratio: PGlite is a single backend in this process, so every transaction —
 * the job's and the chat's — is serialised, and a job's awaits never leave the microtask queue
 * (no I/O). Each question therefore arrives as a macrotask, as an HTTP request would, and waits
 * for the job's current transaction; the table of transactions shows how long the jobs' held the
 * database and how long the chat's queued. On Postgres the chat would run on its own connection.
 * The RSS includes the embedded database itself (its WASM heap), not only the job.
 * Not part of npm test: timings on a shared 2-core machine are noisy, so read the ratios.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createWithSystem, createWithUser, userDb, type WithUser } from '../../db/boundary';
import { connect, createPglite, type Connection } from '../../db/connect';
import { createForegroundTracker } from '../../db/foreground';
import { ensureEmbeddingIndex } from '../../db/embedding-index';
import { runMigrations } from '../../db/migrate';
import { memories, memoryEmbeddings, users } from '../../db/schema';
import { config } from '../../server/config';
import { InProcessSteps } from '../../server/steps';
import { runConsolidation } from '../../server/lifecycle/run-consolidation';
import { runDecay } from '../../server/lifecycle/run-decay';
import { createLlmRegistry } from '../../server/llm/registry';
import { createEmbedder, embeddingText } from '../../server/memory/embedder';
import { searchTextOf } from '../../server/memory/search-text';
import { recall } from '../../server/recall/recall';
import { percentile } from '../../server/eval/run-eval';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    memories: { type: 'string', default: '1000' },
    queries: { type: 'string', default: '200' },
    json: { type: 'boolean', default: false },
    /** Changes per decay write transaction (config.lifecycle.writeChunk by default). */
    'write-chunk': { type: 'string' },
    /** Jobs pace themselves by the chat's activity, as in production on PGlite (pacing.ts); off: as fast as they can. */
    pacing: { type: 'string', default: 'on' },
  },
});
if (!['on', 'off'].includes(values.pacing)) throw new Error('--pacing is on or off');
const PACING = values.pacing === 'on';
const USERS = Number(values.users);
const PER_USER = Number(values.memories);
const QUERIES = Number(values.queries);
const WRITE_CHUNK = values['write-chunk'] === undefined ? undefined : Number(values['write-chunk']);
const DAY = 86_400_000;
// The product's default embedder (EMBEDDING_MODEL unset).
const registry = createLlmRegistry({});
const MODEL = registry.describe().embedding.id;
const DIMS = registry.describe().embedding.dimensions ?? 0;
const embedder = createEmbedder(registry.getEmbeddingModel(), MODEL);

// Deterministic pseudo-random numbers (mulberry32), so every run seeds the same mix.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(7);
const between = (lo: number, hi: number) => lo + random() * (hi - lo);
/** 1–5, weighted towards the everyday: 30% 1, 30% 2, 20% 3, 14% 4, 6% 5. */
function importance(): number {
  const r = random();
  return r < 0.3 ? 1 : r < 0.6 ? 2 : r < 0.8 ? 3 : r < 0.94 ? 4 : 5;
}

// A small generator of memory-like facts and the chat turns they came from.
const pick = <T,>(xs: readonly T[], i: number): T => xs[i % xs.length]!;
const FOODS = ['Thai curry', 'sushi', 'dumplings', 'tacos', 'ramen', 'lasagne', 'falafel', 'pho', 'paella', 'biryani', 'goulash', 'pierogi'];
const PLACES = ['Lisbon', 'Osaka', 'Berlin', 'Hangzhou', 'Montreal', 'Nairobi', 'Oslo', 'Lima', 'Seoul', 'Porto', 'Krakow', 'Austin'];
const HOBBIES = ['climbing', 'the cello', 'chess', 'pottery', 'running', 'birdwatching', 'salsa', 'woodworking', 'photography', 'sailing'];
const PEOPLE = ['Anna', 'Ravi', 'Mei', 'Tom', 'Lucía', 'Kofi', 'Ingrid', 'Yusuf', 'Hana', 'Marco', 'Zoe', 'Dmitri'];
const PROJECTS = ['Apollo', 'Bluebird', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper'];
const ADJECTIVES = ['spicy', 'homemade', 'late-night', 'cheap', 'fancy', 'vegan', 'street', 'weekend', 'family', 'quick', 'slow-cooked', 'seaside'];
interface Fact {
  summary: string;
  kind: string;
  entities: string[];
  said: string;
}
const TEMPLATES: ((i: number) => Fact)[] = [
  (i) => ({ summary: `Loves ${pick(ADJECTIVES, i >> 2)} ${pick(FOODS, i)} with ${pick(PEOPLE, i >> 4)} in ${pick(PLACES, i >> 6)}`, kind: 'preference', entities: [pick(FOODS, i), pick(PEOPLE, i >> 4), pick(PLACES, i >> 6)], said: `honestly I love ${pick(ADJECTIVES, i >> 2)} ${pick(FOODS, i)} with ${pick(PEOPLE, i >> 4)} in ${pick(PLACES, i >> 6)}` }),
  (i) => ({ summary: `Visited ${pick(PLACES, i)} with ${pick(PEOPLE, i >> 3)} for ${pick(HOBBIES, i >> 5)} in ${2010 + (i % 15)}`, kind: 'event', entities: [pick(PLACES, i), pick(PEOPLE, i >> 3)], said: `I went to ${pick(PLACES, i)} with ${pick(PEOPLE, i >> 3)} back in ${2010 + (i % 15)}, lots of ${pick(HOBBIES, i >> 5)}` }),
  (i) => ({ summary: `Practises ${pick(HOBBIES, i)} on ${pick(['Mondays', 'Tuesdays', 'Thursdays', 'weekends', 'holidays'], i >> 3)} near ${pick(PLACES, i >> 5)} with ${pick(PEOPLE, i >> 7)}`, kind: 'preference', entities: [pick(HOBBIES, i), pick(PEOPLE, i >> 7)], said: `I usually do ${pick(HOBBIES, i)} on ${pick(['Mondays', 'Tuesdays', 'Thursdays', 'weekends', 'holidays'], i >> 3)}` }),
  (i) => ({ summary: `Colleague ${pick(PEOPLE, i)} works on project ${pick(PROJECTS, i)}`, kind: 'relationship', entities: [pick(PEOPLE, i), pick(PROJECTS, i)], said: `my colleague ${pick(PEOPLE, i)} is on the ${pick(PROJECTS, i)} project with me` }),
  (i) => ({ summary: `Project ${pick(PROJECTS, i)} milestone ${i % 97} is due in week ${1 + (i % 52)}`, kind: 'plan', entities: [pick(PROJECTS, i)], said: `milestone ${i % 97} of ${pick(PROJECTS, i)} is due in week ${1 + (i % 52)}` }),
];
function fact(i: number): Fact {
  return TEMPLATES[i % TEMPLATES.length]!(Math.floor(i / TEMPLATES.length) * 7 + i);
}
/** Recent episodes about a handful of recurring topics: what consolidation groups (≥ 3 per topic). */
const RECENT_TOPICS = 6;
function recentEpisode(i: number, u: number): Fact {
  const project = pick(PROJECTS, u + (i % RECENT_TOPICS));
  const person = pick(PEOPLE, i >> 1);
  return {
    summary: `Met ${person} about project ${project} (${pick(['kick-off', 'review', 'demo', 'planning', 'retro', 'sync'], i >> 2)} #${i})`,
    kind: 'event',
    entities: [project, person],
    said: `had a ${pick(['kick-off', 'review', 'demo', 'planning', 'retro', 'sync'], i >> 2)} with ${person} on ${project} today`,
  };
}
const QUESTIONS = [
  (i: number) => `What food do I love, like ${pick(FOODS, i)}?`,
  (i: number) => `When did I go to ${pick(PLACES, i)}?`,
  (i: number) => `Who works on ${pick(PROJECTS, i)}?`,
  () => `What do I do on weekends?`,
  (i: number) => `Tell me about my colleague ${pick(PEOPLE, i)}`,
];

/** Share of each user's memories that are recent, topic-sharing episodes (consolidation's input). */
const RECENT_SHARE = 0.08;

async function seed(connection: Connection, seedNow: number): Promise<string[]> {
  const withSystem = createWithSystem(connection.db);
  const userIds: string[] = [];
  for (let u = 0; u < USERS; u += 1) {
    const [row] = await withSystem((tx) => tx.insert(users).values({ email: `bench-jobs-${u}-${crypto.randomUUID()}@bench.dev` }).returning({ id: users.id }));
    userIds.push(row!.id);
  }
  const BATCH = 1000;
  const recentCount = Math.max(RECENT_TOPICS * 3, Math.round(PER_USER * RECENT_SHARE));
  for (const [u, userId] of userIds.entries()) {
    for (let start = 0; start < PER_USER; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, PER_USER - start) }, (_, j) => {
        const k = start + j;
        if (k < recentCount) {
          // Recent episode: happened in the last 30 days, importance 3–4 (idle decay leaves it), active.
          const f = recentEpisode(k, u);
          const at = new Date(seedNow - between(0.5, 29) * DAY);
          return { f, type: 'episodic' as const, importance: 3 + (k % 2), status: 'active' as const, createdAt: at, occurredAt: at, lastAccessedAt: null, validUntil: null, accessCount: 0, failCount: 0 };
        }
        const f = fact(u * PER_USER + k);
        const createdAt = new Date(seedNow - between(1, 730) * DAY);
        // 60% were used since they were stored, at some point up to now.
        const lastAccessedAt = random() < 0.6 ? new Date(createdAt.getTime() + random() * (seedNow - createdAt.getTime())) : null;
        const r = random();
        // 5% expired already, 3% expire within the next year, the rest permanent.
        const validUntil = r < 0.05 ? new Date(seedNow - between(1, 365) * DAY) : r < 0.08 ? new Date(seedNow + between(1, 365) * DAY) : null;
        // 2% were marked "not relevant" more often than used: the feedback rule's input.
        const flagged = random() < 0.02;
        return {
          f,
          type: f.kind === 'event' ? ('episodic' as const) : ('semantic' as const),
          importance: importance(),
          status: random() < 0.12 ? ('candidate' as const) : ('active' as const),
          createdAt,
          occurredAt: f.kind === 'event' ? createdAt : null,
          lastAccessedAt,
          validUntil,
          accessCount: flagged ? 1 : Math.floor(random() * 6),
          failCount: flagged ? 2 : 0,
        };
      });
      const vectors = await embedder.embed(rows.map((r) => embeddingText({ type: r.type, summary: r.f.summary, entities: r.f.entities })));
      await withSystem(async (tx) => {
        const inserted = await tx
          .insert(memories)
          .values(
            rows.map((r) => ({
              userId,
              type: r.type,
              kind: r.f.kind,
              summary: r.f.summary,
              entities: r.f.entities,
              quote: r.f.said,
              status: r.status,
              confidence: 'high' as const,
              importance: r.importance,
              validity: r.validUntil ? ('temporary' as const) : ('permanent' as const),
              validUntil: r.validUntil,
              searchText: searchTextOf(r.f),
              accessCount: r.accessCount,
              failCount: r.failCount,
              createdAt: r.createdAt,
              updatedAt: r.createdAt,
              occurredAt: r.occurredAt,
              lastAccessedAt: r.lastAccessedAt,
            })),
          )
          .returning({ id: memories.id });
        await tx.insert(memoryEmbeddings).values(inserted.map((m, j) => ({ memoryId: m.id, userId, model: MODEL, dimensions: DIMS, embedding: vectors[j]! })));
      });
    }
  }
  return userIds;
}

/**
 * withUser that records, per transaction, how long it queued before its first statement (PGlite
 * runs one transaction at a time) and how long it then held the database, under a label.
 */
type Timings = Map<string, { queued: number[]; held: number[] }>;
function timedWithUser(base: WithUser, timings: Timings, label: () => string): WithUser {
  return async (userId, fn) => {
    const called = performance.now();
    let entered = called;
    try {
      return await base(userId, (tx) => {
        entered = performance.now();
        return fn(tx);
      });
    } finally {
      const t = timings.get(label()) ?? { queued: [], held: [] };
      t.queued.push(entered - called);
      t.held.push(performance.now() - entered);
      timings.set(label(), t);
    }
  };
}

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
const ms2 = (x: number) => Number(x.toFixed(2));

async function main() {
  const client = createPglite();
  const connection = connect({ driver: 'pglite', client });
  await runMigrations(connection);
  const seedNow = Date.now();
  const t0 = performance.now();
  const userIds = await seed(connection, seedNow);
  await connection.db.execute(sql`set maintenance_work_mem = '512MB'`);
  await ensureEmbeddingIndex(connection.db, MODEL, DIMS, config.recall.hnsw);
  await connection.db.execute(sql`analyze memories`);
  await connection.db.execute(sql`analyze memory_embeddings`);
  const seedS = (performance.now() - t0) / 1000;

  const baseWithUser = createWithUser(connection.db);
  const withSystem = createWithSystem(connection.db);
  // What is running now, for the per-phase timings: idle, decay, consolidate, idle-after.
  let phase = 'idle';
  const jobTx: Timings = new Map();
  const chatTx: Timings = new Map();
  const withUser = timedWithUser(baseWithUser, jobTx, () => phase);
  // The chat is foreground work; the jobs see its activity as production's do (server/database.ts).
  const foreground = createForegroundTracker();
  const total = async () => Number((await withSystem((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(memories)))[0]!.n);
  const memoriesBefore = await total();

  // The chat: one user asking questions, as in bench:recall.
  const chatUser = userDb(foreground.track(timedWithUser(baseWithUser, chatTx, () => phase)), userIds[0]!);
  let q = 0;
  const ask = async () => {
    const text = pick(QUESTIONS, q)(q * 3);
    q += 1;
    const s = performance.now();
    // A chat turn arrives as I/O (a macrotask), not as a continuation of the previous one: it
    // waits for the event loop, which a job that never yields would hold for its whole run
    // (PGlite resolves every query without I/O, so a job's chain of awaits is all microtasks).
    await new Promise((resolve) => setImmediate(resolve));
    await recall(chatUser, { message: text, now: new Date(seedNow) }, { embedder });
    return performance.now() - s;
  };
  await ask(); // warm-up
  const idleMs: number[] = [];
  for (let i = 0; i < QUERIES; i += 1) idleMs.push(await ask());
  chatTx.clear();

  // Peak RSS while the jobs run.
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = rssBefore;
  let peakHeap = heapBefore;
  // The longest the event loop went without running a timer (an HTTP request waits that long).
  let lastTick = performance.now();
  let maxLoopGap = 0;
  const loopGaps = new Map<string, number>();
  const sample = () => {
    maxLoopGap = Math.max(maxLoopGap, performance.now() - lastTick);
    loopGaps.set(phase, Math.max(loopGaps.get(phase) ?? 0, performance.now() - lastTick));
    lastTick = performance.now();
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const sampler = setInterval(sample, 100);

  const steps = () => new InProcessSteps(() => Promise.resolve(null));
  const timings = { decayS: 0, consolidateS: 0 };
  const jobs = (async () => {
    // Decay as of 120 days after seeding: idle, expired, stale candidates and flagged items go.
    phase = 'decay';
    let s = performance.now();
    const decay = await runDecay(steps(), { now: new Date(seedNow + 120 * DAY) }, { withUser, withSystem, writeChunk: WRITE_CHUNK, foreground: PACING ? foreground : null });
    timings.decayS = (performance.now() - s) / 1000;
    // Consolidation as of the seeding week: its window is the 30 days before `now`, where the
    // recent episodes are (at +120 days they would all be outside it). Decay left them alone
    // (importance 3–4 has no idle limit), so the groups are intact.
    phase = 'consolidate';
    s = performance.now();
    const consolidation = await runConsolidation(steps(), { now: new Date(seedNow + DAY) }, { withUser, withSystem, embedder, extractionModel: null, foreground: PACING ? foreground : null });
    timings.consolidateS = (performance.now() - s) / 1000;
    return { decay, consolidation };
  })();
  let running = true;
  void jobs.finally(() => {
    running = false;
  });
  // The same chat, concurrently: `queries` questions back to back in each job's run (or until the
  // jobs are done), then quiet until the next job starts. Paced jobs slow down while it asks.
  const duringMs: number[] = [];
  const byPhase = new Map<string, number[]>();
  const chatSeconds = new Map<string, number>();
  while (running) {
    const during = phase;
    const asked = byPhase.get(during) ?? [];
    if (asked.length >= QUERIES) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    const ms = await ask();
    duringMs.push(ms);
    byPhase.set(during, [...asked, ms]);
    chatSeconds.set(during, (chatSeconds.get(during) ?? 0) + ms / 1000);
  }
  const { decay, consolidation } = await jobs;
  clearInterval(sampler);
  sample();
  // The same questions once more with the jobs done: separates queueing from what the jobs
  // changed (fewer active rows, more versions and audit rows, dead tuples).
  phase = 'idle-after';
  const afterMs: number[] = [];
  for (let i = 0; i < QUERIES; i += 1) afterMs.push(await ask());
  await connection.close();

  const p = (xs: number[] | undefined, n: number) => (xs && xs.length > 0 ? ms2(percentile(xs, n)) : null);
  // Per phase: how long the jobs' transactions held the database, how long the chat's queued.
  const transactions: Record<string, Record<string, number | null>> = {};
  for (const [label, t] of jobTx.entries()) {
    transactions[`job ${label}`] = { n: t.held.length, held_p50_ms: p(t.held, 50), held_p95_ms: p(t.held, 95), held_max_ms: p(t.held, 100) };
  }
  for (const [label, t] of chatTx.entries()) {
    transactions[`chat ${label}`] = { n: t.queued.length, queued_p50_ms: p(t.queued, 50), queued_p95_ms: p(t.queued, 95), held_p50_ms: p(t.held, 50), held_p95_ms: p(t.held, 95) };
  }

  const idleP95 = percentile(idleMs, 95);
  const duringP95 = percentile(duringMs, 95);
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    database: 'pglite',
    users: USERS,
    memories: memoriesBefore,
    memories_per_user: PER_USER,
    write_chunk: WRITE_CHUNK ?? config.lifecycle.writeChunk,
    seed_s: Number(seedS.toFixed(1)),
    decay_s: Number(timings.decayS.toFixed(2)),
    decay_items_per_sec: Math.round(memoriesBefore / timings.decayS),
    decay_changed: sum(decay.counts),
    decay_counts: decay.counts,
    consolidate_s: Number(timings.consolidateS.toFixed(2)),
    consolidate_items_per_sec: Math.round(memoriesBefore / timings.consolidateS),
    consolidate_summaries: consolidation.counts.summarised,
    consolidate_merged: consolidation.counts.merged,
    consolidate_counts: consolidation.counts,
    rss_before_jobs_mb: mb(rssBefore),
    peak_rss_mb: mb(peakRss),
    // The JS heap is where the jobs' batches live; RSS also holds the in-memory database's
    // files and WAL, which grow with every version and audit row the jobs write.
    heap_before_jobs_mb: mb(heapBefore),
    peak_heap_mb: mb(peakHeap),
    recall_queries_idle: idleMs.length,
    recall_queries_during_jobs: duringMs.length,
    recall_p95_idle_ms: ms2(idleP95),
    recall_p95_during_jobs_ms: ms2(duringP95),
    recall_p95_ratio_during_jobs: Number((duringP95 / Math.max(0.001, idleP95)).toFixed(2)),
    pacing: PACING ? 'on' : 'off',
    // How long the chat was asking during each job (the jobs ran paced for that long).
    chat_active_during_decay_s: Number((chatSeconds.get('decay') ?? 0).toFixed(1)),
    chat_active_during_consolidation_s: Number((chatSeconds.get('consolidate') ?? 0).toFixed(1)),
    // The longest the event loop was blocked while the jobs ran (100 ms timer: read as ≥ 100).
    event_loop_max_gap_ms: ms2(maxLoopGap),
    event_loop_max_gap_decay_ms: ms2(loopGaps.get('decay') ?? 0),
    event_loop_max_gap_consolidation_ms: ms2(loopGaps.get('consolidate') ?? 0),
    recall_p95_during_decay_ms: p(byPhase.get('decay'), 95),
    recall_p95_during_consolidation_ms: p(byPhase.get('consolidate'), 95),
    recall_p95_idle_after_jobs_ms: p(afterMs, 95),
    transactions,
  };
}

const result = await main();
if (values.json) console.log(JSON.stringify(result, null, 2));
else {
  const { decay_counts: decayCounts, consolidate_counts: consolidateCounts, transactions, ...flat } = result;
  console.table(flat);
  console.table({ decay: decayCounts, consolidation: consolidateCounts });
  console.table(transactions);
}
