import { and, asc, eq } from 'drizzle-orm';
import { auditLog, memories, memorySources, memoryVersions } from '@/db/schema';
import type { TestDatabase } from './db';

export async function memoriesOf(t: TestDatabase, userId: string, status?: (typeof memories.$inferSelect)['status']) {
  return t.db
    .select()
    .from(memories)
    .where(and(eq(memories.userId, userId), status ? eq(memories.status, status) : undefined))
    .orderBy(asc(memories.createdAt));
}

export const summariesOf = async (t: TestDatabase, userId: string, status: (typeof memories.$inferSelect)['status'] = 'active') =>
  (await memoriesOf(t, userId, status)).map((m) => m.summary);

export async function versionsOf(t: TestDatabase, memoryId: string) {
  return t.db.select().from(memoryVersions).where(eq(memoryVersions.memoryId, memoryId)).orderBy(asc(memoryVersions.version));
}

export async function sourcesOf(t: TestDatabase, memoryId: string) {
  return t.db.select().from(memorySources).where(eq(memorySources.memoryId, memoryId));
}

/** Every stored text about a user's memory: rows, versions, sources, audit. For leak checks. */
export async function everythingStored(t: TestDatabase, userId: string): Promise<string> {
  // Ordered: a table rewrite (the disk erasure after someone else's deletion) moves rows around.
  const [m, v, s, a] = await Promise.all([
    t.db.select().from(memories).where(eq(memories.userId, userId)).orderBy(asc(memories.id)),
    t.db.select().from(memoryVersions).where(eq(memoryVersions.userId, userId)).orderBy(asc(memoryVersions.id)),
    t.db.select().from(memorySources).where(eq(memorySources.userId, userId)).orderBy(asc(memorySources.id)),
    t.db.select().from(auditLog).where(eq(auditLog.userId, userId)).orderBy(asc(auditLog.id)),
  ]);
  return JSON.stringify([m, v, s, a]);
}
