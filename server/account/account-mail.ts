/**
 * Mailing an account link (issue 18) through the outbox: the request that issues the token
 * enqueues `account/mail.requested` in the same transaction and hands it to the dispatcher after
 * the response; a failed send is retried by the sweeper (in-process) or by Inngest, and never
 * holds the request. The job mails only a link that can still be used: one replaced by a newer
 * request or already used while the mail waited is dropped.
 */
import { eq } from 'drizzle-orm';
import type { WithUser } from '../../db/boundary';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema';
import type { Tx } from '../../db/types';
import { accountMailData, accountMailRequested, type AccountMailData } from '../events/contracts';
import { enqueueEvent, type OutboxRow } from '../events/outbox';
import type { Steps } from '../steps';
import type { Mailer } from '../mail/mailer';
import { renderAccountMail } from '../mail/templates';
import { tokenForId, tokenLifetimeMinutes } from './account-tokens';

export interface AccountMailDeps {
  withUser: WithUser;
  mailer: Mailer;
  /** account-tokens.ts accountTokenKey() */
  tokenKey: string;
  now?: () => Date;
}

const PAGE: Record<AccountTokenPurpose, string> = {
  password_reset: '/reset-password',
  verify_email: '/verify-email',
  change_email: '/verify-email',
};

const KIND: Record<AccountTokenPurpose, string> = {
  password_reset: 'password-reset',
  verify_email: 'verify-email',
  change_email: 'change-email',
};

export function accountLink(origin: string, purpose: AccountTokenPurpose, token: string): string {
  const url = new URL(PAGE[purpose], origin);
  url.searchParams.set('token', token);
  return url.toString();
}

export function enqueueAccountMail(tx: Tx, data: AccountMailData): Promise<OutboxRow> {
  const payload = accountMailData.parse(data);
  return enqueueEvent(tx, { userId: payload.userId, event: accountMailRequested.name, payload, idempotencyKey: `mail-${payload.tokenId}` });
}

export type AccountMailResult = { sent: true; via: 'smtp' | 'file' } | { sent: false; reason: 'gone' | 'used' | 'expired' };

export async function sendAccountMail(steps: Steps, data: unknown, deps: AccountMailDeps): Promise<AccountMailResult> {
  const { userId, tokenId, locale, origin } = accountMailData.parse(data);
  // One step: loading the row and sending belong together (a retry re-checks that the link is live).
  return steps.run('send-mail', async (): Promise<AccountMailResult> => {
    const [row] = await deps.withUser(userId, (tx) => tx.select().from(accountTokens).where(eq(accountTokens.id, tokenId)).limit(1));
    if (!row) return { sent: false, reason: 'gone' };
    if (row.usedAt) return { sent: false, reason: 'used' };
    if (row.expiresAt <= (deps.now?.() ?? new Date())) return { sent: false, reason: 'expired' };
    const link = accountLink(origin, row.purpose, tokenForId(deps.tokenKey, row.id));
    const content = renderAccountMail(row.purpose, locale, { link, minutes: tokenLifetimeMinutes(row.purpose) });
    const delivery = await deps.mailer.send({ to: row.email, kind: KIND[row.purpose], link, ...content });
    return { sent: true, via: delivery.via };
  });
}
