/**
 * A correction that gives only the right value (issue 12): "We meet the first Tuesday of every
 * month" → "oh wait, I had that wrong, it's the first Wednesday"; "6月8号带豆豆去打疫苗" → "哦不对
 * 疫苗是10号 我看错了"; "下周三有个grab的面试" → "wait 不对 HR刚改成周四了". The right value alone says
 * nothing ("it's the first Wednesday"), so the item is the statement it corrects, said again with
 * the value swapped: the latest earlier sentence of the user's that holds a value of the same kind
 * (a weekday, a day of the month, a clock time). It is a correction aimed at the old value
 * (negative update, hint = the old value), so apply-memories.ts supersedes the memory holding it.
 */
import { ANNIVERSARY } from '../anniversary';
import { parseExplicitCommand } from '../explicit-command';
import { draftFor, type Rule, type RuleContext } from './context';
import type { Draft } from './draft';
import { FREQUENCY_EN, FREQUENCY_ZH } from './lexicon';
import { parseNumber } from '../relative-time';

// A restated correction outranks a reading of the bare clause ("HR刚改成周四了" as a move of nothing named).
const PRIORITY = 1;
const FALLBACK_PRIORITY = 9;

type ValueKind = 'weekday' | 'day' | 'time';

interface TypedValue {
  kind: ValueKind;
  /** Comparable form: "wednesday", "10", "16:00". */
  norm: string;
  /** Where it stands in its text, and its words there. */
  index: number;
  text: string;
}

const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_EN = /\b(sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)(?:day|nesday|rsday|urday|sday)?s?\b/gi;
// ("the 3rd time this week", "my 2nd year" are no dates.)
const ORDINAL_DAY_EN = /\b(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:time|times|place|floor|year|grade|attempt|try|round|one|edition|kid|child|birthday|anniversary|person|party|hand|century|week|month|day))/gi;
const MONTH_DAY_EN = /\b(\d{1,2})\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b(?![:.]\d)/gi;
const CLOCK_EN = /\b(\d{1,2})(?::(\d\d))?\s*(am|pm)\b/gi;
const WEEKDAYS_ZH = '日一二三四五六';
const WEEKDAY_ZH = /(?:周|星期|礼拜)([一二三四五六日天])/g;
const DAY_ZH = /(\d{1,2}|[一二三四五六七八九十]{1,3})(?:号|日)(?!本|子|常|记)/g;
const CLOCK_ZH = /(\d{1,2}|[一二三四五六七八九十]{1,3})点(半)?/g;
function typedValues(text: string): TypedValue[] {
  const found: TypedValue[] = [];
  const add = (kind: ValueKind, norm: string, match: RegExpMatchArray) => found.push({ kind, norm, index: match.index ?? 0, text: match[0] });
  for (const m of text.matchAll(WEEKDAY_EN)) {
    const day = WEEKDAYS_EN.find((name) => name.startsWith(m[1]!.toLowerCase().slice(0, 3)));
    // "sat" and "sun" alone are words too ("sat down", "the sun"): only the whole name counts.
    if (day && (m[0].length > 3 || !/^(?:sat|sun)$/i.test(m[0]))) add('weekday', day, m);
  }
  for (const m of text.matchAll(ORDINAL_DAY_EN)) add('day', String(Number(m[1])), m);
  // "jen's birthday is 19 april" / "april 19": the day of a dated month, the day digits alone, so a
  // correction to "the 21st" keeps the month.
  for (const m of text.matchAll(MONTH_DAY_EN)) {
    const digits = m[1] ?? m[2]!;
    if (found.some((v) => v.kind === 'day' && v.index >= (m.index ?? 0) && v.index < (m.index ?? 0) + m[0].length)) continue;
    found.push({ kind: 'day', norm: String(Number(digits)), index: (m.index ?? 0) + m[0].indexOf(digits), text: digits });
  }
  for (const m of text.matchAll(CLOCK_EN)) add('time', `${(Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0)}:${m[2] ?? '00'}`, m);
  for (const m of text.matchAll(WEEKDAY_ZH)) add('weekday', WEEKDAYS_EN[WEEKDAYS_ZH.indexOf(m[1] === '天' ? '日' : m[1]!)]!, m);
  for (const m of text.matchAll(DAY_ZH)) add('day', String(parseNumber(m[1]!)), m);
  for (const m of text.matchAll(CLOCK_ZH)) add('time', `${parseNumber(m[1]!)}:${m[2] ? '30' : '00'}`, m);
  return found.sort((a, b) => a.index - b.index);
}

