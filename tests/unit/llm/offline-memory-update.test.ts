import { describe, expect, it } from 'vitest';
import { generateText } from 'ai';
import { createOfflineModel } from '@/server/llm/offline-model';

const ask = async (system: string, prompt: string) => (await generateText({ model: createOfflineModel(), system, prompt })).text;

describe('offline model and the fast channel note', () => {
  it('says nothing was deleted when no memory matched a forget request', async () => {
    const reply = await ask(
      '[Memory update] The user asked to forget "my dog", but no stored memory matches it. Say so, and that nothing was deleted.',
      'Forget my dog',
    );
    expect(reply).toBe('I couldn\'t find a memory matching "my dog", so nothing was deleted.');
  });

  it('says a secret was not saved', async () => {
    const reply = await ask(
      '[Memory update] Nothing was saved because it looks like a password, key or ID number, which are never stored. Tell the user briefly.',
      'Remember my password is hunter2',
    );
    expect(reply).toContain("I didn't save that");
    expect(reply).not.toContain('hunter2');
  });

  it('acknowledges normally when the memory was stored', async () => {
    const reply = await ask('[Memory update] Saved to long-term memory just now: "Allergic to peanuts".', "Remember I'm allergic to peanuts");
    expect(reply.toLowerCase()).toContain('remember');
  });
});
