/**
 * `npm run bench:recall -- --profile`: each recall route timed on its own, in its own withUser
 * transaction, for the same queries the bench asks — so the slow part of a recall is measured,
 * not guessed.
 */
import type { WithUser } from '../../db/boundary';
import type { Tx } from '../../db/types';
import type { Embedder } from '../../server/memory/embedder';
import {
  fulltextCandidates,
  listedCandidates,
  loadWithSimilarity,
  vectorCandidates,
} from '../../server/recall/gather-candidates';
import { namedPeople } from '../../server/recall/people';
import { buildRecallQuery } from '../../server/recall/query';
import { recallModel } from '../../server/recall/recall';
import { countVectors } from '../../server/recall/vector-strategy';
import { percentile } from '../../server/eval/run-eval';

const TYPES = ['semantic', 'episodic'] as const;

export interface RouteProfile {
  route: string;
  p50_ms: number;
  p95_ms: number;
}

export async function profileRoutes(
  withUser: WithUser,
  asks: { userId: string; text: string }[],
  embedder: Embedder,
): Promise<{ routes: RouteProfile[] }> {
  const now = new Date();
  const times = new Map<string, number[]>();
  const time = async <T,>(route: string, userId: string, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const s = performance.now();
    const out = await withUser(userId, fn);
    times.set(route, [...(times.get(route) ?? []), performance.now() - s]);
    return out;
  };
  for (const { userId, text } of asks) {
    const query = buildRecallQuery({ message: text, now });
    const [vector = []] = await embedder.embed([query.text]);
    const types = [...TYPES];
    await time('(empty transaction)', userId, () => Promise.resolve(null));
    await time('recall model check', userId, (tx) => recallModel(tx, embedder.modelId));
    await time('vector count (cached by recall)', userId, (tx) => countVectors(tx, embedder.modelId));
    await time('people (name links)', userId, (tx) => namedPeople(tx));
    const byVector = await time('vector exact scan', userId, (tx) => vectorCandidates(tx, vector, embedder.modelId, types, now, 'exact'));
    const byText = await time('lexical BM25 (postings)', userId, (tx) => fulltextCandidates(tx, query.terms, types, now));
    const listed = await time('procedural + core + structured + time', userId, (tx) => listedCandidates(tx, types, query.window, now));
    const ids = [...new Set([...byVector.map((v) => v.id), ...byText.matches.map((m) => m.id), ...byText.excluded.map((e) => e.id), ...listed.procedural, ...listed.core, ...listed.structured, ...listed.time])];
    await time('load rows + similarity', userId, (tx) => loadWithSimilarity(tx, ids, vector, embedder.modelId));
  }
  const routes = [...times.entries()].map(([route, ms]) => ({ route, p50_ms: Number(percentile(ms, 50).toFixed(2)), p95_ms: Number(percentile(ms, 95).toFixed(2)) }));

  return { routes };
}
