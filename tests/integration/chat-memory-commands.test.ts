/**
 * Managing memory by talking (SPEC §7 "In chat"): with the offline model through the fast
 * channel's patterns, with a real model through tools. Every change must show up where a change
 * made on the settings page does: the version history and the activity log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { memories, messages } from '@/db/schema';
import { memoryTools } from '@/server/chat/memory-tools';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { callerFor } from '../helpers/trpc';

let t: TestDatabase;
let jobs: ReturnType<typeof testJobs>;

beforeAll(async () => {
  t = await createTestDatabase('pglite');
  jobs = testJobs(t);
});
afterAll(async () => t?.close());

describe('memory management in chat', () => {

  const newUser = (name: string) => seedUser(t.db, `${name}-${crypto.randomUUID().slice(0, 8)}`);
  const say = (user: { id: string }, text: string, conversation = crypto.randomUUID()) => chatTurn(t, jobs, user, conversation, text);
  const active = (userId: string) =>
    t.db
      .select()
      .from(memories)
      .where(and(eq(memories.userId, userId), eq(memories.status, 'active')));
  // What a user could see change; recall touching a memory's access stats is not a change.
  const content = (m: typeof memories.$inferSelect) => ({ id: m.id, summary: m.summary, importance: m.importance, version: m.version, status: m.status });
  const one = async (userId: string, pattern: RegExp) => {
    const found = (await active(userId)).filter((m) => pattern.test(m.summary));
    expect(found, `exactly one active memory matching ${pattern}`).toHaveLength(1);
    return found[0]!;
  };

  it('"what do you remember about me?" lists everything stored, not only what the question recalls', async () => {
    const user = await newUser('lister');
    await say(user, 'Remember that I take my coffee black.');
    await say(user, 'Remember that my sister Mei lives in Chengdu.');
    await say(user, 'From now on, answer in bullet points.');
    const reply = await say(user, 'What do you remember about me?');
    expect(reply).toMatch(/coffee black/i);
    expect(reply).toMatch(/Mei/);
    expect(reply).toMatch(/bullet points/i);
    expect(reply).toMatch(/Memory page/);

    const zh = await say(user, '你都记得我什么？');
    expect(zh).toMatch(/coffee black/i);
    expect(zh).toContain('记忆');
  });

  it('"lower the priority of my coffee preference" lowers it by one, as a version by you, in the activity log', async () => {
    const user = await newUser('priority');
    await say(user, 'Remember that I take my coffee black.');
    const before = await one(user.id, /coffee/i);

    const reply = await say(user, 'Please lower the priority of my coffee preference.');
    const after = await one(user.id, /coffee/i);
    expect(after.importance).toBe(before.importance - 1);
    expect(reply).toContain(`importance ${after.importance}`);

    const caller = callerFor(t, user);
    const history = await caller.memories.history({ id: after.id });
    expect(history.at(-1)).toMatchObject({ actor: 'user', version: after.version });
    expect(history.at(-1)?.reason).toContain('lower the priority of my coffee preference');
    const activity = await caller.memories.activity({});
    expect(activity.items.some((e) => e.memoryId === after.id && e.action === 'memory.updated' && e.actor === 'user')).toBe(true);

    await say(user, 'Set the priority of my coffee preference to 1');
    expect((await one(user.id, /coffee/i)).importance).toBe(1);
    const floor = await say(user, 'Lower the priority of my coffee preference');
    expect((await one(user.id, /coffee/i)).importance).toBe(1);
    expect(floor).toMatch(/already at importance 1/);

    await say(user, '记住我喜欢喝绿茶。');
    const tea = await one(user.id, /绿茶/);
    await say(user, '把绿茶的重要性调低一点');
    expect((await one(user.id, /绿茶/)).importance).toBe(tea.importance - 1);
  });

  it('a priority request that names nothing stored changes nothing and says so', async () => {
    const user = await newUser('nomatch');
    await say(user, 'Remember that I take my coffee black.');
    const before = await active(user.id);
    const reply = await say(user, 'Lower the priority of my skydiving hobby');
    expect(reply).toMatch(/couldn't find a memory matching "skydiving hobby", so nothing was changed/);
    expect((await active(user.id)).map(content)).toEqual(before.map(content));
  });

  it('"that\'s wrong, I live in Hangzhou" corrects the memory the last answer used, with the old text in its history', async () => {
    const user = await newUser('correct');
    const conversation = crypto.randomUUID();
    await say(user, 'Remember that I live in Shanghai.', conversation);
    const where = await say(user, 'Where do I live?', conversation);
    expect(where).toContain('Shanghai');

    const reply = await say(user, "That's wrong, I live in Hangzhou.", conversation);
    const corrected = await one(user.id, /lives? in/i);
    expect(corrected.summary).toMatch(/Hangzhou/);
    expect(corrected.entities).toContain('Hangzhou');
    expect(corrected.entities).not.toContain('Shanghai');
    // The correction is its source now; the old quote lives on in the version history only.
    expect(corrected.quote).toMatch(/I live in Hangzhou/);
    expect(reply).toMatch(/updated .*Shanghai.* to .*Hangzhou/);

    const history = await callerFor(t, user).memories.history({ id: corrected.id });
    expect(history.at(-1)).toMatchObject({ actor: 'user', oldSummary: expect.stringMatching(/Shanghai/) as unknown, newSummary: corrected.summary });

    // The next conversation is answered from the corrected memory.
    const next = await say(user, 'Which city do I live in?');
    expect(next).toContain('Hangzhou');
    expect(next).not.toContain('Shanghai');

    // Saying it again changes nothing.
    const again = await say(user, "That's wrong, I live in Hangzhou.");
    expect(again).toMatch(/already/);
    expect((await one(user.id, /lives? in/i)).version).toBe(corrected.version);
  });

  it('不对，我住在杭州 corrects a Chinese memory', async () => {
    const user = await newUser('correct-zh');
    await say(user, '记住我住在上海。');
    const reply = await say(user, '不对，我住在杭州。');
    const corrected = await one(user.id, /住在/);
    expect(corrected.summary).toContain('杭州');
    expect(reply).toContain('已更正');
  });

  it('a correction with nothing to correct is stored as a new memory, unless memory is off', async () => {
    const user = await newUser('correct-new');
    await say(user, "That's not right, I'm vegetarian.");
    expect((await active(user.id)).some((m) => /vegetarian/i.test(m.summary))).toBe(true);

    const off = await newUser('correct-off');
    await callerFor(t, off).account.updateSettings({ memoryEnabled: false });
    const reply = await say(off, "That's not right, I'm vegetarian.");
    expect(await active(off.id)).toHaveLength(0);
    expect(reply).toMatch(/didn't save that, because memory is turned off/);
  });

  it('"that\'s wrong" about the answer, not about the user, is an ordinary turn: the fast channel stores and changes nothing', async () => {
    const user = await newUser('correct-answer');
    await say(user, 'Remember that I take my coffee black.');
    const coffee = content(await one(user.id, /coffee/i));
    // Each of these extracts as a "fact"; without the detector's personal-fact check the
    // correction path stored "The answer is 42" as a memory about the user, and the next one
    // rewrote it.
    const texts = ["That's wrong — the answer is 42.", 'You got it wrong, the capital of Australia is Canberra.', '错了，答案是42', "That's wrong, I asked for Python not JavaScript."];
    for (const text of texts) {
      const reply = await say(user, text);
      expect(reply, text).not.toMatch(/updated|corrected|已更正/i);
    }
    const sent = await t.db.select({ content: messages.content, metadata: messages.metadata }).from(messages).where(eq(messages.role, 'user'));
    for (const text of texts) {
      const message = sent.find((m) => m.content === text);
      expect(message, text).toBeDefined();
      expect((message?.metadata as Record<string, unknown> | null)?.fastChannel, text).toBeUndefined();
    }
    expect(content(await one(user.id, /coffee/i))).toEqual(coffee);
    expect((await active(user.id)).some((m) => /answer is 42|capital of Australia/i.test(m.summary))).toBe(false);
  });

  it('memory off: no recall, no "remember", but stored memories can still be listed and managed', async () => {
    const user = await newUser('memory-off');
    await say(user, 'Remember that I am allergic to peanuts.');
    await callerFor(t, user).account.updateSettings({ memoryEnabled: false });

    const answer = await say(user, 'Can you suggest a snack for me?');
    expect(answer).not.toMatch(/peanut/i);
    const remember = await say(user, 'Remember that I like tea.');
    expect(remember).toMatch(/didn't save that/);
    expect((await active(user.id)).some((m) => /tea/i.test(m.summary))).toBe(false);
    expect(await say(user, 'What do you remember about me?')).toMatch(/peanut/i);
  });

  it('a "don\'t remember" conversation declines "remember" but other conversations still store', async () => {
    const user = await newUser('dont-remember');
    const quiet = crypto.randomUUID();
    await say(user, 'Hello', quiet);
    await callerFor(t, user).conversations.setMemoryDisabled({ id: quiet, disabled: true });
    expect(await say(user, 'Remember that I like tea.', quiet)).toMatch(/don't remember/);
    expect((await active(user.id)).some((m) => /tea/i.test(m.summary))).toBe(false);
    await say(user, 'Remember that I like tea.');
    expect((await active(user.id)).some((m) => /tea/i.test(m.summary))).toBe(true);
  });

  it("one user's commands never see or change another user's memories", async () => {
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    await say(alice, 'Remember that I take my coffee black.');
    await say(alice, 'Remember that I live in Shanghai.');
    const aliceBefore = await active(alice.id);

    expect(await say(bob, 'What do you remember about me?')).not.toMatch(/coffee|Shanghai/i);
    expect(await say(bob, 'Lower the priority of my coffee preference')).toMatch(/nothing was changed/);
    await say(bob, "That's wrong, I live in Hangzhou.");
    expect((await active(alice.id)).map(content)).toEqual(aliceBefore.map(content));
  });
});

describe('memory tools for a real model', () => {

  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

  function toolCall(toolName: string, input: unknown): LanguageModelV4StreamPart[] {
    return [
      { type: 'stream-start', warnings: [] },
      { type: 'tool-call', toolCallId: crypto.randomUUID(), toolName, input: JSON.stringify(input) },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
    ];
  }
  function text(reply: string): LanguageModelV4StreamPart[] {
    return [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: reply },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ];
  }
  /** The latest tool result the model was shown, as the JSON the tool returned. */
  function lastToolOutput(options: LanguageModelV4CallOptions): unknown {
    for (const message of [...options.prompt].reverse()) {
      if (message.role !== 'tool') continue;
      const part = message.content.findLast((p) => p.type === 'tool-result');
      if (part?.type !== 'tool-result') continue;
      if (part.output.type === 'json') return part.output.value;
      if (part.output.type === 'error-text') return { error: part.output.value };
      if (part.output.type === 'error-json') return { error: JSON.stringify(part.output.value) };
    }
    return undefined;
  }

  /** A model that searches for `query`, then applies `then` to the first hit, then answers. */
  function toolUsingModel(query: string, then: (id: string) => { tool: string; input: unknown }) {
    return new MockLanguageModelV4({
      doStream: (options) => {
        const output = lastToolOutput(options) as { memories?: { id: string }[]; updated?: unknown; deleted?: unknown; error?: string } | undefined;
        let chunks: LanguageModelV4StreamPart[];
        if (!output) chunks = toolCall('search_memories', { query });
        else if (output.memories) {
          const next = then(output.memories[0]?.id ?? crypto.randomUUID());
          chunks = toolCall(next.tool, next.input);
        } else chunks = text(output.error ? `Sorry: ${output.error}` : 'Done.');
        return Promise.resolve({ stream: simulateReadableStream({ chunks }) });
      },
    });
  }

  const storedReplies = async (userId: string) =>
    (await t.db.select().from(messages).where(and(eq(messages.userId, userId), eq(messages.role, 'assistant')))).map((m) => m.content);
  const turn = (user: { id: string }, message: string, model: MockLanguageModelV4) =>
    chatTurn(t, jobs, user, crypto.randomUUID(), message, { model, tools: (db, context) => memoryTools(db, jobs.embedder, context) });

  it('finds the memory and lowers its priority through the settings edit, recorded as a version by you', async () => {
    const user = await seedUser(t.db, 'tool-user');
    await chatTurn(t, jobs, user, crypto.randomUUID(), 'Remember that I take my coffee black.');
    const [before] = await t.db.select().from(memories).where(eq(memories.userId, user.id));
    const reply = await turn(user, 'Make the coffee thing matter less', toolUsingModel('coffee', (id) => ({ tool: 'update_memory', input: { id, importance: 2 } })));
    expect(reply).toBe('Done.');
    const [after] = await t.db.select().from(memories).where(eq(memories.id, before!.id));
    expect(after?.importance).toBe(2);
    const history = await callerFor(t, user).memories.history({ id: before!.id });
    expect(history.at(-1)).toMatchObject({ actor: 'user', reason: 'Changed in chat: "Make the coffee thing matter less"' });
  });

  it('forgets by id; another user\'s id gets an error the model passes on, and nothing is deleted', async () => {
    const owner = await seedUser(t.db, 'tool-owner');
    const other = await seedUser(t.db, 'tool-other');
    await chatTurn(t, jobs, owner, crypto.randomUUID(), 'Remember that I take my coffee black.');
    const [target] = await t.db.select().from(memories).where(eq(memories.userId, owner.id));

    const refused = await turn(other, 'Get rid of that one', toolUsingModel('coffee', () => ({ tool: 'forget_memory', input: { id: target!.id } })));
    expect(refused).toMatch(/Sorry: That memory does not exist/);
    expect(await t.db.select().from(memories).where(eq(memories.id, target!.id))).toHaveLength(1);

    const done = await turn(owner, 'Could you get rid of the coffee one', toolUsingModel('coffee', (id) => ({ tool: 'forget_memory', input: { id } })));
    expect(done).toBe('Done.');
    expect(await t.db.select().from(memories).where(eq(memories.id, target!.id))).toHaveLength(0);
    // The reply is stored even though recall had considered the memory it deleted.
    expect(await storedReplies(owner.id)).toContain('Done.');
  });

  it('a request the patterns already carried out is not offered to the tools as well (no double change)', async () => {
    const user = await seedUser(t.db, 'tool-double');
    await chatTurn(t, jobs, user, crypto.randomUUID(), 'Remember that I take my coffee black.');
    const [before] = await t.db.select().from(memories).where(eq(memories.userId, user.id));
    let offeredTools = 0;
    const model = toolUsingModel('coffee', (id) => ({ tool: 'update_memory', input: { id, importance: 1 } }));
    const doStream = model.doStream.bind(model);
    model.doStream = (options) => {
      offeredTools += options.tools?.length ?? 0;
      return doStream(options);
    };
    await turn(user, 'Lower the priority of my coffee preference', model);
    const [after] = await t.db.select().from(memories).where(eq(memories.id, before!.id));
    expect(offeredTools).toBe(0);
    expect(after?.importance).toBe(before!.importance - 1);
  });

  it('a bad importance from the model is refused with the reason, and the memory is unchanged', async () => {
    const user = await seedUser(t.db, 'tool-bad');
    await chatTurn(t, jobs, user, crypto.randomUUID(), 'Remember that I take my coffee black.');
    const [before] = await t.db.select().from(memories).where(eq(memories.userId, user.id));
    const reply = await turn(user, 'Make coffee top priority', toolUsingModel('coffee', (id) => ({ tool: 'update_memory', input: { id, importance: 9 } })));
    const [after] = await t.db.select().from(memories).where(eq(memories.id, before!.id));
    expect(after?.importance).toBe(before?.importance);
    expect(after?.version).toBe(before?.version);
    // The model is told why and answers; the turn does not fail.
    expect(reply).toMatch(/^Sorry: .*update_memory/);
    expect(await storedReplies(user.id)).toContain(reply);
  });
});
