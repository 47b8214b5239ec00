/**
 * From scored candidates to the memory section (SPEC §5.2–5.5): threshold, sensitivity,
 * duplicates, then the item and token budget. Every candidate leaves with an outcome, so the
 * ledger can answer both "why this memory?" and "why not that one?".
 */
import { config } from '../config';
import { conceptsOf, sharedConcepts } from '../text/concepts';
import { countTokens } from '../llm/tokens';
import { normaliseSummary } from '../memory/memory-match';
import { sensitiveCategories } from '../memory/rules/sensitivity';
import { searchTerms } from '../memory/search-text';
import type { MemoryRow } from '../memory/memory-types';
import { formatInstructionLine, formatMemorySection, instructionText, lineText, memoryLine } from './format';
import type { MemoryLine, RecalledSection } from '../llm/memory-section';
import { expandQuestion } from './query-concepts';
import { vectorCutFor, type ScoreParts, type VectorCut } from './score';
import { displaces } from '../memory/displaced';
import { RELATION_EN, RELATION_ZH } from '../memory/rules/lexicon';

export type Route = 'vector' | 'fulltext' | 'structured' | 'core' | 'procedural' | 'time' | 'slot';
export type Outcome = 'injected' | 'below_threshold' | 'cut_by_budget' | 'duplicate' | 'filtered';

export type RecallMemory = Pick<
  MemoryRow,
  'id' | 'type' | 'kind' | 'summary' | 'entities' | 'importance' | 'confidence' | 'sensitive' | 'occurredAt' | 'createdAt' | 'sourceConversationId' | 'sourceMessageId'
> & { quote?: string | null };

export interface ScoredCandidate {
  memory: RecallMemory;
  routes: Route[];
  parts: ScoreParts;
  /** Set when a filter already excluded it (expired, status, intent). */
  filtered?: string;
}

export interface Decision extends ScoredCandidate {
  outcome: Outcome;
  detail: string | null;
  rank: number;
}

export interface Selection {
  section: string;
  /** The same section as data, for the built-in offline model (it never parses the text). */
  memory: RecalledSection;
  tokens: number;
  decisions: Decision[];
}

// A long episodic item is shortened to this many tokens in the prompt (SPEC §5.4).
const EPISODIC_LINE_TOKENS = 60;
// "picking a restaurant just for me tonight": what the user's people like is beside the point.
const ONLY_ME = /\b(?:just|only)\s+(?:for\s+)?(?:me|myself)\b|\bfor myself\b|\bme alone\b|就我自己|只有我|我一个人|给我自己|我自己(?:吃|喝|用|穿|去)/i;
// "do i like durian?", "what do i usually do on weekends", "我周末一般喜欢干嘛", "我有什么不吃的":
// a question about the user's own tastes, home or work, naming no one else, is not answered by
// what their husband or girlfriend likes.
const MY_OWN = new RegExp(
  [
    String.raw`\b(?:do|did|would|am)\s+i\s+(?:(?:usually|normally|even|actually|still|really)\s+)?(?:like|love|enjoy|hate|eat|drink|prefer|live|work|do for (?:a living|work|fun))\b`,
    String.raw`\bwhat\s+do\s+i\s+(?:(?:usually|normally|generally)\s+)?(?:like|love|enjoy|do (?:for fun|on (?:the )?weekends?|at (?:the )?weekends?|in my (?:free|spare) time))\b`,
    String.raw`\bwhat(?:['’]s|\s+is|\s+are)\s+my\s+(?:fav(?:ou?rite|e)|hobb|job|diet|allerg)`,
    String.raw`\bwhere\s+do\s+i\s+(?:live|work)\b`,
    String.raw`我(?:平时|一般|周末|平常|最)*(?:喜欢|爱|不吃|能吃|住在|住哪|在哪(?:上班|工作)|有什么(?:不吃|忌口|爱好)|过敏)`,
  ].join('|'),
  'i',
);
const SOMEONE_ELSE = new RegExp(String.raw`\b(?:we|our|us|family|together|${RELATION_EN})(?:s|es)?\b|我们|咱|我家|家里|${RELATION_ZH}`, 'i');

// A sensitive memory needs this much similarity, a keyword hit or a shared topic to be volunteered.
const SENSITIVE_MIN_SIMILARITY = 0.5;
// …but a time of the week is no topic unless the question asks what is planned: "周末推荐部电影" and
// "每两周去看一次心理咨询师" share only 周, "fun with the twins this weekend" and "sees a therapist
// every other tuesday evening" only the calendar; "我下周有什么安排" asks for the appointment itself.
const CALENDAR_HAN = /^[周天月年日号点时晚早]$/u;
const CALENDAR = '#schedule';

function shorten(summary: string, maxTokens: number): string {
  if (countTokens(summary) <= maxTokens) return summary;
  const words = summary.split(/(\s+)/);
  let out = '';
  for (const word of words) {
    if (countTokens(`${out}${word}…`) > maxTokens) break;
    out += word;
  }
  return `${out.trim()}…`;
}

