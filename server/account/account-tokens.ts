/**
 * Single-use links (issue 18). A token is HMAC(key, row id): 256 bits no one can guess without
 * the server key, and recomputable from the id alone, so the background job that mails the link
 * needs only the id — the outbox event and the account_tokens row hold no usable token, only its
 * SHA-256 (found by unique index, before anyone is signed in). Issuing a link voids the user's
 * earlier unused links of the same purpose; using one is an update that succeeds once.
 */
import { createHash, createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { WithSystem } from '../../db/boundary';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';

export type AccountTokenRow = typeof accountTokens.$inferSelect;

const MINUTES: Record<AccountTokenPurpose, number> = {
  password_reset: config.auth.accountTokens.passwordResetMinutes,
  verify_email: config.auth.accountTokens.verifyEmailMinutes,
  change_email: config.auth.accountTokens.changeEmailMinutes,
};

export const tokenLifetimeMinutes = (purpose: AccountTokenPurpose): number => MINUTES[purpose];

/** The HMAC key of link tokens, derived from the auth secret so it needs no configuration of its own. */
export function accountTokenKey(authSecret: string): string {
  return createHmac('sha256', authSecret).update('mindbase account link v1').digest('base64url');
}

export function tokenForId(key: string, id: string): string {
  return createHmac('sha256', key).update(id).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** What a link's `token` parameter must look like (43 base64url characters); anything else is not a token. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * A new link for `userId`, in the caller's transaction (which also enqueues the mail). Voids the
 * user's unused links of this purpose and drops their expired ones.
 */
export async function issueAccountToken(
  tx: Tx,
  key: string,
  input: { userId: string; purpose: AccountTokenPurpose; email: string; now?: Date },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  await tx
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        or(lt(accountTokens.expiresAt, now), and(eq(accountTokens.purpose, input.purpose), isNull(accountTokens.usedAt))),
      ),
    );
  const id = crypto.randomUUID();
  const token = tokenForId(key, id);
  const expiresAt = new Date(now.getTime() + MINUTES[input.purpose] * 60_000);
  await tx.insert(accountTokens).values({ id, userId: input.userId, purpose: input.purpose, tokenHash: hashToken(token), email: input.email, expiresAt });
  return { id, token, expiresAt };
}

export type TokenCheck = { ok: true; row: AccountTokenRow } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * What a link's token is, without using it: for the page that opens it. Forged, mistyped and
 * replaced tokens are all `invalid` (nothing is found by their hash).
 */
export async function inspectToken(withSystem: WithSystem, token: unknown, purpose: AccountTokenPurpose, now = new Date()): Promise<TokenCheck> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const [row] = await withSystem((tx) =>
    tx
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.tokenHash, hashToken(parsed.data)), eq(accountTokens.purpose, purpose)))
      .limit(1),
  );
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, row };
}

/** Marks the link used; false when another request used it first or it expired meanwhile. */
export async function consumeToken(tx: Tx, id: string, now = new Date()): Promise<boolean> {
  const used = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ id: accountTokens.id });
  return used.length === 1;
}
