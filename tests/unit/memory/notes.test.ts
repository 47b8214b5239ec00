/**
 * Notes (server/memory/rules/notes.ts): a clause that says something lasting but that no rule read
 * is kept in the user's words at importance 1, so a phrasing nobody anticipated is found later;
 * what is plainly no memory stays out, and validation still applies.
 */
import { describe, expect, it } from 'vitest';
import { extractWithRules } from '@/server/memory/rules';
import { validateExtracted } from '@/server/memory/validate';
import { said } from './window';

const items = (text: string) => {
  const window = said(text);
  return validateExtracted(extractWithRules(window), window).accepted;
};
const notes = (text: string) => items(text).filter((i) => i.importance === 1);

describe('notes: what no rule read is still kept', () => {
  it.each([
    ['design review is back on wednesdays from this week', /design review is back on wednesdays/i],
    ["the vet's name is dr Halberg", /vet's name is dr halberg/i],
    ['婚礼在苏州办', /婚礼在苏州办/],
    ['my gf ana is from burgos, her dad loves morcilla', /her dad loves morcilla/i],
  ])('%s', (text, summary) => {
    const [note] = notes(text);
    expect(note?.summary).toMatch(summary);
    expect(note).toMatchObject({ origin: 'user_stated', validity: 'permanent', confidence: 'high' });
    // The quote is the user's own words, as for every memory.
    expect(text).toContain(note?.quote);
  });

  it('a calendar date makes a note a dated plan that expires; a recurring day does not', () => {
    const [school] = notes("the kids' school starts on September 2nd");
    expect(school).toMatchObject({ type: 'episodic', kind: 'plan', validity: 'temporary' });
    // Midnight in the user's zone (Europe/London, summer time): 23:00 UTC the day before.
    expect(school?.occurred_at).toBe('2026-09-01T23:00:00.000Z');
    expect(school?.summary).toMatch(/\(2026-09-02\)$/);
    const [trip] = notes('Ill go down to whitstable the weekend of the 28th');
    expect(trip).toMatchObject({ kind: 'plan', validity: 'temporary' });
    expect(trip?.summary).toMatch(/^I'll go down to whitstable/);
    expect(notes('trainings tues and thurs after school').every((n) => n.validity === 'permanent')).toBe(true);
  });
});

describe('notes: what stays out', () => {
  it.each([
    'whats a quick salmon recipe',
    'sounds good, thanks',
    'keep it short pls',
    'the traffic is awful today',
    'work is killing me this week',
    'my brother would love that joke',
    "Here's a review I found: the hotel is lovely",
    'forwarding this from the group chat: anyone free saturday',
    'what should i get her tho, shes super into pottery',
    'her dad loves morcilla',
    '他最近很忙 现在在腾讯上班',
    '刚翻了下行程单',
    '这份工作我真的不想干了 haha kidding',
    '古城里面吵不吵',
    '番茄蛋汤不错',
    'lo-fi is fine',
    'my wifi keeps dropping',
    '错了，答案是42',
    'You got it wrong, the capital of Australia is Canberra.',
    '写一首关于秋天的小诗',
    '你这个回答太棒了，比上次强多了',
  ])('%s → no note', (text) => {
    expect(notes(text).map((n) => n.summary)).toEqual([]);
  });

  it('a sentence about a secret leaves no note of any part of it', () => {
    for (const text of ['wifi pw at my place is Tangerine', 'bank card is 4539 8812 0457 3316', 'the padlock code is 4471, shed out back']) {
      expect(items(text).map((i) => i.summary)).toEqual([]);
    }
  });

  it('a clause a rule already read gets no second memory as a note', () => {
    const found = items('I live in Leeds and I work as a nurse');
    expect(found.filter((i) => i.importance === 1)).toEqual([]);
    expect(found.length).toBeGreaterThanOrEqual(2);
  });
});