function line(c: ScoredCandidate, timeZone: string): MemoryLine {
  const summary = c.memory.type === 'episodic' ? shorten(c.memory.summary, EPISODIC_LINE_TOKENS) : c.memory.summary;
  return memoryLine({ ...c.memory, summary }, timeZone);
}

export interface RecallLimits {
  maxItems: number;
  maxTokens: number;
}

const DEFAULT_LIMITS: RecallLimits = { maxItems: config.recall.maxItems, maxTokens: config.recall.maxTokens };

/**
 * Whether the question touches a sensitive memory's topic: a word of the memory itself (not of
 * its context: what was said around it is no reason to volunteer it), high similarity, or a
 * shared concept ("what should I cook?" and "allergic to peanuts" are both about food).
 */
const FUNCTION_HAN = /^[好的了是有不很太一个这那也都还就吗呢吧啊看最近么什]$/u;

function topicNeedsIt(c: ScoredCandidate, query: QueryTopics): boolean {
  const own = `${c.memory.summary} ${c.memory.entities.join(' ')}`;
  // A function character is no topic ("好" in 好看的剧 and 膝盖不太好); 妈, 猫, 牙 are.
  const counts = (term: string) => !FUNCTION_HAN.test(term) && (query.asksSchedule || (term !== CALENDAR && !CALENDAR_HAN.test(term)));
  if (c.parts.similarity >= SENSITIVE_MIN_SIMILARITY || searchTerms(own).some((t) => query.terms.has(t) && counts(t))) return true;
  const concepts = conceptsOf(own);
  // An allergy or intolerance is what a question about food or drink needs ("对虾过敏" for 今晚吃点啥).
  if (concepts.has('#allergy') && (query.concepts.has('#food') || query.concepts.has('#drink'))) return true;
  // So is a bad knee or an old injury to a question about exercise (这周六想去爬山, a 10k).
  if (concepts.has('#joint') && query.concepts.has('#exercise')) return true;
  return sharedConcepts(query.concepts, concepts).some(counts);
}

// Naming one of the user's people is what makes most memories "family": the user's own plan with
// them ("6月想跟男朋友daniel去巴厘岛") is no secret to keep back. What is (a divorce, a pregnancy, a
// death in the family) still waits for the topic, as health, money and beliefs do, and so does a
// fact about the person themselves ("男朋友喜欢打篮球" is not the answer to 我平时有什么爱好).
const PRIVATE_FAMILY = /\b(?:divorc\w*|separat\w*|custody|pregnan\w*|miscarr\w*|ivf|fertility|adopt(?:ed|ing|s)?(?=\s+(?:\w+\s+){0,2}(?:bab(?:y|ies)|child|children|kids?|sons?|daughters?|boy|girl|siblings?)\b)|adoption|(?:was|were|am|is|are|being)\s+adopted|affair|estranged|passed away|died|funeral|grief|in rehab)\b|离婚|分居|抚养权|怀孕|流产|试管|出轨|去世|过世|葬礼|冷战/i;

/** Whether a sensitive memory must wait for its topic: not one that is only about the user's people. */
function keptBack(memory: RecallMemory): boolean {
  if (!memory.sensitive) return false;
  const categories = sensitiveCategories(memory.summary);
  return !(memory.kind !== 'relationship' && categories.length === 1 && categories[0] === 'family' && !PRIVATE_FAMILY.test(memory.summary));
}

const vectorOnly = (c: ScoredCandidate) => c.routes.length === 1 && c.routes[0] === 'vector';

interface QueryTopics {
  concepts: Set<string>;
  terms: Set<string>;
  asksSchedule: boolean;
}

