/**
 * Issue 16, item 4: messages keep their UI message parts. An upgraded database gives every
 * message written before the column its text as one part (as the system role, since forced
 * row-level security hides every row from a non-superuser owner).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createWithSystem } from '@/db/boundary';
import { connect } from '@/db/connect';
import { runMigrations } from '@/db/migrate';
import { queryRows } from '@/db/rows';
import { createNonSuperuserOwnerPglite } from '../helpers/db';
import { migrationsBefore } from '../helpers/migrations';

describe('message parts on an upgraded database', () => {
  it('a message written before the column gets its text as one part; the owner stays the owner', async () => {
    const before = await migrationsBefore('0017_message_parts');

    const pglite = await createNonSuperuserOwnerPglite();
    const connection = connect({ driver: 'pglite', client: pglite });
    try {
      await runMigrations(connection, before.folder);
      const withSystem = createWithSystem(connection.db);
      const userId = crypto.randomUUID();
      const conversationId = crypto.randomUUID();
      await withSystem(async (tx) => {
        await tx.execute(sql`insert into users (id, email) values (${userId}, 'old@mindbase.dev')`);
        await tx.execute(sql`insert into conversations (id, user_id) values (${conversationId}, ${userId})`);
        await tx.execute(sql`insert into messages (conversation_id, user_id, role, content) values (${conversationId}, ${userId}, 'user', 'I drink oat milk'), (${conversationId}, ${userId}, 'assistant', 'Noted.')`);
      });
      await runMigrations(connection);
      const rows = await withSystem((tx) => queryRows<{ role: string; parts: unknown }>(tx, sql`select role, parts from messages order by role desc`));
      expect(rows).toEqual([
        { role: 'user', parts: [{ type: 'text', text: 'I drink oat milk' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'Noted.' }] },
      ]);
      const [me] = await queryRows<{ current_user: string }>(connection.db, sql`select current_user`);
      expect(me?.current_user).toBe('app_owner');
    } finally {
      await pglite.close();
      await before.remove();
    }
  }, 60_000);
});
