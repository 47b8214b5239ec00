import { describe, expect, it } from 'vitest';

import { conceptsOf, sharedConcepts } from '../../../server/text/concepts';

const meet = (a: string, b: string) => sharedConcepts(conceptsOf(a), conceptsOf(b));

describe('concept groups connect a question to a memory with no word in common', () => {
  it('how the user keeps fit, however they do it, in both languages', () => {
    expect(meet('how do i keep fit these days', 'Doing lengths at the leisure centre pool 3x a week')).toContain('#exercise');
    expect(meet('any workout tips', 'Goes to pilates twice a week')).toContain('#exercise');
    expect(meet('我最近靠什么运动减肥', '最近开始每天晚上跳绳')).toContain('#exercise');
    expect(meet('我最近靠什么运动减肥', '现在改成晚饭后快走半小时')).toContain('#exercise');
  });

  it('what the user drinks, and what a cooking question must know', () => {
    expect(meet('fancy a hot drink, what should i make myself', 'Switched to rooibos in the evenings')).toContain('#drink');
    expect(meet('早上喝点啥', '每天早上一杯豆浆')).toContain('#drink');
    expect(meet('what should i make for dinner', 'Has a stomach ulcer')).toContain('#food');
    expect(meet('晚饭做点啥好', '血压高')).toContain('#food');
  });

  it('no group where the words are unrelated', () => {
    expect(meet('suggest a movie for tonight', 'Has a stomach ulcer')).toEqual([]);
    expect(meet('recommend a podcast', 'Goes to pilates twice a week')).toEqual([]);
  });
});
