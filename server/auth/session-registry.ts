/**
 * Server-side session records (issue 14, item 6). Session cookies are JWTs (the Credentials
 * provider requires them), which by themselves stay valid until they expire: a copied cookie
 * outlived sign-out and account deletion. Each sign-in now opens a row in `sessions` (the
 * Auth.js table, unused by JWT sessions until now) whose id the JWT carries; every request that
 * reads the session checks that row, sign-out deletes it, and deleting the account deletes it
 * with everything else (foreign key, on delete cascade).
 *
 * Cost: one primary-key read per authenticated request (`session_token = $1`), one round trip on
 * the system-role handle (no transaction); on PGlite it runs in process.
 *
 * Runs on the system-role handle because the check is what establishes who the user is; the
 * token is 256 random bits from the signed, encrypted cookie, and the row must also name the
 * cookie's user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Database } from '../../db/types';

export interface SessionRegistry {
  /** A new live session for `userId`; returns its id, for the JWT. */
  open(userId: string, details?: { userAgent?: string | null }): Promise<string>;
  /** True while the session exists, belongs to `userId` and has not expired. */
  isLive(session: { sessionId: string; userId: string }): Promise<boolean>;
  /** Ends one session (sign-out). Other browsers of the same user stay signed in. */
  revoke(sessionId: string): Promise<void>;
}

/**
 * The name of a session for the browser (issue 18: the account page's list): the first 128 bits
 * of the SHA-256 of its token, never the token itself. user-sessions.ts computes the same in SQL.
 */
export function publicSessionId(sessionToken: string): string {
  return createHash('sha256').update(sessionToken).digest('hex').slice(0, 32);
}

/** A User-Agent is stored for the account page, not parsed here; past this it is noise. */
const USER_AGENT_MAX = 512;

export function createSessionRegistry(
  db: Database,
  options: { maxAgeSeconds: number; purgeBatch: number; lastSeenEverySeconds?: number; now?: () => Date },
): SessionRegistry {
  const now = options.now ?? (() => new Date());
  const lastSeenEveryMs = (options.lastSeenEverySeconds ?? 300) * 1000;
  return {
    async open(userId, details) {
      const sessionToken = randomBytes(32).toString('base64url');
      const at = now();
      const userAgent = details?.userAgent ? details.userAgent.replace(/\p{Cc}/gu, '').slice(0, USER_AGENT_MAX) : null;
      await db.insert(sessions).values({ sessionToken, userId, userAgent, createdAt: at, lastSeenAt: at, expires: new Date(at.getTime() + options.maxAgeSeconds * 1000) });
      // Expired rows go a batch at a time on each sign-in, by the expiry index: bounded work, and
      // the table stays near the number of live sessions as long as anyone signs in.
      const expired = db.select({ token: sessions.sessionToken }).from(sessions).where(lt(sessions.expires, at)).limit(options.purgeBatch);
      await db.delete(sessions).where(inArray(sessions.sessionToken, expired));
      return sessionToken;
    },
    async isLive({ sessionId, userId }) {
      const at = now();
      const [row] = await db
        .select({ lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(and(eq(sessions.sessionToken, sessionId), eq(sessions.userId, userId), gt(sessions.expires, at)))
        .limit(1);
      if (!row) return false;
      // "Last seen" for the account page, written at most once per lastSeenEverySeconds: a write
      // on every request would double the cost of the check.
      if (at.getTime() - row.lastSeenAt.getTime() >= lastSeenEveryMs) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.sessionToken, sessionId));
      }
      return true;
    },
    async revoke(sessionId) {
      await db.delete(sessions).where(eq(sessions.sessionToken, sessionId));
    },
  };
}
