import { describe, expect, it } from 'vitest';

import { describeResolvedTime, endOfLocalDay, hasTimeExpression, resolveRelativeTime } from '../../../server/memory/relative-time';

// 2026-03-05T23:30Z is Thursday evening in London but already Friday 07:30 in Shanghai.
const LATE_THURSDAY_UTC = new Date('2026-03-05T23:30:00Z');
const SHANGHAI = 'Asia/Shanghai';
const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';

function local(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(date);
}

function resolve(text: string, timeZone = SHANGHAI, at = LATE_THURSDAY_UTC) {
  const result = resolveRelativeTime(text, at, timeZone);
  if (!result) return null;
  return { start: local(result.start, timeZone), end: result.end ? local(result.end, timeZone) : undefined, expression: result.expression };
}

describe('resolveRelativeTime in the message time zone', () => {
  it('uses the local day, not the UTC day', () => {
    expect(resolve('today', SHANGHAI)).toEqual({ start: '2026-03-06 00:00', end: '2026-03-07 00:00', expression: 'today' });
    expect(resolve('today', LONDON)).toEqual({ start: '2026-03-05 00:00', end: '2026-03-06 00:00', expression: 'today' });
  });

  it.each([
    ['tomorrow', '2026-03-07 00:00', '2026-03-08 00:00'],
    ['tonight', '2026-03-06 18:00', '2026-03-07 00:00'],
    ['next week', '2026-03-09 00:00', '2026-03-16 00:00'],
    ['next Friday', '2026-03-13 00:00', '2026-03-14 00:00'],
    ['on Friday', '2026-03-06 00:00', '2026-03-07 00:00'],
    ['this weekend', '2026-03-07 00:00', '2026-03-09 00:00'],
    ['by the end of the month', '2026-03-31 00:00', '2026-04-01 00:00'],
    ['in 3 days', '2026-03-09 00:00', '2026-03-10 00:00'],
    ['next month', '2026-04-01 00:00', '2026-05-01 00:00'],
    ['今天', '2026-03-06 00:00', '2026-03-07 00:00'],
    ['明天', '2026-03-07 00:00', '2026-03-08 00:00'],
    ['后天', '2026-03-08 00:00', '2026-03-09 00:00'],
    ['下周', '2026-03-09 00:00', '2026-03-16 00:00'],
    ['下周三', '2026-03-11 00:00', '2026-03-12 00:00'],
    ['周五', '2026-03-06 00:00', '2026-03-07 00:00'],
    ['月底', '2026-03-31 00:00', '2026-04-01 00:00'],
    ['下个月', '2026-04-01 00:00', '2026-05-01 00:00'],
    ['3月12日', '2026-03-12 00:00', '2026-03-13 00:00'],
    ['on 2026-12-04', '2026-12-04 00:00', '2026-12-05 00:00'],
    ['2027/1/9', '2027-01-09 00:00', '2027-01-10 00:00'],
    ['2026年12月4日', '2026-12-04 00:00', '2026-12-05 00:00'],
  ])('%s', (text, start, end) => {
    expect(resolve(text)).toMatchObject({ start, end });
  });

  it('resolves clock times and combines them with a day', () => {
    expect(resolve('at 3pm')).toEqual({ start: '2026-03-06 15:00', end: undefined, expression: 'at 3pm' });
    expect(resolve('三点')).toMatchObject({ start: '2026-03-06 15:00' });
    expect(resolve('明天下午三点开会')).toEqual({ start: '2026-03-07 15:00', end: undefined, expression: '明天下午三点' });
    expect(resolve('I have a dentist appointment tomorrow at 3pm.')).toEqual({ start: '2026-03-07 15:00', end: undefined, expression: 'tomorrow at 3pm' });
    expect(resolve('晚上八点半')).toMatchObject({ start: '2026-03-06 20:30' });
    expect(resolve('dentist on 2026-12-04 at 3pm')).toMatchObject({ start: '2026-12-04 15:00', expression: '2026-12-04 at 3pm' });
  });

  it('reads "the 14th of June" as June, not the 14th of this month; a weekday said as a habit is no date', () => {
    // London, Thursday 5 March 2026.
    expect(resolve('flying down on the 14th of June for my birthday', LONDON)?.start).toBe('2026-06-14 00:00');
    expect(resolve('staying from the 3rd to the 10th of April', LONDON)).toMatchObject({ start: '2026-04-03 00:00', end: '2026-04-11 00:00' });
    // Said without "the": a range of ordinals is still days ("going to porto 4th to 9th july").
    expect(resolve('going to porto with my friend aisha 4th to 9th july', LONDON)).toMatchObject({ start: '2026-07-04 00:00', end: '2026-07-10 00:00' });
    expect(resolve('on the 14th', LONDON)?.start).toBe('2026-03-14 00:00');
    for (const habit of ['the bus into town is dreadful on a Sunday', 'lawn bowls every Thursday afternoon', 'smoked salmon on a sunday morning', 'sunday mornings are for the market']) {
      expect(resolve(habit, LONDON), habit).toBeNull();
    }
    expect(resolve('see you on sunday', LONDON)?.start).toBe('2026-03-08 00:00');
  });

  it('reads a stretch of days and the fixed-date holidays in Chinese', () => {
    // Shanghai, Friday 6 March 2026.
    expect(resolve('五一跟阿杰去厦门玩')).toMatchObject({ start: '2026-05-01 00:00', end: '2026-05-06 00:00' });
    expect(resolve('国庆打算自驾新疆')).toMatchObject({ start: '2026-10-01 00:00', end: '2026-10-08 00:00' });
    expect(resolve('厦门 5月1号到4号')).toMatchObject({ start: '2026-05-01 00:00', end: '2026-05-05 00:00' });
    expect(resolve('4月30号至5月3号去北京')).toMatchObject({ start: '2026-04-30 00:00', end: '2026-05-04 00:00' });
  });

  it('ignores a date that does not exist', () => {
    expect(resolve('ticket 2026-02-30 is closed')).toBeNull();
  });

  it('rolls a passed time of day to the next day', () => {
    // 07:30 in Shanghai: 6am has passed, so "at 6am" is tomorrow.
    expect(resolve('at 6am')).toMatchObject({ start: '2026-03-07 06:00' });
  });

  it('adds hours to the instant for "in 2 hours"', () => {
    expect(resolve('in 2 hours')).toMatchObject({ start: '2026-03-06 09:30' });
  });

  it('reads the past when asked to', () => {
    const past = resolveRelativeTime('I left in January', new Date('2026-03-05T09:00:00Z'), LONDON, { prefer: 'past' });
    expect(past && local(past.start, LONDON)).toBe('2026-01-01 00:00');
    const future = resolveRelativeTime('my passport expires in January', new Date('2026-03-05T09:00:00Z'), LONDON);
    expect(future && local(future.start, LONDON)).toBe('2027-01-01 00:00');
  });

  it('handles daylight saving time: New York springs forward on 2026-03-08', () => {
    const saturday = new Date('2026-03-07T15:00:00Z');
    const result = resolveRelativeTime('tomorrow at 3pm', saturday, NEW_YORK);
    expect(result?.start.toISOString()).toBe('2026-03-08T19:00:00.000Z'); // 15:00 EDT
    const day = resolveRelativeTime('tomorrow', saturday, NEW_YORK);
    expect(day?.end?.toISOString()).toBe('2026-03-09T04:00:00.000Z'); // 23-hour day ends at EDT midnight
  });

  it('treats plural weekdays as habits, not dates', () => {
    expect(resolveRelativeTime('I work from home on Mondays', LATE_THURSDAY_UTC, LONDON)).toBeNull();
  });

  it('returns null when there is no time expression', () => {
    expect(resolveRelativeTime('I like tea', LATE_THURSDAY_UTC, LONDON)).toBeNull();
    expect(hasTimeExpression('thanks!')).toBe(false);
    expect(hasTimeExpression('see you next week')).toBe(true);
  });
});

