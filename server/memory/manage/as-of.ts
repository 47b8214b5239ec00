import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { queryRows } from '../../../db/rows';
import { MEMORY_STATUSES } from '../../../db/schema/memory';
import { AS_OF_MAX_ITEMS, asOfItem, type asOfOutput } from './schemas';

/** The part of a version snapshot (the whole row as JSON, see record-change.ts) this view shows. */
const snapshotView = asOfItem
  .pick({ type: true, kind: true, summary: true, entities: true, importance: true, sensitive: true })
  .extend({ validUntil: z.string().nullable() });

interface Row {
  memory_id: string;
  version: number;
  snapshot: unknown;
  since: string | Date;
  current_version: number;
  current_status: string;
  current_summary: string;
}

const currentStatus = z.enum(MEMORY_STATUSES);

/**
 * What the assistant believed at `at`: for every memory that still exists, the version that was
 * current then, kept if that version was active and not yet expired (what recall would have
 * used). Hard-deleted memories took their versions with them, so they cannot appear. Imported
 * memories count from the import, not from the dates in the file: before it, Mindbase did not
 * know them.
 */
export async function memoriesAsOf(db: UserDb, at: Date): Promise<z.output<typeof asOfOutput>> {
  // The schema allows a few minutes of clock skew; past the server's now is still just now.
  const moment = new Date(Math.min(at.getTime(), Date.now()));
  const iso = moment.toISOString();
  const rows = await db.run((tx) =>
    queryRows<Row>(
      tx,
      sql`with then_current as (
            select distinct on (v.memory_id) v.memory_id, v.version, v.snapshot, v.created_at
            from memory_versions v
            where v.created_at <= ${iso}::timestamptz
            order by v.memory_id, v.version desc
          )
          select t.memory_id, t.version, t.snapshot, t.created_at as since,
                 m.version as current_version, m.status as current_status, m.summary as current_summary
          from then_current t
          join memories m on m.id = t.memory_id
          where t.snapshot->>'status' = 'active'
            and (t.snapshot->>'validUntil' is null or (t.snapshot->>'validUntil')::timestamptz > ${iso}::timestamptz)
          order by (t.snapshot->>'importance')::int desc nulls last, t.created_at desc, t.memory_id
          limit ${AS_OF_MAX_ITEMS + 1}`,
    ),
  );
  const items: z.output<typeof asOfItem>[] = [];
  for (const row of rows.slice(0, AS_OF_MAX_ITEMS)) {
    // Every snapshot is a whole row written by recordChange; one that is not cannot be shown
    // faithfully, so it is left out rather than shown half-empty.
    const parsed = snapshotView.safeParse(row.snapshot);
    if (!parsed.success) continue;
    const s = parsed.data;
    items.push({
      id: row.memory_id,
      version: Number(row.version),
      type: s.type,
      kind: s.kind,
      summary: s.summary,
      entities: s.entities,
      importance: s.importance,
      sensitive: s.sensitive,
      validUntil: s.validUntil ? new Date(s.validUntil) : null,
      since: new Date(row.since),
      currentVersion: Number(row.current_version),
      currentStatus: currentStatus.parse(row.current_status),
      currentSummary: row.current_summary,
    });
  }
  return { at: moment, items, truncated: rows.length > AS_OF_MAX_ITEMS };
}
