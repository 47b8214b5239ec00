/**
 * The events background jobs are triggered by. Names and payloads are stored in the outbox
 * table, so they never change shape without a migration of its rows.
 */
import { z } from 'zod';
import { defineEvent } from './define-event';

export const turnCompletedData = z.object({
  userId: z.string().min(1),
  conversationId: z.uuid(),
  /** The user message and the assistant reply of the turn, in order. */
  messageIds: z.array(z.uuid()).min(1),
});
export type TurnCompletedData = z.infer<typeof turnCompletedData>;

export const turnCompleted = defineEvent('memory/turn.completed', turnCompletedData);

export const reembedRequestedData = z.object({
  /** One user's memories; omitted → every user with a backlog (fanned out per user). */
  userId: z.string().min(1).optional(),
});
export type ReembedRequestedData = z.infer<typeof reembedRequestedData>;

export const reembedRequested = defineEvent('memory/reembed.requested', reembedRequestedData);

/** A bulk job (server/bulk/) whose bulk_jobs row the request already created. */
export const bulkJobData = z.object({
  userId: z.string().min(1),
  jobId: z.uuid(),
});
export type BulkJobData = z.infer<typeof bulkJobData>;

/** Write a staged import in chunks (server/bulk/run-import.ts). */
export const importRequested = defineEvent('memory/import.requested', bulkJobData);

/** Sweep what a "delete all" or an account deletion hid, then erase it on disk (run-erasure.ts). */
export const erasureRequested = defineEvent('memory/erasure.requested', bulkJobData);

/**
 * Issue 18: mail the link of an account_tokens row (password reset, verification, new address).
 * The token is recomputed from the id by the job (server/account/account-tokens.ts): the event
 * carries nothing that opens the link. `origin` is the site the link points at.
 */
export const accountMailData = z.object({
  userId: z.string().min(1),
  tokenId: z.uuid(),
  locale: z.enum(['en', 'zh']),
  origin: z.url({ protocol: /^https?$/ }),
});
export type AccountMailData = z.infer<typeof accountMailData>;

export const accountMailRequested = defineEvent('account/mail.requested', accountMailData);
