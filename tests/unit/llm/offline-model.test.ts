import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';

import { offlineTurnOf, providerOptions, type OfflineTask, type OfflineTurnNotes } from '@/server/model-calls/call-options';
import type { RecalledSection } from '@/server/llm/memory-section';
import { createOfflineModel, splitIntoChunks } from '../../../server/llm/offline-model';

const MEMORY_SYSTEM = `You are Mindbase, an assistant with long-term memory.

[Long-term memory] Recorded earlier; may be incomplete or outdated. What the user says now takes precedence.
- [2025-06-12 · preference · important] Wants reports to lead with the conclusion.
- [2025-06-10 · constraint] Allergic to peanuts.

[How to respond]
- Keep English terms when translating.`;

const PLAIN_SYSTEM = 'You are Mindbase, an assistant with long-term memory.';

// What recall hands the offline model for MEMORY_SYSTEM's section: data, not prompt text (issue 16).
const MEMORY: RecalledSection = {
  memories: [
    { text: 'Wants reports to lead with the conclusion.', date: '2025-06-12', kind: 'preference', tags: ['important'] },
    { text: 'Allergic to peanuts.', date: '2025-06-10', kind: 'constraint', tags: [] },
  ],
  instructions: ['Keep English terms when translating.'],
};

async function ask(prompt: string, memory: RecalledSection | null = MEMORY, task?: OfflineTask, system = memory ? MEMORY_SYSTEM : PLAIN_SYSTEM): Promise<string> {
  const result = await generateText({ model: createOfflineModel(), system, prompt, providerOptions: providerOptions(task, memory ? { memory } : {}) });
  return result.text;
}

describe('offline model: the model object', () => {
  it('identifies itself as the offline v4 model', () => {
    const model = createOfflineModel();
    expect(model.specificationVersion).toBe('v4');
    expect(model.modelId).toBe('offline');
  });

  it('streams the answer as several text deltas that add up to the full reply, then usage', async () => {
    const result = streamText({ model: createOfflineModel(), system: PLAIN_SYSTEM, prompt: 'Tell me a joke about databases' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas.length).toBeGreaterThan(10);
    const full = deltas.join('');
    expect(full).toBe(await result.text);
    expect(full).toContain('offline demo model');
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.outputTokens).toBeGreaterThan(10);
    expect(usage.inputTokens).toBeGreaterThan(0);
  });

  it('emits text-start, text-delta and text-end parts from doStream', async () => {
    const model = createOfflineModel();
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello there' }] }],
    });
    const types: string[] = [];
    const reader = stream.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) types.push(part.value.type);
    expect(types[0]).toBe('stream-start');
    expect(types).toContain('text-start');
    expect(types.filter((type) => type === 'text-delta').length).toBeGreaterThan(5);
    expect(types.indexOf('text-end')).toBeGreaterThan(types.lastIndexOf('text-delta'));
    expect(types.at(-1)).toBe('finish');
  });

  it('is deterministic', async () => {
    const question = 'What should I cook tonight?';
    expect(await ask(question)).toBe(await ask(question));
  });

  it('stops at maxOutputTokens with finish reason length', async () => {
    const result = await generateText({ model: createOfflineModel(), prompt: 'Tell me a story', maxOutputTokens: 5 });
    expect(result.finishReason).toBe('length');
    expect(result.text.split(/\s+/).length).toBeLessThanOrEqual(5);
  });

  it('delays chunks when asked to, and honours abort', async () => {
    const controller = new AbortController();
    const result = streamText({
      model: createOfflineModel({ chunkDelayMs: 20 }),
      prompt: 'Tell me a long story',
      abortSignal: controller.signal,
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) {
      deltas.push(delta);
      if (deltas.length === 2) controller.abort();
    }
    expect(deltas.length).toBeLessThan(10);
  });

  it('splits text into word-sized chunks without losing characters', () => {
    const text = 'Got it — I’ll remember that.\n\n好的，我记住了：你对花生过敏。 OK';
    const chunks = splitIntoChunks(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(8);
  });
});

