/**
 * Production Postgres usually connects as a database owner that is NOT a superuser. There,
 * FORCE row-level security applies to the owner too, so the owner connection alone sees no
 * user data; sign-up and sign-in must go through the system role, and everything else through
 * withUser. PGlite's default user is a superuser (which bypasses RLS), so this file migrates and
 * runs everything as a non-superuser owner to prove the production setup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createWithSystem, createWithUser } from '@/db/boundary';
import type { PGlite } from '@electric-sql/pglite';
import { connect } from '@/db/connect';
import { runMigrations } from '@/db/migrate';
import { queryRows } from '@/db/rows';
import { conversations, rateLimits, users } from '@/db/schema';
import type { Connection } from '@/db/connect';
import { signUp } from '@/server/auth/sign-up';
import { createSessionRegistry } from '@/server/auth/session-registry';
import { verifyCredentials } from '@/server/auth/verify-credentials';
import { config } from '@/server/config';
import { createStoreLimiter } from '@/server/ratelimit/limiter';
import { unthrottledSignUp } from '../helpers/auth';
import { createNonSuperuserOwnerPglite } from '../helpers/db';

describe('a non-superuser database owner (the production setup)', () => {
  let pglite: PGlite;
  let connection: Connection;

  beforeAll(async () => {
    pglite = await createNonSuperuserOwnerPglite();
    connection = connect({ driver: 'pglite', client: pglite });
    await runMigrations(connection);
  });
  afterAll(async () => pglite.close());

  it('runs as a role that is not a superuser', async () => {
    const [me] = await queryRows<{ current_user: string; rolsuper: boolean }>(
      connection.db,
      sql`select current_user, rolsuper from pg_roles where rolname = current_user`,
    );
    expect(me).toEqual({ current_user: 'app_owner', rolsuper: false });
  });

  it('signs up and signs in through the system role, while the bare owner sees no user rows', async () => {
    const withSystem = createWithSystem(connection.db);
    const user = await signUp(withSystem, { email: 'owner-test@mindbase.dev', password: 'correct horse battery' }, unthrottledSignUp);
    expect(await verifyCredentials(withSystem, { email: 'owner-test@mindbase.dev', password: 'correct horse battery' })).toMatchObject({
      id: user.id,
    });
    // FORCE: the owner without a role switch is subject to the policies and matches none.
    expect(await connection.db.select().from(users)).toEqual([]);

    const withUser = createWithUser(connection.db);
    await withUser(user.id, (tx) => tx.insert(conversations).values({ userId: user.id, title: 'mine' }));
    expect(await withUser(user.id, (tx) => tx.select().from(conversations))).toHaveLength(1);
    expect(await withUser('someone-else', (tx) => tx.select().from(conversations))).toHaveLength(0);
    expect(await connection.db.select().from(conversations)).toEqual([]);
  });

  it('the system role keeps rate-limit counters and session rows; the app role cannot reach the counters', async () => {
    const withSystem = createWithSystem(connection.db);
    const user = await signUp(withSystem, { email: 'owner-limits@mindbase.dev', password: 'correct horse battery' }, unthrottledSignUp);
    await withSystem(async (tx) => {
      const limiter = createStoreLimiter(tx, 'owner-test', { points: 1, durationSeconds: 60, blockSeconds: 0 });
      await limiter.consume('k');
      await expect(limiter.consume('k')).rejects.toMatchObject({ remainingPoints: 0 });
      const sessions = createSessionRegistry(tx, config.auth.session);
      const id = await sessions.open(user.id);
      expect(await sessions.isLive({ sessionId: id, userId: user.id })).toBe(true);
      await sessions.revoke(id);
      expect(await sessions.isLive({ sessionId: id, userId: user.id })).toBe(false);
    });
    const withUser = createWithUser(connection.db);
    await expect(withUser(user.id, (tx) => tx.select().from(rateLimits))).rejects.toThrow();
  });
});
