import { inArray } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { memories } from '../../db/schema';
import { config } from '../config';
import { listedCandidates } from '../recall/gather-candidates';

/**
 * get_profile's memories: the same always-on routes recall starts every answer with (core facts,
 * standing rules; server/recall/gather-candidates.ts), so an app sees what the chat model sees.
 * Sensitive core memories are left out, as recall does not volunteer them either.
 */
export async function alwaysOnMemories(db: UserDb, now: Date) {
  return db.run(async (tx) => {
    const listed = await listedCandidates(tx, [], null, now);
    const ids = [...listed.core, ...listed.procedural];
    const rows = ids.length > 0 ? await tx.select().from(memories).where(inArray(memories.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const pick = (list: string[]) => list.flatMap((id) => (byId.get(id) ? [byId.get(id)!] : []));
    return {
      core: pick(listed.core)
        .filter((m) => !m.sensitive)
        .slice(0, config.recall.coreMax),
      rules: pick(listed.procedural),
    };
  });
}
