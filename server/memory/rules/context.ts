/**
 * What every rule sees: the clause it runs on, its sentence, the message and the window (for
 * corrections that need the assistant's previous turn), plus language-aware helpers.
 */
import type { ExtractionWindow, SourceMessage } from '../extraction-schema';
import { resolveRelativeTime, type ResolvedTime } from '../relative-time';
import { describeChinese } from './chinese-summary';
import { withResolvedDate, type Draft } from './draft';
import { describeEnglish } from './english-summary';
import type { Segment } from './segments';

export interface RuleContext {
  message: SourceMessage;
  window: ExtractionWindow;
  /** The message as written (quotes are cut from it). */
  text: string;
  sentence: Segment;
  clauses: readonly Segment[];
  /** The clause the rule runs on; the whole sentence for sentence-scope rules. */
  clause: Segment;
  index: number;
  chinese: boolean;
  hedged: boolean;
  /** True for content handed over by an explicit "remember …" request. */
  explicit: boolean;
  /** The clause had no subject of its own and borrowed the previous clause's. */
  carriedSubject?: boolean;
  resolveTime(text: string, prefer?: 'future' | 'past'): ResolvedTime | null;
  withDate(summary: string, time: ResolvedTime | null | undefined): string;
  describe(text: string): string | null;
  /** The nearest assistant message before this one, if any. */
  previousAssistant(): string | null;
  /** Earlier user messages of the window, most recent first. */
  earlierUserTexts(): string[];
  /** Every earlier message of the window, most recent first. */
  earlierTexts(): string[];
}

export interface Rule {
  name: string;
  scope: 'clause' | 'sentence';
  /** Which language's clauses the rule reads. */
  lang: 'en' | 'zh';
  apply(ctx: RuleContext): Draft[];
}

export interface ContextInput {
  message: SourceMessage;
  window: ExtractionWindow;
  sentence: Segment;
  clauses: readonly Segment[];
  clause: Segment;
  index: number;
  chinese: boolean;
  hedged: boolean;
  explicit: boolean;
  carriedSubject?: boolean;
}

export function makeContext(input: ContextInput): RuleContext {
  const { message, window } = input;
  const position = window.messages.findIndex((m) => m.id === message.id);
  const earlier = position === -1 ? window.messages.filter((m) => m.createdAt < message.createdAt) : window.messages.slice(0, position);
  return {
    ...input,
    text: message.content,
    resolveTime: (text, prefer) => resolveRelativeTime(text, message.createdAt, window.timeZone, prefer ? { prefer } : {}),
    withDate: (summary, time) => withResolvedDate(summary, time, window.timeZone, input.chinese),
    describe: (text) => (input.chinese ? describeChinese(text, { hedged: input.hedged }) : describeEnglish(text, { hedged: input.hedged })),
    previousAssistant: () => [...earlier].reverse().find((m) => m.role === 'assistant')?.content ?? null,
    earlierUserTexts: () => [...earlier].reverse().filter((m) => m.role === 'user').map((m) => m.content),
    earlierTexts: () => [...earlier].reverse().map((m) => m.content),
  };
}

/** Does the user's memory already know this entity (so a correction of it is about them)? */
export function isKnownEntity(ctx: RuleContext, value: string): boolean {
  const wanted = value.trim().toLowerCase();
  return wanted !== '' && ctx.window.knownEntities.some((entity) => entity.toLowerCase() === wanted);
}

/** A draft over the rule's clause with the context's hedge, ready for `toSourcedMemory`. */
export function draftFor(ctx: RuleContext, draft: Omit<Draft, 'span' | 'hedged'> & { span?: Segment; hedged?: boolean }): Draft {
  return { span: ctx.clause, hedged: ctx.hedged, context: ctx.clause.text, explicit: ctx.explicit, ...draft };
}