export function selectMemories(
  candidates: ScoredCandidate[],
  procedural: RecallMemory[],
  limits: RecallLimits = DEFAULT_LIMITS,
  query = '',
  timeZone = 'UTC',
  cut: VectorCut = vectorCutFor(null),
  now?: Date,
): Selection {
  const queryConcepts = conceptsOf(query);
  const topics: QueryTopics = { concepts: queryConcepts, terms: new Set(searchTerms(query)), asksSchedule: expandQuestion(query).concepts.includes('schedule') };
  const onlyMe = ONLY_ME.test(query) || (MY_OWN.test(query) && !SOMEONE_ELSE.test(query));
  const decisions: Decision[] = [];
  const decide = (c: ScoredCandidate, outcome: Outcome, detail: string | null = null) =>
    decisions.push({ ...c, outcome, detail, rank: decisions.length + 1 });

  const live: ScoredCandidate[] = [];
  for (const c of candidates) {
    if (c.filtered) decide(c, 'filtered', c.filtered);
    // Vector-only and dissimilar (SPEC §5.2). A floor on weak keyword matches was measured too
    // (a share of a perfect BM25 match of 0.05–0.3): it lost more right memories than noise.
    else if (vectorOnly(c) && c.parts.similarity < cut.floor) {
      decide(c, 'below_threshold', `similarity ${c.parts.similarity.toFixed(2)} < ${cut.floor}`);
    } else if (keptBack(c.memory) && !topicNeedsIt(c, topics)) {
      decide(c, 'filtered', 'sensitive: not relevant enough to volunteer');
    } else if (onlyMe && c.memory.kind === 'relationship' && !c.routes.includes('core')) {
      decide(c, 'filtered', "about someone else; the question is about the user alone");
    } else live.push(c);
  }

  // Core items (importance ≥ 4) are always on, up to their own cap; the rest compete on score.
  const core = live
    .filter((c) => c.routes.includes('core'))
    .sort((a, b) => b.memory.importance - a.memory.importance || b.parts.score - a.parts.score)
    .slice(0, config.recall.coreMax);
  const rest = live.filter((c) => !core.includes(c)).sort((a, b) => b.parts.score - a.parts.score);

  const instructions = procedural.map(instructionText);
  const instructionLines = instructions.map(formatInstructionLine);
  const ranked = [...core, ...rest];
  let packed = pack(ranked, instructionLines, limits, timeZone, cut);
  // A habit changed or a plan corrected since: when the older and the newer one would both go in,
  // the older one is left out and the next in line takes its place (server/memory/displaced.ts).
  const injected = packed.decisions.filter((d) => d.outcome === 'injected').map((d) => d.memory);
  const outdated = new Map<string, RecallMemory>();
  for (const older of injected) {
    const newer = injected.find((m) => m !== older && displaces(m, older, now));
    if (newer) outdated.set(older.id, newer);
  }
  if (outdated.size > 0) {
    for (const c of ranked.filter((c) => outdated.has(c.memory.id))) {
      decide(c, 'filtered', `may be outdated: "${outdated.get(c.memory.id)!.summary}" was said later`);
    }
    packed = pack(ranked.filter((c) => !outdated.has(c.memory.id)), instructionLines, limits, timeZone, cut);
  }
  for (const d of packed.decisions) decide(d, d.outcome, d.detail);
  const { memoryLines, lines } = packed;
  const section = formatMemorySection(memoryLines, instructionLines);
  return { section, memory: { memories: lines, instructions }, tokens: section ? countTokens(section) : 0, decisions };
}

/** Fills the section in rank order: duplicates, per-message and weak-match caps, then the budget. */
function pack(ranked: ScoredCandidate[], instructionLines: string[], limits: RecallLimits, timeZone: string, cut: VectorCut) {
  const decisions: { memory: RecallMemory; routes: Route[]; parts: ScoreParts; outcome: Outcome; detail: string | null }[] = [];
  const decide = (c: ScoredCandidate, outcome: Outcome, detail: string | null = null) => decisions.push({ ...c, outcome, detail });
  const memoryLines: string[] = [];
  const lines: MemoryLine[] = [];
  const seen = new Set<string>();
  let tokens = countTokens(formatMemorySection(['- x'], instructionLines));
  const perSource = new Map<string, number>();
  let weakUsed = 0;
  for (const c of ranked) {
    const key = normaliseSummary(c.memory.summary);
    if (seen.has(key)) {
      decide(c, 'duplicate', 'same text as an injected memory');
      continue;
    }
    // Several facts from one message are several memories; the prompt keeps room for others.
    const source = c.memory.sourceMessageId;
    if (source && (perSource.get(source) ?? 0) >= config.recall.maxPerSource) {
      decide(c, 'duplicate', `${config.recall.maxPerSource} memories from the same message already used`);
      continue;
    }
    // Under the SPEC cut, only a few places (config.recall.weakVector): a weak match is a guess.
    const weak = vectorOnly(c) && c.parts.similarity < cut.minCosine;
    if (weak && weakUsed >= cut.weakMax) {
      decide(c, 'below_threshold', `similarity ${c.parts.similarity.toFixed(2)} < ${cut.minCosine}, and ${cut.weakMax} weaker matches already used`);
      continue;
    }
    if (memoryLines.length >= limits.maxItems) {
      decide(c, 'cut_by_budget', `item limit ${limits.maxItems}`);
      continue;
    }
    // Lines are built and tokenised only while there is room (a minor saving: ~0.01 ms a line).
    const structured = line(c, timeZone);
    const text = lineText(structured);
    const cost = countTokens(text) + 1;
    if (tokens + cost > limits.maxTokens) {
      decide(c, 'cut_by_budget', `token limit ${limits.maxTokens}`);
      continue;
    }
    seen.add(key);
    if (source) perSource.set(source, (perSource.get(source) ?? 0) + 1);
    memoryLines.push(text);
    if (weak) weakUsed += 1;
    lines.push(structured);
    tokens += cost;
    decide(c, 'injected');
  }
  return { decisions, memoryLines, lines };
}
