/**
 * Resolves relative time expressions ("next Friday", "tomorrow at 3pm", "下周三", "月底") against
 * the timestamp of the message that contains them, in the user's time zone (SPEC §2: every item
 * carries the time the thing happened). A message sent at 23:30 UTC is already "tomorrow" in
 * Shanghai, so every calendar step happens on the local wall clock, never on UTC days.
 *
 * Only `Intl` is used: time-zone offsets come from `Intl.DateTimeFormat`, and wall-clock times are
 * turned back into instants by correcting a UTC guess with the zone's offset (DST-safe to the hour).
 *
 * Conventions (documented because they are choices, not facts):
 * - Weeks start on Monday. "next Friday" / 下周五 = Friday of next week; a bare "Friday" / 周五 /
 *   "this Friday" = the next Friday on or after the message's day.
 * - A period ("tomorrow", "next week", "end of month") gets `end` = the exclusive end of the period.
 *   A point in time ("at 3pm", "in 2 hours") has no `end`.
 * - A bare clock hour 1–6 without am/pm (三点, "at 3") means the afternoon: people rarely arrange
 *   things at 3 a.m. A time of day alone that has already passed today means tomorrow.
 * - Absolute dates without a year ("May 3", 3月12日) pick the next occurrence, or the previous one
 *   when the caller says the sentence is about the past.
 */

import { addDays, daysInMonth, nthWeekdayOfMonth, weekdayOfDate, type LocalDate } from './calendar-dates';
import { HOLIDAY_PATTERN, holidayIn, type HolidayPeriod } from './holidays';

export interface ResolvedTime {
  start: Date;
  /** Exclusive end of a period; absent for a point in time. */
  end?: Date;
  /** The text the time was read from, as written. */
  expression: string;
}

export interface ResolveOptions {
  /** Which way an expression without a year or direction leans ("in January", "May 3"). */
  prefer?: 'future' | 'past';
}

interface LocalDateTime extends LocalDate {
  hour: number;
  minute: number;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
}

interface DayMatch {
  index: number;
  length: number;
  /** Start day of the period, and its length in days (exclusive end). */
  from: LocalDate;
  days: number;
  /** A default hour for "tonight" / 今晚 when no clock time is given. */
  defaultHour?: number;
  /** An exact instant ("in 2 hours") that needs no clock time. */
  instant?: Date;
}

interface ClockMatch {
  index: number;
  length: number;
  hour: number;
  minute: number;
}

// ---------------------------------------------------------------------------------------------
// Time-zone arithmetic with Intl only.

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_INDEX: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a time zone. */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime & { second: number } {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAY_INDEX[parts.weekday ?? 'Mon'] ?? 1,
  };
}

function offsetMs(instant: Date, timeZone: string): number {
  const local = localDateTime(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The zone's offset from UTC at `instant`, in minutes (chrono-node's reference time zone). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(offsetMs(instant, timeZone) / 60_000);
}

/** The instant at which the wall clock in `timeZone` shows the given local date and time. */
export function zonedInstant(date: LocalDate, hour: number, minute: number, timeZone: string): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = guess - offsetMs(new Date(guess), timeZone);
  // Around a DST switch the offset at the first estimate can differ; one correction settles it.
  const second = guess - offsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** Exclusive end of the local day that contains `instant` (for a plan's `valid_until`). */
/** The calendar date of `instant` in `timeZone`, as YYYY-MM-DD (memory tags, "Today is"). */
export function localIsoDate(instant: Date, timeZone: string): string {
  const { year, month, day } = localDateTime(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function endOfLocalDay(instant: Date, timeZone: string): Date {
  const local = localDateTime(instant, timeZone);
  return zonedInstant(addDays(local, 1), 0, 0, timeZone);
}

function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

function compareDates(a: LocalDate, b: LocalDate): number {
  return (a.year - b.year) * 400 + (a.month - b.month) * 32 + (a.day - b.day);
}

function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);
}

// ---------------------------------------------------------------------------------------------
// Numbers in words (English and Chinese).

const EN_NUMBERS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, 'a couple of': 2, 'a couple': 2, 'a few': 3, few: 3,
};
const ZH_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** "三" → 3, "十二" → 12, "二十三" → 23, "15" → 15; NaN when not a number. */
export function parseNumber(text: string): number {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const english = EN_NUMBERS[trimmed];
  if (english !== undefined) return english;
  if (!/^[零〇一二两三四五六七八九十]+$/.test(trimmed)) return Number.NaN;
  const [tensPart, unitsPart] = trimmed.includes('十') ? trimmed.split('十') : ['', trimmed];
  if (!trimmed.includes('十')) return ZH_DIGITS[unitsPart ?? ''] ?? Number.NaN;
  const tens = tensPart === '' ? 1 : (ZH_DIGITS[tensPart ?? ''] ?? Number.NaN);
  const units = unitsPart === '' ? 0 : (ZH_DIGITS[unitsPart ?? ''] ?? Number.NaN);
  return tens * 10 + units;
}

