import { describe, expect, it } from 'vitest';
import { buildWorkingMemory, messageTokens, type WorkingMessage } from '@/server/chat/working-memory';

const turn = (i: number, words = 50): WorkingMessage[] => [
  { id: `u${i}`, role: 'user', content: `question ${i} ${'word '.repeat(words)}` },
  { id: `a${i}`, role: 'assistant', content: `answer ${i} ${'word '.repeat(words)}` },
];
const history = Array.from({ length: 20 }, (_, i) => turn(i)).flat();

describe('working memory', () => {
  it('keeps the whole conversation when it fits', () => {
    const short = history.slice(0, 4);
    const memory = buildWorkingMemory(short, { budget: 10_000, summary: null, summaryUpTo: null });
    expect(memory.messages).toEqual(short);
    expect(memory.unsummarised).toEqual([]);
  });

  it('keeps the newest messages within the token budget, starting on a user turn', () => {
    const budget = messageTokens(history[0]!) * 5;
    const memory = buildWorkingMemory(history, { budget, summary: null, summaryUpTo: null });
    expect(memory.tokens).toBeLessThanOrEqual(budget);
    expect(memory.messages.at(-1)).toEqual(history.at(-1));
    expect(memory.messages[0]?.role).toBe('user');
    expect(memory.messages.length).toBeGreaterThanOrEqual(3);
    // Everything older than the window and not yet summarised is handed to the summariser.
    expect(memory.unsummarised).toEqual(history.slice(0, history.length - memory.messages.length));
  });

  it('only the messages after the stored summary are unsummarised', () => {
    const budget = messageTokens(history[0]!) * 4;
    const memory = buildWorkingMemory(history, { budget, summary: 'Earlier: questions 0-9.', summaryUpTo: 'a9' });
    expect(memory.summary).toBe('Earlier: questions 0-9.');
    expect(memory.unsummarised[0]?.id).toBe('u10');
    expect(memory.unsummarised.at(-1)?.id).not.toBe(memory.messages[0]?.id);
  });

  it('always sends the latest message, even if it alone exceeds the budget', () => {
    const huge: WorkingMessage[] = [{ id: 'u', role: 'user', content: 'word '.repeat(5_000) }];
    expect(buildWorkingMemory(huge, { budget: 100, summary: null, summaryUpTo: null }).messages).toHaveLength(1);
  });

  it('with a summary batch, messages that slid out stay in the prompt until the batch is full', () => {
    const budget = messageTokens(history[0]!) * 4;
    // Summary through a9; the window holds the last few; u10…(window start) slid out since.
    const plain = buildWorkingMemory(history, { budget, summary: 'Earlier: questions 0-9.', summaryUpTo: 'a9' });
    const slid = plain.unsummarised.length;
    expect(slid).toBeGreaterThan(2);
    const waiting = buildWorkingMemory(history, { budget, summary: 'Earlier: questions 0-9.', summaryUpTo: 'a9', summaryBatch: slid + 1 });
    // Not yet due: nothing is out of both the window and the summary.
    expect(waiting.messages[0]?.id).toBe('u10');
    expect(waiting.messages).toEqual(history.slice(20));
    expect(waiting.unsummarised).toHaveLength(slid);
    const due = buildWorkingMemory(history, { budget, summary: 'Earlier: questions 0-9.', summaryUpTo: 'a9', summaryBatch: slid });
    expect(due.messages).toEqual(plain.messages);
  });
});
