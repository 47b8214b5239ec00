/**
 * The candidate routes of SPEC §5.2, each a query inside the user's withUser transaction (so
 * row-level security already limits them to the user's rows): always-on (procedural, core),
 * vector similarity (HNSW on the model's own vectors), full text, and structured picks.
 */
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { MEMORY_STATUSES, memories, memoryEmbeddings } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import type { MemoryRow } from '../memory/memory-types';
import { ANNIVERSARY_PATTERN } from '../memory/anniversary';
import { queryRows } from '../../db/rows';
import { indexedVector } from '../../db/embedding-index';
import type { WeightedTerm } from './query';
import { countVectors, scanFor, type VectorScan } from './vector-strategy';

/**
 * A memory as recall reads it: every column but the search words, which only the database needs.
 * Reading fewer and narrower rows matters here: 60 full rows cost ~3x the time of 60 of these
 * (the jsonb columns are parsed per row).
 */
const { searchText: _searchText, ...candidateColumns } = getTableColumns(memories);
export type CandidateRow = Omit<MemoryRow, 'searchText'>;

const notExpired = (now: Date): SQL => or(isNull(memories.validUntil), gt(memories.validUntil, now))!;
const recallable = (now: Date) => and(eq(memories.status, 'active'), notExpired(now));

const vectorLiteral = (v: number[]) => `[${v.join(',')}]`;
// The model as a literal: the per-model partial index can only be used when the planner can
// prove `model = '<id>'`, which a bind parameter in a generic plan would hide.
const modelIs = (model: string) => sql`${memoryEmbeddings.model} = ${sql.raw(`'${model.replace(/'/g, "''")}'`)}`;
/**
 * The HNSW index is per model on db/embedding-index.ts's `indexedVector` (the unit vector plus the
 * owner's tenant dimensions), so its query must order by that very expression, with the owner as
 * row-level security sees it. Within one owner that order is the cosine order, and the distance
 * returned is the plain cosine distance. Everywhere else the cast is pure cost: it copies every
 * row's vector to check its dimensions (the exact scan of 10,000 vectors took ~2.4x as long with
 * it, EXPLAIN ANALYZE on the bench database), and a model's vectors all have its dimensions anyway
 * (a mismatch is an error either way).
 */
const indexedOrder = (vector: number[]) => {
  const build = config.recall.hnsw;
  const column = indexedVector(sql`${memoryEmbeddings.embedding}`, sql`${memoryEmbeddings.userId}`, vector.length, build);
  const query = indexedVector(sql`${vectorLiteral(vector)}`, sql`nullif(current_setting('app.user_id', true), '')`, vector.length, build);
  return sql`(${column} <=> ${query})`;
};
const cosineDistance = (vector: number[]) => sql<number>`(${memoryEmbeddings.embedding} <=> ${vectorLiteral(vector)}::vector)`;

export type VectorStrategy = 'auto' | VectorScan;

/**
 * Nearest memories by cosine among the filtered ones. pgvector applies the user/status filter
 * after an HNSW scan, so a user with few vectors among many users' could get too few results.
 * Users up to config.recall.exactScanMaxVectors therefore get an exact scan of their own rows;
 * larger ones get HNSW with 0.8's iterative scans, which keep scanning until enough rows pass.
 * 'auto' counts the user's vectors to choose; recall passes the choice from its cache.
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
  const scan = strategy === 'auto' ? scanFor(await countVectors(tx, model)) : strategy;
  const rows = scan === 'exact' ? await exactNearest(tx, vector, model, types, now) : await hnswNearest(tx, vector, model, types, now);
  return rows.map((r) => ({ id: r.id, similarity: 1 - Number(r.distance) }));
}

type Nearest = { id: string; distance: number }[];

/**
 * The filtered nearest rows, joined in before ranking: the exact scan's fallback (ordered by the
 * distance it returns), and HNSW's query (ordered by the indexed expression).
 */