// "i had that wrong", "i read the email wrong", "wait no", 不对, 看错了, 改成.
const CUE_EN = /\b(?:actually|i had (?:it|that|this) wrong|i (?:got|read|heard|wrote|typed|said) (?:it|that|this|the \w+) wrong|i misread|wait,? no|no,? wait|sorry,? i meant|i meant|my bad|correction)\b/i;
const CUE_ZH = /不对|说错|看错|记错|搞错|打错|写错|其实是|改成|改到|改在/;
// The right value, said as what "it" (or the thing) is: "it's the first Wednesday", "the 10k is
// actually the 7th", 疫苗是10号, 改成周四.
const RIGHT_EN = /\b(?:it['’]?s|its|it is|it['’]?ll be|it will be|that['’]?s|(?:the|my|our)\s+([a-z0-9][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|was)|i meant)\s+(?:actually\s+|really\s+)?(?:on\s+|at\s+)?(.+)$/i;
const RIGHT_ZH = /(?:([\u4e00-\u9fffA-Za-z0-9]{1,6}?)?\s*(?:其实)?是|改成|改到|改在)(.+)$/;
// "阿杰生日我记错了 是6月19号": what was wrong, named before the cue, when the value stands alone.
const CUE_TOPIC_ZH = /(?:^|[\s，,。])(?:还有|对了|哦|啊|诶)?([\u4e00-\u9fffA-Za-z]{2,8}?)我?(?:记错|搞错|说错|看错|写错|打错)了?/;

interface Correction {
  right: TypedValue;
  topic: string | null;
  /** The month said with the day ("是6月19号"): the corrected sentence must be in that month. */
  month?: string;
  /** The right value as said, up to the next pause ("6月19号"). */
  phrase: string;
}

function correctionIn(ctx: RuleContext): Correction | null {
  const text = ctx.sentence.text;
  // Code-switched chat ("wait 不对 HR刚改成周四了 lol") may be read as either language.
  if (!CUE_EN.test(text) && !CUE_ZH.test(text)) return null;
  const said = (ctx.chinese ? (RIGHT_ZH.exec(text) ?? RIGHT_EN.exec(text)) : (RIGHT_EN.exec(text) ?? RIGHT_ZH.exec(text)));
  if (!said?.[2]) return null;
  const right = typedValues(said[2])[0];
  // The value must open what follows ("it's the first Wednesday", not "it's fine, see you monday").
  if (!right || said[2].slice(0, right.index).replace(/\b(?:the|first|second|third|fourth|last|this|next|coming)\b|下|这|本|\d{1,2}月/gi, '').trim() !== '') return null;
  // A whole new date ("改成7月2号上午") is a move the reschedule rules read with its month; the
  // month is allowed here only for "生日我记错了 是6月19号", where it stays the same.
  const month = /^(\d{1,2})月/.exec(said[2].trim())?.[1];
  if (month && /改成|改到|改在/.test(said[0])) return null;
  const named = said[1]?.trim().toLowerCase();
  // "…生日我记错了 是…": the words before 是 are the cue, the topic is what precedes it.
  const topic = (named && !CUE_ZH.test(named) ? named : null) ?? CUE_TOPIC_ZH.exec(text)?.[1]?.toLowerCase() ?? null;
  // A topic is a thing ("the 10k", 疫苗), not who changed it ("HR刚改成…").
  const phrase = said[2].trim().split(/[\s，,。！!；;]/)[0] ?? '';
  return { right, phrase, ...(month ? { month } : {}), topic: topic && !/^(?:it|that|this|he|she|they|we|i|这|那|就|都|也|还)$/i.test(topic) && !/[A-Za-z]+[\u4e00-\u9fff]/.test(topic) ? topic : null };
}

/** The latest earlier sentence of the user's with a different value of the same kind (and the topic, if named). */
function correctedSource(ctx: RuleContext, correction: Correction): { sentence: string; wrong: TypedValue } | null {
  const before = ctx.text.slice(0, ctx.sentence.start);
  const texts = [before, ...ctx.earlierUserTexts()];
  for (const text of texts) {
    const sentences = text.split(/(?<=[.!?。！？])\s*|\n+/).reverse();
    for (const sentence of sentences) {
      if (correction.topic && !sentence.toLowerCase().includes(correction.topic)) continue;
      const wrong = typedValues(sentence).find((v) => v.kind === correction.right.kind);
      if (wrong && wrong.norm !== correction.right.norm) return { sentence: sentence.trim(), wrong };
    }
  }
  return null;
}

/** The old sentence with the right value in place of the wrong one (same kind, so same shape). */
function swapValue(sentence: string, wrong: TypedValue, right: TypedValue): string {
  let replacement = right.text;
  // "下周三" keeps its 下 and 周 when only the day changes: swap like for like.
  if (wrong.kind === 'weekday' && /^(?:周|星期|礼拜)/.test(wrong.text) && /^(?:周|星期|礼拜)/.test(right.text)) replacement = `${wrong.text.slice(0, -1)}${right.text.slice(-1)}`;
  if (wrong.kind === 'weekday' && /^[a-z]/i.test(wrong.text) && /^[a-z]/i.test(right.text)) replacement = /^[A-Z]/.test(wrong.text) ? right.norm.charAt(0).toUpperCase() + right.norm.slice(1) : right.norm;
  return `${sentence.slice(0, wrong.index)}${replacement}${sentence.slice(wrong.index + wrong.text.length)}`;
}

function corrections(ctx: RuleContext): Draft[] {
  const correction = correctionIn(ctx);
  if (!correction) return [];
  const source = correctedSource(ctx, correction);
  if (!source) return topicRestated(ctx, correction);
  if (correction.month && !source.sentence.includes(`${correction.month}月`)) return [];
  // "remember my wife jen's birthday is 19 april" → what to remember, not the request.
  const command = parseExplicitCommand(source.sentence);
  const start = command?.kind === 'remember' ? source.sentence.indexOf(command.content) : -1;
  const swapped = swapValue(source.sentence, source.wrong, correction.right);
  const restated = start > 0 && source.wrong.index >= start ? swapped.slice(start) : swapped;
  const summary = ctx.describe(restated);
  if (!summary) return [];
  // "We meet the first Wednesday of every month" is a standing fact, not one date.
  // Nor is a birthday: it comes round every year (recall finds it when it is near, anniversary.ts).
  const recurring = FREQUENCY_EN.test(restated) || FREQUENCY_ZH.test(restated) || ANNIVERSARY.test(restated);
  const time = recurring ? null : ctx.resolveTime(restated, 'future');
  const future = time !== null && time.start.getTime() >= ctx.message.createdAt.getTime() - 86_400_000;
  return [
    draftFor(ctx, {
      type: future ? 'episodic' : 'semantic',
      kind: future ? 'plan' : 'fact',
      summary: future ? ctx.withDate(summary, time) : summary,
      entities: correction.topic ? [correction.topic] : [],
      time: future ? time : null,
      negative: true,
      conflictHint: source.wrong.text,
      context: source.sentence,
      priority: PRIORITY,
      exclusive: true,
    }),
  ];
}

/**
 * The corrected statement was made in an earlier conversation, which the rules do not see: "阿杰生日
 * 我记错了 是6月19号" is kept as "阿杰生日是6月19号", a correction aimed at what names the topic, so the
 * memory "阿杰生日6月9号" is superseded by apply-memories.ts. Only with a named topic and a whole
 * value (a month and a day): a bare "是10号" needs the sentence it corrects.
 */
function topicRestated(ctx: RuleContext, correction: Correction): Draft[] {
  if (!ctx.chinese || !correction.topic || !correction.month || correction.right.kind !== 'day') return [];
  const summary = ctx.describe(`${correction.topic}是${correction.phrase}`);
  if (!summary) return [];
  return [
    draftFor(ctx, {
      type: 'semantic',
      kind: 'fact',
      summary,
      entities: [correction.topic],
      negative: true,
      conflictHint: correction.topic,
      // Weaker than any rule that reads the clause itself: a fallback for when none does.
      priority: FALLBACK_PRIORITY,
    }),
  ];
}

export const VALUE_CORRECTION_RULES: readonly Rule[] = [
  { name: 'value-correction', scope: 'sentence', lang: 'en', apply: corrections },
  { name: 'value-correction-zh', scope: 'sentence', lang: 'zh', apply: corrections },
];
