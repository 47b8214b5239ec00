import { describe, expect, it } from 'vitest';

import { prefilter } from '../../../server/memory/prefilter';
import { said, windowOf } from './window';

describe('prefilter: chit-chat makes no LLM call', () => {
  it.each(['hi', 'thanks!', 'lol', 'ok cool', 'Good morning!', 'haha fair enough', 'sounds good 👍', '哈哈', '好的谢谢', '嗯嗯', '收到', '你好'])('%j', (text) => {
    expect(prefilter(said(text))).toEqual({ callLlm: false, signals: [] });
  });

  it.each([
    'What is the capital of Australia?',
    'Can you explain how React hooks work?',
    'Write a short poem about autumn in Kyoto.',
    "I'm so done with this project, I want to delete it all.",
    'If I were rich I would buy a boat.',
    '北京今天天气怎么样？',
    '帮我写一首关于秋天的诗',
    '如果我是你，我会直接辞职。',
  ])('no call for %j', (text) => {
    expect(prefilter(said(text)).callLlm).toBe(false);
  });

  it('ignores pasted and quoted content', () => {
    expect(prefilter(said('Summarize this:\n\n> I love living in Paris and I work as a teacher.')).callLlm).toBe(false);
    expect(prefilter(said('帮我翻译一下：我喜欢在杭州生活，我在一家银行工作。')).callLlm).toBe(false);
    expect(prefilter(said('why does this fail?\n```\n# I always forget this\nx = 1\n```')).callLlm).toBe(false);
  });
});

describe('prefilter: the SPEC §4.1 signals', () => {
  it.each([
    ['I usually run in the morning', 'preference:usually'],
    ['I hate cilantro', 'preference:hate'],
    ['我习惯早上喝一杯美式', 'preference:习惯'],
    ['我讨厌香菜', 'preference:讨厌'],
    ["I have a dentist appointment tomorrow at 3pm", 'time'],
    ['我下周三要去上海出差', 'time'],
    ["No, it's Hangzhou, not Suzhou.", 'correction:'],
    ['不对，是周四', 'correction:不对'],
    ['会议改成周四了', 'correction:改成'],
    ['From now on, answer in English', 'explicit:remember'],
    ['forget that I like coffee', 'explicit:forget'],
    ['My boss is Priya', 'entity:priya'],
  ])('%j → %s', (text, signal) => {
    const result = prefilter(said(text, [], { timeZone: 'Asia/Shanghai' }));
    expect(result.callLlm).toBe(true);
    expect(result.signals.some((s) => s.startsWith(signal))).toBe(true);
  });

  it('does not count an entity the memory already knows as first-seen', () => {
    const known = prefilter(said('Priya again', [], { knownEntities: ['priya'] }));
    expect(known.signals.filter((s) => s.startsWith('entity:'))).toEqual([]);
    expect(prefilter(said('Talked to Priya about Kestrel today')).signals).toEqual(expect.arrayContaining(['entity:priya', 'entity:kestrel']));
  });

  it('reads only the new user messages', () => {
    const window = windowOf(
      [
        ['user', 'I hate cilantro'],
        ['assistant', 'You usually prefer mild food, I remember.'],
        ['user', 'thanks!'],
      ],
      { newCount: 2 },
    );
    expect(prefilter(window)).toEqual({ callLlm: false, signals: [] });
  });
});
