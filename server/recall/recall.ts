/**
 * Recall for one chat turn (SPEC §5): always-on rules and core memories, then on-demand
 * candidates from three routes, scored, filtered and budgeted into the memory section. Returns
 * every decision for the ledger. Runs in one withUser transaction; the query is embedded first.
 */
import { sql } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { queryRows } from '../../db/rows';
import type { Tx } from '../../db/types';
import { countHealth } from '../model-calls/health';
import type { Embedder } from '../memory/embedder';
import { config } from '../config';
import { nextAnniversary } from '../memory/anniversary';
import type { RecalledSection } from '../llm/memory-section';
import {
  type CandidateRow,
  fulltextCandidates,
  listedCandidates,
  loadWithSimilarity,
  vectorCandidates,
} from './gather-candidates';
import { classifyIntent, typesFor, type RecallIntent } from './intent';
import { buildRecallQuery, withTerms, type RecallQueryInput } from './query';
import { namedPeople, peopleWords } from './people';
import { asksAboutThePast } from './past-question';
import { scoreMemory, vectorCutFor, vectorWeightFor } from './score';
import { inWindow } from './time-window';
import { vectorScans, type VectorScanCache } from './vector-strategy';
import { selectMemories, type Decision, type RecallLimits, type Route, type ScoredCandidate } from './select';

export type RecallInput = RecallQueryInput;

export interface RecallResult {
  section: string;
  /** The section as data, for the built-in offline model. */
  memory: RecalledSection;
  tokens: number;
  intent: RecallIntent;
  model: string;
  decisions: Decision[];
  injectedIds: string[];
  ms: number;
  /** Why recall ran with fewer routes than usual (shown with the answer's ledger), if it did. */
  note?: string;
}

export const LEXICAL_ONLY_NOTE = 'The embedding model did not answer, so memories were found by their words only this time.';

export interface RecallDeps {
  /** The configured embedder, plus a way to get one for an older model during a re-embed. */
  embedder: Embedder;
  embedderFor?: (modelId: string) => Embedder | null;
  /** Item/token budget; the config module's by default (the eval harness varies it). */
  limits?: RecallLimits;
  /** Exact vs HNSW per user; the process's cache by default. */
  vectorScans?: VectorScanCache;
}


/**
 * The model whose vectors this user's recall must use: the configured one once every active
 * memory has a vector from it, otherwise (mid re-embed) the model most of them still use.
 */
export async function recallModel(tx: Tx, current: string): Promise<string> {
  // Nearly always no vector of another model exists, and then there is nothing to fall back to.
  // Two ranges of the (user_id, model) index say so without counting the user's memories, which
  // cost ~12 ms per recall at 10,000 of them (npm run bench:recall -- --profile).
  const other = await queryRows(tx, sql`select 1 from memory_embeddings where model < ${current} or model > ${current} limit 1`);
  if (other.length === 0) return current;
  const [row] = await queryRows<{ missing: number; fallback: string | null }>(
    tx,
    sql`select
          (select count(*)::int from memories m where m.status = 'active'
             and not exists (select 1 from memory_embeddings e where e.memory_id = m.id and e.model = ${current})) as missing,
          (select e.model from memory_embeddings e join memories m on m.id = e.memory_id
             where m.status = 'active' and e.model <> ${current} group by e.model order by count(*) desc limit 1) as fallback`,
  );
  return row && row.missing > 0 && row.fallback ? row.fallback : current;
}

