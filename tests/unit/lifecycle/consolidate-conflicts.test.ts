import { describe, expect, it } from 'vitest';
import { conflictTwins, decideConflict, findRival, type ConflictItem, type Heard } from '@/server/lifecycle/consolidate-conflicts';

const item = (id: string, summary: string, over: Partial<ConflictItem> = {}): ConflictItem => ({ id, type: 'semantic', kind: 'fact', summary, entities: [], statusReason: null, ...over });
const heard = (sources: number, at: string): Heard => ({ sources, lastHeardAt: new Date(at) });

describe('conflict resolution rules', () => {
  const rival = item('r', 'Lives in Shanghai', { entities: ['Shanghai'] });
  const conflicted = item('c', 'Lives in Hangzhou', { entities: ['Hangzhou'], statusReason: 'Contradicts "Lives in Shanghai" without a correction; waiting for confirmation' });

  it('finds the rival named in the status reason, else by slot', () => {
    const other = item('o', 'Likes tea', { entities: ['tea'] });
    expect(findRival(conflicted, [other, rival])?.id).toBe('r');
    expect(findRival({ ...conflicted, statusReason: null }, [other, rival])?.id).toBe('r');
    expect(findRival(conflicted, [other])).toBeNull();
  });

  it('newer and repeated wins; once, or older than the rival, it stays', () => {
    const twins = [conflicted, item('c2', 'Lives in Hangzhou.', { entities: ['Hangzhou'] })];
    expect(conflictTwins([...twins, item('x', 'Works at Acme')]).map((g) => g.map((t) => t.id))).toEqual([['c', 'c2'], ['x']]);
    const h = new Map([['c', heard(1, '2026-02-01')], ['c2', heard(1, '2026-02-03')]]);
    const won = decideConflict(twins, h, rival, heard(1, '2026-01-01'));
    expect(won).toMatchObject({ outcome: 'won', winnerId: 'c2', twinIds: ['c'], rivalId: 'r' });
    expect(won.outcome === 'won' && won.winnerReason).toMatch(/said 2 times and more recently than "Lives in Shanghai"/);

    const once = decideConflict([conflicted], new Map([['c', heard(1, '2026-02-01')]]), rival, heard(1, '2026-01-01'));
    expect(once.outcome === 'kept' && once.reason).toMatch(/said 1 time/);
    const older = decideConflict(twins, h, rival, heard(3, '2026-02-10'));
    expect(older.outcome === 'kept' && older.reason).toMatch(/more recently/);
  });
});