const NUM = String.raw`\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a couple(?: of)?|a few|an?`;
const ZH_NUM = '[0-9零〇一二两三四五六七八九十]{1,3}';
// Chinese dates and times are read with or without a space beside the digits: many people (and
// some editors, by themselves) write "7 月 10 号", "定在 6 月 4 号", "下午 3 点".

// ---------------------------------------------------------------------------------------------
// Day-level expressions.

const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAYS_ZH = '一二三四五六日天';
const MONTHS_EN = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = String.raw`jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?`;

function monthIndex(name: string): number {
  return MONTHS_EN.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function mondayOf(date: LocalDate, weekday: number): LocalDate {
  return addDays(date, 1 - weekday);
}

interface DayRule {
  pattern: RegExp;
  /** A weekday alone ("Tuesday", 周二): a calendar date right after it says which one it is. */
  weekday?: true;
  /** A day of the calendar ("6月16号", "June 16", "2026-06-16"). */
  calendar?: true;
  resolve: (match: RegExpExecArray, today: LocalDateTime, at: Date, options: ResolveOptions) => Omit<DayMatch, 'index' | 'length'> | null;
}

function weekdayOnOrAfter(today: LocalDateTime, weekday: number): LocalDate {
  return addDays(today, (weekday - today.weekday + 7) % 7);
}

function weekdayOnOrBefore(today: LocalDateTime, weekday: number): LocalDate {
  return addDays(today, -((today.weekday - weekday + 7) % 7));
}

/**
 * A bare weekday ("on sunday", 周日) is the next one, unless the sentence speaks of the past
 * ("I sprained my wrist on sunday": the last one, issue 12).
 */
function bareWeekday(today: LocalDateTime, weekday: number, options: ResolveOptions): LocalDate {
  return options.prefer === 'past' ? weekdayOnOrBefore(today, weekday) : weekdayOnOrAfter(today, weekday);
}

function weekdayInWeek(today: LocalDateTime, weekOffset: number, weekday: number): LocalDate {
  return addDays(mondayOf(today, today.weekday), weekOffset * 7 + weekday - 1);
}

function periodOffset(word: string | undefined): number {
  const value = (word ?? '').toLowerCase();
  if (/^(?:next|下|下个|下一个)$/.test(value)) return 1;
  if (/^(?:last|previous|上|上个|上一个)$/.test(value)) return -1;
  return 0;
}

function unitDays(unit: string): number {
  if (/^(?:week|周|星期|礼拜)/.test(unit)) return 7;
  return 1;
}

const DAY_RULES: DayRule[] = [
  {
    pattern: /\b(?:the\s+)?day after tomorrow\b/i,
    resolve: (_m, today) => ({ from: addDays(today, 2), days: 1 }),
  },
  {
    // Typed short too: "tmrw morning", "2moro", "tdy", "2nite", "yday".
    pattern: /\b(today|tdy|tonight|tonite|2nite|this (?:morning|afternoon|evening)|(?:tomorrow|tmrw|tmr|tmw|2moro|2morrow|tomoz)(?: (?:morning|afternoon|evening|night))?|yesterday|yday|yest)\b/i,
    resolve: (m, today) => {
      const word = (m[1] ?? '').toLowerCase();
      const offset = /^(?:tomorrow|tmrw|tmr|tmw|2mor|tomoz)/.test(word) ? 1 : /^(?:yesterday|yday|yest)$/.test(word) ? -1 : 0;
      const defaultHour = /night|evening|tonight|tonite|2nite/.test(word) ? 18 : /afternoon/.test(word) ? 14 : /morning/.test(word) ? 9 : undefined;
      return { from: addDays(today, offset), days: 1, defaultHour };
    },
  },
  {
    pattern: /(大后天|后天|明天|明早|明晚|今天|今晚|今早|今儿|昨天|前天)/,
    resolve: (m, today) => {
      const word = m[1] ?? '';
      const offsets: Record<string, number> = { 大后天: 3, 后天: 2, 明天: 1, 明早: 1, 明晚: 1, 今天: 0, 今晚: 0, 今早: 0, 今儿: 0, 昨天: -1, 前天: -2 };
      const defaultHour = word.endsWith('晚') ? 19 : word.endsWith('早') ? 8 : undefined;
      return { from: addDays(today, offsets[word] ?? 0), days: 1, defaultHour };
    },
  },
  {
    // "next weekend", "this weekend", 周末, 下周末
    pattern: /\b(?:(next|this|last|the|coming)\s+)weekend\b|(下|这|这个|本|上)?周末/i,
    resolve: (m, today, _at, options) => {
      const word = (m[1] ?? m[2] ?? '').toLowerCase();
      // "at the weekend" / 周末 told in the past tense is the one just gone (or this one, on it).
      const bare = word === 'the' || word === '';
      const offset = bare && options.prefer === 'past' && today.weekday < 6 ? -1 : periodOffset(word);
      const saturday = weekdayInWeek(today, offset, 6);
      return { from: saturday, days: 2 };
    },
  },
  {
    // "the weekend of the 28th" is the weekend around that day (a Friday starts it), "the weekend
    // after next" the one a week after next weekend; "the weekend" alone must not take these.
    pattern: new RegExp(
      String.raw`\b(?:the\s+)?weekend\s+(?:after\s+next|of\s+(?:the\s+)?(?:(\d{1,2})(?:st|nd|rd|th)?(?:\s+(?:of\s+)?(${MONTH_NAME}))?|(${MONTH_NAME})\s+(\d{1,2})(?:st|nd|rd|th)?)(?!\s*(?:[:.]\d|am\b|pm\b)))\b`,
      'i',
    ),
    resolve: (m, today, _at, options) => {
      if (!m[1] && !m[4]) return { from: weekdayInWeek(today, 2, 6), days: 2 };
      const day = Number(m[1] ?? m[4]);
      const monthName = m[2] ?? m[3];
      let date: LocalDate | null;
      if (monthName) date = datedDay(today, monthIndex(monthName), day, options)?.from ?? null;
      else {
        // A day of the month alone: this month's if it has not passed, else next month's.
        const month = day >= today.day || options.prefer === 'past' ? { year: today.year, month: today.month, day: 1 } : addMonths({ year: today.year, month: today.month, day: 1 }, 1);
        date = day <= daysInMonth(month.year, month.month) ? { ...month, day } : null;
      }
      if (!date) return null;
      const weekday = weekdayOfDate(date);
      if (weekday === 7) return { from: addDays(date, -1), days: 2 };
      if (weekday === 5 || weekday === 6) return { from: date, days: weekday === 5 ? 3 : 2 };
      return { from: addDays(date, 6 - weekday), days: 2 };
    },
  },
  {
    // Plural weekdays ("on Mondays") are habits, not dates, so the weekday must not end in "s";
    // nor are "on a Sunday", "every Thursday afternoon" or "Sunday mornings".
    weekday: true,
    pattern: new RegExp(
      String.raw`\b(?<!\b(?:a|every|each|any|most)\s+)(?:(next|this|coming|last|on)\s+)?(?<!\b(?:a|every|each|any|most)\s+)(${WEEKDAYS_EN.join('|')})\b(?!s)(?!\s+(?:mornings|afternoons|evenings|nights)\b)`,
      'i',
    ),
    resolve: (m, today, _at, options) => {
      const prefix = (m[1] ?? '').toLowerCase();
      const weekday = WEEKDAYS_EN.indexOf((m[2] ?? '').toLowerCase()) + 1;
      if (prefix === 'next') return { from: weekdayInWeek(today, 1, weekday), days: 1 };
      if (prefix === 'last') {
        const back = ((today.weekday - weekday + 7) % 7) || 7;
        return { from: addDays(today, -back), days: 1 };
      }
      if (prefix === 'this' || prefix === 'coming') return { from: weekdayOnOrAfter(today, weekday), days: 1 };
      return { from: bareWeekday(today, weekday, options), days: 1 };
    },
  },
  {
    weekday: true,
    pattern: new RegExp(`(下下|下个|下|这个|这|本|上个|上)?(?:周|星期|礼拜)([${WEEKDAYS_ZH}])`),
    resolve: (m, today, _at, options) => {
      const prefix = m[1] ?? '';
      const weekday = WEEKDAYS_ZH.indexOf(m[2] ?? '一') + 1;
      const normalized = Math.min(weekday, 7);
      if (prefix === '') return { from: bareWeekday(today, normalized, options), days: 1 };
      const offset = prefix === '下下' ? 2 : periodOffset(prefix === '这个' || prefix === '本' ? '' : prefix);
      return { from: weekdayInWeek(today, offset, normalized), days: 1 };
    },
  },
  {
    pattern: /\b(?:by\s+)?(?:the\s+)?end of (?:the |this )?(week|month|year)\b|(?:这个|本)?(月底|年底|周末前)/i,
    resolve: (m, today) => {
      const unit = (m[1] ?? m[2] ?? '').toLowerCase();
      if (unit === 'week') return { from: weekdayInWeek(today, 0, 5), days: 3 };
      if (unit === 'year' || unit === '年底') return { from: { year: today.year, month: 12, day: 31 }, days: 1 };
      return { from: { year: today.year, month: today.month, day: daysInMonth(today.year, today.month) }, days: 1 };
    },
  },
  {
    pattern: /(下个|下|这个|本|上个|上)(月底|月初)/,
    resolve: (m, today) => {
      const offset = periodOffset(m[1] === '这个' || m[1] === '本' ? '' : m[1]);
      const month = addMonths({ year: today.year, month: today.month, day: 1 }, offset);
      if (m[2] === '月初') return { from: month, days: 10 };
      return { from: { ...month, day: daysInMonth(month.year, month.month) }, days: 1 };
    },
  },
  {
    // "下个月3号要飞吉隆坡", "下月15号交房租", "这个月28号考试", "the 3rd of next month": a day of the
    // month named by its distance (下个月 alone is the whole month).
    pattern: new RegExp(`(下下个|下个|下|这个|本|上个|上)月 ?(${ZH_NUM}) ?(?:号|日)|\\b(?:on\\s+)?the\\s+(\\d{1,2})(?:st|nd|rd|th)\\s+of\\s+(next|this|last)\\s+month\\b`, 'i'),
    resolve: (m, today) => {
      const word = (m[1] ?? m[4] ?? '').toLowerCase();
      const offset = word === '下下个' ? 2 : periodOffset(word === '这个' || word === '本' || word === 'this' ? '' : word);
      const month = addMonths({ year: today.year, month: today.month, day: 1 }, offset);
      const day = parseNumber(m[2] ?? m[3] ?? '');
      return day >= 1 && day <= daysInMonth(month.year, month.month) ? { from: { ...month, day }, days: 1 } : null;
    },
  },
  {
    pattern: new RegExp(String.raw`\bin\s+(${NUM})\s+(minute|hour|day|week|month|year)s?\b`, 'i'),
    resolve: (m, today, at) => {
      const count = parseNumber(m[1] ?? '');
      const unit = (m[2] ?? '').toLowerCase();
      if (Number.isNaN(count)) return null;
      if (unit === 'minute' || unit === 'hour') {
        const instant = new Date(at.getTime() + count * (unit === 'hour' ? 3_600_000 : 60_000));
        return { from: today, days: 0, instant };
      }
      if (unit === 'month' || unit === 'year') return { from: addMonths(today, count * (unit === 'year' ? 12 : 1)), days: 1 };
      return { from: addDays(today, count * unitDays(unit)), days: 1 };
    },
  },
  {
    pattern: new RegExp(String.raw`\b(${NUM})\s+(day|week|month|year)s?\s+ago\b`, 'i'),
    resolve: (m, today) => {
      const count = parseNumber(m[1] ?? '');
      const unit = (m[2] ?? '').toLowerCase();
      if (Number.isNaN(count)) return null;
      if (unit === 'month' || unit === 'year') return { from: addMonths(today, -count * (unit === 'year' ? 12 : 1)), days: 1 };
      return { from: addDays(today, -count * unitDays(unit)), days: 1 };
    },
  },
  {
    pattern: new RegExp(`(${ZH_NUM}|半)(?:个)?(天|周|星期|礼拜|月|年)(后|之后|以后|前|之前|以前)`),
    resolve: (m, today) => {
      const half = m[1] === '半';
      const count = half ? 0.5 : parseNumber(m[1] ?? '');
      if (Number.isNaN(count)) return null;
      const sign = /前/.test(m[3] ?? '') ? -1 : 1;
      const unit = m[2] ?? '天';
      if (unit === '月' || unit === '年') return { from: addMonths(today, sign * Math.round(count * (unit === '年' ? 12 : 1))), days: 1 };
      return { from: addDays(today, sign * Math.round(count * unitDays(unit))), days: 1 };
    },
  },
  {
    pattern: /\b(next|this|last)\s+(week|month|year)\b|(下个|下|这个|这|本|上个|上)(周|星期|礼拜|月)(?![一二三四五六日天底初末])|(明年|今年|去年)/i,
    resolve: (m, today) => {
      const yearWord = m[5];
      if (yearWord) {
        const offset = yearWord === '明年' ? 1 : yearWord === '去年' ? -1 : 0;
        const from = { year: today.year + offset, month: 1, day: 1 };
        return { from, days: daysBetween(from, { year: from.year + 1, month: 1, day: 1 }) };
      }
      const rawPrefix = m[1] ?? m[3] ?? '';
      const offset = periodOffset(/^(?:这个|这|本|this)$/i.test(rawPrefix) ? '' : rawPrefix);
      const unit = (m[2] ?? m[4] ?? '').toLowerCase();
      if (unit === 'month' || unit === '月') {
        const from = addMonths({ year: today.year, month: today.month, day: 1 }, offset);
        return { from, days: daysInMonth(from.year, from.month) };
      }
      if (unit === 'year') {
        const from = { year: today.year + offset, month: 1, day: 1 };
        return { from, days: daysBetween(from, { year: from.year + 1, month: 1, day: 1 }) };
      }
      return { from: addDays(mondayOf(today, today.weekday), offset * 7), days: 7 };
    },
  },
  {
    // "the first monday of april", "last friday in june", "the 2nd tuesday of next month": the
    // ordinal names the day, so the bare weekday rule must not take "monday" alone. "The last
    // weekend of april" is that month's last Saturday and the Sunday after it.
    pattern: new RegExp(String.raw`\b(?:on\s+)?(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(${WEEKDAYS_EN.join('|')}|weekend)\s+(?:of|in)\s+(?:(next|this)\s+month|(${MONTH_NAME}))\b`, 'i'),
    resolve: (m, today, _at, options) => {
      const weekend = (m[2] ?? '').toLowerCase() === 'weekend';
      const days = weekend ? 2 : 1;
      const weekday = weekend ? 6 : WEEKDAYS_EN.indexOf((m[2] ?? '').toLowerCase()) + 1;
      const ordinal = (m[1] ?? '').toLowerCase();
      const nth = ordinal.startsWith('l') ? -1 : /^(?:first|1)/.test(ordinal) ? 1 : /^(?:second|2)/.test(ordinal) ? 2 : /^(?:third|3)/.test(ordinal) ? 3 : 4;
      const inMonth = (year: number, month: number): LocalDate => nthWeekdayOfMonth(year, month, weekday, nth);
      if (m[3]) {
        const target = addMonths({ year: today.year, month: today.month, day: 1 }, m[3].toLowerCase() === 'next' ? 1 : 0);
        return { from: inMonth(target.year, target.month), days };
      }
      const month = monthIndex(m[4] ?? '');
      if (month < 1) return null;
      let year = today.year;
      const candidate = inMonth(year, month);
      if (options.prefer !== 'past' && compareDates(candidate, today) < 0) year += 1;
      if (options.prefer === 'past' && compareDates(candidate, today) > 0) year -= 1;
      return { from: inMonth(year, month), days };
    },
  },
  {
    // "May 3", "3 May", "March 12th", "on the 3rd of May"
    calendar: true,
    pattern: new RegExp(
      // With its year when it names one ("we got married on june 3 2015"), which then decides.
      String.raw`\b(?:(${MONTH_NAME})\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_NAME}))(?:,?\s+((?:19|20)\d{2}))?\b`,
      'i',
    ),
    resolve: (m, today, _at, options) => {
      const month = monthIndex(m[1] ?? m[4] ?? '');
      const day = Number(m[2] ?? m[3]);
      if (m[5]) {
        const year = Number(m[5]);
        return month >= 1 && day >= 1 && day <= daysInMonth(year, month) ? { from: { year, month, day }, days: 1 } : null;
      }
      return datedDay(today, month, day, options);
    },
  },
  {
    // "2026-12-04", "2026/12/4", "2026年12月4日": a calendar date that names its year.
    calendar: true,
    pattern: /\b(\d{4})[-/](\d{1,2})[-/](\d{1,2})\b|(\d{4}) ?年 ?(\d{1,2}) ?月 ?(\d{1,2}) ?(?:日|号)?/,
    resolve: (m) => {
      const year = Number(m[1] ?? m[4]);
      const month = Number(m[2] ?? m[5]);
      const day = Number(m[3] ?? m[6]);
      if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return null;
      return { from: { year, month, day }, days: 1 };
    },
  },
  {
    // "改到10/8礼拜四": month/day, as Chinese writes it; only before Chinese text, so "1/2 cup" is no date.
    calendar: true,
    pattern: /(?<![\d/.])(1[0-2]|0?[1-9])\/([12]\d|3[01]|0?[1-9])(?![\d/.])(?=\s*[\u4e00-\u9fff])/,
    resolve: (m, today, _at, options) => datedDay(today, Number(m[1]), Number(m[2]), options),
  },
  {
    // Named holidays, computed for their year (holidays.ts): "memorial day weekend", "over the easter
    // holidays", "过年回老家", "中秋回家". "Last christmas" is the one before; otherwise the next one
    // that has not ended.
    pattern: HOLIDAY_PATTERN,
    resolve: (m, today, _at, options) => {
      const before = m.input.slice(Math.max(0, m.index - 6), m.index).toLowerCase();
      const prefer = /\blast\s+$|去年$/.test(before) ? 'past' : /\bnext\s+$|明年$/.test(before) ? 'future' : options.prefer;
      const periods = [today.year - 1, today.year, today.year + 1].map((year) => holidayIn(m, year)).filter((p): p is HolidayPeriod => p !== null);
      const chosen =
        prefer === 'past'
          ? periods.filter((p) => compareDates(p.from, today) <= 0).at(-1)
          : periods.find((p) => compareDates(addDays(p.from, p.days - 1), today) >= 0);
      return chosen ? { from: chosen.from, days: chosen.days } : null;
    },
  },
  {
    // Fixed-date holidays: "五一去厦门" is the May Day holiday, "国庆自驾新疆" the October week.
    pattern: /(五一|劳动节|国庆节?|十一长假|元旦|圣诞节?|情人节)(?!节?前夕)/,
    resolve: (m, today, _at, options) => {
      const word = m[1] ?? '';
      const [month, day, days] = /五一|劳动节/.test(word) ? [5, 1, 5] : /国庆|十一/.test(word) ? [10, 1, 7] : /元旦/.test(word) ? [1, 1, 1] : /圣诞/.test(word) ? [12, 25, 1] : [2, 14, 1];
      const first = datedDay(today, month, day, options);
      return first && { from: first.from, days };
    },
  },
  {
    // "5月1号到4号", "4月30号至5月3号": a stretch of days.
    calendar: true,
    pattern: new RegExp(`(${ZH_NUM}) ?月 ?(${ZH_NUM}) ?(?:日|号)? ?(?:到|至|[-~～]) ?(?:(${ZH_NUM}) ?月 ?)?(${ZH_NUM}) ?(?:日|号)`),
    resolve: (m, today, _at, options) => {
      const first = datedDay(today, parseNumber(m[1] ?? ''), parseNumber(m[2] ?? ''), options);
      if (!first) return null;
      const lastMonth = m[3] ? parseNumber(m[3]) : first.from.month;
      const lastDay = parseNumber(m[4] ?? '');
      if (!(lastMonth >= 1 && lastMonth <= 12 && lastDay >= 1 && lastDay <= daysInMonth(first.from.year, lastMonth))) return null;
      const last = { year: first.from.year + (lastMonth < first.from.month ? 1 : 0), month: lastMonth, day: lastDay };
      const days = Math.round((Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.from.year, first.from.month - 1, first.from.day)) / 86_400_000) + 1;
      return days >= 1 && days <= 62 ? { from: first.from, days } : null;
    },
  },
  {
    calendar: true,
    pattern: new RegExp(`(${ZH_NUM}) ?月 ?(${ZH_NUM}) ?(?:日|号)`),
    resolve: (m, today, _at, options) => datedDay(today, parseNumber(m[1] ?? ''), parseNumber(m[2] ?? ''), options),
  },
  {
    // "in June", "until August", "early March", "before the end of april": the whole month
    pattern: new RegExp(String.raw`\b(?:in|by|until|till|since|early|late|mid|during|(?:the\s+)?(?:end|beginning|start|middle)\s+of)\s+(?:-\s*)?(${MONTH_NAME})\b(?!\s+\d)`, 'i'),
    resolve: (m, today, _at, options) => {
      const month = monthIndex(m[1] ?? '');
      if (month < 1) return null;
      const sameYearFirst = { year: today.year, month, day: 1 };
      let year = today.year;
      if (options.prefer === 'past' && month > today.month) year -= 1;
      if (options.prefer !== 'past' && month < today.month) year += 1;
      if (month === today.month) year = sameYearFirst.year;
      return { from: { year, month, day: 1 }, days: daysInMonth(year, month) };
    },
  },
  {
    // "thursday the 11th", "friday 20th of march": the date decides, the weekday only confirms it.
    pattern: new RegExp(
      String.raw`\b(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?:\s+(?:of\s+)?(${MONTH_NAME})\b)?(?!\s*(?::|[ap]\.?m\b))`,
      'i',
    ),
    resolve: (m, today, _at, options) => {
      const day = Number(m[1]);
      if (!(day >= 1 && day <= 31)) return null;
      if (m[2]) return datedDay(today, monthIndex(m[2]), day, options);
      let month = { year: today.year, month: today.month, day: 1 };
      if (options.prefer !== 'past' && day < today.day) month = addMonths(month, 1);
      if (options.prefer === 'past' && day > today.day) month = addMonths(month, -1);
      return { from: { ...month, day: Math.min(day, daysInMonth(month.year, month.month)) }, days: 1 };
    },
  },
  {
    // "on the 10th", "from the 10th to the 20th": a day of this month, or next month once it has
    // passed; "on the 14th of June", "from the 3rd to the 10th of April", "4th to 9th july": of the
    // month named.
    pattern: new RegExp(
      String.raw`\b(?:from\s+|on\s+)?(?:the\s+|(?=\d{1,2}(?:st|nd|rd|th)\s*(?:to|until|till|through|-|–)\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b))(\d{1,2})(?:st|nd|rd|th)\b(?:\s*(?:to|until|till|through|-|–)\s*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b)?(?:\s+(?:of\s+)?(${MONTH_NAME})\b)?`,
      'i',
    ),
    resolve: (m, today, _at, options) => {
      const first = Number(m[1]);
      const last = m[2] ? Number(m[2]) : first;
      if (!(first >= 1 && first <= 31 && last >= first && last <= 31)) return null;
      if (m[3]) {
        const named = datedDay(today, monthIndex(m[3]), first, options);
        return named && { from: named.from, days: Math.min(last, daysInMonth(named.from.year, named.from.month)) - named.from.day + 1 };
      }
      let month = { year: today.year, month: today.month, day: 1 };
      if (options.prefer !== 'past' && first < today.day) month = addMonths(month, 1);
      if (options.prefer === 'past' && first > today.day) month = addMonths(month, -1);
      const from = { ...month, day: Math.min(first, daysInMonth(month.year, month.month)) };
      return { from, days: Math.min(last, daysInMonth(month.year, month.month)) - from.day + 1 };
    },
  },
  {
    pattern: new RegExp(`(?<![月0-9零〇一二两三四五六七八九十])(?<!月 )(${ZH_NUM}) ?(?:号|日)(?! ?[本语元文线楼])`),
    resolve: (m, today, _at, options) => {
      const day = parseNumber(m[1] ?? '');
      if (Number.isNaN(day) || day < 1 || day > 31) return null;
      let month = { year: today.year, month: today.month, day: 1 };
      if (options.prefer !== 'past' && day < today.day) month = addMonths(month, 1);
      if (options.prefer === 'past' && day > today.day) month = addMonths(month, -1);
      return { from: { ...month, day: Math.min(day, daysInMonth(month.year, month.month)) }, days: 1 };
    },
  },
];

