/**
 * The account page's list of signed-in sessions (issue 18), on the session rows of
 * server/auth/session-registry.ts. A session is named to the browser by its public id
 * (publicSessionId there; the same computed in SQL here), never by its token.
 */
import Bowser from 'bowser';
import { and, desc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { sessions } from '../../db/schema';
import type { Tx } from '../../db/types';
import { AppError } from '../errors';

/** session-registry.ts publicSessionId(), in SQL. */
const publicIdSql: SQL<string> = sql<string>`substr(encode(sha256(convert_to(${sessions.sessionToken}, 'UTF8')), 'hex'), 1, 32)`;

export const sessionIdInput = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Not a session id.') }).strict();

export interface SessionSummary {
  id: string;
  /** "Chrome 131 on macOS", from the browser's User-Agent at sign-in. */
  device: string;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** "Firefox 133 on Windows" — or "Unknown browser" when the sign-in had no User-Agent. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name ?? '';
  const kind = parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' ? ` (${parsed.platform.type})` : '';
  if (!browser && !os) return 'Unknown browser';
  return `${browser || 'Unknown browser'}${os ? ` on ${os}` : ''}${kind}`;
}

export async function listSessions(db: UserDb, currentId: string | null, now = new Date()): Promise<SessionSummary[]> {
  const rows = await db.run((tx) =>
    tx
      .select({ id: publicIdSql, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(eq(sessions.userId, db.userId), gt(sessions.expires, now)))
      .orderBy(desc(sessions.lastSeenAt)),
  );
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === currentId,
  }));
}

/** Signs one session out. Someone else's id (or a made-up one) is not found: the row is invisible under RLS. */
export async function revokeSession(db: UserDb, id: string): Promise<void> {
  const ended = await db.run((tx) =>
    tx
      .delete(sessions)
      .where(and(eq(sessions.userId, db.userId), eq(publicIdSql, id)))
      .returning({ token: sessions.sessionToken }),
  );
  if (ended.length === 0) throw new AppError('not_found:settings', 'That session has already ended.');
}

/** Every session of the account, or every one but `exceptId` (this browser's). Returns how many ended. */
export function revokeAllSessions(db: UserDb, exceptId: string | null = null): Promise<number> {
  return db.run((tx) => revokeSessionsIn(tx, db.userId, exceptId));
}

/** The same inside the caller's transaction (a new password and the sign-outs it causes commit together). */
export async function revokeSessionsIn(tx: Tx, userId: string, exceptId: string | null): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(exceptId ? and(eq(sessions.userId, userId), ne(publicIdSql, exceptId)) : eq(sessions.userId, userId))
    .returning({ token: sessions.sessionToken });
  return ended.length;
}