describe('labels for summaries', () => {
  it('describes days, clock times, months and ranges in the local zone', () => {
    const day = resolveRelativeTime('next Friday', LATE_THURSDAY_UTC, SHANGHAI);
    const clock = resolveRelativeTime('明天下午三点', LATE_THURSDAY_UTC, SHANGHAI);
    const month = resolveRelativeTime('下个月', LATE_THURSDAY_UTC, SHANGHAI);
    const week = resolveRelativeTime('next week', LATE_THURSDAY_UTC, SHANGHAI);
    expect(day && describeResolvedTime(day, SHANGHAI)).toBe('2026-03-13');
    expect(clock && describeResolvedTime(clock, SHANGHAI)).toBe('2026-03-07 15:00');
    expect(month && describeResolvedTime(month, SHANGHAI)).toBe('2026-04');
    expect(week && describeResolvedTime(week, SHANGHAI)).toBe('2026-03-09 – 2026-03-15');
  });

  it('ends a local day at local midnight', () => {
    expect(endOfLocalDay(LATE_THURSDAY_UTC, SHANGHAI).toISOString()).toBe('2026-03-06T16:00:00.000Z');
  });
});

describe('an ordinal weekday of a month', () => {
  it.each([
    ['starting the first monday of april', '2026-04-06 00:00'],
    ['the last friday in june', '2026-06-26 00:00'],
    ['on the 2nd tuesday of next month', '2026-04-14 00:00'],
    // The first Monday of March has passed on 5 March: the next one is a year on.
    ['first monday of march', '2027-03-01 00:00'],
  ])('"%s" is %s, not the bare weekday', (text, start) => {
    expect(resolve(text, LONDON, new Date('2026-03-05T09:00:00Z'))?.start).toBe(start);
  });

  it('"the last weekend of april" is that month\'s last Saturday and Sunday, not the weekend just gone', () => {
    expect(resolve('doing copenhagen the last weekend of april', LONDON, new Date('2026-03-18T09:00:00Z'))).toMatchObject({ start: '2026-04-25 00:00', end: '2026-04-27 00:00' });
    expect(resolve('the first weekend of may', LONDON, new Date('2026-03-18T09:00:00Z'))?.start).toBe('2026-05-02 00:00');
  });

  it.each([
    ['vet tmrw morning', '2026-03-06 09:00'],
    ['dentist 2moro', '2026-03-06 00:00'],
    ['seeing her tdy', '2026-03-05 00:00'],
    ['got back yday', '2026-03-04 00:00'],
  ])('shorthand "%s" is %s', (text, start) => {
    expect(resolve(text, LONDON, new Date('2026-03-05T09:00:00Z'))?.start).toBe(start);
  });
});

