/**
 * The candidate routes of SPEC §5.2, each a query inside the user's withUser transaction (so
 * row-level security already limits them to the user's rows): always-on (procedural, core),
 * vector similarity (HNSW on the model's own vectors), full text, and structured picks.
 */
import { and, desc, eq, gt, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { memories, memoryEmbeddings } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import type { MemoryRow } from '../memory/memory-types';
import { searchQuery } from '../memory/search-text';

export type CandidateRow = MemoryRow;

const notExpired = (now: Date): SQL => or(isNull(memories.validUntil), gt(memories.validUntil, now))!;
const recallable = (now: Date) => and(eq(memories.status, 'active'), notExpired(now));

export async function proceduralRules(tx: Tx, now: Date): Promise<CandidateRow[]> {
  return tx
    .select()
    .from(memories)
    .where(and(recallable(now), eq(memories.type, 'procedural')))
    .orderBy(desc(memories.importance), memories.createdAt);
}

export async function coreMemories(tx: Tx, now: Date): Promise<CandidateRow[]> {
  return tx
    .select()
    .from(memories)
    .where(and(recallable(now), inArray(memories.type, ['semantic', 'episodic']), gte(memories.importance, config.recall.coreMinImportance)))
    .orderBy(desc(memories.pinned), desc(memories.importance), desc(memories.updatedAt))
    .limit(config.recall.coreMax * 2);
}

const vectorLiteral = (v: number[]) => `[${v.join(',')}]`;

export type VectorStrategy = 'auto' | 'exact' | 'hnsw';

/**
 * Nearest memories by cosine among the filtered ones. pgvector applies the user/status filter
 * after an HNSW scan, so a user with few vectors among many users' could get too few results.
 * Small users therefore get an exact scan of their own rows (cheap, via the user/model index);
 * large ones get HNSW with 0.8's iterative scans, which keep scanning until enough rows pass.
 */
export async function vectorCandidates(
  tx: Tx,
  vector: number[],
  model: string,
  types: MemoryRow['type'][],
  now: Date,
  strategy: VectorStrategy = 'auto',
): Promise<{ id: string; similarity: number }[]> {
  if (types.length === 0 || vector.length === 0) return [];
  const dims = sql.raw(String(vector.length));
  let exact = strategy === 'exact';
  if (strategy === 'auto') {
    const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from memory_embeddings where model = ${model}`);
    exact = (row?.n ?? 0) <= config.recall.exactScanMaxVectors;
  }
  if (!exact) {
    // strict_order: results come back in true distance order, so LIMIT keeps the nearest ones
    // (relaxed_order can return farther rows first; measured top-10 overlap 0.14 vs exact).
    await tx.execute(sql`set local hnsw.iterative_scan = strict_order`);
    await tx.execute(sql`set local hnsw.ef_search = ${sql.raw(String(config.recall.hnswEfSearch))}`);
  }
  const raw = sql`(${memoryEmbeddings.embedding}::vector(${dims}) <=> ${vectorLiteral(vector)}::vector(${dims}))`;
  // "+ 0" hides the expression from the HNSW index, forcing the exact scan when chosen.
  const distance = exact ? sql`(${raw} + 0)` : raw;
  const rows = await tx
    .select({ id: memories.id, distance: sql<number>`${raw}` })
    .from(memoryEmbeddings)
    .innerJoin(memories, and(eq(memories.id, memoryEmbeddings.memoryId), eq(memories.userId, memoryEmbeddings.userId)))
    // The model as a literal: the per-model partial index can only be used when the planner
    // can prove `model = '<id>'`, which a bind parameter in a generic plan would hide.
    .where(and(sql`${memoryEmbeddings.model} = ${sql.raw(`'${model.replace(/'/g, "''")}'`)}`, recallable(now), inArray(memories.type, types)))
    .orderBy(distance)
    .limit(config.recall.vectorTopK);
  return rows.map((r) => ({ id: r.id, similarity: 1 - Number(r.distance) }));
}

export interface FulltextResult {
  /** Recallable keyword matches, best first. */
  matches: { id: string; rank: number }[];
  /** Keyword matches the filters exclude (expired, not active, other types): the "why not" list. */
  excluded: { row: CandidateRow; reason: string }[];
}

const EXCLUDED_LIMIT = 10;

/**
 * Full-text route: one query over the user's memories that match any query term, ranked with
 * ts_rank (cheaper than ts_rank_cd: no positions). Rows the filters exclude come back from the
 * same query, so the ledger can say why they were left out at no extra cost.
 */
export async function fulltextCandidates(tx: Tx, query: string, types: MemoryRow['type'][], now: Date, limit = config.recall.vectorTopK): Promise<FulltextResult> {
  const tsquery = searchQuery(query);
  if (!tsquery || types.length === 0) return { matches: [], excluded: [] };
  const q = sql`to_tsquery('simple', ${tsquery})`;
  const rank = sql<number>`ts_rank(${memories.searchVector}, ${q})`;
  const rows = await tx
    .select({ row: memories, rank })
    .from(memories)
    .where(and(sql`${memories.searchVector} @@ ${q}`, inArray(memories.status, ['active', 'candidate', 'conflicted', 'superseded', 'archived', 'merged'])))
    .orderBy(desc(rank))
    .limit(limit + EXCLUDED_LIMIT);
  const matches: FulltextResult['matches'] = [];
  const excluded: FulltextResult['excluded'] = [];
  for (const { row, rank: r } of rows) {
    const reason =
      row.status !== 'active'
        ? `status: ${row.status}`
        : row.validUntil && row.validUntil <= now
          ? `expired on ${row.validUntil.toISOString().slice(0, 10)}`
          : row.type !== 'procedural' && !types.includes(row.type)
            ? `intent: ${row.type} not searched for this message`
            : row.type === 'procedural'
              ? 'always on'
              : null;
    if (reason === null) {
      if (matches.length < limit) matches.push({ id: row.id, rank: Number(r) });
    } else if (reason !== 'always on' && excluded.length < EXCLUDED_LIMIT) excluded.push({ row, reason });
  }
  return { matches, excluded };
}

/** Active constraints and plans of the last 30 days: cheap, and too important to miss. */
export async function structuredPicks(tx: Tx, types: MemoryRow['type'][], now: Date): Promise<CandidateRow[]> {
  if (types.length === 0) return [];
  const since = new Date(now.getTime() - config.recall.structuredPickDays * 86_400_000);
  return tx
    .select()
    .from(memories)
    .where(and(recallable(now), inArray(memories.type, types), inArray(memories.kind, ['constraint', 'plan']), gte(memories.createdAt, since)))
    .orderBy(desc(memories.createdAt))
    .limit(config.recall.vectorTopK);
}

/** Rows and their cosine to the query for a set of ids (candidates found by any route). */
export async function loadWithSimilarity(
  tx: Tx,
  ids: string[],
  vector: number[],
  model: string,
): Promise<{ row: CandidateRow; similarity: number }[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select().from(memories).where(inArray(memories.id, ids));
  const sims = vector.length
    ? await queryRows<{ memory_id: string; similarity: number }>(
        tx,
        sql`select memory_id, 1 - (embedding::vector(${sql.raw(String(vector.length))}) <=> ${vectorLiteral(vector)}::vector(${sql.raw(String(vector.length))})) as similarity
            from memory_embeddings where model = ${model} and dimensions = ${vector.length} and memory_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
      )
    : [];
  const byId = new Map(sims.map((s) => [s.memory_id, Number(s.similarity)]));
  return rows.map((row) => ({ row, similarity: byId.get(row.id) ?? 0 }));
}