function filteredNearest(tx: Tx, distance: SQL<number>, model: string, types: MemoryRow['type'][], now: Date, order: SQL = sql`distance`) {
  return tx
    .select({ id: memories.id, distance: distance.as('distance') })
    .from(memoryEmbeddings)
    .innerJoin(memories, and(eq(memories.id, memoryEmbeddings.memoryId), eq(memories.userId, memoryEmbeddings.userId)))
    .where(and(modelIs(model), recallable(now), inArray(memories.type, types)))
    .orderBy(order)
    .limit(config.recall.vectorTopK);
}

/**
 * Exact: rank the user's vectors alone (one pass over memory_embeddings, no join), keep the
 * nearest exactPrefilterPool and filter those. If at least vectorTopK survive, they are exactly
 * the filtered top K (every row outside the pool is farther than all in it); otherwise scan again
 * with the filter joined in. Joining first made the database read and hash both tables' 10,000
 * rows on every recall. "+ 0" hides the distance from the HNSW index, forcing the scan.
 */
async function exactNearest(tx: Tx, vector: number[], model: string, types: MemoryRow['type'][], now: Date): Promise<Nearest> {
  // One expression for the output and the sort, so each distance is computed once, not twice.
  const distance = sql<number>`(${cosineDistance(vector)} + 0)`;
  const near = tx
    .select({ memoryId: memoryEmbeddings.memoryId, userId: memoryEmbeddings.userId, distance: distance.as('distance') })
    .from(memoryEmbeddings)
    .where(modelIs(model))
    .orderBy(sql`distance`)
    .limit(config.recall.exactPrefilterPool)
    .as('near');
  const pooled = await tx
    .select({ id: memories.id, distance: near.distance })
    .from(near)
    .innerJoin(memories, and(eq(memories.id, near.memoryId), eq(memories.userId, near.userId)))
    .where(and(recallable(now), inArray(memories.type, types)))
    .orderBy(near.distance)
    .limit(config.recall.vectorTopK);
  if (pooled.length >= config.recall.vectorTopK) return pooled;
  return filteredNearest(tx, distance, model, types, now);
}

async function hnswNearest(tx: Tx, vector: number[], model: string, types: MemoryRow['type'][], now: Date): Promise<Nearest> {
  // strict_order: results come back in true distance order, so LIMIT keeps the nearest ones
  // (relaxed_order can return farther rows first; measured top-10 overlap 0.14 vs exact).
  await tx.execute(sql`set local hnsw.iterative_scan = strict_order`);
  await tx.execute(sql`set local hnsw.ef_search = ${sql.raw(String(config.recall.hnswEfSearch))}`);
  return hnswQuery(tx, vector, model, types, now);
}

/** HNSW's query (exported for the test that checks its plan walks the index). */
export function hnswQuery(tx: Tx, vector: number[], model: string, types: MemoryRow['type'][], now: Date) {
  return filteredNearest(tx, cosineDistance(vector), model, types, now, indexedOrder(vector));
}

export interface FulltextResult {
  /**
   * The BM25 a memory would get by holding every word of the question once, at average length:
   * Σ idf over the message's own terms (not the concept map's or the last turns').
   * Recall divides by it, so a memory matching only a minor term of the question stays a weak
   * match even when it is the best one there is.
   */
  ideal: number;
  /** Recallable keyword matches, best first, with their BM25 score. */
  matches: { id: string; lexical: number }[];
  /** Keyword matches the filters exclude (expired, not active, other types): the "why not" list. */
  excluded: { id: string; reason: string; lexical: number }[];
}

const EXCLUDED_LIMIT = 10;

/** Statuses whose keyword matches are worth a "why not" line (forgotten ones are gone). */
const EXPLAINED_STATUSES = MEMORY_STATUSES.filter((s) => s !== 'forgotten');

