/**
 * "Connected apps" (issue 17): the signed-in user makes, pauses and revokes personal access
 * tokens for MCP clients. Everything runs inside withUser, so a token id of another user is
 * simply not found.
 */
import 'server-only';
import { count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { accessTokens, auditLog, memories, type AccessTokenRow } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import { AppError } from '../errors';
import { appActor, READ_ACTION } from './app-actor';
import type { AccessTokenItem, appActivity, createAccessTokenInput } from './schemas';
import { tokenState } from './token-state';
import { generateToken, hashToken, tokenHint } from './token-secret';

const DAY_MS = 24 * 60 * 60 * 1000;

export function toTokenItem(row: AccessTokenRow, now = new Date()): AccessTokenItem {
  return {
    id: row.id,
    name: row.name,
    hint: row.tokenHint,
    scope: row.scope,
    state: tokenState(row, now),
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    lastClient: row.lastClient,
    pausedAt: row.pausedAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
  };
}

async function findToken(tx: Tx, id: string): Promise<AccessTokenRow> {
  const [row] = await tx.select().from(accessTokens).where(eq(accessTokens.id, id)).limit(1);
  if (!row) throw new AppError('not_found:settings', 'That connected app does not exist.');
  return row;
}

/** Makes a token and returns it once; only its peppered hash is kept. */
export async function createAccessToken(
  db: UserDb,
  input: z.output<typeof createAccessTokenInput>,
  pepper: Buffer,
  now = new Date(),
): Promise<{ token: string; item: AccessTokenItem }> {
  const token = generateToken();
  const row = await db.run(async (tx) => {
    const [live] = await tx.select({ n: count() }).from(accessTokens).where(isNull(accessTokens.revokedAt));
    if ((live?.n ?? 0) >= config.mcp.maxTokensPerUser) {
      throw new AppError('conflict:settings', `You have ${config.mcp.maxTokensPerUser} connected apps; revoke one you no longer use first.`);
    }
    const [created] = await tx
      .insert(accessTokens)
      .values({
        userId: db.userId,
        name: input.name,
        scope: input.scope,
        tokenHash: hashToken(token, pepper),
        tokenHint: tokenHint(token),
        expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
      })
      .returning();
    if (!created) throw new AppError('internal:database', 'The token could not be created.');
    return created;
  });
  return { token, item: toTokenItem(row, now) };
}

export async function listAccessTokens(db: UserDb): Promise<AccessTokenItem[]> {
  const rows = await db.run((tx) => tx.select().from(accessTokens).orderBy(desc(accessTokens.createdAt), desc(accessTokens.id)));
  const now = new Date();
  return rows.map((row) => toTokenItem(row, now));
}

/** Pausing refuses the app's calls (401) until resumed; the token itself stays valid. */
export async function setAccessTokenPaused(db: UserDb, id: string, paused: boolean): Promise<AccessTokenItem> {
  return db.run(async (tx) => {
    const current = await findToken(tx, id);
    if (current.revokedAt) throw new AppError('conflict:settings', 'That app was revoked; create a new token instead.');
    const [row] = await tx
      .update(accessTokens)
      .set({ pausedAt: paused ? (current.pausedAt ?? new Date()) : null })
      .where(eq(accessTokens.id, id))
      .returning();
    return toTokenItem(row ?? current);
  });
}

/** Revoked at once and for good: the next call with it gets 401. The row stays so the activity log can still name the app. */
export async function revokeAccessToken(db: UserDb, id: string): Promise<AccessTokenItem> {
  return db.run(async (tx) => {
    const current = await findToken(tx, id);
    if (current.revokedAt) return toTokenItem(current);
    const [row] = await tx
      .update(accessTokens)
      .set({ revokedAt: new Date() })
      .where(eq(accessTokens.id, id))
      .returning();
    return toTokenItem(row ?? current);
  });
}

type ActivityEntry = z.output<typeof appActivity>['entries'][number];

const idsOf = (detail: Record<string, unknown>): string[] =>
  Array.isArray(detail.memoryIds) ? detail.memoryIds.filter((v): v is string => typeof v === 'string') : [];

/** What one app read and wrote, newest first: its audit entries, with the memories a read returned. */
export async function appActivityOf(db: UserDb, id: string): Promise<z.output<typeof appActivity>> {
  return db.run(async (tx) => {
    const token = await findToken(tx, id);
    const rows = await tx
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, appActor(token.id)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(config.mcp.activityLimit);
    const readIds = [...new Set(rows.flatMap((r) => (r.action === READ_ACTION ? idsOf(r.detail) : [])))];
    // A memory deleted since keeps its id in the entry but no text: the read is still shown.
    const live = readIds.length > 0 ? await tx.select({ id: memories.id, summary: memories.summary }).from(memories).where(inArray(memories.id, readIds)) : [];
    const summaryOf = new Map(live.map((m) => [m.id, m.summary]));
    const entries: ActivityEntry[] = rows.map((r) => ({
      id: r.id,
      action: r.action,
      tool: typeof r.detail.tool === 'string' ? r.detail.tool : null,
      memoryId: r.memoryId,
      memories: idsOf(r.detail).map((memoryId) => ({ id: memoryId, summary: summaryOf.get(memoryId) ?? null })),
      summary: typeof r.detail.summary === 'string' ? r.detail.summary : null,
      createdAt: r.createdAt,
    }));
    return { token: toTokenItem(token), entries };
  });
}

/** The names of the apps behind `app:<id>` actors, for the activity log's "by <app>". */
export async function appNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: accessTokens.id, name: accessTokens.name }).from(accessTokens).where(inArray(accessTokens.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
