import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../helpers/mock-models';
import { clampSummary, llmSummary, ruleSummary, summarise, wordCount } from '@/server/memory/merge/summary';

const at = (d: string) => new Date(`${d}T10:00:00Z`);
const input = {
  topic: 'the release',
  level: 1 as const,
  members: [
    { summary: 'Discussed the release date.', happenedAt: at('2026-02-23') },
    { summary: 'Decided beta on Wednesday', happenedAt: at('2026-02-24') },
    { summary: 'QA found two blockers in the release', happenedAt: at('2026-02-26') },
  ],
};

const modelAnswering = (text: string) => scriptedModel([], { generated: text });

describe('consolidated summary text', () => {
  it('the rule summary says how often and when, and lists the facts', () => {
    expect(ruleSummary(input)).toBe(
      'Discussed the release 3 times (2026-02-23 to 2026-02-26): Discussed the release date; Decided beta on Wednesday; QA found two blockers in the release',
    );
  });

  it('stays within 50 words, and a level-2 summary reuses its members\' facts', () => {
    const long = { ...input, members: Array.from({ length: 12 }, (_, i) => ({ summary: `Fact number ${i} about the release plan`, happenedAt: at('2026-02-20') })) };
    const text = ruleSummary(long);
    expect(wordCount(text)).toBeLessThanOrEqual(50);
    expect(text.endsWith('…')).toBe(true);
    const level2 = ruleSummary({ topic: 'the release', level: 2, members: [{ summary: ruleSummary(input), happenedAt: at('2026-02-26') }, { summary: 'Discussed the release 3 times (2026-03-01): shipped', happenedAt: at('2026-03-01') }] });
    expect(level2).toMatch(/^Discussed the release 2 times \(2026-02-26 to 2026-03-01\): Discussed the release date; .*; shipped$/);
    expect(clampSummary('a '.repeat(80)).length).toBeLessThanOrEqual(400);
  });

  it('the LLM path uses structured output; a malformed answer falls back to the rule text', async () => {
    const good = modelAnswering(JSON.stringify({ summary: 'Discussed the release 3 times: decided beta on Wednesday; QA found two blockers.' }));
    expect(await llmSummary(good, input)).toBe('Discussed the release 3 times: decided beta on Wednesday; QA found two blockers.');
    const tooLong = modelAnswering(JSON.stringify({ summary: 'word '.repeat(60) }));
    expect(await llmSummary(tooLong, input)).toBeNull();
    expect(await summarise(modelAnswering('not json'), input)).toBe(ruleSummary(input));
    expect(await summarise(null, input)).toBe(ruleSummary(input));
  });
});