/**
 * Lexical route: BM25 (k1, b in config.recall.bm25) of the user's memories for the query's
 * weighted terms (server/recall/query.ts), computed in one query from the memory_terms postings:
 * each posting carries the term's frequency in the memory and in its context (weighted by
 * contextWeight) and the memory's length, document frequencies are counted from the very postings
 * read, and memory_term_stats holds the user's number of memories and total length. Only the
 * postings of the query's terms are read, by (user_id, term) — a GIN index on a tsvector could
 * not serve this under row-level security (db/schema/memory.ts). Rows the filters exclude come
 * back from the same query, so the ledger can say why they were left out at no extra cost.
 */
export async function fulltextCandidates(tx: Tx, terms: WeightedTerm[], types: MemoryRow['type'][], now: Date, limit = config.recall.vectorTopK): Promise<FulltextResult> {
  if (terms.length === 0 || types.length === 0) return { ideal: 0, matches: [], excluded: [] };
  const { k1, b, contextWeight: cw } = config.recall.bm25;
  const queryTerms = sql.join(terms.map((t) => sql`(${t.term}::text, ${t.weight}::float8)`), sql`, `);
  const termList = sql.join(terms.map((t) => sql`${t.term}`), sql`, `);
  const rows = await queryRows<{ id: string; status: MemoryRow['status']; valid_until: string | Date | null; type: MemoryRow['type']; lexical: number; ideal: number }>(
    tx,
    sql`with q(term, qw) as (values ${queryTerms}),
      s as (select docs::float8 as docs, (len_total + ${cw}::float8 * ctx_total) / greatest(docs, 1)::float8 as avgdl from memory_term_stats),
      -- One pass over the postings, read in (user_id, term) index order: a term's document
      -- frequency is a window count over its own postings, so no second scan or join is needed.
      p as (
        select t.term, t.memory_id, q.qw, (t.tf + ${cw}::float8 * t.ctx_tf) as tf, (t.len + ${cw}::float8 * t.ctx_len) as dl,
          count(*) over (partition by t.term)::float8 as n
        from memory_terms t join q on q.term = t.term
        where t.term in (${termList})
      ),
      -- Every query term counts, found or not: a question about "Meeple" is not well matched by a
      -- memory that shares only a minor word of it. Only the question's own words make the ideal:
      -- the concept map's and the last turns' are optional help, and a memory is not a weaker match
      -- for not having them. Their document frequencies come from the postings already read (p
      -- holds every posting of every query term); a second count over the index for them cost
      -- ~15% of this query at 10,000 memories per user.
      i as materialized (
        select sum(q.qw * ln(1 + (s.docs - coalesce(d.n, 0) + 0.5) / (coalesce(d.n, 0) + 0.5))) as ideal
        from q left join (select distinct p.term, p.n from p) d on d.term = q.term cross join s
        where q.qw >= 1
      ),
      r as (
        select p.memory_id,
          sum(p.qw * ln(1 + (s.docs - p.n + 0.5) / (p.n + 0.5))
              * p.tf * (${k1}::float8 + 1) / (p.tf + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * p.dl / greatest(s.avgdl, 1e-6)))) as lexical
        from p cross join s
        group by p.memory_id
        -- Ties at the pool's edge are cut by id, so the same question gets the same pool every time.
        order by lexical desc, p.memory_id desc
        limit ${config.recall.fulltextPool}
      )
      select m.id, m.status, m.valid_until, m.type, r.lexical, i.ideal
      from r join memories m on m.id = r.memory_id cross join i
      where m.status in (${sql.join(EXPLAINED_STATUSES.map((status) => sql`${status}`), sql`, `)})
      order by r.lexical desc, m.updated_at desc`,
  );
  const matches: FulltextResult['matches'] = [];
  const excluded: FulltextResult['excluded'] = [];
  for (const row of rows) {
    const validUntil = row.valid_until === null ? null : new Date(row.valid_until);
    const reason =
      row.status !== 'active'
        ? `status: ${row.status}`
        : validUntil && validUntil <= now
          ? `expired on ${validUntil.toISOString().slice(0, 10)}`
          : row.type !== 'procedural' && !types.includes(row.type)
            ? `intent: ${row.type} not searched for this message`
            : row.type === 'procedural'
              ? 'always on'
              : null;
    const lexical = Number(row.lexical);
    if (reason === null) {
      if (matches.length < limit) matches.push({ id: row.id, lexical });
    } else if (reason !== 'always on' && excluded.length < EXCLUDED_LIMIT) excluded.push({ id: row.id, reason, lexical });
  }
  return { ideal: Number(rows[0]?.ideal ?? 0), matches, excluded };
}

