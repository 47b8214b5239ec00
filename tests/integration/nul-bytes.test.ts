/**
 * Issue 14, item 7: Postgres text cannot hold NUL. A NUL anywhere in an input is a 400 that names
 * the field, before anything is stored — chat text, a rename, a memory edit, an import file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRequestSchema } from '@/server/chat/chat-request';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { memoriesOf } from '../helpers/memories';
import { callerFor } from '../helpers/trpc';
import { errorOf, memoriesFor, seedMemory } from './memories-helpers';

describe('NUL bytes in input', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('chat text with NUL fails validation naming message.text', () => {
    const parsed = chatRequestSchema.safeParse({ id: crypto.randomUUID(), trigger: 'submit-message', message: { text: 'hi\u0000there' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('message.text must not contain NUL (\\u0000) characters');
  });

  it('a rename, a memory edit and an import with NUL are 400s naming the field; nothing changes', async () => {
    const user = await seedUser(t.db, 'nul');
    const memory = await seedMemory(t, user, { summary: 'Likes green tea' });
    const api = memoriesFor(t, user);

    const edit = await errorOf(api.edit({ id: memory.id, version: memory.version, summary: 'Likes\u0000 tea' }));
    expect([edit.code, edit.message]).toEqual(['BAD_REQUEST', 'summary must not contain NUL (\\u0000) characters']);

    const rename = await errorOf(callerFor(t, user).conversations.rename({ id: crypto.randomUUID(), title: 'a\u0000b' }));
    expect([rename.code, rename.message]).toEqual(['BAD_REQUEST', 'title must not contain NUL (\\u0000) characters']);

    // Escaped in the file's JSON, so the raw text has no NUL until it is parsed.
    const file = JSON.stringify({ format: 'mindbase.memories', version: 1, memories: [{ type: 'semantic', kind: 'fact', summary: 'Bad\u0000 summary', entities: [] }] });
    expect(file).toContain('\\u0000');
    const imported = await errorOf(api.import({ json: file }));
    expect(imported.code).toBe('BAD_REQUEST');
    expect(imported.message).toMatch(/nothing was changed\. memories\.0\.summary must not contain NUL/);

    expect((await memoriesOf(t, user.id)).map((m) => m.summary)).toEqual(['Likes green tea']);
  });
});
