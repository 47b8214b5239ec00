/** The real job registry, in-process provider and dispatcher, wired to a test database and local models. */
import type { LanguageModel } from 'ai';
import { afterAll, beforeAll } from 'vitest';
import { userDb } from '@/db/boundary';
import { eraseOnDisk } from '@/db/maintenance';
import type { BulkDeps } from '@/server/bulk/deps';
import { bulkEventFor, type BulkJobLauncher } from '@/server/bulk/launcher';
import { runChatTurn, type ChatTurnDeps } from '@/server/chat/run-chat-turn';
import { chatRequestSchema } from '@/server/chat/chat-request';
import { createDispatcher, deliverInProcess, type Deliver, type Dispatcher } from '@/server/jobs/dispatch';
import type { JobDeps } from '@/server/jobs/deps';
import { createInProcessProvider } from '@/server/jobs/in-process-provider';
import { jobs as registry } from '@/server/jobs/registry';
import type { AccountMailDeps } from '@/server/account/account-mail';
import type { Mailer } from '@/server/mail/mailer';
import { createLocalEmbedder } from '@/server/llm/local-embedder';
import { createOfflineModel } from '@/server/llm/offline-model';
import { createEmbedder, type Embedder } from '@/server/memory/embedder';
import { chatTurnMemory } from '@/server/chat/turn-memory';
import { createTestDatabase, type TestDatabase } from './db';
import { readUiStream, textOf, type StreamedChunk } from './mock-models';

export const LOCAL_EMBEDDING_ID = 'local:hash-256';

export function localEmbedder(): Embedder {
  return createEmbedder(createLocalEmbedder(), LOCAL_EMBEDDING_ID);
}

/** Tests that mail use tests/helpers/mail.ts; for the others a mail job fails. */
const noMailer: Mailer = { mode: 'file', send: () => Promise.reject(new Error('this test wires no mailer (tests/helpers/mail.ts does)')) };

/**
 * The registry's jobs on `t`, run by an in-process provider that never waits on the clock
 * (timeScale 0: debounce windows and retry backoffs are zero, their logic is not skipped).
 */
export function testJobs(
  t: TestDatabase,
  options: { extractionModel?: LanguageModel | null; embedder?: Embedder; deliver?: Deliver; bulk?: Partial<BulkDeps>; accountMail?: AccountMailDeps } = {},
) {
  const embedder = options.embedder ?? localEmbedder();
  const extractionModel = options.extractionModel ?? null;
  const lifecycle = { withUser: t.withUser, withSystem: t.withSystem };
  const deps: JobDeps = {
    extraction: { withUser: t.withUser, extractionModel, embedder },
    reembed: { ...lifecycle, embedder, batchSize: 3 },
    bulk: { withUser: t.withUser, embedder, eraseOnDisk: (tables) => eraseOnDisk(t.db, t.driver, tables), ...options.bulk },
    lifecycle,
    consolidation: { ...lifecycle, embedder, extractionModel },
    accountMail: options.accountMail ?? { withUser: t.withUser, mailer: noMailer, tokenKey: 'no-mail' },
    outbox: {
      withSystem: t.withSystem,
      get dispatcher() {
        return dispatcher;
      },
    },
  };
  const provider = createInProcessProvider(registry, deps, { timeScale: 0 });
  const dispatcher: Dispatcher = createDispatcher(t.withUser, options.deliver ?? deliverInProcess(provider));
  /** Runs each bulk job to its end before the request that started it returns (tests read the outcome). */
  const launcher: BulkJobLauncher = {
    launch: async (job) => {
      await provider.run(bulkEventFor(job.kind).create({ userId: job.userId, jobId: job.id }));
    },
  };
  return { deps, provider, dispatcher, embedder, launcher };
}

const launchers = new WeakMap<TestDatabase, BulkJobLauncher>();

/** One launcher per test database for tRPC callers that do not care how bulk jobs run. */
export function testLauncher(t: TestDatabase): BulkJobLauncher {
  let launcher = launchers.get(t);
  if (!launcher) {
    launcher = testJobs(t).launcher;
    launchers.set(t, launcher);
  }
  return launcher;
}

/**
 * One chat turn through the real route logic with the offline model, the fast channel and the
 * given dispatcher; waits for the after-response work (extraction) to finish.
 */
export async function chatTurn(...args: Parameters<typeof chatTurnChunks>): Promise<string> {
  return textOf(await chatTurnChunks(...args));
}

/** chatTurn, answering every chunk the browser would have read (data parts included). */
export async function chatTurnChunks(
  t: TestDatabase,
  jobs: ReturnType<typeof testJobs>,
  user: { id: string },
  conversationId: string,
  text: string,
  overrides: Partial<ChatTurnDeps> = {},
): Promise<StreamedChunk[]> {
  const deferred: Promise<void>[] = [];
  const db = userDb(t.withUser, user.id);
  const deps: ChatTurnDeps = {
    model: createOfflineModel(),
    modelId: 'offline',
    dispatcher: jobs.dispatcher,
    rateLimit: { check: () => undefined },
    ...chatTurnMemory({ embedder: jobs.embedder }),
    defer: (task) => void deferred.push(task()),
    ...overrides,
  };
  const request = chatRequestSchema.parse({ id: conversationId, trigger: 'submit-message', message: { text } });
  const chunks = await readUiStream(await runChatTurn(db, request, new AbortController().signal, deps));
  await Promise.all(deferred);
  await jobs.provider.idle();
  return chunks;
}

/**
 * A suite's embedded database with the real jobs (in-process provider), opened before its tests and closed after:
 * `const suite = pipelineDatabase();` then `suite.t` / `suite.jobs` inside the tests.
 */
export function pipelineDatabase(): { t: TestDatabase; jobs: ReturnType<typeof testJobs> } {
  const suite = {} as { t: TestDatabase; jobs: ReturnType<typeof testJobs> };
  beforeAll(async () => {
    suite.t = await createTestDatabase('pglite');
    suite.jobs = testJobs(suite.t);
  });
  afterAll(async () => suite.t?.close());
  return suite;
}