export interface ListedRoutes {
  /** Always-on rules, most important first (SPEC §5.1). */
  procedural: string[];
  /** The user's most important facts, pinned first (SPEC §5.1). */
  core: string[];
  /** Upcoming plans, then recent constraints (SPEC §5.2). */
  structured: string[];
  /** Memories from the stretch of time the question names. */
  time: string[];
  /**
   * Asked what is coming up: the other memories of the message an upcoming plan came from. A plan
   * is often kept as its dates alone ("10 to 14 June") while where and why went into a memory of
   * its own ("Ayşe wants to go to Cappadocia for the holiday"), which shares no word with the
   * question.
   */
  occasion: string[];
  /**
   * Asked what is coming up: memories that name a birthday or an anniversary. Recall keeps the
   * ones whose day comes round soon (server/memory/anniversary.ts); when they were said is beside
   * the point.
   */
  anniversary: string[];
  /** The user's memories in the single-valued attributes the question asks for (query-concepts.ts). */
  slot: string[];
}

type Branch = { route: keyof ListedRoutes | 'time-happened' | 'time-said'; where: SQL | undefined; order: SQL[]; limit?: number };

/**
 * The routes that pick memories by their columns rather than by the question's words or vector,
 * in one statement (each branch its own ORDER BY/LIMIT, numbered so the order survives the union):
 *  - procedural: every active rule (how to respond);
 *  - core: the most important facts, pinned first;
 *  - structured: active constraints learned in the last structuredPickDays, and plans that happen
 *    from now to upcomingPlanDays ahead — chosen by when they happen, not when they were said, so
 *    a trip planned in January is there the week before it in March (expired ones are out by
 *    valid_until);
 *  - slot: the memories in the single-valued attributes the question asks for (where the user
 *    lives, works, their diet, their partner), newest first, whatever words they were said with;
 *  - time: memories from the window the question names ("which city was I in on 3 October?"), by
 *    when they happened or were said; they compete like the others, the window adds to their
 *    relevance (score.ts).
 * Six separate queries were six round trips inside the user's transaction (~8 ms of a recall at
 * 10,000 memories per user, npm run bench:recall -- --profile).
 */
