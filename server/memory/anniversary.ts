/**
 * Birthdays and anniversaries come round every year: "Mum's birthday is may 22", said in January,
 * is what "anything coming up?" needs to hear in May, and "男朋友阿杰5月16号生日" is news the week
 * before 5月16号. Recall asks this module when a memory that names one next happens.
 *
 * Only a calendar day counts ("may 22", "5月16号", "the 3rd of May"), or the single day a plan was
 * dated with when it was said ("阿杰生日下下周六（2026-03-07）"): "下个月生日" or "coming up" were
 * relative to a day long gone. A lunar date (农历八月十五) is left alone.
 */
import { resolveRelativeTime } from './relative-time';

/** What a memory must mention to be an anniversary at all (also the SQL filter's pattern). */
export const ANNIVERSARY_PATTERN = '(birthday|bday|b-day|anniversary|生日|纪念日|紀念日)';
export const ANNIVERSARY = new RegExp(ANNIVERSARY_PATTERN, 'i');

// The date tag a dated memory's summary ends with: "（2026-03-07）", "(2026-06-14)".
const DATE_TAG = /\s*[（(](\d{4})-(\d{2})-(\d{2})[）)]\s*$/;
const CALENDAR_DAY = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{1,2} ?月 ?\d{1,2} ?[日号號]?|^\d{1,2}\/\d{1,2}$/i;
const LUNAR = /农历|農曆|阴历|陰曆|lunar/i;

/**
 * When the birthday or anniversary `summary` names next falls, on or after today in `timeZone`;
 * null when it names none or no calendar day for it.
 */
export function nextAnniversary(summary: string, now: Date, timeZone: string): Date | null {
  if (!ANNIVERSARY.test(summary) || LUNAR.test(summary)) return null;
  const tag = DATE_TAG.exec(summary);
  const text = tag ? summary.slice(0, tag.index) : summary;
  const said = resolveRelativeTime(text, now, timeZone, { prefer: 'future' });
  if (said && CALENDAR_DAY.test(said.expression)) return said.start;
  if (!tag) return null;
  // Dated when it was said: the same day of the year, this year or next.
  return resolveRelativeTime(`${Number(tag[2])}月${Number(tag[3])}号`, now, timeZone, { prefer: 'future' })?.start ?? null;
}