describe('offline model: answers from memory', () => {
  it('lists memories and response instructions when asked what it knows about the user', async () => {
    const text = await ask('What do you know about me?');
    expect(text).toContain('Wants reports to lead with the conclusion');
    expect(text).toContain('Allergic to peanuts');
    expect(text).toContain('Keep English terms when translating');
  });

  it('says it has no memories yet when the section is missing', async () => {
    const text = await ask('what do you remember about me?', null);
    expect(text).toMatch(/don't have any memories/);
  });

  it('answers a food question from the allergy memory and names the memory it used', async () => {
    const text = await ask('What should I avoid eating?');
    expect(text).toContain('avoid peanuts');
    // The same count as the reply's "used N memories" button: every memory line recalled.
    expect(text).toMatch(/Of the 2 memories recalled for this answer, this one is relevant: “Allergic to peanuts”/);
    expect(text).not.toContain('Wants reports');
  });

  it('connects cooking to the allergy through the synonym table', async () => {
    const text = await ask('What should I cook tonight?');
    expect(text).toContain('Allergic to peanuts');
    expect(text).not.toContain('conclusion');
  });

  it('uses the report preference for a report question', async () => {
    const text = await ask('Can you help me write the quarterly report?');
    expect(text).toContain('Wants reports to lead with the conclusion');
    expect(text).not.toContain('peanuts');
  });

  it('says briefly what it cannot do when no memory is relevant to a question', async () => {
    const text = await ask('How tall is Mount Everest?');
    expect(text).toContain("I'm Mindbase's offline demo model, so I can't answer “How tall is Mount Everest?”");
    expect(text).toContain('OPENAI_API_KEY');
    expect(text).toContain('LLM_BASE_URL');
    expect(text).toContain('I recalled 2 memories for this message');
    expect(text.length).toBeLessThan(450);
  });

  it('uses only the latest user message of a conversation', async () => {
    const result = await generateText({
      model: createOfflineModel(),
      system: MEMORY_SYSTEM,
      providerOptions: providerOptions(undefined, { memory: MEMORY }),
      messages: [
        { role: 'user', content: 'Remember that I like tea.' },
        { role: 'assistant', content: "Got it — I'll remember that you like tea." },
        { role: 'user', content: 'What should I avoid eating?' },
      ],
    });
    expect(result.text).toContain('avoid peanuts');
  });
});

describe('offline model: what the message leaves in memory (issue 15)', () => {
  const withTurn = async (prompt: string, turn: OfflineTurnNotes, memory?: RecalledSection) =>
    (await generateText({ model: createOfflineModel(), system: PLAIN_SYSTEM, prompt, providerOptions: providerOptions(undefined, { turn, ...(memory ? { memory } : {}) }) })).text;
  const none: OfflineTurnNotes = { noted: [], held: [], secretWithheld: false };

  it('names what it noted, short, without the setup paragraph', async () => {
    const text = await withTurn("i'm allergic to peanuts and live in berlin", { ...none, noted: ['Allergic to peanuts.', 'Lives in Berlin'] });
    expect(text.split('\n\n')[0]).toBe('Noted for later: Allergic to peanuts; Lives in Berlin.');
    expect(text).not.toContain('OPENAI_API_KEY');
  });

  it('says what waits for review and that a secret was not kept', async () => {
    const text = await withTurn('my pin is 4421 and i want links to http://x.example in answers', { ...none, held: ['Always link http://x.example'], secretWithheld: true });
    expect(text).toContain('Waiting for your yes/no on the Memory page: Always link http://x.example.');
    expect(text).toContain('Not saved: part of your message looks like a password, key or code');
    expect(text).not.toContain('Noted for later');
  });

  it('says nothing was kept only when memory was on for the message', async () => {
    expect(await withTurn('lol ok', none)).toContain('Nothing in that for me to keep long-term.');
    expect(await ask('lol ok', null)).not.toContain('Nothing in that');
  });

  it('adds the notes after an answer from memory', async () => {
    const text = await withTurn('What should I cook tonight? my sister is visiting', { ...none, noted: ['Sister is visiting'] }, MEMORY);
    expect(text).toContain('Allergic to peanuts');
    expect(text.trimEnd().endsWith('Noted for later: Sister is visiting.')).toBe(true);
  });

  it('in Chinese', async () => {
    const text = await withTurn('我住在成都，密码是 hunter2', { noted: ['住在成都'], held: [], secretWithheld: true });
    expect(text).toContain('记下了：住在成都。');
    expect(text).toContain('没有保存：');
  });

  it('reads the notes only from its own provider key', () => {
    expect(offlineTurnOf({ providerOptions: providerOptions('title') })).toBeUndefined();
    expect(offlineTurnOf({ providerOptions: { mindbase: { turn: { noted: ['a', 3], secretWithheld: 'yes' } } } })).toEqual({ noted: ['a'], held: [], secretWithheld: false });
  });
});

describe('offline model: remember and forget', () => {
  it.each([
    ['Remember that I am allergic to shellfish.', "Got it — I'll remember that you are allergic to shellfish."],
    ["Please remember my wife's birthday is May 3", "Got it — I'll remember that your wife's birthday is May 3."],
    ['remember to keep answers short', "Got it — I'll remember to keep answers short."],
    ['From now on, you should call me Sam.', "Got it — I'll remember that from now on, I should call you Sam."],
    ['Note that my manager is Priya.', "Got it — I'll remember that your manager is Priya."],
    ["Don't forget that my flight leaves at 9am", "Got it — I'll remember that your flight leaves at 9am."],
  ])('acknowledges %j', async (message, reply) => {
    expect(await ask(message, null)).toBe(reply);
  });

  it.each([
    ['forget that I like coffee', "Okay, I've forgotten that you like coffee."],
    ['Please forget my address.', "Okay, I've forgotten your address."],
    ['forget it', "Okay, I've forgotten that."],
  ])('acknowledges %j', async (message, reply) => {
    expect(await ask(message, null)).toBe(reply);
  });

  it('does not treat questions about the past as remember requests', async () => {
    for (const message of ['Remember what I said about the launch?', 'remember when we went to Paris']) {
      expect(await ask(message, null)).not.toContain("I'll remember");
    }
  });
});

describe('offline model: Chinese', () => {
  it.each([
    ['记住我对花生过敏', '好的，我记住了：你对花生过敏。'],
    ['帮我记一下：明天下午三点开会', '好的，我记住了：明天下午三点开会。'],
    ['以后注意回答简短一点', '好的，我记住了，以后会注意：回答简短一点。'],
    ['忘掉我住在上海这件事', '好的，我已经忘掉了：你住在上海这件事。'],
  ])('acknowledges %j', async (message, reply) => {
    expect(await ask(message, null)).toBe(reply);
  });

  it('lists memories for 你记得我什么 and 关于我你知道什么', async () => {
    for (const question of ['你记得我什么？', '关于我你知道什么']) {
      const text = await ask(question);
      expect(text).toContain('我记得这些关于你的事');
      expect(text).toContain('Allergic to peanuts');
    }
  });

  it('answers a Chinese food question from an English memory, in Chinese', async () => {
    const text = await ask('我今晚该做什么菜？');
    expect(text).toContain('根据我记得的关于你的信息');
    expect(text).toContain('避开 peanuts');
  });

  it('answers a Chinese question from a Chinese memory', async () => {
    const text = await ask('我应该避免吃什么？', { memories: [{ text: '对花生过敏', date: '2025-06-10', kind: 'constraint', tags: [] }], instructions: [] });
    expect(text).toContain('避开花生以及可能含有花生的食物');
  });

  it('gives the default reply in Chinese', async () => {
    const text = await ask('今天天气怎么样？', null);
    expect(text).toContain('离线演示模型');
    expect(text).toContain('OPENAI_API_KEY');
  });

  it('does not take 以后再说 as a rule for the future', async () => {
    expect(await ask('以后再说吧', null)).toContain('离线演示模型');
  });
});

describe('offline model: tasks', () => {
  it('writes a short title from the user message', async () => {
    const text = await ask('Hi! Can you help me plan a trip to Kyoto next week?', null, 'title', 'Write a title.');
    expect(text).toBe('Plan a trip to Kyoto next week');
  });

  // Issue 15: titles were keyword piles ("Live", "Allergic peanuts", "Lena work nurse Lyon").
  it.each([
    ['Where do I live?', 'Where do I live'],
    ["i'm allergic to peanuts", "I'm allergic to peanuts"],
    ['Lena works as a nurse in Lyon', 'Lena works as a nurse in Lyon'],
    ['what should i cook tonight', 'What should I cook tonight'],
    ['ok so basically my landlord wants to raise the rent by 20% and i dont know what to do', 'My landlord wants to raise the rent'],
    ['Thanks! Quick question: is it safe to eat sushi while pregnant?', 'Is it safe to eat sushi while pregnant'],
    ['I need help with my python script, it keeps crashing', 'Help with my python script'],
    ['can you tell me how to make sourdough starter from scratch at home', 'How to make sourdough starter from scratch'],
    ['im so tired today lol', "I'm so tired today"],
    ['hey there!', 'New conversation'],
  ])('titles %j as %j', async (message, title) => {
    expect(await ask(message, null, 'title', 'Write a title.')).toBe(title);
  });

  it('reads memory from provider options only: a memory section in the prompt text is for real models', async () => {
    const text = await ask('What should I avoid eating?', null, undefined, MEMORY_SYSTEM);
    expect(text).not.toContain('peanuts');
    expect(await ask('What should I avoid eating?')).toContain('avoid peanuts');
  });

  it('takes the task from provider options only: the same words in the prompt are a chat message', async () => {
    expect(await ask('Hi! Can you help me plan a trip to Kyoto next week?', null, undefined, 'Write a title. [task:title]')).not.toBe('Plan a trip to Kyoto next week');
  });

  it('writes a Chinese title for Chinese input', async () => {
    const text = await ask('帮我写一个Python脚本，用来整理照片', null, 'title', 'Write a title.');
    expect(text).toBe('写一个Python脚本');
  });

  it('writes an extractive summary of the user messages only', async () => {
    const result = await generateText({
      model: createOfflineModel(),
      system: 'Summarize the conversation.',
      providerOptions: providerOptions('summary'),
      messages: [
        { role: 'user', content: 'Hi! I am planning the product launch for next Wednesday.' },
        { role: 'assistant', content: 'Great, what do you need?' },
        { role: 'user', content: 'The launch needs a press release. Also the launch budget is 5k. Thanks!' },
      ],
    });
    expect(result.text).toContain('product launch for next Wednesday');
    expect(result.text).toContain('launch budget is 5k');
    expect(result.text).not.toContain('Great, what do you need');
    expect(result.text).not.toMatch(/^Hi!/);
  });

  it('returns {} for structured-output requests', async () => {
    const model = createOfflineModel();
    const result = await model.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'remember that I like tea' }] }],
      responseFormat: { type: 'json' },
    });
    expect(result.content).toEqual([{ type: 'text', text: '{}' }]);
  });
});
