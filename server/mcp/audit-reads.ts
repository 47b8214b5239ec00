import type { UserDb } from '../../db/boundary';
import { auditLog } from '../../db/schema';
import { READ_ACTION } from '../access-tokens/app-actor';
import type { Actor } from '../memory/memory-types';

/**
 * Logs what an app read (issue 17): one audit entry per tool call with the ids it returned,
 * so the user can see which memories each app retrieved and when. Only ids, never the query or
 * the text: a memory deleted later leaves no words behind in this entry.
 */
export async function recordRead(db: UserDb, actor: Actor, tool: string, memoryIds: string[]): Promise<void> {
  await db.run((tx) => tx.insert(auditLog).values({ userId: db.userId, actor, action: READ_ACTION, memoryId: null, detail: { tool, memoryIds, count: memoryIds.length } }));
}
