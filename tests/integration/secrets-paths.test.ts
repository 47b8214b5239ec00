/**
 * Issue 14, item 3: the secrets people type are kept out of every place that stores user text —
 * memories, versions, sources and audit (the pipeline), an edit, an import, a conversation's
 * title and the stored reply — while the user's own message stays in their chat as they wrote it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, messages } from '@/db/schema';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { everythingStored, memoriesOf } from '../helpers/memories';
import { scriptedModel } from '../helpers/mock-models';
import { errorOf, memoriesFor, seedMemory } from './memories-helpers';

const SECRETS = [
  ['The wifi password at home is sunflower42, remember it', 'sunflower42'],
  ['Remember: bank login is jsmith with Tr0ub4dor&3 as the pass', 'Tr0ub4dor&3'],
  ['remember the code to our safe is 7391', '7391'],
  ['my seed phrase is abandon ability able about above absent absorb abstract absurd abuse access accident, keep it safe', 'absorb abstract'],
  ['Remember API key sk-live-abcdefghijklmnop1234', 'sk-live-abcdefghijklmnop1234'],
  // Shapes only the provider-token detector (secretlint's preset) knows.
  ['remember my huggingface token hf_abcdefghijklmnopqrstuvwxyzABCDEFGH for the demo', 'hf_abcdefghijklmnopqrstuvwxyzABCDEFGH'],
  ['our staging db is postgres://admin:Hunter22x@db.example.com:5432/prod and I work on the payments team', 'Hunter22x'],
] as const;

describe('secrets in every write path', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it.each(SECRETS)('"%s": stored nowhere but the user\'s own message, not in the title', async (text, value) => {
    const user = await seedUser(t.db, 'secret-chat');
    const id = crypto.randomUUID();
    await chatTurn(t, testJobs(t), user, id, text);
    expect(await everythingStored(t, user.id)).not.toContain(value);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, id));
    expect(conversation!.title ?? '').not.toContain(value);
  });

  it('a reply that repeats a key is never shown with it, even split across deltas, nor stored', async () => {
    const user = await seedUser(t.db, 'secret-echo-stream');
    const id = crypto.randomUUID();
    const shown = await chatTurn(t, testJobs(t), user, id, 'can you keep hf_abcdefghijklmnopqrstuvwxyzABCDEFGH somewhere safe', {
      model: scriptedModel(['Sure, I noted hf_abcdefghij', 'klmnopqrstuvwxyz', 'ABCDEFGH — but a password manager is better.']),
    });
    expect(shown).toBe('Sure, I noted [redacted] — but a password manager is better.');
    const rows = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows.find((r) => r.role === 'assistant')!.content).toBe(shown);
    expect(await everythingStored(t, user.id)).not.toContain('hf_abcdefghijklmnopqrstuvwxyzABCDEFGH');
  });

  it('a reply that repeats the key is stored without it', async () => {
    const user = await seedUser(t.db, 'secret-echo');
    const id = crypto.randomUUID();
    await chatTurn(t, testJobs(t), user, id, 'my AWS key is AKIAIOSFODNN7EXAMPLE, keep it handy', { model: scriptedModel(['Got it — your AWS key is AKIAIOSFODNN7EXAMPLE.']) });
    const rows = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    const reply = rows.find((r) => r.role === 'assistant')!;
    expect(reply.content).toBe('Got it — your AWS key is [redacted].');
  });

  it('an edit with a secret is a 400 naming the summary, and nothing changes', async () => {
    const user = await seedUser(t.db, 'secret-edit');
    const memory = await seedMemory(t, user, { summary: 'Has wifi at home' });
    const error = await errorOf(memoriesFor(t, user).edit({ id: memory.id, version: memory.version, summary: 'Wifi password at home is sunflower42' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/^summary: that looks like a password/);
    const provider = await errorOf(memoriesFor(t, user).edit({ id: memory.id, version: memory.version, summary: 'Uses the groq key gsk_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ' }));
    expect(provider.message).toMatch(/^summary: that looks like a password/);
    expect((await memoriesOf(t, user.id)).map((m) => m.summary)).toEqual(['Has wifi at home']);
  });

  it('an import skips the items with a secret and says why, without repeating it', async () => {
    const user = await seedUser(t.db, 'secret-import');
    const now = new Date().toISOString();
    const exported = (summary: string, quote: string) => ({
      id: crypto.randomUUID(), type: 'semantic', kind: 'fact', summary, entities: [], importance: 3, confidence: 'high', origin: 'user_stated',
      validity: 'permanent', validUntil: null, occurredAt: null, sensitive: false, status: 'active', pinned: false, createdAt: now, updatedAt: now,
      sources: [{ quote, conversationId: null, messageId: null }], versions: [],
    });
    const file = {
      format: 'mindbase.memories',
      version: 1,
      exportedAt: now,
      memories: [
        exported('Door code is 4512', 'door code is 4512'),
        exported('Likes green tea', 'I like green tea'),
        exported('Has a home safe', 'the code to my safe is 7391'),
        exported('Deploys with the databricks token dapi0123456789abcdef0123456789abcdef', 'my databricks token'),
      ],
    };
    const result = await memoriesFor(t, user).import({ json: JSON.stringify(file) });
    expect(result).toMatchObject({ added: 1, skipped: 3 });
    expect(result.skippedItems.map((s) => s.reason)).toEqual(Array(3).fill('contains a password, key or card number'));
    expect(JSON.stringify(result)).not.toMatch(/4512|7391|dapi0123/);
    expect(await everythingStored(t, user.id)).not.toMatch(/4512|7391|dapi0123/);
  });
});
