import { describe, expect, it } from 'vitest';
import { extractWithRules } from '@/server/memory/rules';

const extract = (content: string, knownEntities: string[] = []) => {
  const message = { id: 'm1', role: 'user' as const, content, createdAt: new Date('2026-11-29T10:00:00Z') };
  return extractWithRules({ messages: [message], newMessageIds: ['m1'], timeZone: 'UTC', knownEntities }).map((m) => m.summary);
};

describe("a correction of the assistant's work is not a memory about the user", () => {
  it.each([
    "That's wrong, I asked for Python, not JavaScript",
    "No, it's the second file, not the first",
    '错了，答案是42',
    '不对，结果应该是负数',
  ])('%s → nothing stored', (text) => {
    expect(extract(text)).toEqual([]);
  });

  it('a correction of something the memory holds, or about the user, still is', () => {
    expect(extract("No, it's Hangzhou, not Suzhou", ['suzhou'])).toHaveLength(1);
    expect(extract('不对，我住在杭州')).toEqual([expect.stringContaining('杭州')]);
  });
});