function datedDay(today: LocalDateTime, month: number, day: number, options: ResolveOptions) {
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(today.year, month))) return null;
  const thisYear = { year: today.year, month, day };
  const cmp = compareDates(thisYear, today);
  let year = today.year;
  if (options.prefer === 'past' && cmp > 0) year -= 1;
  if (options.prefer !== 'past' && cmp < 0) year += 1;
  return { from: { year, month, day: Math.min(day, daysInMonth(year, month)) }, days: 1 };
}

// ---------------------------------------------------------------------------------------------
// Clock times.

const ZH_PERIOD_HOURS: Record<string, 'am' | 'pm' | 'noon'> = {
  凌晨: 'am', 早上: 'am', 早晨: 'am', 上午: 'am', 中午: 'noon', 下午: 'pm', 傍晚: 'pm', 晚上: 'pm', 夜里: 'pm', 晚: 'pm', 早: 'am',
};

function toClock(hour: number, minute: number, period: 'am' | 'pm' | 'noon' | 'bare'): { hour: number; minute: number } | null {
  if (!(hour >= 0 && hour <= 24 && minute >= 0 && minute < 60)) return null;
  let h = hour;
  if (period === 'pm' && h < 12) h += 12;
  if (period === 'am' && h === 12) h = 0;
  if (period === 'noon' && h < 6) h += 12;
  if (period === 'bare' && h >= 1 && h <= 6) h += 12;
  return { hour: h % 24, minute };
}

