/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { connectFromEnv } from '../db';
import { runMigrations } from '../db/migrate';
import { env } from '../server/env';

const connection = connectFromEnv();
const target = env().DATABASE_URL ? 'Postgres (DATABASE_URL)' : `embedded PGlite (${env().PGLITE_DATA_DIR ?? '.data/pglite'})`;
try {
  await runMigrations(connection);
  console.log(`[db] migrations applied to ${target}`);
} catch (error) {
  console.error(`[db] migration failed on ${target}:`, error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await connection.close();
}
