/**
 * Bounds for API inputs that Postgres would otherwise reject with an error the user cannot act
 * on (a 500): integers past int4, dates outside what timestamptz parses (year 0, ±8.64e15 ms),
 * paging cursors that decode to something our queries never wrote (issue 14, item 7). Each is
 * checked in the zod schema, so the 400 names the field.
 */
import { z } from 'zod';
import { config } from '../config';

/** Postgres `integer`. */
export const INT4_MAX = 2_147_483_647;

const { minYear, maxYear } = config.input;
const MIN_MS = Date.UTC(minYear, 0, 1);
const MAX_MS = Date.UTC(maxYear + 1, 0, 1) - 1;
export const DATE_RANGE_MESSAGE = `Dates must fall between the years ${minYear} and ${maxYear}.`;

export const inDateRange = (date: Date): boolean => {
  const ms = date.getTime();
  return ms >= MIN_MS && ms <= MAX_MS;
};

/** A whole number ≥ `min` that fits a Postgres integer column. */
export function int4(message: string, min = 1) {
  return z.number({ error: message }).int(message).min(min, message).max(INT4_MAX, message);
}

/** A Date the database can store and compare (superjson sends Dates as Dates). */
export function boundedDate(message = DATE_RANGE_MESSAGE) {
  return z.date({ error: message }).refine(inDateRange, DATE_RANGE_MESSAGE);
}

/** An ISO-8601 date-time string within the date range (the export file's dates). */
export function boundedIsoDate(message: string) {
  return z.iso.datetime({ offset: true, error: message }).refine((text) => inDateRange(new Date(text)), DATE_RANGE_MESSAGE);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string | undefined): text is string => text !== undefined && UUID.test(text);

/**
 * `timestamptz::text` as Postgres writes it (DateStyle ISO): `2025-01-31 18:00:00.123456+00`, the
 * offset being the session's time zone (`+05:30`, `-03`). A real calendar moment in range, so the
 * `::timestamptz` cast in the keyset query cannot fail.
 */
const PG_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
export function isPgTimestampText(text: string | undefined): text is string {
  const m = text === undefined ? null : PG_TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetHours = Number(m[9]);
  const offsetMinutes = Number(m[10] ?? 0);
  const offsetSeconds = Number(m[11] ?? 0);
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 15 || offsetMinutes > 59 || offsetSeconds > 59) return false;
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 2025-02-30 over to March: a round trip that changes the day is no date.
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day) return false;
  const offsetMs = (m[8] === '-' ? -1 : 1) * ((offsetHours * 60 + offsetMinutes) * 60 + offsetSeconds) * 1000;
  return inDateRange(new Date(local.getTime() - offsetMs));
}

const CURSOR_MESSAGE = 'That page cursor is not valid; reload the list.';
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * A paging cursor: base64url of fields joined by `separator`, decoded by `decode` into exactly
 * the shape the list encoded (null: not one of ours). The procedure receives the decoded value.
 */
export function pagingCursor<T>(separator: string, decode: (fields: string[]) => T | null) {
  return z
    .string({ error: CURSOR_MESSAGE })
    .max(config.input.cursorMaxChars, CURSOR_MESSAGE)
    .regex(BASE64URL, CURSOR_MESSAGE)
    .transform((cursor, ctx) => {
      const decoded = decode(Buffer.from(cursor, 'base64url').toString('utf8').split(separator));
      if (decoded === null) {
        ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
        return z.NEVER;
      }
      return decoded;
    });
}

export const encodeCursor = (separator: string, fields: string[]): string => Buffer.from(fields.join(separator)).toString('base64url');