function findClock(text: string): ClockMatch | null {
  const candidates: ClockMatch[] = [];

  const ampm = /\b(?:at\s+|by\s+|around\s+|after\s+|before\s+)?(\d{1,2})(?::(\d{2}))?\s*(a\.m\.|p\.m\.|[ap]\.?m)(?![a-z])/i.exec(text);
  if (ampm) {
    const clock = toClock(Number(ampm[1]), Number(ampm[2] ?? 0), /^p/i.test(ampm[3] ?? '') ? 'pm' : 'am');
    if (clock) candidates.push({ index: ampm.index, length: ampm[0].length, ...clock });
  }
  const colon = /\b(?:at\s+|by\s+|around\s+)?([01]?\d|2[0-3]):([0-5]\d)\b(?!\s*(?:a\.?m|p\.?m))/i.exec(text);
  if (colon) {
    const clock = toClock(Number(colon[1]), Number(colon[2]), Number(colon[1]) >= 13 ? 'am' : 'bare');
    if (clock) candidates.push({ index: colon.index, length: colon[0].length, ...clock });
  }
  const bareAt = /\b(?:at|around)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+o'?clock)?\b(?![:.]?\d|\s*(?:a\.?m|p\.?m|%|percent|people|years|minutes))/i.exec(text);
  if (bareAt) {
    const clock = toClock(parseNumber(bareAt[1] ?? ''), 0, 'bare');
    if (clock) candidates.push({ index: bareAt.index, length: bareAt[0].length, ...clock });
  }
  const noon = /\b(?:at\s+)?(noon|midday|midnight)\b/i.exec(text);
  if (noon) {
    candidates.push({ index: noon.index, length: noon[0].length, hour: /midnight/i.test(noon[1] ?? '') ? 0 : 12, minute: 0 });
  }
  // "一点辣都吃不了" is "a little", "有点" / "差一点" are not hours: 一点 alone is a time only beside
  // a period of day, minutes or 钟 ("下午一点", "一点半", "一点钟").
  const zh = new RegExp(`(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里)? ?(${ZH_NUM})(?: ?[点點]|:|：)(半|一刻|三刻|(${ZH_NUM})分?)?(?!钟|多钟)`).exec(text.replace(/(?<![凌晨早上午中下傍晚夜里到])(?<!\d)一点(?![半钟0-9零一二三四五六七八九十]|一刻|三刻)/g, '一丁'));
  if (zh) {
    const hour = parseNumber(zh[2] ?? '');
    const minutePart = zh[3] ?? '';
    const minute = minutePart === '半' ? 30 : minutePart === '一刻' ? 15 : minutePart === '三刻' ? 45 : zh[4] ? parseNumber(zh[4]) : 0;
    const period = zh[1] ? (ZH_PERIOD_HOURS[zh[1]] ?? 'bare') : 'bare';
    // "3:30" written in a Chinese sentence is handled by the colon rule with its own index.
    const clock = Number.isNaN(hour) || Number.isNaN(minute) ? null : toClock(hour, minute, hour >= 13 ? 'am' : period);
    if (clock) candidates.push({ index: zh.index, length: zh[0].length, ...clock });
  }
  candidates.sort((a, b) => a.index - b.index || b.length - a.length);
  return candidates[0] ?? null;
}

