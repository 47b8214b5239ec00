/**
 * Calendar days with no time zone (a local date is already in the user's zone): the arithmetic
 * that relative-time.ts and holidays.ts both need. Pure; UTC is used only as a proleptic calendar.
 */

export interface LocalDate {
  year: number;
  month: number; // 1-12
  day: number;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 1 = Monday … 7 = Sunday, for a calendar date. */
export function weekdayOfDate(date: LocalDate): number {
  return ((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7) + 1;
}

/** The nth (1-based; -1 = the last) `weekday` (1 = Monday) of a month: "the last Monday of May". */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): LocalDate {
  if (nth < 0) {
    const last = { year, month, day: daysInMonth(year, month) };
    return addDays(last, -((weekdayOfDate(last) - weekday + 7) % 7));
  }
  const first = { year, month, day: 1 };
  return addDays(first, ((weekday - weekdayOfDate(first) + 7) % 7) + (nth - 1) * 7);
}
