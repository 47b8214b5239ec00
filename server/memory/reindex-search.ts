/**
 * Rewrites the search words and slot of memories written by an older tokeniser (search_version
 * below SEARCH_TEXT_VERSION), in batches; the memory_terms trigger rebuilds their postings and the
 * user's BM25 totals. Runs from `npm run db:migrate` after the SQL migrations, as the system role:
 * it is maintenance over every user, like the migrations themselves.
 */
import { asc, lt } from 'drizzle-orm';
import type { WithSystem } from '../../db/boundary';
import { memories } from '../../db/schema';
import { reindexSearchColumns } from './repository';
import { SEARCH_TEXT_VERSION } from './search-text';

const BATCH = 500;

/** Returns how many memories were rewritten. */
export async function reindexSearchText(withSystem: WithSystem, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await withSystem(async (tx) => {
      const rows = await tx
        .select({ id: memories.id, type: memories.type, kind: memories.kind, summary: memories.summary, entities: memories.entities })
        .from(memories)
        .where(lt(memories.searchVersion, SEARCH_TEXT_VERSION))
        .orderBy(asc(memories.id))
        .limit(batch);
      for (const row of rows) await reindexSearchColumns(tx, row);
      return rows.length;
    });
    total += done;
    if (done < batch) return total;
  }
}