// ---------------------------------------------------------------------------------------------

// What may stand between a weekday and the date that says which one it is: "Tuesday 了，6月16号".
const WEEKDAY_THEN_DATE = /^[\s,，、:：了啦-]{0,4}(?:the\s+)?$/i;

function findDay(text: string, today: LocalDateTime, at: Date, options: ResolveOptions): DayMatch | null {
  let best: (DayMatch & { rule: DayRule }) | null = null;
  const calendar: DayMatch[] = [];
  for (const rule of DAY_RULES) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    const resolved = rule.resolve(match, today, at, options);
    if (!resolved) continue;
    const candidate: DayMatch = { index: match.index, length: match[0].length, ...resolved };
    if (rule.calendar) calendar.push(candidate);
    // The earliest expression wins; at the same position the longer one ("next Friday" over "Friday").
    if (!best || candidate.index < best.index || (candidate.index === best.index && candidate.length > best.length)) best = { ...candidate, rule };
  }
  if (!best) return null;
  const { rule, ...day } = best;
  if (!rule.weekday) return day;
  // "挪到 Tuesday 了，6月16号", "改到周二 6月16号": the date decides, the weekday only confirms it.
  const end = day.index + day.length;
  const dated = calendar.find((c) => c.index >= end && WEEKDAY_THEN_DATE.test(text.slice(end, c.index)));
  return dated ? { ...dated, index: day.index, length: dated.index + dated.length - day.index } : day;
}

