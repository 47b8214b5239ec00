/**
 * npm run bench:import [-- --import 10000 --erase 15000 --idle-queries 100 --json]
 *
 * Issue 14, item 1: a large import, "delete all" and an account deletion must not freeze the
 * app for everyone else. On a fresh embedded database (production's default), another user asks
 * questions back to back (recall, as in bench:recall) while, one after the other:
 *  - a user imports `--import` memories (default 10,000) through the real request and job
 *    (server/bulk/import-memories.ts, server/bulk/run-import.ts), paced as production
 *    paces it (config.bulk.pacing, by the asker's activity);
 *  - a user with `--erase` memories (default 15,000) deletes all of them;
 *  - another user with `--erase` memories, a conversation and its messages deletes the account.
 * Side by side: the asker's p95 idle vs during each job (the ratio's goal is ≤ 2), the job's
 * throughput (items/s from the request to the last memory written or swept), how long the
 * request itself took (the user waits for that), and the disk erasure that follows each erasure
 * (db/maintenance.ts; it waits until nobody is active, so it is timed on its own, with no asker).
 *
 * PGlite is one backend in this process: every transaction, the job's and the asker's, is
 * serialised, so the ratio is the queueing the job's short transactions cause. On Postgres the
 * asker would use its own connection. Timings on a shared 2-core machine are noisy: not part of
 * npm test, read the ratios, not the milliseconds.
 */
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { createWithUser, userDb, type UserDb, type WithUser } from '../../db/boundary';
import { connect, createPglite } from '../../db/connect';
import { createForegroundTracker } from '../../db/foreground';
import { eraseOnDisk, type DiskErasureReport } from '../../db/maintenance';
import { runMigrations } from '../../db/migrate';
import { bulkJobs, conversations, memories, messages, users } from '../../db/schema';
import { deleteAccount } from '../../server/account/delete-account';
import { DEFAULT_SIZES, type BulkDeps } from '../../server/bulk/deps';
import type { BulkJobLauncher } from '../../server/bulk/launcher';
import { runErasure } from '../../server/bulk/run-erasure';
import { runImport } from '../../server/bulk/run-import';
import { config } from '../../server/config';
import { percentile } from '../../server/eval/run-eval';
import { InProcessSteps } from '../../server/steps';
import { createLocalEmbedder } from '../../server/llm/local-embedder';
import { createEmbedder } from '../../server/memory/embedder';
import { deleteAllMemories } from '../../server/bulk/delete-all-memories';
import { startImport } from '../../server/bulk/import-memories';
import { recall } from '../../server/recall/recall';

const { values } = parseArgs({
  options: {
    import: { type: 'string', default: '10000' },
    erase: { type: 'string', default: '15000' },
    'idle-queries': { type: 'string', default: '100' },
    json: { type: 'boolean', default: false },
    /** Override config.bulk sizes and pacing, to compare settings (defaults: the config module's). */
    'write-chunk': { type: 'string' },
    'erase-chunk': { type: 'string' },
    duty: { type: 'string' },
  },
});
const IMPORT_N = Number(values.import);
const ERASE_N = Number(values.erase);
const IDLE_QUERIES = Number(values['idle-queries']);

const QUESTIONS = ['What do I like to drink in the morning?', 'Where did I go on holiday last year?', 'What is my sister called?', 'Which days do I go swimming?', 'What am I allergic to?'];
const TOPICS = ['tea', 'swimming', 'Lisbon', 'the garden', 'piano lessons', 'the bakery', 'chess club', 'a sister called Ana', 'peanuts', 'night trains'];

function exportJson(n: number, label: string): string {
  const at = new Date('2025-03-01T10:00:00Z').toISOString();
  const item = (i: number) => {
    const summary = `${label} fact ${i + 1}: likes ${TOPICS[i % TOPICS.length]} on ${['Mondays', 'weekends', 'holidays'][i % 3]} (${i})`;
    return { id: `m${i}`, type: 'semantic', kind: 'fact', summary, entities: [], importance: 1 + (i % 5), confidence: 'high', origin: 'user_stated', validity: 'permanent', validUntil: null,
      sensitive: false, status: 'active', pinned: false, occurredAt: null, createdAt: at, updatedAt: at, sources: [{ quote: `I said: ${summary}`, conversationId: null, messageId: null }], versions: [] };
  };
  return JSON.stringify({ format: 'mindbase.memories', version: 1, exportedAt: at, memories: Array.from({ length: n }, (_, i) => item(i)) });
}

const ms2 = (x: number) => Number(x.toFixed(2));
const p95 = (xs: number[]) => ms2(percentile(xs, 95));

