/**
 * Issue 14, item 7: odd input is a 400 naming the field, not a 500, and nothing is stored —
 * crafted paging cursors, dates at ±8.64e15 ms or in year 0, versions past int4 — and the server
 * log never prints the user's words when something does fail.
 */
import { APICallError } from 'ai';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { userDb } from '@/db/boundary';
import { chatRequestSchema } from '@/server/chat/chat-request';
import { runChatTurn } from '@/server/chat/run-chat-turn';
import { errorResponse } from '@/server/errors';
import { loggableError } from '@/server/logging/loggable-error';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { everythingStored } from '../helpers/memories';
import { readUiStream, scriptedModel } from '../helpers/mock-models';
import { callerFor, zodIssuePath } from '../helpers/trpc';
import { errorOf, memoriesFor, seedMemory } from './memories-helpers';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const UUID = '0b0e7a3c-5d1f-4c2a-9e8b-1f2d3c4b5a69';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase('pglite');
});
afterAll(async () => t?.close());

/** The 400 and the field it names (the first zod issue's path). */
async function rejected(call: Promise<unknown>): Promise<string> {
  const error = await errorOf(call);
  expect(error.code).toBe('BAD_REQUEST');
  expect(error.cause).toBeInstanceOf(ZodError);
  return zodIssuePath(error) ?? '';
}