function expressionText(text: string, spans: Array<{ index: number; length: number }>): string {
  const sorted = [...spans].sort((a, b) => a.index - b.index);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return '';
  const between = text.slice(first.index + first.length, last.index);
  // Adjacent parts ("tomorrow at 3pm", 明天下午三点) are quoted as one span, distant ones joined.
  if (sorted.length === 1 || (between.length <= 4 && !/[.!?。！？,，;；]/.test(between))) {
    return text.slice(first.index, last.index + last.length).trim();
  }
  return sorted.map((span) => text.slice(span.index, span.index + span.length).trim()).join(' ');
}

/**
 * The first time expression in `text`, resolved against `at` (the message's timestamp) in
 * `timeZone`; null when the text has none.
 */
export function resolveRelativeTime(text: string, at: Date, timeZone: string, options: ResolveOptions = {}): ResolvedTime | null {
  const now = localDateTime(at, timeZone);
  const day = findDay(text, now, at, options);
  const clock = findClock(text);
  if (!day && !clock) return null;

  if (day?.instant) return { start: day.instant, expression: expressionText(text, [day]) };

  if (day && clock) {
    return { start: zonedInstant(day.from, clock.hour, clock.minute, timeZone), expression: expressionText(text, [day, clock]) };
  }
  if (day) {
    const end = zonedInstant(addDays(day.from, day.days), 0, 0, timeZone);
    if (day.defaultHour !== undefined) {
      return { start: zonedInstant(day.from, day.defaultHour, 0, timeZone), end, expression: expressionText(text, [day]) };
    }
    return { start: zonedInstant(day.from, 0, 0, timeZone), end, expression: expressionText(text, [day]) };
  }
  if (!clock) return null;
  let start = zonedInstant(now, clock.hour, clock.minute, timeZone);
  if (options.prefer !== 'past' && start.getTime() < at.getTime()) start = zonedInstant(addDays(now, 1), clock.hour, clock.minute, timeZone);
  return { start, expression: expressionText(text, [clock]) };
}

