import 'server-only';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { auditLog } from '../../../db/schema';
import { AppError } from '../../errors';
import type { activityInput, activityPage } from './schemas';

/** Memory events newest first (SPEC §7 audit log), keyset-paginated like the memory list. */
export async function activityLog(db: UserDb, input: z.output<typeof activityInput>): Promise<z.output<typeof activityPage>> {
  let after: SQL | undefined;
  if (input.cursor) {
    const [key, id] = Buffer.from(input.cursor, 'base64url').toString('utf8').split('\n');
    if (!key || !id || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('bad_request:memory', 'That page cursor is not valid; reload the list.');
    after = sql`(${auditLog.createdAt}, ${auditLog.id}) < (${key}::timestamptz, ${id}::uuid)`;
  }
  const rows = await db.run((tx) =>
    tx
      .select({ entry: auditLog, key: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .where(after)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.limit + 1),
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ entry }) => ({
      id: entry.id,
      actor: entry.actor,
      action: entry.action,
      memoryId: entry.memoryId,
      detail: entry.detail,
      createdAt: entry.createdAt,
    })),
    nextCursor: rows.length > input.limit && last ? Buffer.from(`${last.key}\n${last.entry.id}`).toString('base64url') : null,
  };
}
