/**
 * npm run bench:recall [-- --users 10 --memories 10000 --queries 60 --json]
 *
 * Seeds U users × M memories with realistic text and local-embedder vectors on a fresh embedded
 * database (and on DATABASE_URL too when it is set), then measures in one run, side by side:
 *  - recall latency p50/p95 per query (the full recall: routes, scoring, budget), after each
 *    user's first recall, which is reported on its own (it also counts the user's vectors);
 *  - HNSW vs exact nearest-neighbour scan: speed ratio and overlap of the top 10;
 *  - injected tokens vs the tokens of the user's whole raw history.
 * Not part of npm test: timings on a shared 2-core machine are noisy, so read the ratios.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createWithSystem, createWithUser, userDb } from '../../db/boundary';
import { connect, createPglite, type Connection } from '../../db/connect';
import { ensureEmbeddingIndex } from '../../db/embedding-index';
import { vacuumAnalyze } from '../../db/maintenance';
import { runMigrations } from '../../db/migrate';
import { memories, memoryEmbeddings, users } from '../../db/schema';
import { config } from '../../server/config';
import { createLlmRegistry } from '../../server/llm/registry';
import { countTokens } from '../../server/llm/tokens';
import { createEmbedder, embeddingText } from '../../server/memory/embedder';
import { searchTextOf } from '../../server/memory/search-text';
import { vectorCandidates } from '../../server/recall/gather-candidates';
import { recall } from '../../server/recall/recall';
import { profileRoutes } from './recall-routes';
import { percentile } from '../../server/eval/run-eval';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10' },
    memories: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '60' },
    json: { type: 'boolean', default: false },
    /** Keep the seeded PGlite database here and reuse it on the next run (same users/memories). */
    'data-dir': { type: 'string' },
    /** Also time each recall route on its own (and print the full-text route's plan). */
    profile: { type: 'boolean', default: false },
  },
});
const USERS = Number(values.users);
const PER_USER = Number(values.memories);
const QUERIES = Number(values.queries);
// The product's default embedder (EMBEDDING_MODEL unset).
const registry = createLlmRegistry({});
const MODEL = registry.describe().embedding.id;
const DIMS = registry.describe().embedding.dimensions ?? 0;
const embedder = createEmbedder(registry.getEmbeddingModel(), MODEL);

