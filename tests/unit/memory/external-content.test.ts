import { describe, expect, it } from 'vitest';

import { findExternalSpans, ownWords } from '../../../server/memory/validate/external-content';

const external = (text: string) => findExternalSpans(text).map((span) => text.slice(span.start, span.end).trim());

describe('findExternalSpans', () => {
  it('finds Markdown quotes, fenced and indented code and inline code', () => {
    const text = 'Look:\n> I hate Mondays\n\n```js\n// I love tabs\n```\n\n    at Main.run(Main.java:42)\n\nand `rm -rf` too';
    expect(external(text)).toEqual(['> I hate Mondays', '```js\n// I love tabs\n```', 'at Main.run(Main.java:42)', '`rm -rf`']);
  });

  it('finds text attributed to someone else', () => {
    expect(external('The article says coffee is healthy. I disagree.')).toEqual(['The article says coffee is healthy.']);
    expect(external('My friend texted me: "I\'m moving to Berlin next month" — what now?')).toEqual(['My friend texted me: "I\'m moving to Berlin next month"']);
    expect(external('文章说每天喝咖啡的人更长寿，这是真的吗？')).toEqual(['文章说每天喝咖啡的人更长寿，这是真的吗？']);
    expect(external('他说他下周要去上海出差。我不去。')).toEqual(['他说他下周要去上海出差。']);
    // Chat's space stands for a comma: what she said ends there, the user's own news follows.
    expect(external('我妈来了 但她说想多待一阵 so 机票改签了 6月14号回深圳')).toEqual(['她说想多待一阵']);
  });

  it('finds text handed over for a task and long quotations, but not short titles', () => {
    expect(external('Translate to French: I live in London.')).toEqual(['I live in London.']);
    expect(external('帮我翻译一下：我喜欢杭州。')).toEqual(['我喜欢杭州。']);
    expect(external('Is this right? "I has been working here since 2019 and I likes it."')).toEqual(['"I has been working here since 2019 and I likes it."']);
    expect(external('I love "The Office" so much')).toEqual([]);
  });

  it('finds forwarded mail and passages a request points at', () => {
    expect(external('fyi\n---------- Forwarded message ----------\nFrom: Bob\nI quit.')).toEqual(['---------- Forwarded message ----------\nFrom: Bob\nI quit.']);
    const pasted = 'What do you think of this article?\n\nI moved to Lisbon in 2015 and I love it here.';
    expect(external(pasted)).toEqual(['I moved to Lisbon in 2015 and I love it here.']);
  });

  it('leaves plain first-person text alone', () => {
    expect(findExternalSpans("I'm allergic to peanuts. My wife Anna is vegetarian.")).toEqual([]);
  });
});

describe('ownWords', () => {
  it('blanks external text but keeps offsets', () => {
    const text = 'I like tea.\n> I hate tea';
    const own = ownWords(text);
    expect(own).toHaveLength(text.length);
    expect(own.startsWith('I like tea.')).toBe(true);
    expect(own).not.toContain('hate');
  });
});
