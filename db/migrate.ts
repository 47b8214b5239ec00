import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Connection } from './connect';
import type { Schema } from './types';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies pending migrations. Drizzle records applied ones in drizzle.__drizzle_migrations,
 * so running this again is a no-op.
 */
export async function runMigrations(connection: Connection, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (connection.driver === 'pglite') {
    await migratePglite(connection.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePg(connection.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  }
}