/** Cheap check for the pre-filter: does the text mention a date or time at all? */
export function hasTimeExpression(text: string, at: Date = new Date(0), timeZone = 'UTC'): boolean {
  return resolveRelativeTime(text, at, timeZone) !== null;
}

const pad = (value: number) => String(value).padStart(2, '0');

function isoLocalDate(date: LocalDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/**
 * The resolved time as a short absolute label in the user's zone ("2026-03-13",
 * "2026-03-06 15:00", "2026-03-09 – 2026-03-15", "2026-04"), for summaries that must still make
 * sense after "next Friday" has passed.
 */
export function describeResolvedTime(time: ResolvedTime, timeZone: string): string {
  const start = localDateTime(time.start, timeZone);
  const day = isoLocalDate(start);
  const clock = `${pad(start.hour)}:${pad(start.minute)}`;
  if (!time.end) return clock === '00:00' ? day : `${day} ${clock}`;
  const last = localDateTime(new Date(time.end.getTime() - 60_000), timeZone);
  const lastDay = isoLocalDate(last);
  if (lastDay === day) return day;
  const wholeMonth = start.day === 1 && last.month === start.month && last.year === start.year && last.day === daysInMonth(last.year, last.month);
  if (wholeMonth) return `${start.year}-${pad(start.month)}`;
  if (start.month === 1 && start.day === 1 && last.month === 12 && last.day === 31 && last.year === start.year) return String(start.year);
  return `${day} – ${lastDay}`;
}