async function main() {
  const client = createPglite();
  const connection = connect({ driver: 'pglite', client });
  await runMigrations(connection);
  const withUser: WithUser = createWithUser(connection.db);
  const embedder = createEmbedder(createLocalEmbedder(), 'local:hash-256');
  // The asker is foreground work; the jobs see its activity as production's do (server/database.ts).
  const foreground = createForegroundTracker();
  const diskReports: DiskErasureReport[] = [];
  // Each of the jobs' transactions, timed: what an asker's question can queue behind.
  const jobTx: number[] = [];
  const timedWithUser: WithUser = async (userId, fn) => {
    const s = performance.now();
    try {
      return await withUser(userId, fn);
    } finally {
      jobTx.push(performance.now() - s);
    }
  };
  const pacing = { ...config.bulk.pacing, ...(values.duty ? { foregroundDuty: Number(values.duty) } : {}) };
  const sizes = {
    ...DEFAULT_SIZES,
    ...(values['write-chunk'] ? { importWriteChunk: Number(values['write-chunk']) } : {}),
    ...(values['erase-chunk'] ? { eraseMemoryChunk: Number(values['erase-chunk']) } : {}),
  };
  const paced: BulkDeps = { withUser: timedWithUser, embedder, foreground, pacing, sizes, eraseOnDisk: async (tables) => diskReports.push(await eraseOnDisk(connection.db, 'pglite', tables)) };
  // Seeding runs unpaced, in bigger chunks: it is not what is measured.
  const seeding: BulkDeps = { ...paced, withUser, foreground: null, eraseOnDisk: () => Promise.resolve(), sizes: { importWriteChunk: 100, importEmbedBatch: 500, importStepItems: 5_000 } };
  const launcherFor = (deps: BulkDeps, settled: Promise<unknown>[]): BulkJobLauncher => ({
    launch(job) {
      const steps = new InProcessSteps(() => Promise.resolve(null));
      const data = { userId: job.userId, jobId: job.id };
      settled.push(job.kind === 'import' ? runImport(steps, data, deps) : runErasure(steps, data, deps));
      return Promise.resolve();
    },
  });
  const newUser = async (label: string) => {
    const [row] = await connection.db.insert(users).values({ email: `${label}-${Date.now()}@bench.mindbase.dev`, name: label }).returning();
    return { db: userDb(withUser, row!.id), email: row!.email! };
  };
  const seedMemories = async (db: UserDb, n: number, label: string) => {
    const settled: Promise<unknown>[] = [];
    await startImport(db, exportJson(n, label), launcherFor(seeding, settled));
    await Promise.all(settled);
  };

  const t0 = performance.now();
  const asker = await newUser('asker');
  await seedMemories(asker.db, 300, 'asker');
  const importer = await newUser('importer');
  const eraser = await newUser('eraser');
  await seedMemories(eraser.db, ERASE_N, 'eraser');
  const leaver = await newUser('leaver');
  await seedMemories(leaver.db, ERASE_N, 'leaver');
  const [conversation] = await connection.db.insert(conversations).values({ userId: leaver.db.userId, title: 'Plans' }).returning();
  await connection.db.execute(sql`insert into messages (conversation_id, user_id, role, content)
    select ${conversation!.id}, ${leaver.db.userId}, case when g % 2 = 0 then 'user' else 'assistant' end, 'message ' || g from generate_series(1, 500) g`);
  await connection.db.execute(sql`vacuum analyze`);
  const seedS = (performance.now() - t0) / 1000;

  const askerDb = userDb(foreground.track(withUser), asker.db.userId);
  let q = 0;
  const ask = async () => {
    const message = QUESTIONS[q % QUESTIONS.length]!;
    q += 1;
    const s = performance.now();
    // A question arrives as I/O (a macrotask), as an HTTP request would.
    await new Promise((resolve) => setImmediate(resolve));
    await recall(askerDb, { message, now: new Date() }, { embedder });
    return performance.now() - s;
  };
  await ask();
  const idle: number[] = [];
  for (let i = 0; i < IDLE_QUERIES; i += 1) idle.push(await ask());
  const idleP95 = percentile(idle, 95);

  /** Runs `start` (the request) and its job while the asker asks back to back until the job's row leaves 'running'. */
  const measure = async (label: string, items: number, jobOf: () => Promise<string>, start: (launcher: BulkJobLauncher) => Promise<unknown>) => {
    const settled: Promise<unknown>[] = [];
    const diskBefore = diskReports.length;
    jobTx.length = 0;
    const s = performance.now();
    const asking: number[] = [];
    let requestMs = 0;
    const request = start(launcherFor(paced, settled)).then(() => (requestMs = performance.now() - s));
    let running = true;
    const status = async () => {
      const id = await jobOf();
      if (!id) return 'gone'; // an account's job goes with the account row
      const [row] = await connection.db.select({ status: bulkJobs.status }).from(bulkJobs).where(eq(bulkJobs.id, id));
      return row?.status ?? 'gone';
    };
    while (running) {
      asking.push(await ask());
      running = requestMs === 0 || (await status()) === 'running';
    }
    const jobS = (performance.now() - s) / 1000;
    const txs = [...jobTx];
    await request;
    // The disk erasure waits for quiet (config.bulk.disk.idleMs), then runs with nobody asking.
    const d = performance.now();
    await Promise.all(settled);
    const disk = diskReports.slice(diskBefore);
    const longest = Math.max(0, ...disk.flatMap((r) => r.steps.map((x) => x.ms)));
    return {
      [`${label}_items`]: items,
      [`${label}_request_ms`]: Math.round(requestMs),
      [`${label}_items_per_sec`]: Math.round(items / jobS),
      [`others_p95_ms_during_${label}`]: p95(asking),
      [`others_p95_ratio_during_${label}`]: Number((percentile(asking, 95) / Math.max(0.001, idleP95)).toFixed(2)),
      [`others_questions_during_${label}`]: asking.length,
      [`${label}_transaction_p50_p95_ms`]: [ms2(percentile(txs, 50)), p95(txs)],
      ...(disk.length > 0 ? { [`${label}_disk_erasure_s`]: Number(((performance.now() - d) / 1000 - config.bulk.disk.idleMs / 1000).toFixed(1)), [`${label}_disk_longest_statement_ms`]: longest } : {}),
    };
  };

  const latestJob = (db: UserDb, kind: 'import' | 'delete_all' | 'delete_account') => async () => {
    const [row] = await connection.db.select({ id: bulkJobs.id }).from(bulkJobs).where(sql`${bulkJobs.userId} = ${db.userId} and ${bulkJobs.kind} = ${kind}`).orderBy(sql`created_at desc`).limit(1);
    return row?.id ?? '';
  };
  const json = exportJson(IMPORT_N, 'importer');
  const importing = await measure('import', IMPORT_N, latestJob(importer.db, 'import'), (launcher) => startImport(importer.db, json, launcher));
  const deleting = await measure('delete_all', ERASE_N, latestJob(eraser.db, 'delete_all'), (launcher) => deleteAllMemories(eraser.db, launcher));
  const leaverId = leaver.db.userId;
  const leaving = await measure('delete_account', ERASE_N, latestJob(leaver.db, 'delete_account'), (launcher) => deleteAccount(leaver.db, { confirm: leaver.email }, launcher));

  const left = async (table: typeof memories | typeof messages, userId: string) => (await connection.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]?.n ?? 0;
  const check = {
    imported: await left(memories, importer.db.userId),
    eraser_left: await left(memories, eraser.db.userId),
    leaver_memories_left: await left(memories, leaverId),
    leaver_messages_left: await left(messages, leaverId),
    leaver_account_left: (await connection.db.select({ n: count() }).from(users).where(eq(users.id, leaverId)))[0]?.n ?? 0,
  };
  await connection.close();

  const result = {
    seed_s: Number(seedS.toFixed(1)),
    others_p95_ms_idle: ms2(idleP95),
    ...importing,
    ...deleting,
    ...leaving,
    check,
    sizes: { writeChunk: sizes.importWriteChunk, embedBatch: sizes.importEmbedBatch, eraseMemoryChunk: sizes.eraseMemoryChunk, eraseRowChunk: sizes.eraseRowChunk, pacing },
  };
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else {
    const row = (label: string, r: Record<string, unknown>) => ({
      items: r[`${label}_items`],
      request_ms: r[`${label}_request_ms`],
      items_per_sec: r[`${label}_items_per_sec`],
      others_p95_idle_ms: ms2(idleP95),
      others_p95_during_ms: r[`others_p95_ms_during_${label}`],
      ratio: r[`others_p95_ratio_during_${label}`],
      job_tx_p50_p95_ms: String(r[`${label}_transaction_p50_p95_ms`]),
      disk_erasure_s: r[`${label}_disk_erasure_s`] ?? '',
    });
    console.table({ import: row('import', importing), delete_all: row('delete_all', deleting), delete_account: row('delete_account', leaving) });
    console.table(check);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
