/**
 * Personal access tokens: how one is made, shown and stored (issue 17).
 *
 * A token is `mb_pat_` + 32 random bytes (256 bits, base64url). It is shown once and stored only
 * as HMAC-SHA-256 under a server pepper, not argon2id, on purpose:
 * - argon2id exists to slow down guessing of *human* passwords. A 256-bit random token cannot be
 *   guessed at any speed, so stretching buys nothing.
 * - A fast, deterministic hash is the lookup key: the request's token is hashed once and found by
 *   a unique index. A salted argon2 hash cannot be looked up by value, and spending ~50 ms of CPU
 *   on every MCP call (and every wrong token) would hand anyone a cheap way to load the server.
 * - The pepper (TOKEN_PEPPER, else derived from AUTH_SECRET) lives outside the database, so a
 *   stolen copy of the table alone cannot even confirm a leaked token.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { resolveAuthSecret } from '../auth/secret';
import { env } from '../env';

export const TOKEN_PREFIX = 'mb_pat_';
const TOKEN_BYTES = 32;
/** The prefix plus this many characters of the random part are kept as a visible hint. */
const HINT_CHARS = 4;
/** base64url of 32 bytes is 43 characters; anything else is not one of ours. */
const TOKEN_SHAPE = /^mb_pat_[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

export function looksLikeToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

export function tokenHint(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + HINT_CHARS);
}

export function hashToken(token: string, pepper: Buffer): string {
  return createHmac('sha256', pepper).update(token, 'utf8').digest('hex');
}

let pepper: Buffer | undefined;

/**
 * TOKEN_PEPPER when set; otherwise a key derived from the auth secret (HKDF, its own label), so
 * a fresh clone works with no configuration and the session-signing key is never used as is.
 */
export function tokenPepper(): Buffer {
  pepper ??= Buffer.from(hkdfSync('sha256', env().TOKEN_PEPPER ?? resolveAuthSecret(), 'mindbase', 'access-token-pepper', 32));
  return pepper;
}
