import { describe, expect, it } from 'vitest';
import { addDays } from '@/server/lifecycle/clock';
import { NO_DEMOTIONS, decideDecay, type DecayInput, type DemotionHistory } from '@/server/lifecycle/decay-rules';

const created = new Date('2025-01-01T12:00:00Z');
const day = (n: number) => addDays(created, n);

function memory(overrides: Partial<DecayInput> = {}): DecayInput {
  return { status: 'active', importance: 3, pinned: false, validUntil: null, lastAccessedAt: null, createdAt: created, accessCount: 0, failCount: 0, ...overrides };
}

const outcome = (m: DecayInput, now: Date, history: DemotionHistory = NO_DEMOTIONS) => decideDecay(m, history, now)?.outcome ?? null;

describe('decay rules (SPEC §6)', () => {
  it('importance 1: day 59 stays, day 61 archived; idle counts from the last access', () => {
    expect(outcome(memory({ importance: 1 }), day(59))).toBeNull();
    expect(outcome(memory({ importance: 1 }), day(61))).toBe('archived_idle');
    expect(outcome(memory({ importance: 1, lastAccessedAt: day(30) }), day(61))).toBeNull();
    expect(outcome(memory({ importance: 1, lastAccessedAt: day(30) }), day(91))).toBe('archived_idle');
  });

  it('importance 2: day 89 stays, day 91 archived; importance 3 and 4 never go idle', () => {
    expect(outcome(memory({ importance: 2 }), day(89))).toBeNull();
    expect(outcome(memory({ importance: 2 }), day(91))).toBe('archived_idle');
    expect(outcome(memory({ importance: 3 }), day(3650))).toBeNull();
    expect(outcome(memory({ importance: 4 }), day(3650))).toBeNull();
  });

  it('an item past valid_until is archived as expired, whatever its importance below 5', () => {
    const plan = memory({ importance: 4, validUntil: day(10) });
    expect(outcome(plan, day(10))).toBeNull();
    const decision = decideDecay(plan, NO_DEMOTIONS, day(11));
    expect(decision).toEqual({ outcome: 'archived_expired', status: 'archived', reason: 'expired' });
  });

  it('a candidate is forgotten after 30 days unconfirmed, counted from its latest demotion', () => {
    const candidate = memory({ status: 'candidate' });
    expect(outcome(candidate, day(29))).toBeNull();
    expect(outcome(candidate, day(30))).toBe('candidate_forgotten');
    const demoted: DemotionHistory = { count: 1, last: { at: day(100), accessCount: 2, failCount: 2 } };
    expect(outcome(candidate, day(129), demoted)).toBeNull();
    expect(outcome(candidate, day(131), demoted)).toBe('candidate_forgotten');
  });

  it('importance 5 and pinned items never decay, not even after five years or when expired', () => {
    const years = day(5 * 365);
    expect(outcome(memory({ importance: 5 }), years)).toBeNull();
    expect(outcome(memory({ importance: 5, validUntil: day(1), failCount: 2, accessCount: 1 }), years)).toBeNull();
    expect(outcome(memory({ importance: 1, pinned: true }), years)).toBeNull();
    expect(outcome(memory({ status: 'candidate', pinned: true }), years)).toBeNull();
  });

  it('feedback: more fails than half the uses, under 3 uses → candidate; again after a demotion → forgotten', () => {
    expect(outcome(memory({ accessCount: 2, failCount: 2 }), day(1))).toBe('demoted');
    expect(outcome(memory({ accessCount: 2, failCount: 1 }), day(1))).toBeNull(); // exactly half is not more
    expect(outcome(memory({ accessCount: 3, failCount: 3 }), day(1))).toBeNull(); // used 3 times: enough signal
    expect(outcome(memory({ accessCount: 0, failCount: 0 }), day(1))).toBeNull();
    const once: DemotionHistory = { count: 1, last: { at: day(1), accessCount: 2, failCount: 2 } };
    // Re-confirmed with its old record only: not punished twice for the same fails.
    expect(outcome(memory({ accessCount: 2, failCount: 2 }), day(2), once)).toBeNull();
    expect(outcome(memory({ accessCount: 3, failCount: 3 }), day(2), once)).toBe('feedback_forgotten');
  });

  it('leaves statuses outside the rules alone (archived, forgotten, superseded, merged, conflicted)', () => {
    for (const status of ['archived', 'forgotten', 'superseded', 'merged', 'conflicted'] as const) {
      expect(outcome(memory({ status, importance: 1, validUntil: day(1) }), day(1000))).toBeNull();
    }
  });

  it('expiry wins over feedback and idleness, feedback over idleness', () => {
    expect(outcome(memory({ importance: 1, validUntil: day(1), accessCount: 1, failCount: 1 }), day(100))).toBe('archived_expired');
    expect(outcome(memory({ importance: 1, accessCount: 1, failCount: 1 }), day(100))).toBe('demoted');
  });
});
