import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { callerFor } from '../helpers/trpc';

describe('account procedures', () => {
  let t: TestDatabase;
  let alice: { id: string; email: string };
  let bob: { id: string; email: string };
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    alice = await seedUser(t.db, 'alice');
    bob = await seedUser(t.db, 'bob');
  });
  afterAll(async () => t?.close());

  it('refuses signed-out callers with UNAUTHORIZED', async () => {
    await expect(callerFor(t, null).account.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(t, null).account.updateSettings({ timeZone: 'UTC' })).rejects.toBeInstanceOf(TRPCError);
  });

  it('returns the caller own profile only', async () => {
    expect(await callerFor(t, alice).account.me()).toMatchObject({ id: alice.id, email: alice.email });
    expect(await callerFor(t, bob).account.me()).toMatchObject({ id: bob.id, email: bob.email });
  });

  it('settings start at the defaults and updates stay with their owner', async () => {
    expect(await callerFor(t, alice).account.settings()).toEqual({ timeZone: 'UTC', retentionDays: 30, memoryEnabled: true, memoryNotices: true });
    await callerFor(t, alice).account.updateSettings({ timeZone: 'Asia/Shanghai', retentionDays: 7 });
    expect(await callerFor(t, alice).account.settings()).toMatchObject({ timeZone: 'Asia/Shanghai', retentionDays: 7 });
    expect(await callerFor(t, bob).account.settings()).toMatchObject({ timeZone: 'UTC', retentionDays: 30 });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'Unknown time zone'],
    [{ retentionDays: 12 }, 'Retention must be 7, 30 or 90 days'],
    [{ timeZone: 'x'.repeat(100) }, 'Too big'],
    [{ userId: 'someone-else' }, 'Unrecognized key'],
  ])('rejects bad settings %j with a clear message and changes nothing', async (input, message) => {
    const before = await callerFor(t, bob).account.settings();
    const error = await callerFor(t, bob)
      .account.updateSettings(input as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
    expect((error as TRPCError).message.toLowerCase()).toContain(message.toLowerCase());
    expect(await callerFor(t, bob).account.settings()).toEqual(before);
  });
});
