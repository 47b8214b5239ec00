/**
 * A rule's raw finding (`Draft`) and how it becomes a schema item (SPEC §4.2) with defaults:
 * low importance unless the kind says otherwise, high confidence unless hedged, the message's own
 * time unless the text names another, and `temporary` validity for dated plans.
 */
import { inScriptOf } from '../../text/chinese-script';
import type { MemoryKind, SourceMessage, SourcedMemory } from '../extraction-schema';
import { describeResolvedTime, endOfLocalDay, resolveRelativeTime, type ResolvedTime } from '../relative-time';
import { clipWords } from './english-summary';
import { collectEntities } from './entities';
import { FAMILY_RELATIONS, FAMILY_RELATIONS_ZH } from './lexicon';
import type { Segment } from './segments';
import { namesInSpeech } from './people';
import { sensitiveCategories } from './sensitivity';

export type MemoryType = SourcedMemory['type'];
export type Validity = SourcedMemory['validity'];

export interface Draft {
  type: MemoryType;
  kind: MemoryKind;
  summary: string;
  /** The exact span of the message the item rests on. */
  span: Segment;
  entities?: string[];
  importance?: number;
  hedged?: boolean;
  negative?: boolean;
  conflictHint?: string | null;
  time?: ResolvedTime | null;
  validity?: Validity;
  /** Text to judge sensitivity on (defaults to the sentence). */
  context?: string;
  /** Lower runs first; an `exclusive` draft hides weaker drafts over the same words. */
  priority: number;
  exclusive?: boolean;
  /** Set by the fast channel: an explicit request is itself confirmation (SPEC §4.1). */
  explicit?: boolean;
  /** The catch-all disclosure rule's: kept only where no specific rule read the same words. */
  generic?: boolean;
}

const IDENTITY = /\b(?:name|lives?|based|from|works?|job|engineer|teacher|nurse|doctor|student|manager|years old)\b|名字|叫|住|家在|工作|上班|是.{0,6}(?:师|员|生|者|经理|主管)|人$/i;

function defaultImportance(draft: Draft, health: boolean): number {
  if (draft.kind === 'constraint' || health) return 4;
  if (draft.type === 'procedural') return 3;
  if (draft.kind === 'relationship') {
    const lower = draft.summary.toLowerCase();
    const family = [...FAMILY_RELATIONS].some((word) => lower.includes(word)) || [...FAMILY_RELATIONS_ZH].some((word) => draft.summary.includes(word));
    return family ? 3 : 2;
  }
  if (draft.kind === 'fact' && draft.type === 'semantic' && IDENTITY.test(draft.summary)) return 3;
  return 2;
}

/** Appends the absolute date to a dated summary, so "next Friday" still means something in a month. */
export function withResolvedDate(summary: string, time: ResolvedTime | null | undefined, timeZone: string, chinese: boolean): string {
  if (!time) return summary;
  const when = describeResolvedTime(time, timeZone);
  return chinese ? `${summary}（${when}）` : `${summary} (${when})`;
}

export function toSourcedMemory(draft: Draft, message: SourceMessage, sentence: string, timeZone: string): SourcedMemory {
  const quote = message.content.slice(draft.span.start, draft.span.end).slice(0, 500);
  // A user who writes Traditional Chinese reads their memories in their own characters too.
  const script = (text: string) => inScriptOf(text, quote);
  const categories = sensitiveCategories(`${draft.context ?? sentence} ${draft.summary}`);
  const health = categories.includes('health');
  const importance = Math.min(5, Math.max(1, Math.round(draft.importance ?? defaultImportance(draft, health))));
  const coming = draft.time || draft.validity ? null : comingOccasion(draft, quote, message.createdAt, timeZone);
  const time = draft.time ?? coming;
  const validity: Validity = draft.validity ?? ((draft.type === 'episodic' && draft.kind === 'plan' && time) || coming ? 'temporary' : 'permanent');
  const validUntil = validity === 'temporary' && time ? (time.end ?? endOfLocalDay(time.start, timeZone)) : null;
  return {
    type: draft.type,
    kind: draft.kind,
    summary: clipWords(script(coming ? withResolvedDate(draft.summary.trim(), coming, timeZone, /\p{Script=Han}/u.test(draft.summary)) : draft.summary.trim())),
    // Lower-case names ("my husband dev", "niamh and i") are entities too: later chats know them.
    entities: collectEntities((draft.entities ?? []).map(script), namesInSpeech(quote)),
    importance,
    confidence: draft.hedged ? 'low' : 'high',
    origin: 'user_stated',
    validity,
    valid_until: validUntil ? validUntil.toISOString() : null,
    occurred_at: (time ? time.start : message.createdAt).toISOString(),
    sensitive: categories.length > 0,
    quote,
    negative_update: draft.negative ?? false,
    conflict_hint: draft.conflictHint ? draft.conflictHint.slice(0, 200) : null,
    sourceMessageId: message.id,
  };
}

// Someone coming, a trip, a meet, a meal on a day: an occasion that is over once its day has
// passed, whatever kind the rule gave it ("Cousin Akinyi is coming over from kisumu next weekend",
// "First meet is saturday the 21st at glenbrook"). Not a state that begins then ("starting at
// Google next month", "moving to Porto in June": those stay true after the day).
const COMING =
  /\b(?:is|are|am|'s|'re|'m)\s+(?:coming|visiting|flying|going|driving|arriving|staying|getting married|having|hosting|throwing|playing|running|racing|competing)\b|\b(?:going to|gonna|will|'ll)\s+(?:go|visit|come|fly|drive|see|stay|be (?:in|at|away|off))\b|\b(?:first|next|big|the) (?:meet|match|game|race|gig|show|party|meal|dinner|reunion|wedding|recital|tournament)\b|要来|会来|过来|来看|来住|要去|去玩|比赛|聚餐|婚礼/i;

function comingOccasion(draft: Draft, quote: string, at: Date, timeZone: string): ResolvedTime | null {
  if (draft.type === 'procedural' || draft.kind === 'plan' || draft.kind === 'constraint' || !COMING.test(quote)) return null;
  const time = resolveRelativeTime(quote, at, timeZone, { prefer: 'future' });
  // Only a day to come: "last weekend", "on saturday" said of the past are no occasion ahead.
  return time && (time.end ?? endOfLocalDay(time.start, timeZone)).getTime() > at.getTime() && time.start.getTime() >= at.getTime() - 86_400_000 ? time : null;
}

function overlaps(a: Segment, b: Segment): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * Keeps the strongest finding per stretch of text: drafts of the same type and kind over
 * overlapping words collapse to the higher-priority one, and an exclusive draft (a correction, a
 * move) suppresses everything weaker that overlaps it.
 */
export function resolveOverlaps(drafts: readonly Draft[]): Draft[] {
  const ordered = [...drafts].sort((a, b) => a.priority - b.priority || a.span.start - b.span.start);
  const kept: Draft[] = [];
  for (const draft of ordered) {
    const blocked = kept.some(
      (other) =>
        overlaps(other.span, draft.span) &&
        (draft.generic === true || (other.type === draft.type && other.kind === draft.kind) || (other.exclusive === true && other.priority < draft.priority)),
    );
    const duplicate = kept.some((other) => other.type === draft.type && other.summary.toLowerCase() === draft.summary.toLowerCase());
    if (!blocked && !duplicate) kept.push(draft);
  }
  return kept.sort((a, b) => a.span.start - b.span.start || a.priority - b.priority);
}
