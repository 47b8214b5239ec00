/**
 * The composition root: every production dependency of the app is wired here, once, from the
 * process-wide database (server/database.ts), models (server/models.ts) and mailer
 * (server/mail/app-mailer.ts). Routes, pages, the Inngest adapter and start-up take what they
 * need from this module; domain code under server/ receives it as arguments and never imports
 * it (lint: nothing else imports it but app/, inngest/, server/api/context.ts and
 * server/startup.ts).
 */
import 'server-only';
import { after } from 'next/server';
import { activeDriver, authAdapterDb, embeddedForeground, ownerDb, userDbFor, withSystem, withUser, withUserForJobs } from './database';
import { eraseOnDisk } from '../db/maintenance';
import type { AccountDeps } from './account/account-deps';
import { accountTokenKey } from './account/account-tokens';
import { tokenPepper } from './access-tokens/token-secret';
import { resolveAuthSecret } from './auth/secret';
import { bulkEventFor, type BulkJobLauncher } from './bulk/launcher';
import { chatTurnMemory } from './chat/turn-memory';
import { memoryTools } from './chat/memory-tools';
import { createChatRateLimit } from './chat/rate-limit';
import type { ChatTurnDeps } from './chat/run-chat-turn';
import { config } from './config';
import { env } from './env';
import type { OutboxRow } from './events/outbox';
import { createJobDeps } from './jobs/deps';
import { createDispatcher, defaultDeliver } from './jobs/dispatch';
import { inngestTransport, type EventTransport } from './jobs/event-transport';
import { createInProcessProvider } from './jobs/in-process-provider';
import { jobMode } from './jobs/job-mode';
import { jobs } from './jobs/registry';
import { llm } from './llm';
import { loggableError } from './logging/loggable-error';
import type { McpDeps, McpLimiters } from './mcp/handle-request';
import { configuredEmbedder, embedderFor } from './models';
import { appLimiters } from './ratelimit/limiters';
import { createStoreLimiter } from './ratelimit/limiter';

export { configuredEmbedder, embedderFor, userDbFor };

// --- Background jobs -------------------------------------------------------------------------

// Background work: it does not count as someone waiting (db/foreground.ts) and is paced by
// people's activity; the disk erasure runs on the owner connection, which alone may VACUUM.
export const jobDeps = createJobDeps(
  {
    withUser: withUserForJobs,
    withSystem,
    eraseOnDisk: (tables) => eraseOnDisk(ownerDb(), activeDriver(), tables),
    foreground: embeddedForeground,
    abandonStagingAfterMs: () => (activeDriver() === 'pglite' ? 0 : config.bulk.import.stagingStaleMs),
  },
  () => appDispatcher(),
);

/** This process's provider, used when no Inngest is configured. */
export const inProcessProvider = createInProcessProvider(jobs, jobDeps);

/** Delivers committed outbox events: to Inngest when it is configured, otherwise to this process. */
function appDispatcher() {
  return createDispatcher(withUser, defaultDeliver(inProcessProvider));
}

/** Events for background jobs: to Inngest when it is configured, otherwise to this process. Never waits for the runs. */
export const backgroundEvents: EventTransport = {
  send: async (events) => (jobMode() === 'inngest' ? inngestTransport() : inProcessProvider).send(events),
};

export const bulkJobLauncher: BulkJobLauncher = {
  async launch(job) {
    await backgroundEvents.send([bulkEventFor(job.kind).create({ userId: job.userId, jobId: job.id })]);
  },
};

// --- Account --------------------------------------------------------------------------------

/**
 * Hands an enqueued account mail to the background after the response (in-process or Inngest),
 * so a slow or unreachable SMTP server never holds a request; a failure stays in the outbox for
 * the sweeper to retry.
 */
function dispatchAfterResponse(row: OutboxRow): void {
  const dispatcher = appDispatcher();
  after(() => dispatcher.dispatch(row).catch((error: unknown) => console.error('[mail] dispatch failed', loggableError(error))));
}

/** The account flows: the app database, the link key from the auth secret, the app's limiters. */
export function accountDeps(): AccountDeps {
  const limiters = appLimiters();
  return {
    withSystem,
    tokenKey: accountTokenKey(resolveAuthSecret()),
    dispatch: dispatchAfterResponse,
    limits: { resetAccount: limiters.passwordResetAccount, resetAddress: limiters.passwordResetAddress, accountChanges: limiters.accountChanges },
  };
}

// --- Chat -----------------------------------------------------------------------------------

/** A chat turn: configured model, event bus, limiter, `after()`. */
export function chatTurnDeps(): ChatTurnDeps {
  const registry = llm();
  const chat = registry.describe().chat;
  const memory = chatTurnMemory({ embedder: configuredEmbedder(), embedderFor });
  return {
    model: registry.getChatModel(),
    modelId: chat.id,
    // Titles and rolling summaries are side tasks: the cheap extraction model does them.
    sideModel: registry.getExtractionModel(),
    dispatcher: appDispatcher(),
    ...memory,
    // A real model manages memory with tools; the offline model cannot call them (nor can some
    // OpenAI-compatible servers: CHAT_MEMORY_TOOLS=off) and relies on the fast channel's patterns.
    tools: chat.offline || env().CHAT_MEMORY_TOOLS === 'off' ? undefined : (db, context) => memoryTools(db, configuredEmbedder(), context),
    rateLimit: createChatRateLimit(appLimiters().chat),
    defer: (task) =>
      after(() =>
        task().catch((error: unknown) => {
          console.error('[chat] post-turn work failed', loggableError(error));
        }),
      ),
  };
}

// --- MCP ------------------------------------------------------------------------------------

const holder = globalThis as unknown as { __mindbaseMcpLimiters?: McpLimiters };

/**
 * Over the rate_limits table sign-in uses (server/ratelimit/), so a limit holds across every
 * instance. The sign-in limiters' purge sweeps these rows too (it covers the whole table).
 */
function mcpLimiters(): McpLimiters {
  holder.__mindbaseMcpLimiters ??= {
    perToken: createStoreLimiter(authAdapterDb(), 'mcp:token', config.mcp.perToken),
    badToken: createStoreLimiter(authAdapterDb(), 'mcp:bad-token', config.mcp.badTokenPerAddress),
  };
  return holder.__mindbaseMcpLimiters;
}

/** The MCP endpoint: the app database, configured embedder, shared limit store. */
export function mcpDeps(): McpDeps {
  return {
    withSystem,
    userDb: userDbFor,
    embedder: configuredEmbedder(),
    embedderFor,
    pepper: tokenPepper(),
    limiters: mcpLimiters(),
    proxyHops: config.auth.throttle.proxyHops,
  };
}
