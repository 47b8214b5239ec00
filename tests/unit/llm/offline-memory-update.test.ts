import { describe, expect, it } from 'vitest';
import { generateText } from 'ai';
import { providerOptions } from '@/server/model-calls/call-options';
import { createOfflineModel } from '@/server/llm/offline-model';
import type { FastChannelResult } from '@/server/memory/fast-channel';
import { fastChannelNote, noteFacts } from '@/server/memory/fast-channel-note';

// As the chat turn calls it: the note in the prompt (for a real model), the facts as data.
const ask = async (result: FastChannelResult, prompt: string) =>
  (await generateText({ model: createOfflineModel(), system: fastChannelNote(result), prompt, providerOptions: providerOptions(undefined, { fastChannel: noteFacts(result) }) })).text;

describe('offline model and the fast channel', () => {
  it('says nothing was deleted when no memory matched a forget request', async () => {
    const reply = await ask({ kind: 'nothing_to_forget', target: 'my dog' }, 'Forget my dog');
    expect(reply).toBe('I couldn\'t find a memory matching "my dog", so nothing was deleted.');
  });

  it('says a secret was not saved', async () => {
    const reply = await ask({ kind: 'not_stored', reason: 'it looks like a password, key or ID number, which are never stored' }, 'Remember my password is hunter2');
    expect(reply).toContain("I didn't save that");
    expect(reply).not.toContain('hunter2');
  });

  it('acknowledges normally when the memory was stored', async () => {
    const reply = await ask({ kind: 'remembered', memories: [{ id: 'm1', summary: 'Allergic to peanuts' }] }, "Remember I'm allergic to peanuts");
    expect(reply.toLowerCase()).toContain('remember');
  });

  it('reads what happened from the data, not the note: the note alone tells it nothing', async () => {
    const text = (await generateText({ model: createOfflineModel(), system: fastChannelNote({ kind: 'nothing_to_forget', target: 'my dog' }), prompt: 'Forget my dog' })).text;
    expect(text).not.toContain('nothing was deleted');
  });
});