export async function listedCandidates(
  tx: Tx,
  types: MemoryRow['type'][],
  window: { from: Date; to: Date } | null,
  now: Date,
  options: { asksAboutPlans?: boolean; slots?: string[] } = {},
): Promise<ListedRoutes> {
  const since = new Date(now.getTime() - config.recall.structuredPickDays * 86_400_000);
  const planDays = options.asksAboutPlans ? config.recall.askedPlanDays : config.recall.upcomingPlanDays;
  const until = new Date(now.getTime() + planDays * 86_400_000);
  const searched = types.length > 0 ? inArray(memories.type, types) : undefined;
  const branches: Branch[] = [
    { route: 'procedural', where: and(recallable(now), eq(memories.type, 'procedural')), order: [desc(memories.importance), asc(memories.createdAt)] },
    {
      route: 'core',
      where: and(recallable(now), inArray(memories.type, ['semantic', 'episodic']), gte(memories.importance, config.recall.coreMinImportance)),
      order: [desc(memories.pinned), desc(memories.importance), desc(memories.updatedAt)],
      limit: config.recall.coreMax * 2,
    },
  ];
  if (searched) {
    const upcoming = and(recallable(now), searched, eq(memories.kind, 'plan'), gte(memories.occurredAt, new Date(now.getTime() - 43_200_000)), lte(memories.occurredAt, until));
    branches.push(
      {
        route: 'structured',
        where: upcoming,
        order: [asc(memories.occurredAt)],
        limit: config.recall.vectorTopK,
      },
      {
        route: 'structured',
        where: and(recallable(now), searched, eq(memories.kind, 'constraint'), gte(memories.createdAt, since)),
        order: [desc(memories.createdAt)],
        limit: config.recall.vectorTopK,
      },
    );
    if (options.asksAboutPlans) {
      const plans = tx.select({ source: memories.sourceMessageId }).from(memories).where(upcoming);
      branches.push({
        route: 'occasion',
        where: and(recallable(now), searched, sql`${memories.kind} <> 'plan'`, inArray(memories.sourceMessageId, plans)),
        order: [asc(memories.createdAt)],
        limit: config.recall.vectorTopK,
      });
      branches.push({
        route: 'anniversary',
        where: and(recallable(now), searched, sql`${memories.summary} ~* ${ANNIVERSARY_PATTERN}`),
        order: [desc(memories.createdAt)],
        limit: config.recall.vectorTopK,
      });
    }
    if (options.slots?.length) {
      branches.push({ route: 'slot', where: and(recallable(now), searched, inArray(memories.slot, options.slots)), order: [desc(memories.updatedAt)], limit: config.recall.slotMax });
    }
    if (window) {
      for (const [route, column] of [['time-happened', memories.occurredAt], ['time-said', memories.createdAt]] as const) {
        branches.push({ route, where: and(recallable(now), searched, gte(column, window.from), lte(column, window.to)), order: [desc(column)], limit: config.recall.vectorTopK });
      }
    }
  }
  const selects = branches.map((branch, index) => {
    const query = tx
      .select({ id: memories.id, branch: sql<number>`${sql.raw(String(index))}`.as('branch'), ord: sql<number>`row_number() over (order by ${sql.join(branch.order, sql`, `)})`.as('ord') })
      .from(memories)
      .where(branch.where)
      .orderBy(...branch.order);
    return sql`(${branch.limit === undefined ? query : query.limit(branch.limit)})`;
  });
  const rows = await queryRows<{ id: string; branch: number; ord: number | string }>(tx, sql.join(selects, sql` union all `));
  rows.sort((x, y) => Number(x.branch) - Number(y.branch) || Number(x.ord) - Number(y.ord));
  const out: ListedRoutes = { procedural: [], core: [], structured: [], time: [], occasion: [], anniversary: [], slot: [] };
  for (const row of rows) {
    const route = branches[Number(row.branch)]!.route;
    if (route === 'time-happened' || route === 'time-said') {
      if (!out.time.includes(row.id)) out.time.push(row.id);
    } else out[route].push(row.id);
  }
  return out;
}

/** Rows and their cosine to the query for a set of ids (candidates found by any route), in one query. */
export async function loadWithSimilarity(
  tx: Tx,
  ids: string[],
  vector: number[],
  model: string,
): Promise<{ row: CandidateRow; similarity: number }[]> {
  if (ids.length === 0) return [];
  const similarity = vector.length ? sql<number | null>`1 - ${cosineDistance(vector)}` : sql<null>`null`;
  const rows = await tx
    .select({ row: candidateColumns, similarity })
    .from(memories)
    .leftJoin(
      memoryEmbeddings,
      and(eq(memoryEmbeddings.memoryId, memories.id), modelIs(model), eq(memoryEmbeddings.dimensions, vector.length)),
    )
    .where(inArray(memories.id, ids));
  return rows.map(({ row, similarity: s }) => ({ row, similarity: s === null ? 0 : Number(s) }));
}
