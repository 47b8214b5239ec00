import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { LanguageModel } from 'ai';
import { userDb, type UserDb } from '@/db/boundary';
import { queryRows } from '@/db/rows';
import { conversations, messages, outbox } from '@/db/schema';
import type { TurnCompletedData } from '@/server/events/contracts';
import { chatRequestSchema, type ChatRequest } from '@/server/chat/chat-request';
import { createChatRateLimit } from '@/server/chat/rate-limit';
import { createStoreLimiter } from '@/server/ratelimit/limiter';
import { runChatTurn, type ChatTurnDeps } from '@/server/chat/run-chat-turn';
import { AppError } from '@/server/errors';
import { createOfflineModel } from '@/server/llm/offline-model';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { failingModel, readUiStream, scriptedModel, stallingModel, textOf } from '../helpers/mock-models';
import { callerFor } from '../helpers/trpc';

describe('chat turn', () => {
  let t: TestDatabase;
  let alice: { id: string; email: string };
  let bob: { id: string; email: string };
  let events: TurnCompletedData[];
  let deferred: Promise<void>[];

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    alice = await seedUser(t.db, 'alice');
    bob = await seedUser(t.db, 'bob');
  });
  afterAll(async () => t?.close());

  function deps(model: LanguageModel, overrides: Partial<ChatTurnDeps> = {}): ChatTurnDeps {
    events = [];
    deferred = [];
    return {
      model,
      modelId: 'test:model',
      dispatcher: { dispatch: (row) => Promise.resolve(void events.push(row.payload as TurnCompletedData)) },
      rateLimit: { check: () => undefined },
      defer: (task) => void deferred.push(task()),
      ...overrides,
    };
  }

  const db = (user: { id: string }): UserDb => userDb(t.withUser, user.id);
  const submit = (id: string, text: string): ChatRequest => chatRequestSchema.parse({ id, trigger: 'submit-message', message: { text } });
  const regenerate = (id: string): ChatRequest => ({ id, trigger: 'regenerate-message' });
  const stored = (conversationId: string) =>
    t.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.createdAt));

  it('streams the reply token by token, stores both messages, sets the title after it and announces the turn', async () => {
    const id = crypto.randomUUID();
    const model = scriptedModel(['Hello', ' Alice', ', nice to meet you.'], { generated: 'Meeting Alice' });
    const response = await runChatTurn(db(alice), submit(id, 'Hi, I am Alice'), new AbortController().signal, deps(model));
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const chunks = await readUiStream(response);
    await Promise.all(deferred);

    expect(chunks.filter((c) => c.type === 'text-delta').length).toBe(3);
    expect(textOf(chunks)).toBe('Hello Alice, nice to meet you.');
    // The title is not part of the reply's stream: it is written after the response.
    expect(chunks.some((c) => c.type === 'data-title')).toBe(false);
    expect(chunks.at(-1)?.type).toBe('finish');

    const rows = await stored(id);
    expect(rows.map((r) => [r.role, r.content, r.status])).toEqual([
      ['user', 'Hi, I am Alice', 'complete'],
      ['assistant', 'Hello Alice, nice to meet you.', 'complete'],
    ]);
    // The streamed assistant message carries its database id, so a reload shows the same message.
    expect(chunks.find((c) => c.type === 'start')).toMatchObject({ messageId: rows[1]!.id });
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, id));
    expect(conversation).toMatchObject({ userId: alice.id, title: 'Meeting Alice' });
    expect(events).toEqual([{ userId: alice.id, conversationId: id, messageIds: [rows[0]!.id, rows[1]!.id] }]);
    // The event was recorded with the user's message, in the outbox, keyed by the reply for idempotency.
    const [recorded] = await t.db.select().from(outbox).where(eq(outbox.idempotencyKey, `turn-${rows[1]!.id}`));
    expect(recorded).toMatchObject({ userId: alice.id, event: 'memory/turn.completed' });
  });

  it('sends the model the conversation so far, with the system prompt first', async () => {
    const id = crypto.randomUUID();
    await readUiStream(await runChatTurn(db(alice), submit(id, 'My name is Alice.'), new AbortController().signal, deps(scriptedModel(['Noted.']))));
    const model = scriptedModel(['Your name is Alice.']);
    await readUiStream(await runChatTurn(db(alice), submit(id, 'What is my name?'), new AbortController().signal, deps(model)));
    const prompt = model.doStreamCalls[0]!.prompt;
    expect(prompt[0]).toMatchObject({ role: 'system' });
    expect(prompt.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(prompt)).toContain('My name is Alice.');
  });

  it('keeps the partial reply marked stopped when the user stops generation, and still announces the user’s words', async () => {
    const id = crypto.randomUUID();
    const controller = new AbortController();
    const response = await runChatTurn(db(alice), submit(id, 'Tell me a long story'), controller.signal, deps(stallingModel('Once upon a time')));
    const chunks = await readUiStream(response, (chunk) => {
      if (chunk.type === 'text-delta') controller.abort();
    });
    await Promise.all(deferred);
    expect(textOf(chunks)).toBe('Once upon a time');
    const rows = await stored(id);
    expect(rows.map((r) => [r.role, r.content, r.status])).toEqual([
      ['user', 'Tell me a long story', 'complete'],
      ['assistant', 'Once upon a time', 'stopped'],
    ]);
    // Issue 14, item 9: what the user said is extracted even though the reply was cut short.
    expect(events).toEqual([{ userId: alice.id, conversationId: id, messageIds: [rows[0]!.id, rows[1]!.id] }]);
  });

  it('on a provider failure shows a clear error, keeps the user message, stores no reply; retry then succeeds', async () => {
    const id = crypto.randomUUID();
    const chunks = await readUiStream(await runChatTurn(db(alice), submit(id, 'Are you there?'), new AbortController().signal, deps(failingModel(401))));
    await Promise.all(deferred);
    const error = chunks.find((c) => c.type === 'error');
    expect(error?.errorText).toBe('The model provider rejected our credentials. Check the API key in the server configuration.');
    expect(JSON.stringify(chunks)).not.toContain('secret provider detail');
    const [asked] = await stored(id);
    expect((await stored(id)).map((r) => [r.role, r.content])).toEqual([['user', 'Are you there?']]);
    // No reply, but the user's words still go to extraction (issue 14, item 9).
    expect(events).toEqual([{ userId: alice.id, conversationId: id, messageIds: [asked!.id, expect.any(String)] }]);

    const outage = await readUiStream(await runChatTurn(db(alice), regenerate(id), new AbortController().signal, deps(failingModel(503))));
    expect(outage.find((c) => c.type === 'error')?.errorText).toContain('HTTP 503');

    const retry = await readUiStream(await runChatTurn(db(alice), regenerate(id), new AbortController().signal, deps(scriptedModel(['Yes, I am here.']))));
    await Promise.all(deferred);
    expect(textOf(retry)).toBe('Yes, I am here.');
    expect((await stored(id)).map((r) => [r.role, r.content, r.status])).toEqual([
      ['user', 'Are you there?', 'complete'],
      ['assistant', 'Yes, I am here.', 'complete'],
    ]);
  });

  it('regenerate replaces the last reply instead of adding another', async () => {
    const id = crypto.randomUUID();
    await readUiStream(await runChatTurn(db(alice), submit(id, 'Pick a colour'), new AbortController().signal, deps(scriptedModel(['Blue.']))));
    await readUiStream(await runChatTurn(db(alice), regenerate(id), new AbortController().signal, deps(scriptedModel(['Green.']))));
    expect((await stored(id)).map((r) => r.content)).toEqual(['Pick a colour', 'Green.']);
  });

  it('works end to end with the built-in offline model', async () => {
    const id = crypto.randomUUID();
    const chunks = await readUiStream(
      await runChatTurn(db(alice), submit(id, 'Remember that I am allergic to peanuts'), new AbortController().signal, deps(createOfflineModel())),
    );
    expect(textOf(chunks)).toMatch(/remember/i);
    expect(textOf(chunks)).toContain('peanuts');
  });

  it("another user's conversation id answers not found and is left untouched", async () => {
    const id = crypto.randomUUID();
    await readUiStream(await runChatTurn(db(alice), submit(id, 'secret plans'), new AbortController().signal, deps(scriptedModel(['ok']))));
    const before = await stored(id);
    for (const request of [submit(id, 'let me in'), regenerate(id)]) {
      const error = await runChatTurn(db(bob), request, new AbortController().signal, deps(scriptedModel(['leak']))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('not_found:conversation');
    }
    expect(await stored(id)).toEqual(before);
    await expect(callerFor(t, bob).conversations.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(t, bob).conversations.rename({ id, title: 'mine' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(t, bob).conversations.delete({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await callerFor(t, bob).conversations.list({})).items.map((c) => c.id)).not.toContain(id);
    expect((await callerFor(t, alice).conversations.get({ id })).messages).toHaveLength(2);
  });

  it('rate-limits a user with a 429 and Retry-After from the shared rate_limits table, before anything is stored', async () => {
    const id = crypto.randomUUID();
    // The production limiter over this file's database: one turn a minute instead of 20.
    const limiter = createChatRateLimit(createStoreLimiter(t.db, 'chat-test', { points: 1, durationSeconds: 60, blockSeconds: 0 }));
    await readUiStream(await runChatTurn(db(bob), submit(id, 'one'), new AbortController().signal, deps(scriptedModel(['ok']), { rateLimit: limiter })));
    const error = await runChatTurn(db(bob), submit(id, 'two'), new AbortController().signal, deps(scriptedModel(['ok']), { rateLimit: limiter })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'rate_limited:chat', status: 429 });
    expect((error as AppError).retryAfterSeconds).toBeGreaterThan(55);
    expect((error as AppError).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await stored(id)).map((r) => r.content)).toEqual(['one', 'ok']);
    // The count lives in Postgres, so every app instance sees it.
    const rows = await queryRows<{ points: number }>(t.db, sql`select points from rate_limits where key = ${`chat-test:${bob.id}`}`);
    expect(rows).toEqual([{ points: 2 }]);
    // Another user is not affected.
    await readUiStream(await runChatTurn(db(alice), submit(crypto.randomUUID(), 'mine'), new AbortController().signal, deps(scriptedModel(['ok']), { rateLimit: limiter })));
    await Promise.all(deferred);
  });
});

describe('chat request validation', () => {
  const id = crypto.randomUUID();
  it.each([
    [{ id, trigger: 'submit-message', message: { text: '   ' } }, 'A message cannot be empty.'],
    [{ id, trigger: 'submit-message', message: { text: 'x'.repeat(16_001) } }, 'Messages are at most 16,000 characters.'],
    [{ id: 'not-a-uuid', trigger: 'submit-message', message: { text: 'hi' } }, 'Conversation ids are UUIDs.'],
    [{ id, trigger: 'submit-message' }, 'expected object'],
    [{ id, trigger: 'delete-everything' }, 'trigger must be'],
  ])('rejects %j', (body, message) => {
    const result = chatRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