export async function recall(db: UserDb, input: RecallInput, deps: RecallDeps): Promise<RecallResult> {
  const started = performance.now();
  const intent = classifyIntent(input.message);
  const types = typesFor(intent);
  const built = buildRecallQuery(input);
  const query = built.text;
  const current = deps.embedder.modelId;
  const scans = deps.vectorScans ?? vectorScans;

  // An embedder that fails or times out costs the vector route, never the turn: recall goes on
  // with its lexical, structured and time routes, and the ledger says why.
  let note: string | undefined;
  const embedQuery = async (embedder: Embedder): Promise<number[]> => {
    try {
      return (await embedder.embed([query]))[0] ?? [];
    } catch (error) {
      countHealth('recall_lexical_only');
      console.warn(`[recall] the embedding model failed (${error instanceof Error ? error.message.slice(0, 160) : String(error)}); recalling by words only`);
      note = LEXICAL_ONLY_NOTE;
      return [];
    }
  };
  const queryVector = types.length > 0 ? await embedQuery(deps.embedder) : [];
  const result = await db.run(async (tx) => {
    let model = current;
    let vector = queryVector;
    if (types.length > 0 && vector.length > 0) {
      const useModel = await recallModel(tx, current);
      const older = useModel !== current ? deps.embedderFor?.(useModel) : null;
      if (older) {
        model = useModel;
        vector = await embedQuery(older);
      }
    }
    const scan = types.length > 0 && vector.length > 0 ? await scans.choose(tx, db.userId, model) : 'exact';
    // "我最近有什么安排", "what's coming up": the upcoming plans are the answer, words or not.
    const asksAboutPlans = built.concepts.includes('schedule');
    // "what does aoife do for work" also searches "sister" when the user said "Sister is Aoife".
    const aliases = peopleWords(input.message, await namedPeople(tx));
    const terms = aliases ? withTerms(built.terms, aliases, config.recall.conceptWeight) : built.terms;
    const [listed, byVector, fulltext] = await Promise.all([
      listedCandidates(tx, types, built.window, input.now, { asksAboutPlans, slots: built.slots }),
      vectorCandidates(tx, vector, model, types, input.now, scan),
      fulltextCandidates(tx, terms, types, input.now),
    ]);
    const byText = fulltext.matches;
    const excluded = fulltext.excluded;
    const routes = new Map<string, Set<Route>>();
    const add = (id: string, route: Route) => routes.set(id, (routes.get(id) ?? new Set()).add(route));
    for (const id of listed.core) add(id, 'core');
    for (const m of byVector) add(m.id, 'vector');
    for (const m of byText) add(m.id, 'fulltext');
    for (const id of listed.structured) add(id, 'structured');
    for (const id of listed.occasion) add(id, 'structured');
    const occasion = new Set(listed.occasion);
    for (const id of listed.time) add(id, 'time');
    const inSlot = new Set(listed.slot);
    for (const id of listed.slot) add(id, 'slot');

    // Every row recall needs, the always-on rules included, in one read.
    const loaded = await loadWithSimilarity(tx, [...new Set([...routes.keys(), ...excluded.map((e) => e.id), ...listed.procedural, ...listed.anniversary])], vector, model);
    const byId = new Map(loaded.map((l) => [l.row.id, l]));
    // A birthday or anniversary whose day comes round soon (or in the time asked about) is an
    // upcoming occasion like a plan; the others named one are no answer to "what's coming up".
    const comesRound = new Set<string>();
    const until = built.window?.to ?? new Date(input.now.getTime() + config.recall.anniversaryDays * 86_400_000);
    for (const id of listed.anniversary) {
      const row = byId.get(id)?.row;
      const next = row && nextAnniversary(row.summary, input.now, input.timeZone ?? 'UTC');
      if (next && next < until && (!built.window || next >= built.window.from)) {
        add(id, 'structured');
        comesRound.add(id);
      }
    }
    const procedural = listed.procedural.flatMap((id) => (byId.get(id) ? [byId.get(id)!.row] : []));
    const pool = [...routes.keys()].flatMap((id) => (byId.get(id) ? [byId.get(id)!] : []));
    const maxAccess = Math.max(0, ...pool.map((l) => l.row.accessCount));
    // BM25 is unbounded: relative to a memory holding every query term (fulltext.ideal) it is a
    // 0–1 share that fuses with a cosine.
    const lexicalOf = new Map([...byText, ...excluded].map((m) => [m.id, m.lexical]));
    const maxLexical = fulltext.ideal;
    const context = { now: input.now, maxAccess, vectorWeight: vector.length > 0 ? vectorWeightFor(model) : 0 };
    const scored = (row: CandidateRow, similarity: number, via: Route[], filtered?: string): ScoredCandidate => ({
      memory: row,
      routes: via,
      parts: scoreMemory(
        {
          ...row,
          similarity,
          // In the attribute asked about ("where do I work?"), whatever its words: a good lexical match.
          lexical: Math.max(maxLexical > 0 ? (lexicalOf.get(row.id) ?? 0) / maxLexical : 0, inSlot.has(row.id) ? config.recall.slotLexical : 0),
          inTimeWindow: built.window
            ? inWindow(built.window, row.occurredAt, row.createdAt) || comesRound.has(row.id)
            : asksAboutPlans && ((row.kind === 'plan' && listed.structured.includes(row.id)) || occasion.has(row.id) || comesRound.has(row.id))
              ? true
              : null,
        },
        context,
      ),
      ...(filtered ? { filtered } : {}),
    });
    const pastQuestion = asksAboutThePast(input.message);
    const candidates = [
      ...pool.map((l) => scored(l.row, l.similarity, [...(routes.get(l.row.id) ?? [])])),
      ...excluded.flatMap((e) => {
        const found = byId.get(e.id);
        if (!found) return [];
        // Asked what happened, a plan whose day is over is a past event, and may be the answer.
        const past = pastQuestion && found.row.kind === 'plan' && found.row.status === 'active' && e.reason.startsWith('expired');
        return [scored(found.row, found.similarity, ['fulltext'], past ? undefined : e.reason)];
      }),
    ];
    // The person named is the topic the question touches, by either word (select.ts, sensitive memories).
    const topic = aliases ? `${input.message} ${aliases}` : input.message;
    return { model, selection: selectMemories(candidates, procedural, deps.limits, topic, input.timeZone, vectorCutFor(vector.length > 0 ? model : null), input.now) };
  });

  const { selection } = result;
  return {
    section: selection.section,
    memory: selection.memory,
    tokens: selection.tokens,
    intent,
    model: result.model,
    decisions: selection.decisions,
    injectedIds: selection.decisions.filter((d) => d.outcome === 'injected').map((d) => d.memory.id),
    ms: performance.now() - started,
    ...(note ? { note } : {}),
  };
}