describe('named holidays, computed for their year', () => {
  it('moveable feasts: Easter by the computus, US Monday holidays and Thanksgiving by their weekday rules', () => {
    expect(resolve('going to montreal for memorial day weekend', NEW_YORK)).toMatchObject({ start: '2026-05-23 00:00', end: '2026-05-26 00:00' });
    expect(resolve('bbq at my brothers on labor day', NEW_YORK)).toMatchObject({ start: '2026-09-07 00:00', end: '2026-09-08 00:00' });
    expect(resolve('hosting thanksgiving this year', NEW_YORK)).toMatchObject({ start: '2026-11-26 00:00', end: '2026-11-27 00:00' });
    // Easter 2026 is 5 April: the weekend is Good Friday to Easter Monday, the school holidays a week more.
    expect(resolve('off to the coast for easter', LONDON)).toMatchObject({ start: '2026-04-03 00:00', end: '2026-04-07 00:00' });
    expect(resolve('grandson is staying over the easter holidays', LONDON)).toMatchObject({ start: '2026-04-03 00:00', end: '2026-04-14 00:00' });
  });

  it('fixed days, the next one that has not ended, or the one before after "last"', () => {
    expect(resolve('home for christmas', LONDON)).toMatchObject({ start: '2026-12-25 00:00', end: '2026-12-26 00:00' });
    expect(resolve('halloween party at work', LONDON)).toMatchObject({ start: '2026-10-31 00:00' });
    expect(resolve('valentines dinner', LONDON, new Date('2026-02-20T10:00:00Z'))).toMatchObject({ start: '2027-02-14 00:00' });
    expect(resolve('we went skiing last christmas', LONDON)).toMatchObject({ start: '2025-12-25 00:00' });
  });

  it('Chinese festivals on the Chinese calendar', () => {
    // Spring Festival 2026 is 17 February; the holiday runs from New Year's Eve for eight days.
    const january = new Date('2026-01-10T02:00:00Z');
    expect(resolve('过年回老家', SHANGHAI, january)).toMatchObject({ start: '2026-02-16 00:00', end: '2026-02-24 00:00' });
    expect(resolve('除夕在奶奶家吃年夜饭', SHANGHAI, january)).toMatchObject({ start: '2026-02-16 00:00', end: '2026-02-17 00:00' });
    expect(resolve('中秋回家吃饭')).toMatchObject({ start: '2026-09-25 00:00', end: '2026-09-26 00:00' });
    expect(resolve('端午节去看龙舟')).toMatchObject({ start: '2026-06-19 00:00' });
    expect(resolve('chinese new year dinner at my aunts', LONDON, january)).toMatchObject({ start: '2026-02-17 00:00' });
  });

  it('a deadline at the end of a month is that month', () => {
    expect(resolve('need to renew the road tax before the end of april', LONDON)).toMatchObject({ start: '2026-04-01 00:00', end: '2026-05-01 00:00' });
  });
});

