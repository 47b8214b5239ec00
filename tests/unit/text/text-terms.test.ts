import { describe, expect, it } from 'vitest';

import { cjkBigrams, contentStems, isMostlyChinese, stem } from '../../../server/text/text-terms';

describe('text terms', () => {
  it('stems inflections to a shared form', () => {
    const groups = [
      ['cook', 'cooks', 'cooking', 'cooked'],
      ['prefer', 'prefers', 'preferred', 'preferring'],
      ['allergy', 'allergies'],
      ['run', 'running', 'runs'],
      ['peanut', 'peanuts'],
    ];
    for (const words of groups) expect(new Set(words.map(stem)).size).toBe(1);
  });

  it('drops stop-words and keeps content words in order', () => {
    expect(contentStems("I'm allergic to the peanuts in my wife's cooking")).toEqual(['allergic', 'peanut', 'wife', 'cook']);
  });

  it('skips bigrams made only of function characters', () => {
    expect(cjkBigrams('我的花生')).toEqual(['的花', '花生']);
  });

  it('detects Chinese-dominant text', () => {
    expect(isMostlyChinese('我今晚该做什么菜？')).toBe(true);
    expect(isMostlyChinese('What should I cook tonight?')).toBe(false);
    expect(isMostlyChinese('帮我写一个 Python 脚本')).toBe(true);
  });
});
