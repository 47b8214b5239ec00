import { describe, expect, it } from 'vitest';
import { nextAnniversary } from '@/server/memory/anniversary';

const SYDNEY = 'Australia/Sydney';
// Thursday 25 June 2026, midday in Sydney.
const now = new Date('2026-06-25T02:00:00Z');
const day = (summary: string) => {
  const next = nextAnniversary(summary, now, SYDNEY);
  return next ? new Intl.DateTimeFormat('sv-SE', { timeZone: SYDNEY, dateStyle: 'short' }).format(next) : null;
};

describe('when a birthday or anniversary next comes round', () => {
  it('a calendar day said any time is the next one on or after today', () => {
    expect(day('Marcus 30岁生日 7月5号')).toBe('2026-07-05');
    expect(day("Mum's birthday is may 22")).toBe('2027-05-22');
    expect(day("Oliver's birthday is on the 3rd of May")).toBe('2027-05-03');
    expect(day('女儿的生日是 6 月 25 号')).toBe('2026-06-25');
    expect(day('Wedding anniversary is 12 august')).toBe('2026-08-12');
  });

  it('a birthday dated when it was said ("下下周六") comes round on the same day of the year', () => {
    expect(day('男朋友阿杰生日下下周六（2026-03-07）')).toBe('2027-03-07');
    expect(day('Kaylas bday is june 30 she wants a plant (2026-06-30)')).toBe('2026-06-30');
  });

  it('names no day: relative to a day long gone, lunar, or no birthday at all', () => {
    expect(day('男朋友阿杰下个月过生日（2026-06）')).toBeNull();
    expect(day("Mom's birthday is coming up")).toBeNull();
    expect(day('老伴生日是农历八月十五')).toBeNull();
    expect(day('Dentist on july 3')).toBeNull();
  });
});
