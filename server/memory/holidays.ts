/**
 * Holidays people date plans by: "going to montreal for memorial day weekend", "grandson is staying
 * over the easter holidays", "过年回老家", "中秋回家吃饭". A plan dated this way expires after the
 * holiday instead of staying "upcoming" forever. Moveable feasts are computed: Easter by the
 * Gregorian computus, Memorial Day, Labor Day and Thanksgiving by their weekday rules (US, where
 * they are named that way), and the Chinese festivals on the Chinese calendar that Node's ICU
 * carries (`Intl.DateTimeFormat` with `-u-ca-chinese`), so no table needs yearly updates.
 * Pure: relative-time.ts picks the year and turns the days into instants.
 */
import { addDays, nthWeekdayOfMonth, type LocalDate } from './calendar-dates';

export interface HolidayPeriod {
  from: LocalDate;
  days: number;
}

// The holiday name, and an optional "weekend" / "holidays" / "break" that makes it a stretch of days.
export const HOLIDAY_PATTERN =
  /\b(easter|good friday|easter monday|memorial day|labou?r day|thanksgiving|christmas eve|christmas|xmas|new year'?s eve|nye|new year'?s day|halloween|valentine'?s(?: day)?|st\.? patrick'?s(?: day)?|paddy'?s day|(?:the\s+)?(?:4th|fourth) of july|independence day|boxing day|bonfire night|(?:chinese|lunar) new year|cny|mid-autumn(?: festival)?|dragon boat(?: festival)?)(?:\s+(weekend|holidays?|hols|break|vacation|day))?\b|(春节|过年|大年三十|除夕|元宵节?|端午节?|中秋节?|七夕|重阳节?|清明节?)(假期|小长假|长假|连休)?/i;

/** Easter Sunday (anonymous Gregorian algorithm). */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

const LUNAR = new Intl.DateTimeFormat('en-u-ca-chinese', { timeZone: 'UTC', month: 'numeric', day: 'numeric' });
const LUNAR_CACHE = new Map<string, LocalDate | null>();

/**
 * The Gregorian day in `year` on which the Chinese calendar shows `month`/`day` (not a leap month).
 * ICU computes the calendar astronomically, so when a new moon falls within minutes of midnight in
 * China it can differ by a day from the published date; the festival stretches cover either day.
 */
export function lunarDay(year: number, month: number, day: number): LocalDate | null {
  const key = `${year}-${month}-${day}`;
  if (LUNAR_CACHE.has(key)) return LUNAR_CACHE.get(key) ?? null;
  let found: LocalDate | null = null;
  for (let date: LocalDate = { year, month: 1, day: 1 }; date.year === year && !found; date = addDays(date, 1)) {
    const parts = LUNAR.formatToParts(new Date(Date.UTC(date.year, date.month - 1, date.day)));
    // A leap month is written "4bis"; Number() of it is NaN, so it never matches.
    if (Number(parts.find((p) => p.type === 'month')?.value) === month && Number(parts.find((p) => p.type === 'day')?.value) === day) found = date;
  }
  LUNAR_CACHE.set(key, found);
  return found;
}

function fixed(year: number, month: number, day: number, days = 1): HolidayPeriod {
  return { from: { year, month, day }, days };
}

/** A Monday holiday: its long weekend when "weekend" is said, else the day. */
function mondayHoliday(date: LocalDate, stretch: boolean): HolidayPeriod {
  return stretch ? { from: addDays(date, -2), days: 3 } : { from: date, days: 1 };
}

/**
 * The days a holiday named in `match` (of HOLIDAY_PATTERN) covers in `year`; null when the name is
 * not one or the calendar has no such day.
 */
export function holidayIn(match: RegExpExecArray, year: number): HolidayPeriod | null {
  const name = (match[1] ?? '').toLowerCase().replace(/^the\s+/, '').replace(/[’']/g, '');
  const stretch = /^(?:weekend|holidays?|hols|break|vacation)$/i.test(match[2] ?? '');
  const long = /^(?:holidays?|hols|break|vacation)$/i.test(match[2] ?? '');
  if (name) {
    if (name === 'easter') {
      const sunday = easterSunday(year);
      // The Easter weekend is Good Friday to Easter Monday; the school holidays run a week beyond.
      return { from: addDays(sunday, -2), days: long ? 11 : 4 };
    }
    if (name === 'good friday') return { from: addDays(easterSunday(year), -2), days: stretch ? 4 : 1 };
    if (name === 'easter monday') return { from: addDays(easterSunday(year), 1), days: 1 };
    if (name === 'memorial day') return mondayHoliday(nthWeekdayOfMonth(year, 5, 1, -1), stretch);
    if (/^labou?r day$/.test(name)) return mondayHoliday(nthWeekdayOfMonth(year, 9, 1, 1), stretch);
    if (name === 'thanksgiving') {
      const thursday = nthWeekdayOfMonth(year, 11, 4, 4);
      return { from: thursday, days: stretch ? 4 : 1 };
    }
    if (name === 'christmas eve') return fixed(year, 12, 24);
    // The Christmas holidays run from Christmas Eve to New Year's Day.
    if (name === 'christmas' || name === 'xmas') return long ? fixed(year, 12, 24, 9) : fixed(year, 12, 25, stretch ? 2 : 1);
    if (/^new years eve$|^nye$/.test(name)) return fixed(year, 12, 31);
    if (name === 'new years day') return fixed(year, 1, 1);
    if (name === 'halloween') return fixed(year, 10, 31);
    if (/^valentines/.test(name)) return fixed(year, 2, 14);
    if (/^st\.? patricks|^paddys/.test(name)) return fixed(year, 3, 17);
    if (/of july$|^independence day$/.test(name)) return fixed(year, 7, 4, stretch ? 3 : 1);
    if (name === 'boxing day') return fixed(year, 12, 26);
    if (name === 'bonfire night') return fixed(year, 11, 5);
    if (/new year$|^cny$/.test(name)) return chineseNewYear(year, stretch);
    if (/^mid-autumn/.test(name)) return lunarPeriod(year, 8, 15, stretch ? 3 : 1);
    if (/^dragon boat/.test(name)) return lunarPeriod(year, 5, 5, stretch ? 3 : 1);
    return null;
  }
  const zh = match[3] ?? '';
  const holiday = Boolean(match[4]);
  if (/春节|过年/.test(zh)) return chineseNewYear(year, true);
  if (/大年三十|除夕/.test(zh)) {
    const first = lunarDay(year, 1, 1);
    return first && { from: addDays(first, -1), days: 1 };
  }
  if (/元宵/.test(zh)) return lunarPeriod(year, 1, 15, 1);
  if (/端午/.test(zh)) return lunarPeriod(year, 5, 5, holiday ? 3 : 1);
  if (/中秋/.test(zh)) return lunarPeriod(year, 8, 15, holiday ? 3 : 1);
  if (/七夕/.test(zh)) return lunarPeriod(year, 7, 7, 1);
  if (/重阳/.test(zh)) return lunarPeriod(year, 9, 9, 1);
  // Qingming is a solar term, on 4 or 5 April; its holiday covers both.
  if (/清明/.test(zh)) return fixed(year, 4, 4, holiday ? 3 : 2);
  return null;
}

function lunarPeriod(year: number, month: number, day: number, days: number): HolidayPeriod | null {
  const date = lunarDay(year, month, day);
  return date && { from: date, days };
}

/** Spring Festival: the holiday runs from New Year's Eve for eight days; the day alone is the first. */
function chineseNewYear(year: number, stretch: boolean): HolidayPeriod | null {
  const first = lunarDay(year, 1, 1);
  if (!first) return null;
  return stretch ? { from: addDays(first, -1), days: 8 } : { from: first, days: 1 };
}
