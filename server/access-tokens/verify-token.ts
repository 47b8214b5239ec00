/**
 * Checks the bearer token of an MCP request (issue 17). The request has no user yet, so the
 * lookup by hash runs as the system role (a named system-role call site, README); everything the
 * app then does runs inside withUser for the token's owner.
 */
import { and, eq } from 'drizzle-orm';
import type { WithSystem } from '../../db/boundary';
import { accessTokens, bulkJobs, type AccessTokenRow } from '../../db/schema';
import { tokenState } from './token-state';
import { hashToken, looksLikeToken } from './token-secret';

export type TokenRefusal = 'missing' | 'malformed' | 'unknown' | 'expired' | 'revoked' | 'paused';

export type TokenCheck = { ok: true; token: AccessTokenRow } | { ok: false; refusal: TokenRefusal; message: string };

const MESSAGES: Record<TokenRefusal, string> = {
  missing: 'Send a Mindbase personal access token as "Authorization: Bearer mb_pat_…" (Settings → Connected apps).',
  malformed: 'The Authorization header is not a Mindbase personal access token (Bearer mb_pat_…).',
  unknown: 'This token is not valid. Create a new one in Settings → Connected apps.',
  expired: 'This token has expired. Create a new one in Settings → Connected apps.',
  revoked: 'This token was revoked. Create a new one in Settings → Connected apps.',
  paused: 'This app is paused. Resume it in Settings → Connected apps.',
};

const refuse = (refusal: TokenRefusal): TokenCheck => ({ ok: false, refusal, message: MESSAGES[refusal] });

/** The token of an `Authorization: Bearer …` header; null when there is none of that form. */
export function bearerOf(authorization: string | null): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

export async function verifyAccessToken(withSystem: WithSystem, authorization: string | null, pepper: Buffer, now: Date): Promise<TokenCheck> {
  if (!authorization) return refuse('missing');
  const token = bearerOf(authorization);
  // Not our shape: refused without a database lookup.
  if (!token || !looksLikeToken(token)) return refuse('malformed');
  const found = await withSystem(async (tx) => {
    const [row] = await tx.select().from(accessTokens).where(eq(accessTokens.tokenHash, hashToken(token, pepper))).limit(1);
    if (!row) return null;
    // An account whose deletion was asked for is gone; its tokens with it (they are deleted in
    // that transaction too, server/account/delete-account.ts: this is the second lock).
    const [deleting] = await tx
      .select({ id: bulkJobs.id })
      .from(bulkJobs)
      .where(and(eq(bulkJobs.userId, row.userId), eq(bulkJobs.kind, 'delete_account')))
      .limit(1);
    return deleting ? null : row;
  });
  if (!found) return refuse('unknown');
  const state = tokenState(found, now);
  return state === 'active' ? { ok: true, token: found } : refuse(state);
}