describe('odd input', () => {
  it('crafted cursors for the memory list, the activity log and the conversation list are 400s on cursor', async () => {
    const user = await seedUser(t.db, 'cursor');
    for (const summary of ['Likes tea', 'Keeps bees', 'Plays chess']) await seedMemory(t, user, { summary });
    const api = memoriesFor(t, user);

    // A real cursor still pages.
    const first = await api.list({ limit: 1 });
    const second = await api.list({ limit: 1, cursor: first.nextCursor });
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const activity = await api.activity({ limit: 1 });
    expect((await api.activity({ limit: 1, cursor: activity.nextCursor })).items).toHaveLength(1);

    const memoryCursors = [
      'not base64 at all!',
      b64(`created\nnot a time\n${UUID}`),
      b64(`created\n0000-01-01 00:00:00+00\n${UUID}`),
      b64(`created\n2025-02-30 00:00:00+00\n${UUID}`),
      b64(`created\n+275760-09-13 00:00:00+00\n${UUID}`),
      b64('created\n2025-01-31 18:00:00.123456+00\nnot-a-uuid-but-36-characters-long---'),
      b64(`importance\n9|2025-01-31 18:00:00+00\n${UUID}`),
      b64(`created\n2025-01-31 18:00:00+00\n${UUID}\nextra`),
      'x'.repeat(301),
    ];
    for (const cursor of memoryCursors) expect(await rejected(api.list({ cursor }))).toBe('cursor');
    // A cursor of another order is refused rather than read under this one.
    expect(await rejected(api.list({ sort: 'importance', cursor: first.nextCursor }))).toBe('cursor');

    for (const cursor of [b64(`not a time\n${UUID}`), b64('2025-01-31 18:00:00+00\nx'), b64(`1999-12-31 24:00:00+00\n${UUID}`)]) {
      expect(await rejected(api.activity({ cursor }))).toBe('cursor');
    }

    const conversations = callerFor(t, user).conversations;
    for (const cursor of [b64(`+275760-09-13T00:00:00.000Z|${UUID}`), b64('2025-01-01T00:00:00.000Z|x'), b64(`2025-02-30T00:00:00.000Z|${UUID}`), b64('garbage')]) {
      expect(await rejected(conversations.list({ cursor }))).toBe('cursor');
    }
  });

  it('dates at ±8.64e15 ms or in year 0 are 400s naming the field; the memory is unchanged', async () => {
    const user = await seedUser(t.db, 'dates');
    const memory = await seedMemory(t, user, { summary: 'Passport is valid' });
    const api = memoriesFor(t, user);
    const before = await everythingStored(t, user.id);
    const extremes = [new Date(8.64e15), new Date(-8.64e15), new Date('0000-01-01T00:00:00.000Z')];

    for (const date of extremes) {
      expect(await rejected(api.list({ from: date }))).toBe('from');
      expect(await rejected(api.list({ to: date }))).toBe('to');
      expect(await rejected(api.edit({ id: memory.id, version: memory.version, validUntil: date }))).toBe('validUntil');
      expect(await rejected(api.asOf({ at: date }))).toBe('at');
    }
    expect(await rejected(api.asOf({ at: '0000-01-01T00:00:00Z' }))).toBe('at');
    expect(await everythingStored(t, user.id)).toBe(before);
    // Ordinary dates still work.
    expect((await api.list({ from: new Date('2000-01-01T00:00:00Z') })).items).toHaveLength(1);
  });

  it('versions past a Postgres integer are 400s naming the field; nothing is reverted or edited', async () => {
    const user = await seedUser(t.db, 'versions');
    const memory = await seedMemory(t, user, { summary: 'Likes jazz' });
    const api = memoriesFor(t, user);
    const before = await everythingStored(t, user.id);
    expect(await rejected(api.revert({ id: memory.id, toVersion: 2147483648 }))).toBe('toVersion');
    expect(await rejected(api.revert({ id: memory.id, toVersion: 1, version: 2 ** 53 }))).toBe('version');
    expect(await rejected(api.edit({ id: memory.id, version: 2147483648, summary: 'Likes blues' }))).toBe('version');
    expect(await everythingStored(t, user.id)).toBe(before);
  });

  it('an import file with a year-0 date is refused whole, naming the field', async () => {
    const source = await seedUser(t.db, 'import-source');
    await seedMemory(t, source, { summary: 'Grows tomatoes' });
    const file = JSON.parse((await memoriesFor(t, source).export({ format: 'json' })).body) as { memories: Record<string, unknown>[] };
    file.memories[0]!.createdAt = '0000-01-01T00:00:00Z';
    const user = await seedUser(t.db, 'import-year0');
    const before = await everythingStored(t, user.id);
    const error = await errorOf(memoriesFor(t, user).import({ json: JSON.stringify(file) }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/memories\.0\.createdAt/);
    expect(await everythingStored(t, user.id)).toBe(before);
  });
});

describe('the server log and the user’s words', () => {
  const SECRET_WORDS = 'my divorce lawyer is Dana Whitfield';

  /** A real failed query whose parameter is the user's text (Drizzle lists it in its message). */
  const failedQuery = () => t.db.execute(sql`select ${SECRET_WORDS}::int`).then(() => null, (error: unknown) => error);

  it('a failed query, a Postgres error and a provider error are logged without the text they carry', async () => {
    const error = await failedQuery();
    expect(String((error as Error).message)).toContain(SECRET_WORDS);
    const line = loggableError(error);
    expect(line).not.toContain(SECRET_WORDS);
    expect(line).toContain('22P02');
    expect(line).toContain('parameters not logged');

    const provider = new APICallError({
      message: 'Bad request',
      url: 'https://provider.test/v1/chat',
      requestBodyValues: { messages: [{ role: 'user', content: SECRET_WORDS }] },
      statusCode: 400,
      responseBody: `{"error":"could not process: ${SECRET_WORDS}"}`,
    });
    expect(loggableError(provider)).not.toContain(SECRET_WORDS);
    expect(loggableError(provider)).toContain('HTTP 400');
  });

  it('the chat route’s error response and a turn that fails mid-stream log no message text', async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    try {
      const dbError = await failedQuery();
      expect(errorResponse(dbError).status).toBe(500);

      const user = await seedUser(t.db, 'log');
      const request = chatRequestSchema.parse({ id: crypto.randomUUID(), trigger: 'submit-message', message: { text: SECRET_WORDS } });
      const response = await runChatTurn(userDb(t.withUser, user.id), request, new AbortController().signal, {
        model: scriptedModel(['ok']),
        modelId: 'test',
        dispatcher: { dispatch: () => Promise.resolve() },
        rateLimit: { check: () => undefined },
        defer: () => undefined,
        // Fails inside the stream, where run-chat-turn's onError logs it.
        tools: () => {
          throw dbError;
        },
      });
      const chunks = await readUiStream(response);
      expect(chunks.some((c) => c.type === 'error')).toBe(true);
      expect(logged.length).toBeGreaterThanOrEqual(2);
      for (const line of logged) expect(line).not.toContain(SECRET_WORDS);
    } finally {
      spy.mockRestore();
    }
  });
});