describe('a weekend named by its day', () => {
  it('"the weekend of the 28th" is the weekend around that day, not this one; "the weekend after next" two on', () => {
    // LATE_THURSDAY_UTC is Thursday 5 March in London.
    expect(resolve("i'll go down to whitstable the weekend of the 28th", LONDON)).toMatchObject({ start: '2026-03-28 00:00', end: '2026-03-30 00:00' });
    expect(resolve('weekend of june 20', LONDON)).toMatchObject({ start: '2026-06-20 00:00', end: '2026-06-22 00:00' });
    // A Friday starts the weekend; a day already gone this month is next month's.
    expect(resolve('the weekend of the 3rd', LONDON)).toMatchObject({ start: '2026-04-03 00:00', end: '2026-04-06 00:00' });
    expect(resolve('the weekend after next', LONDON)).toMatchObject({ start: '2026-03-21 00:00', end: '2026-03-23 00:00' });
    expect(resolve('next weekend', LONDON)).toMatchObject({ start: '2026-03-14 00:00' });
  });
});


describe('Chinese dates written with spaces, and a day of a month named by its distance', () => {
  // LATE_THURSDAY_UTC is Friday 6 March in Shanghai.
  it('reads "7 月 10 号", "定在 6 月 4 号", "下午 3 点" as it reads them written close; a line or a building number is no date', () => {
    expect(resolve('7 月 10 号飞上海')).toMatchObject({ start: '2026-07-10 00:00', end: '2026-07-11 00:00', expression: '7 月 10 号' });
    expect(resolve('confirmation review 定在 6 月 4 号 周四')).toMatchObject({ start: '2026-06-04 00:00' });
    expect(resolve('5 月 1 号到 4 号去厦门')).toMatchObject({ start: '2026-05-01 00:00', end: '2026-05-05 00:00' });
    expect(resolve('2026 年 7 月 10 号')).toMatchObject({ start: '2026-07-10 00:00' });
    expect(resolve('下午 3 点开会')).toMatchObject({ start: '2026-03-06 15:00' });
    expect(resolve('每天坐 10 号线')).toBeNull();
    expect(resolve('住 3 号楼')).toBeNull();
  });

  it('"下个月3号" is the 3rd of next month, not the whole month', () => {
    expect(resolve('下个月 3 号我要去 Kuala Lumpur 开会')).toMatchObject({ start: '2026-04-03 00:00', end: '2026-04-04 00:00' });
    expect(resolve('下月15号交房租')).toMatchObject({ start: '2026-04-15 00:00' });
    expect(resolve('这个月28号考试')).toMatchObject({ start: '2026-03-28 00:00' });
    expect(resolve('下下个月5号')).toMatchObject({ start: '2026-05-05 00:00' });
    expect(resolve('the dentist is on the 3rd of next month', LONDON)).toMatchObject({ start: '2026-04-03 00:00' });
    expect(resolve('下个月搬家')).toMatchObject({ start: '2026-04-01 00:00', end: '2026-05-01 00:00' });
  });

  it('a weekday with the date right after it is that date ("挪到 Tuesday 了，6 月 16 号")', () => {
    expect(resolve('confirmation review 挪到 Tuesday 了，6 月 16 号')).toMatchObject({ start: '2026-06-16 00:00', expression: 'Tuesday 了，6 月 16 号' });
    expect(resolve('改到周二 6月16号')).toMatchObject({ start: '2026-06-16 00:00' });
    expect(resolve('moved to tuesday, june 16', LONDON)).toMatchObject({ start: '2026-06-16 00:00' });
    // A date in another sentence does not say which Tuesday.
    expect(resolve('see you tuesday. june 16 is the exam', LONDON)).toMatchObject({ start: '2026-03-10 00:00' });
  });
});
