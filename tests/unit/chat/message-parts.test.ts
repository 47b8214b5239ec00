import { describe, expect, it } from 'vitest';
import { createPartsCollector, maskParts, readParts, textParts } from '@/server/chat/message-parts';

describe('message parts', () => {
  it('collects text blocks and finished tool calls in the order they happened', () => {
    const c = createPartsCollector();
    c.text('a', 'Let me ');
    c.text('a', 'look.');
    c.toolInput('call-1', 'search_memories', { query: 'milk' });
    c.toolOutput('call-1', { memories: [{ summary: 'Drinks oat milk' }] });
    c.toolInput('call-2', 'forget_memory', { id: 'x' });
    c.toolError('call-2', 'not found');
    c.text('b', 'You drink oat milk.');
    c.text('c', '   ');
    expect(c.parts()).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'dynamic-tool', toolName: 'search_memories', toolCallId: 'call-1', state: 'output-available', input: { query: 'milk' }, output: { memories: [{ summary: 'Drinks oat milk' }] } },
      { type: 'dynamic-tool', toolName: 'forget_memory', toolCallId: 'call-2', state: 'output-error', input: { id: 'x' }, errorText: 'not found' },
      { type: 'text', text: 'You drink oat milk.' },
    ]);
  });

  it('masks a secret the user typed everywhere: text, tool input, output and error', () => {
    const c = createPartsCollector();
    c.text('a', 'Your code is 4417-AB.');
    c.toolInput('t', 'search_memories', { query: 'code 4417-AB' });
    c.toolOutput('t', { note: 'found 4417-AB' });
    const masked = JSON.stringify(maskParts(c.parts(), ['4417-AB']));
    expect(masked).not.toContain('4417-AB');
    expect(masked).toContain('search_memories');
  });

  it('reads stored parts, and falls back to the text for a row whose parts are missing or not parts', () => {
    expect(readParts([{ type: 'text', text: 'hi' }], 'hi')).toEqual([{ type: 'text', text: 'hi' }]);
    expect(readParts([], 'old row')).toEqual(textParts('old row'));
    expect(readParts([{ type: 'script', src: 'x' }], 'tampered')).toEqual(textParts('tampered'));
    expect(readParts('nonsense', 'text')).toEqual(textParts('text'));
  });
});

describe('a reloaded conversation in the chat', () => {
  it('shows the stored tool calls as the live stream did: same calls, same names', async () => {
    const { toChatUIMessages, toolCalls, messageText } = await import('@/app/(app)/chat/_components/chat-message');
    const [message] = toChatUIMessages([
      {
        id: 'm1',
        role: 'assistant',
        content: 'You drink oat milk.',
        parts: [
          { type: 'dynamic-tool', toolName: 'search_memories', toolCallId: 'c1', state: 'output-available', input: { query: 'milk' }, output: { memories: [] } },
          { type: 'text', text: 'You drink oat milk.' },
        ],
        status: 'complete',
        createdAt: new Date(),
        metadata: {},
      },
    ]);
    expect(messageText(message!)).toBe('You drink oat milk.');
    const reloaded = toolCalls(message!);
    // Live, the same call arrives as a typed `tool-search_memories` part.
    const live = toolCalls({ parts: [{ type: 'tool-search_memories', toolCallId: 'c1', state: 'output-available', input: { query: 'milk' }, output: {} } as never, { type: 'text', text: 'You drink oat milk.' }] });
    expect(reloaded).toEqual(live);
    expect(reloaded).toEqual([{ id: 'c1', toolName: 'search_memories', input: { query: 'milk' }, failed: false }]);
  });
});
