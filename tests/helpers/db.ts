/**
 * A fresh, migrated database per test file, on either driver:
 *  - 'pglite': in-process PGlite (what `npm run dev` uses);
 *  - 'node-postgres': node-postgres over the wire to PGlite via @electric-sql/pglite-socket,
 *    pool of one (what production uses against a real Postgres).
 */
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createWithSystem, createWithUser, type WithSystem, type WithUser } from '@/db/boundary';
import { connect, createPglite, type Connection } from '@/db/connect';
import { runMigrations } from '@/db/migrate';
import { users } from '@/db/schema';
import type { Database, DriverName } from '@/db/types';

export interface TestDatabase {
  driver: DriverName;
  /** Owner connection: for seeding and inspecting, never for code under test. */
  db: Database;
  withUser: WithUser;
  withSystem: WithSystem;
  pglite: PGlite;
  close(): Promise<void>;
}

export const DRIVERS: DriverName[] = ['pglite', 'node-postgres'];

/** `dataDir`: keep the database in files there (to inspect what reaches the disk) instead of memory. */
export async function createTestDatabase(driver: DriverName = 'pglite', options: { migrate?: boolean; dataDir?: string } = {}): Promise<TestDatabase> {
  const pglite = createPglite(options.dataDir);
  let connection: Connection;
  let server: PGLiteSocketServer | undefined;
  if (driver === 'pglite') {
    connection = connect({ driver: 'pglite', client: pglite });
  } else {
    await pglite.waitReady;
    server = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1' });
    await server.start();
    const address = server.getServerConn();
    connection = connect({ driver: 'node-postgres', url: `postgres://postgres:postgres@${address}/postgres`, poolSize: 1 });
  }
  if (options.migrate !== false) await runMigrations(connection);
  return {
    driver,
    db: connection.db,
    withUser: createWithUser(connection.db),
    withSystem: createWithSystem(connection.db),
    pglite,
    async close() {
      await connection.close();
      await server?.stop();
      if (!pglite.closed) await pglite.close();
    },
  };
}

let counter = 0;

/** Inserts a user through the owner connection (as sign-up does) and returns its id. */
export async function seedUser(db: Database, label = 'user'): Promise<{ id: string; email: string }> {
  counter += 1;
  const email = `${label}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@test.mindbase.dev`;
  const [row] = await db.insert(users).values({ email, name: label }).returning({ id: users.id, email: users.email });
  if (!row?.email) throw new Error('seedUser: insert returned nothing');
  return { id: row.id, email: row.email };
}

/**
 * An unmigrated in-memory PGlite whose session runs as `app_owner`, a database owner that is not
 * a superuser — the usual production setup (PGlite's default user is a superuser, which bypasses
 * row-level security). Managed Postgres services pre-install pgvector or let the owner create
 * it; PGlite's build marks it untrusted, so the superuser creates it once, as an admin would.
 */
export async function createNonSuperuserOwnerPglite(): Promise<PGlite> {
  const pglite = createPglite();
  await pglite.exec(`
    create extension if not exists vector;
    create role app_owner login nosuperuser createrole;
    grant create on database postgres to app_owner;
    grant create, usage on schema public to app_owner;
    set role app_owner;
  `);
  return pglite;
}
