import { describe, expect, it } from 'vitest';
import { addDays } from '@/server/lifecycle/clock';
import { groupsAtLevel, summaryLevelOf, unionEntities, type GroupableItem } from '@/server/memory/merge/groups';

const now = new Date('2026-03-01T04:00:00Z');
let n = 0;
const item = (entities: string[], over: Partial<GroupableItem> = {}): GroupableItem => ({
  id: `m${String(++n).padStart(3, '0')}`,
  type: 'episodic',
  status: 'active',
  kind: 'event',
  summary: `event ${n}`,
  entities,
  pinned: false,
  occurredAt: addDays(now, -n),
  createdAt: addDays(now, -n),
  ...over,
});

describe('consolidation grouping', () => {
  it('groups three or more items sharing an entity, oldest first; a pair is left alone', () => {
    const release = [item(['the release']), item(['The Release', 'QA']), item(['the release'])];
    const pair = [item(['Alice']), item(['alice'])];
    const groups = groupsAtLevel([...release, ...pair], 1, now);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ level: 1, topic: 'the release' });
    expect(groups[0]?.memberIds).toEqual(release.map((r) => r.id).reverse());
  });

  it('never groups different entities, entity-less items, semantic, pinned, inactive or out-of-window items', () => {
    const items = [
      item(['gym']),
      item(['dentist']),
      item(['garden']),
      item([]),
      item([]),
      item([]),
      item(['trip'], { type: 'semantic' }),
      item(['trip'], { pinned: true }),
      item(['trip'], { status: 'merged' }),
      item(['trip'], { occurredAt: addDays(now, -45) }),
      item(['trip']),
    ];
    expect(groupsAtLevel(items, 1, now)).toEqual([]);
  });

  it('level 2 takes only level-1 summaries; level-2 summaries are never grouped again', () => {
    const l1 = [item(['release'], { kind: 'summary_1' }), item(['release'], { kind: 'summary_1' }), item(['release'], { kind: 'summary_1' })];
    const l2 = [item(['release'], { kind: 'summary_2' }), item(['release'], { kind: 'summary_2' }), item(['release'], { kind: 'summary_2' })];
    expect(groupsAtLevel([...l1, ...l2], 1, now)).toEqual([]);
    expect(groupsAtLevel([...l1, ...l2], 2, now).map((g) => g.memberIds.sort())).toEqual([l1.map((i) => i.id).sort()]);
    expect(summaryLevelOf('summary_2')).toBe(2);
    expect(summaryLevelOf('event')).toBe(0);
  });

  it('takes the most shared entity first, so chains of overlaps do not glue topics', () => {
    const items = [item(['release']), item(['release']), item(['release']), item(['release', 'Alice']), item(['Alice']), item(['Alice', 'birthday'])];
    const groups = groupsAtLevel(items, 1, now);
    expect(groups.map((g) => [g.topic, g.memberIds.length])).toEqual([['release', 4]]);
  });

  it('unions entities case-insensitively, topic first', () => {
    expect(unionEntities('release', [['Release', 'QA'], ['qa', 'Beta']])).toEqual(['release', 'QA', 'Beta']);
  });
});
