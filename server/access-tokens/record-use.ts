import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { accessTokens, type AccessTokenRow } from '../../db/schema';
import { config } from '../config';

const CLIENT_MAX_CHARS = 120;

/**
 * "Last used" and the client's name for Connected apps. Written at most once per
 * config.mcp.lastUsedEverySeconds per token (or when the client changes), so an agent's burst of
 * calls is not a burst of row updates.
 */
export async function recordTokenUse(db: UserDb, token: AccessTokenRow, client: string | null, now: Date): Promise<void> {
  const lastClient = client ? client.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim().slice(0, CLIENT_MAX_CHARS) || null : token.lastClient;
  const due = new Date(now.getTime() - config.mcp.lastUsedEverySeconds * 1000);
  await db.run((tx) =>
    tx
      .update(accessTokens)
      .set({ lastUsedAt: now, lastClient })
      .where(
        and(
          eq(accessTokens.id, token.id),
          or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, due), lastClient === null ? undefined : or(isNull(accessTokens.lastClient), ne(accessTokens.lastClient, lastClient))),
        ),
      ),
  );
}
