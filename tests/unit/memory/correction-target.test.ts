/**
 * What a correction replaces when it names nothing (issue 12): "现在改成晚上跑步了" must replace the
 * old running habit if there is one, and never a stranger that the local word vectors happen to
 * place nearby (a daughter's birthday was superseded this way before the topic check).
 */
import { describe, expect, it } from 'vitest';
import { findCorrectionTarget } from '@/server/memory/apply-memories';
import type { ValidatedMemory } from '@/server/memory/extraction-schema';
import type { MemoryRow } from '@/server/memory/memory-types';

const row = (summary: string, entities: string[] = []): MemoryRow =>
  ({ id: summary, status: 'active', type: 'semantic', kind: 'fact', summary, entities }) as unknown as MemoryRow;

const item = (summary: string, entities: string[] = []): ValidatedMemory =>
  ({ type: 'semantic', kind: 'fact', summary, entities, negative_update: true, conflict_hint: null, quote: summary }) as unknown as ValidatedMemory;

describe('findCorrectionTarget without a hint', () => {
  it('replaces the close memory that shares its topic', () => {
    const target = findCorrectionTarget(item('现在改成晚上跑步了', ['晚上跑步']), [{ memory: row('每天早上六点起来跑步'), similarity: 0.62 }]);
    expect(target?.summary).toBe('每天早上六点起来跑步');
  });

  it('never replaces a close memory about something else', () => {
    const similar = [
      { memory: row('女儿的生日是5月20号', ['女儿']), similarity: 0.66 },
      { memory: row('住在杭州', ['杭州']), similarity: 0.58 },
    ];
    expect(findCorrectionTarget(item('现在改成晚上跑步了', ['晚上跑步']), similar)).toBeNull();
    // The change words alone ("改成", "now") are no shared topic.
    expect(findCorrectionTarget(item('改成喝乌龙茶', ['乌龙茶']), [{ memory: row('现在改成晚上跑步了'), similarity: 0.7 }])).toBeNull();
    expect(findCorrectionTarget(item('Switched to oat milk now'), [{ memory: row('Now walks to work'), similarity: 0.7 }])).toBeNull();
  });
});

describe('a change in how meals go (session 10)', () => {
  it('replaces the old meal habit, however far apart the vectors put them', () => {
    const similar = [{ memory: row('中午只吃一碗面'), similarity: 0.2 }];
    expect(findCorrectionTarget(item('现在改成一天吃四顿小的'), similar)?.summary).toBe('中午只吃一碗面');
  });

  it('leaves a taste or an allergy alone', () => {
    const similar = [
      { memory: row('特别喜欢吃辣'), similarity: 0.3 },
      { memory: { ...row('对芒果过敏'), kind: 'constraint' as const }, similarity: 0.3 },
    ];
    expect(findCorrectionTarget(item('现在改成一天吃四顿小的'), similar)).toBeNull();
  });
});