// A small generator of memory-like facts and the chat turns they came from.
const pick = <T,>(xs: readonly T[], i: number): T => xs[i % xs.length]!;
const FOODS = ['Thai curry', 'sushi', 'dumplings', 'tacos', 'ramen', 'lasagne', 'falafel', 'pho', 'paella', 'biryani', 'goulash', 'pierogi'];
const PLACES = ['Lisbon', 'Osaka', 'Berlin', 'Hangzhou', 'Montreal', 'Nairobi', 'Oslo', 'Lima', 'Seoul', 'Porto', 'Krakow', 'Austin'];
const HOBBIES = ['climbing', 'the cello', 'chess', 'pottery', 'running', 'birdwatching', 'salsa', 'woodworking', 'photography', 'sailing'];
const PEOPLE = ['Anna', 'Ravi', 'Mei', 'Tom', 'Lucía', 'Kofi', 'Ingrid', 'Yusuf', 'Hana', 'Marco', 'Zoe', 'Dmitri'];
const PROJECTS = ['Apollo', 'Bluebird', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper'];
// Several independent attributes per fact, drawn from vocabularies the word-vector embedder
// knows, so a user's 10,000 memories are (nearly) all different vectors, as real memories are.
// A first version reused a few templates: 20,000 memories had 192 distinct vectors, and exact
// ties made "top-10 overlap" meaningless (HNSW found rows exactly as close, with other ids).
const ADJECTIVES = ['spicy', 'homemade', 'cheap', 'fancy', 'vegan', 'street', 'family', 'quick', 'seaside', 'crispy', 'smoky', 'sweet', 'sour', 'grilled', 'fried', 'baked', 'fresh', 'frozen', 'organic', 'tiny', 'huge', 'noisy', 'quiet', 'crowded', 'cosy', 'rustic', 'modern', 'vintage', 'colourful', 'gloomy', 'sunny', 'rainy', 'windy', 'snowy', 'muddy', 'elegant', 'messy', 'tidy', 'famous', 'hidden'];
const NOUNS = ['market', 'garden', 'kitchen', 'bakery', 'harbour', 'museum', 'library', 'stadium', 'theatre', 'cafe', 'bridge', 'castle', 'island', 'valley', 'forest', 'river', 'beach', 'mountain', 'village', 'station', 'festival', 'wedding', 'concert', 'workshop', 'conference', 'hospital', 'school', 'office', 'factory', 'farm', 'vineyard', 'brewery', 'gallery', 'temple', 'cathedral', 'palace', 'lighthouse', 'canal', 'tunnel', 'airport'];
const VERBS = ['cooked', 'painted', 'photographed', 'visited', 'cleaned', 'repaired', 'designed', 'sketched', 'explored', 'toured', 'celebrated', 'organised', 'filmed', 'described', 'recommended', 'reviewed', 'booked', 'cancelled', 'planned', 'remembered'];
const TEMPLATES: ((i: number) => { summary: string; kind: string; entities: string[]; said: string })[] = [
  (i) => ({ summary: `Loves ${pick(ADJECTIVES, i >> 2)} ${pick(FOODS, i)} with ${pick(PEOPLE, i >> 4)} in ${pick(PLACES, i >> 6)}`, kind: 'preference', entities: [pick(FOODS, i), pick(PEOPLE, i >> 4), pick(PLACES, i >> 6)], said: `honestly I love ${pick(ADJECTIVES, i >> 2)} ${pick(FOODS, i)} with ${pick(PEOPLE, i >> 4)} in ${pick(PLACES, i >> 6)}` }),
  (i) => ({ summary: `Visited ${pick(PLACES, i)} with ${pick(PEOPLE, i >> 3)} for ${pick(HOBBIES, i >> 5)} in ${2010 + (i % 15)}`, kind: 'event', entities: [pick(PLACES, i), pick(PEOPLE, i >> 3)], said: `I went to ${pick(PLACES, i)} with ${pick(PEOPLE, i >> 3)} back in ${2010 + (i % 15)}, lots of ${pick(HOBBIES, i >> 5)}` }),
  (i) => ({ summary: `Practises ${pick(HOBBIES, i)} on ${pick(['Mondays', 'Tuesdays', 'Thursdays', 'weekends', 'holidays'], i >> 3)} near ${pick(PLACES, i >> 5)} with ${pick(PEOPLE, i >> 7)}`, kind: 'preference', entities: [pick(HOBBIES, i), pick(PEOPLE, i >> 7)], said: `I usually do ${pick(HOBBIES, i)} on ${pick(['Mondays', 'Tuesdays', 'Thursdays', 'weekends', 'holidays'], i >> 3)}` }),
  (i) => ({ summary: `Colleague ${pick(PEOPLE, i)} works on project ${pick(PROJECTS, i)}`, kind: 'relationship', entities: [pick(PEOPLE, i), pick(PROJECTS, i)], said: `my colleague ${pick(PEOPLE, i)} is on the ${pick(PROJECTS, i)} project with me` }),
  (i) => ({ summary: `Project ${pick(PROJECTS, i)} milestone ${i % 97} is due in week ${1 + (i % 52)}`, kind: 'plan', entities: [pick(PROJECTS, i)], said: `milestone ${i % 97} of ${pick(PROJECTS, i)} is due in week ${1 + (i % 52)}` }),
];
const QUESTIONS = [
  (i: number) => `What food do I love, like ${pick(FOODS, i)}?`,
  (i: number) => `When did I go to ${pick(PLACES, i)}?`,
  (i: number) => `Who works on ${pick(PROJECTS, i)}?`,
  () => `What do I do on weekends?`,
  (i: number) => `Tell me about my colleague ${pick(PEOPLE, i)}`,
];

/**
 * Query q: users in turn, and each round of users a different kind of question with its own
 * parameter, so the queries are (nearly) all different. (An earlier version tied the question
 * kind to the user: 60 queries were 20 distinct ones asked three times each.)
 */
function ask(q: number, userIds: string[]): { userId: string; text: string } {
  const round = Math.floor(q / userIds.length);
  return { userId: userIds[q % userIds.length]!, text: pick(QUESTIONS, round)(q * 5 + round) };
}

function fact(i: number) {
  const base = TEMPLATES[i % TEMPLATES.length]!(Math.floor(i / TEMPLATES.length) * 7 + i);
  // Deterministic pseudo-random detail: three more known words per memory.
  const h = (i * 2654435761) >>> 0;
  const detail = `${pick(VERBS, h % 997)} a ${pick(ADJECTIVES, (h >>> 5) % 991)} ${pick(NOUNS, (h >>> 13) % 983)}`;
  return { ...base, summary: `${base.summary}; ${detail}`, said: `${base.said}, and I ${detail}` };
}

/** The raw history a fact came from: the user's turn plus a typical reply. */
const historyTokensOf = (f: ReturnType<typeof fact>) =>
  countTokens(f.said) + countTokens(`That sounds great! Tell me more about it whenever you like — ${f.summary.toLowerCase()} is a nice detail.`) + 8;

/** The users a previous run seeded into a reused --data-dir, in seeding order (or none). */
async function seeded(connection: Connection): Promise<string[]> {
  const rows = await createWithSystem(connection.db)((tx) => tx.select({ id: users.id, email: users.email }).from(users).where(sql`${users.email} like 'bench-%'`));
  const index = (email: string | null) => Number(/^bench-(\d+)-/.exec(email ?? '')?.[1] ?? -1);
  return rows.sort((a, b) => index(a.email) - index(b.email)).map((r) => r.id);
}

async function seed(connection: Connection): Promise<{ userIds: string[]; historyTokens: number }> {
  const withSystem = createWithSystem(connection.db);
  const reused = await seeded(connection);
  if (reused.length > 0) {
    if (reused.length !== USERS) throw new Error(`--data-dir holds ${reused.length} bench users, not ${USERS}: use a fresh directory`);
    let historyTokens = 0;
    for (let k = 0; k < PER_USER; k += 1) historyTokens += historyTokensOf(fact(k));
    return { userIds: reused, historyTokens };
  }
  const userIds: string[] = [];
  let historyTokens = 0;
  for (let u = 0; u < USERS; u += 1) {
    const [row] = await withSystem((tx) => tx.insert(users).values({ email: `bench-${u}-${crypto.randomUUID()}@bench.dev` }).returning({ id: users.id }));
    userIds.push(row!.id);
  }
  const BATCH = 1000;
  for (const [u, userId] of userIds.entries()) {
    for (let start = 0; start < PER_USER; start += BATCH) {
      const facts = Array.from({ length: Math.min(BATCH, PER_USER - start) }, (_, j) => fact(u * PER_USER + start + j));
      if (u === 0) for (const f of facts) historyTokens += historyTokensOf(f);
      const vectors = await embedder.embed(facts.map((f) => embeddingText({ type: 'semantic', summary: f.summary, entities: f.entities })));
      await withSystem(async (tx) => {
        const inserted = await tx
          .insert(memories)
          .values(
            facts.map((f, j) => ({
              userId,
              type: f.kind === 'event' ? ('episodic' as const) : ('semantic' as const),
              kind: f.kind,
              summary: f.summary,
              entities: f.entities,
              quote: f.said,
              status: 'active' as const,
              confidence: 'high' as const,
              importance: 1 + ((start + j) % 3),
              searchText: searchTextOf(f),
              accessCount: (start + j) % 5,
              createdAt: new Date(Date.now() - ((start + j) % 365) * 86_400_000),
            })),
          )
          .returning({ id: memories.id });
        await tx.insert(memoryEmbeddings).values(inserted.map((m, j) => ({ memoryId: m.id, userId, model: MODEL, dimensions: DIMS, embedding: vectors[j]! })));
      });
    }
  }
  return { userIds, historyTokens };
}

async function measure(label: string, connection: Connection) {
  const t0 = performance.now();
  const { userIds, historyTokens } = await seed(connection);
  const seedMs = performance.now() - t0;
  const t1 = performance.now();
  await connection.db.execute(sql`set maintenance_work_mem = '512MB'`);
  await ensureEmbeddingIndex(connection.db, MODEL, DIMS, config.recall.hnsw);
  // What the app's embedded maintenance (or Postgres's autovacuum) does after a bulk load.
  await vacuumAnalyze(connection.db);
  const indexMs = performance.now() - t1;
  const withUser = createWithUser(connection.db);

  // Each user's first recall in a process also counts their vectors (then cached for
  // config.recall.vectorCountTtlMs) and meets cold caches. Reported on its own, so that
  // recall_p50/p95 describe a server that is already running.
  const firstMs: number[] = [];
  for (const [u, userId] of userIds.entries()) {
    firstMs.push((await recall(userDb(withUser, userId), { message: `Anything I should remember about ${pick(PLACES, u)}?`, now: new Date() }, { embedder })).ms);
  }
  const recallMs: number[] = [];
  const injectedTokens: number[] = [];
  const hnswMs: number[] = [];
  const exactMs: number[] = [];
  const overlaps: number[] = [];
  const gaps: number[] = [];
  // Recalls back to back, as a running server does them. (Until session 19 an HNSW and an exact
  // scan ran after every recall, for the comparison below; each read all 10,000 of a user's
  // vectors and evicted the next recall's pages from the 128 MB buffer cache, which no server
  // does: ~2–3 ms of p95, README "Performance".)
  for (let q = 0; q < QUERIES; q += 1) {
    const { userId, text } = ask(q, userIds);
    const result = await recall(userDb(withUser, userId), { message: text, now: new Date() }, { embedder });
    recallMs.push(result.ms);
    if (userId === userIds[0]) injectedTokens.push(result.tokens);
  }
  for (let q = 0; q < QUERIES; q += 1) {
    const { userId, text } = ask(q, userIds);
    const now = new Date();
    const [vector] = await embedder.embed([text]);
    const timed = async (strategy: 'hnsw' | 'exact') => {
      const s = performance.now();
      const found = await withUser(userId, (tx) => vectorCandidates(tx, vector!, MODEL, ['semantic', 'episodic'], now, strategy));
      return { ms: performance.now() - s, top: found.slice(0, 10) };
    };
    const hnsw = await timed('hnsw');
    const exact = await timed('exact');
    hnswMs.push(hnsw.ms);
    exactMs.push(exact.ms);
    // Templated facts produce exact ties in distance, so "the same top 10" is judged by
    // similarity: an HNSW hit counts when it is at least as close as the exact 10th.
    const tenth = exact.top.at(-1)?.similarity ?? 0;
    overlaps.push(exact.top.length === 0 ? 1 : hnsw.top.filter((h) => h.similarity >= tenth - 1e-6).length / exact.top.length);
    // How much closer the exact top 10 is on average: near 0 means HNSW found equally good rows.
    const mean = (xs: { similarity: number }[]) => xs.reduce((a, x) => a + x.similarity, 0) / Math.max(1, xs.length);
    gaps.push(mean(exact.top) - mean(hnsw.top));
  }
  if (values.profile) {
    const asks = Array.from({ length: QUERIES }, (_, q) => ask(q, userIds));
    const { routes } = await profileRoutes(withUser, asks, embedder);
    console.error(`\n${label}: each route on its own (${QUERIES} queries)`);
    console.table(routes);
  }
  const meanInjected = injectedTokens.reduce((a, b) => a + b, 0) / Math.max(1, injectedTokens.length);
  return {
    database: label,
    users: USERS,
    memories: USERS * PER_USER,
    memories_per_user: PER_USER,
    queries: QUERIES,
    seed_s: Number((seedMs / 1000).toFixed(1)),
    index_build_s: Number((indexMs / 1000).toFixed(1)),
    recall_p50_ms: Number(percentile(recallMs, 50).toFixed(2)),
    recall_p95_ms: Number(percentile(recallMs, 95).toFixed(2)),
    first_recall_per_user_p50_ms: Number(percentile(firstMs, 50).toFixed(2)),
    first_recall_per_user_max_ms: Number(Math.max(...firstMs).toFixed(2)),
    hnsw_p95_ms: Number(percentile(hnswMs, 95).toFixed(2)),
    exact_p95_ms: Number(percentile(exactMs, 95).toFixed(2)),
    hnsw_vs_exact_speedup: Number((percentile(exactMs, 50) / Math.max(0.001, percentile(hnswMs, 50))).toFixed(2)),
    top10_overlap: Number((overlaps.reduce((a, b) => a + b, 0) / overlaps.length).toFixed(3)),
    top10_similarity_gap: Number((gaps.reduce((a, b) => a + b, 0) / gaps.length).toFixed(4)),
    mean_injected_tokens: Number(meanInjected.toFixed(1)),
    history_tokens_per_user: historyTokens,
    injected_vs_history_tokens_ratio: Number((meanInjected / Math.max(1, historyTokens)).toExponential(2)),
  };
}

const results = [];
{
  const client = createPglite(values['data-dir']);
  const connection = connect({ driver: 'pglite', client });
  await runMigrations(connection);
  results.push(await measure('pglite', connection));
  await connection.close();
}
if (process.env.DATABASE_URL) {
  const connection = connect({ driver: 'node-postgres', url: process.env.DATABASE_URL });
  await runMigrations(connection);
  results.push(await measure('postgres', connection));
  await connection.close();
}
if (values.json) console.log(JSON.stringify(results.length === 1 ? results[0] : results, null, 2));
else console.table(results);
