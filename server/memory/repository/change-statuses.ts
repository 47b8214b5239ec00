/**
 * Many status changes in a few statements, for the lifecycle jobs. On PGlite every statement of
 * a job's transaction keeps a concurrent chat waiting (one backend, one transaction at a time),
 * and updateMemory spends three statements per memory; here a chunk of changes costs one UPDATE
 * (each row's values picked by id) plus one INSERT of versions and one of audit entries — the
 * same rows updateMemory writes, with the same optimistic version check.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { memories } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { ChangeContext, MemoryRow } from '../memory-types';
import { recordChanges, type RecordedChange } from './record-change';

export interface StatusChange {
  /** The row as the job read it; the change applies only if it is still at this version. */
  row: MemoryRow;
  status: MemoryRow['status'];
  statusReason: string | null;
  /** Also point `supersedesId` here (consolidation's link from a source to its summary). */
  link?: string;
  change: ChangeContext;
  action: string;
}

export interface AppliedChanges {
  /** The changed rows, in the order of the changes. */
  written: { before: MemoryRow; after: MemoryRow }[];
  /** Changes whose row moved on since it was read (or that the user cannot see): someone else's edit wins. */
  stale: MemoryRow[];
}

/** `case id when … then … end` over the changes, for one column. */
function perRow(changes: StatusChange[], value: (c: StatusChange) => SQL, otherwise: SQL): SQL {
  const arms = sql.join(changes.map((c) => sql`when ${c.row.id}::uuid then ${value(c)}`), sql` `);
  return sql`case ${memories.id} ${arms} else ${otherwise} end`;
}

export async function changeStatuses(tx: Tx, changes: StatusChange[]): Promise<AppliedChanges> {
  const [first] = changes;
  if (!first) return { written: [], stale: [] };
  const readAt = sql.join(changes.map((c) => sql`(${c.row.id}::uuid, ${c.row.version}::int)`), sql`, `);
  const links = changes.filter((c) => c.link !== undefined);
  const rows = await tx
    .update(memories)
    .set({
      status: perRow(changes, (c) => sql`${c.status}`, sql`${memories.status}`),
      statusReason: perRow(changes, (c) => sql`${c.statusReason}::text`, sql`${memories.statusReason}`),
      ...(links.length > 0 ? { supersedesId: perRow(links, (c) => sql`${c.link}::uuid`, sql`${memories.supersedesId}`) } : {}),
      version: sql`${memories.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(memories.userId, first.row.userId), sql`(${memories.id}, ${memories.version}) in (${readAt})`))
    .returning();
  const updated = new Map(rows.map((r) => [r.id, r]));

  const written: AppliedChanges['written'] = [];
  const stale: MemoryRow[] = [];
  const records: RecordedChange[] = [];
  for (const c of changes) {
    const after = updated.get(c.row.id);
    if (!after) {
      stale.push(c.row);
      continue;
    }
    written.push({ before: c.row, after });
    records.push({ before: c.row, after, change: c.change, action: c.action });
  }
  await recordChanges(tx, records);
  return { written, stale };
}
