/**
 * E-mail verification (issue 18): a link at sign-up, a "resend" for a signed-in user, and the
 * page that uses a link — both a verification link and the link that confirms a new address
 * (change-email.ts) end here. With AUTH_REQUIRE_VERIFIED_EMAIL=true chat waits for it
 * (server/auth/session.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { users } from '../../db/schema';
import { emailStatus } from '../auth/email-status';
import type { AccountDeps, RequestContext } from './account-deps';
import { spendAccountChange } from './account-changes';
import { enqueueAccountMail } from './account-mail';
import { consumeToken, inspectToken, issueAccountToken, type TokenCheck } from './account-tokens';

const UNIQUE_VIOLATION = '23505';

/** Mails a verification link to a new account (sign-up runs as the system role: no session yet). */
export async function sendVerificationMail(deps: AccountDeps, user: { id: string; email: string }, request: RequestContext): Promise<void> {
  const row = await deps.withSystem(async (tx) => {
    const token = await issueAccountToken(tx, deps.tokenKey, { userId: user.id, purpose: 'verify_email', email: user.email, now: deps.now?.() });
    return enqueueAccountMail(tx, { userId: user.id, tokenId: token.id, locale: request.locale, origin: request.origin });
  });
  await deps.dispatch(row);
}


export async function resendVerification(db: UserDb, deps: AccountDeps, request: RequestContext): Promise<{ status: 'sent' | 'already_verified'; email: string | null }> {
  const status = await emailStatus(db);
  if (status.verified || !status.email) return { status: 'already_verified', email: status.email };
  await spendAccountChange(deps, db.userId);
  const email = status.email;
  const row = await db.run(async (tx) => {
    const token = await issueAccountToken(tx, deps.tokenKey, { userId: db.userId, purpose: 'verify_email', email, now: deps.now?.() });
    return enqueueAccountMail(tx, { userId: db.userId, tokenId: token.id, locale: request.locale, origin: request.origin });
  });
  await deps.dispatch(row);
  return { status: 'sent', email };
}

/** A verification or new-address link, looked at without using it (the page that opens it). */
export async function inspectEmailLink(deps: Pick<AccountDeps, 'withSystem' | 'now'>, token: unknown): Promise<TokenCheck> {
  const now = deps.now?.() ?? new Date();
  const verify = await inspectToken(deps.withSystem, token, 'verify_email', now);
  if (verify.ok || verify.reason !== 'invalid') return verify;
  return inspectToken(deps.withSystem, token, 'change_email', now);
}

export type EmailLinkResult =
  | { ok: true; kind: 'verified' | 'changed'; email: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'taken' };

/**
 * Uses a verification link (the account's address counts as verified, if it is still the one the
 * link was sent to) or a new-address link (the account's address becomes the new one, verified).
 * An address another account took meanwhile changes nothing.
 */
export async function confirmEmailLink(deps: Pick<AccountDeps, 'withSystem' | 'now'>, token: unknown): Promise<EmailLinkResult> {
  const now = deps.now?.() ?? new Date();
  const check = await inspectEmailLink(deps, token);
  if (!check.ok) return check;
  const { row } = check;
  try {
    return await deps.withSystem(async (tx): Promise<EmailLinkResult> => {
      if (!(await consumeToken(tx, row.id, now))) return { ok: false, reason: 'used' };
      if (row.purpose === 'change_email') {
        await tx.update(users).set({ email: row.email, emailVerified: now }).where(eq(users.id, row.userId));
        return { ok: true, kind: 'changed', email: row.email };
      }
      await tx
        .update(users)
        .set({ emailVerified: now })
        .where(and(eq(users.id, row.userId), eq(users.email, row.email), isNull(users.emailVerified)));
      return { ok: true, kind: 'verified', email: row.email };
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    if (code === UNIQUE_VIOLATION) return { ok: false, reason: 'taken' };
    throw error;
  }
}
