import 'server-only';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { auditLog } from '../../../db/schema';
import { appNames } from '../../access-tokens/manage-tokens';
import { appTokenIdOf } from '../../access-tokens/app-actor';
import { encodeActivityCursor } from './cursors';
import type { activityInput, activityPage } from './schemas';

/** Memory events newest first (SPEC §7 audit log), keyset-paginated like the memory list. */
export async function activityLog(db: UserDb, input: z.output<typeof activityInput>): Promise<z.output<typeof activityPage>> {
  // The input schema checked the cursor is one of ours (server/memory/manage/cursors.ts).
  const after: SQL | undefined = input.cursor
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${input.cursor.at}::timestamptz, ${input.cursor.id}::uuid)`
    : undefined;
  const { rows, names } = await db.run(async (tx) => {
    const rows = await tx
      .select({ entry: auditLog, key: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .where(after)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.limit + 1);
    const appIds = [...new Set(rows.flatMap((r) => appTokenIdOf(r.entry.actor) ?? []))];
    return { rows, names: await appNames(tx, appIds) };
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ entry }) => ({
      id: entry.id,
      actor: entry.actor,
      appName: names.get(appTokenIdOf(entry.actor) ?? '') ?? null,
      action: entry.action,
      memoryId: entry.memoryId,
      detail: entry.detail,
      createdAt: entry.createdAt,
    })),
    nextCursor: rows.length > input.limit && last ? encodeActivityCursor(last.key, last.entry.id) : null,
  };
}
