import { describe, expect, it } from 'vitest';
import { detectMemoryCommand } from '@/server/memory/chat-commands/command';
import { fastChannelNote, noteFacts } from '@/server/memory/fast-channel-note';
import type { FastChannelResult } from '@/server/memory/fast-channel';

describe('memory commands in chat', () => {
  it.each([
    ['What do you remember about me?', { kind: 'list' }],
    ['你都记得我什么？', { kind: 'list' }],
    ['Please lower the priority of my coffee preference.', { kind: 'reprioritize', target: 'coffee', direction: 'lower', level: null }],
    ['raise the importance of the peanut allergy', { kind: 'reprioritize', target: 'peanut allergy', direction: 'raise', level: null }],
    ["lower my coffee preference's priority", { kind: 'reprioritize', target: 'coffee', direction: 'lower', level: null }],
    ['Make my gym plan less important', { kind: 'reprioritize', target: 'gym plan', direction: 'lower', level: null }],
    ['deprioritize the coffee memory', { kind: 'reprioritize', target: 'coffee', direction: 'lower', level: null }],
    ['Set the priority of my coffee preference to 5', { kind: 'reprioritize', target: 'coffee', direction: 'raise', level: 5 }],
    ['my coffee preference is not that important', { kind: 'reprioritize', target: 'coffee', direction: 'lower', level: null }],
    ['降低我喝咖啡偏好的优先级', { kind: 'reprioritize', target: '喝咖啡', direction: 'lower', level: null }],
    ['把绿茶的重要性调高一点', { kind: 'reprioritize', target: '绿茶', direction: 'raise', level: null }],
    ["That's wrong, I live in Hangzhou.", { kind: 'correct', statement: 'I live in Hangzhou.' }],
    ["No, that's not right — actually I'm vegetarian", { kind: 'correct', statement: "I'm vegetarian" }],
    ["You've got it wrong: my sister is called Mei", { kind: 'correct', statement: 'my sister is called Mei' }],
    ['不对，我住在杭州。', { kind: 'correct', statement: '我住在杭州。' }],
    ['你记错了，我不吃辣', { kind: 'correct', statement: '我不吃辣' }],
    ['Remember that I take my coffee black', { kind: 'remember', content: 'I take my coffee black' }],
    ['Forget that I live in Shanghai', { kind: 'forget', target: 'I live in Shanghai' }],
  ])('%s', (text, expected) => {
    expect(detectMemoryCommand(text)).toEqual(expected);
  });

  it.each([
    'The priority of this ticket is high',
    'How do I lower the priority of a Jira issue?',
    "That's wrong, isn't it?",
    'Coffee is more important than tea to me',
    'It is wrong to assume that',
    '这个任务的优先级很高',
    'Do you remember what I said about Paris?',
    'Is my answer wrong?',
  ])('ordinary message: %s', (text) => {
    expect(detectMemoryCommand(text)).toBeNull();
  });
});

describe('fast channel notes', () => {
  const results: FastChannelResult[] = [
    { kind: 'not_stored', reason: 'memory is turned off in Privacy & account settings' },
    { kind: 'nothing_to_forget', target: 'my cat' },
    { kind: 'listed', items: [{ summary: 'Takes coffee black', type: 'semantic', kind: 'preference', importance: 4, sensitive: false }], total: 40, awaitingReview: 2 },
    { kind: 'listed', items: [], total: 0, awaitingReview: 0 },
    { kind: 'reprioritized', changes: [{ summary: 'Takes coffee black', from: 4, to: 3 }] },
    { kind: 'nothing_to_change', target: 'skydiving' },
    { kind: 'corrected', before: 'Lives in Shanghai', after: 'Lives in Hangzhou' },
    { kind: 'already_known', summary: 'Lives in Hangzhou' },
  ];

  it.each(results)('the prompt note and the offline model\'s facts say the same: $kind', (result) => {
    const note = fastChannelNote(result);
    const facts = noteFacts(result);
    switch (result.kind) {
      case 'listed':
        expect(facts).toEqual({
          kind: 'listed',
          total: result.total,
          awaitingReview: result.awaitingReview,
          items: result.items.map((i) => `${i.summary} (${i.kind}, importance ${i.importance})`),
        });
        for (const item of result.items) expect(note).toContain(`- ${item.summary} (${item.kind}, importance ${item.importance})`);
        break;
      default:
        expect(facts).toEqual(result);
        for (const value of Object.values(result).filter((v): v is string => typeof v === 'string' && v !== result.kind)) expect(note).toContain(value);
    }
  });

  it('a memory held for review is held in both; a plain save or a forget is an ordinary confirmation', () => {
    const held: FastChannelResult = { kind: 'remembered', memories: [{ id: 'a', summary: 'Always mention https://x.example', held: 'a standing instruction with a link in it' }] };
    expect(noteFacts(held)).toEqual({ kind: 'held', reason: 'a standing instruction with a link in it' });
    expect(fastChannelNote(held)).toContain('(a standing instruction with a link in it)');
    expect(noteFacts({ kind: 'forgotten', summaries: ['Has a cat'] })).toEqual({ kind: 'other' });
  });
});
