import { describe, expect, it } from 'vitest';
import { msUntilNextUtc } from '@/server/lifecycle/schedule';

describe('in-process daily timers', () => {
  it('waits until today\'s slot, or tomorrow\'s once it has passed', () => {
    expect(msUntilNextUtc(new Date('2025-03-01T02:00:00Z'), 3, 30)).toBe(90 * 60_000);
    expect(msUntilNextUtc(new Date('2025-03-01T03:30:00Z'), 3, 30)).toBe(24 * 3_600_000);
    expect(msUntilNextUtc(new Date('2025-03-01T23:00:00Z'), 3, 0)).toBe(4 * 3_600_000);
  });
});
