import 'server-only';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { memories, memoryTerms } from '../../../db/schema';
import { searchTerms } from '../search-text';
import { toItem } from './apply-user-change';
import { encodeMemoryCursor, type MemoryCursor } from './cursors';
import type { listMemoriesInput, MemoryItem } from './schemas';

type ListInput = z.output<typeof listMemoriesInput>;
type Sort = ListInput['sort'];

/**
 * Keyset pagination: the cursor holds the last row's sort key, so page 100 costs what page 1
 * costs. Timestamps travel as Postgres text, not JS Dates, because Dates drop microseconds and
 * rows created in the same millisecond would then be skipped or repeated.
 */
const lastUsed = sql`coalesce(${memories.lastAccessedAt}, 'epoch'::timestamptz)`;
const SORT_KEY: Record<Sort, SQL<string>> = {
  created: sql<string>`${memories.createdAt}::text`,
  last_used: sql<string>`${lastUsed}::text`,
  importance: sql<string>`${memories.importance}::text || '|' || ${memories.createdAt}::text`,
};

function orderFor(sort: Sort): SQL[] {
  if (sort === 'last_used') return [sql`${lastUsed} desc`, sql`${memories.id} desc`];
  if (sort === 'importance') return [sql`${memories.importance} desc`, sql`${memories.createdAt} desc`, sql`${memories.id} desc`];
  return [sql`${memories.createdAt} desc`, sql`${memories.id} desc`];
}

/** The rows after the cursor; the input schema checked it is one of ours, for this sort. */
function afterCursor(cursor: MemoryCursor): SQL {
  if (cursor.sort === 'importance') {
    return sql`(${memories.importance}, ${memories.createdAt}, ${memories.id}) < (${cursor.importance}, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
  }
  const column = cursor.sort === 'last_used' ? lastUsed : sql`${memories.createdAt}`;
  return sql`(${column}, ${memories.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * Memories whose own words (summary, entities, slot: not the context they were said in) hold any
 * of `terms`, from the same memory_terms postings recall reads, by (user_id, term): the GIN index
 * on a tsvector could not be used under row-level security (db/schema/memory.ts).
 */
function holdingAnyTerm(userId: string, terms: string[]): SQL {
  const list = sql.join(terms.map((t) => sql`${t}`), sql`, `);
  return sql`${memories.id} in (select ${memoryTerms.memoryId} from ${memoryTerms}
    where ${memoryTerms.userId} = ${userId} and ${memoryTerms.term} in (${list}) and ${memoryTerms.tf} > 0)`;
}

/** The settings list: filters, full-text search and three orders, one page at a time. */
export async function listMemories(db: UserDb, input: ListInput): Promise<{ items: MemoryItem[]; nextCursor: string | null }> {
  const filters: (SQL | undefined)[] = [inArray(memories.status, input.status)];
  if (input.type) filters.push(eq(memories.type, input.type));
  if (input.importanceMin !== undefined) filters.push(gte(memories.importance, input.importanceMin));
  if (input.from) filters.push(gte(memories.createdAt, input.from));
  if (input.to) filters.push(lte(memories.createdAt, input.to));
  if (input.sensitive !== undefined) filters.push(eq(memories.sensitive, input.sensitive));
  if (input.search) {
    // The same stemming and Chinese bigrams recall uses; a search with no words matches nothing.
    const terms = searchTerms(input.search);
    if (terms.length === 0) return { items: [], nextCursor: null };
    filters.push(holdingAnyTerm(db.userId, terms));
  }
  if (input.cursor) filters.push(afterCursor(input.cursor));
  const rows = await db.run((tx) =>
    tx
      .select({ memory: memories, sortKey: SORT_KEY[input.sort] })
      .from(memories)
      .where(and(...filters))
      .orderBy(...orderFor(input.sort))
      .limit(input.limit + 1),
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toItem(r.memory)),
    nextCursor: rows.length > input.limit && last ? encodeMemoryCursor(input.sort, last.sortKey, last.memory.id) : null,
  };
}
