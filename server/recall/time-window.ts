/**
 * The stretch of time a question names ("what did I do last weekend?", "in September 2022",
 * 上个月), so recall can prefer memories from then (config.recall.timeWindowWeight). English dates with
 * a year or month come from chrono-node; everything else (weekdays, 上周六, 月底) from the
 * resolver the extractor uses, leaning to the past as questions about memories do.
 */
import * as chrono from 'chrono-node';
import { config } from '../config';
import { offsetMinutes, resolveRelativeTime } from '../memory/relative-time';

export interface TimeWindow {
  from: Date;
  to: Date;
  /** The words that named it, as written; they are dropped from the lexical query. */
  expression: string;
}

const DAY_MS = 86_400_000;
const NOW_ONLY = /^(?:today|tonight|this (?:morning|afternoon|evening)|now|right now|今天|今晚|现在)$/i;
const LOOKING_BACK = /\b(?:did|was|were|had|have i|ate|went|said|told|mentioned)\b|了|过/i;
// "whats going on for me in june", "anything on in june?", "what have i got in june" ask ahead too.
const AHEAD = /\b(?:am i|are (?:we|you)|is (?:it|the)|will|going to|gonna|going on|happening|what['’]?s on|anything on|do i have|have i got|plans?|planned|planning|coming up|upcoming|next|booked|scheduled|due)\b|['’]m i\b|要|打算|计划|安排|准备/i;
const RELATIVE = /\b(?:last|next|this|ago|yesterday|today|tomorrow|tonight|week|weekend|coming|past)\b/i;

// Only a question with a number or a month-like word can hold a date with a year or month; the
// rest skips chrono. Besides the time (over the eval and LoCoMo questions 1.2 s → 0.7 s), chrono
// read "now" and "the day after" as certain dates, so "what's my job now?" preferred memories
// from the week before instead of none (every shipped eval set scored the same after this).
const CALENDAR_HINT = /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|christmas|xmas|new year|easter|halloween|thanksgiving/i;

/** A single day widens to the week before it: "what did I finish on the 23rd?" may have been said then. */
function widen(from: Date, to: Date): { from: Date; to: Date } {
  if (to.getTime() - from.getTime() > DAY_MS + 3_600_000) return { from, to };
  return { from: new Date(from.getTime() - config.recall.dayWindowBeforeDays * DAY_MS), to };
}

function fromChrono(text: string, now: Date, timeZone: string): TimeWindow | null {
  if (!CALENDAR_HINT.test(text)) return null;
  const offset = offsetMinutes(now, timeZone);
  const results = chrono.en.parse(text, { instant: now, timezone: offset }, { forwardDate: false });
  // Only calendar dates: a month or year said outright. Weekdays and "last week" are the resolver's.
  const dated = results.filter((r) => !RELATIVE.test(r.text) && (r.start.isCertain('year') || r.start.isCertain('month')));
  const best = dated.find((r) => r.start.isCertain('year')) ?? dated[0];
  if (!best) return null;
  const start = best.start;
  const month = start.get('month') ?? 1;
  let year = start.get('year') ?? now.getUTCFullYear();
  // "What did I do in March?" asked in January is last March: questions about memory look back,
  // unless they ask ahead ("what am I doing in September?", "any plans for March?").
  if (!start.isCertain('year') && !AHEAD.test(text) && Date.UTC(year, month - 1, start.isCertain('day') ? (start.get('day') ?? 1) : 1) > now.getTime()) year -= 1;
  const startOfLocal = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d) - offset * 60_000);
  let from: Date;
  let to: Date;
  if (start.isCertain('day')) {
    from = startOfLocal(year, month, start.get('day') ?? 1);
    to = new Date(from.getTime() + DAY_MS);
  } else if (start.isCertain('month')) {
    from = startOfLocal(year, month, 1);
    to = startOfLocal(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1);
  } else {
    from = startOfLocal(year, 1, 1);
    to = startOfLocal(year + 1, 1, 1);
  }
  return { ...widen(from, to), expression: best.text };
}

export function questionWindow(text: string, now: Date, timeZone: string): TimeWindow | null {
  const dated = fromChrono(text, now, timeZone);
  if (dated) return dated;
  // Future windows stay: "what's on next week?" is about plans dated then.
  const resolved = resolveRelativeTime(text, now, timeZone, { prefer: 'past' });
  if (!resolved) return null;
  // "ordering pizza tonight, anything to leave off?" is about now, not about what was said today.
  if (NOW_ONLY.test(resolved.expression) && !LOOKING_BACK.test(text)) return null;
  const to = resolved.end ?? new Date(resolved.start.getTime() + DAY_MS);
  return { ...widen(resolved.start, to), expression: resolved.expression };
}

export function inWindow(window: TimeWindow, ...instants: (Date | null)[]): boolean {
  return instants.some((at) => at !== null && at.getTime() >= window.from.getTime() && at.getTime() < window.to.getTime());
}
