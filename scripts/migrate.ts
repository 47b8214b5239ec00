/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { connectFromEnv } from '../server/database';
import { createWithSystem } from '../db/boundary';
import { runMigrations } from '../db/migrate';
import { env } from '../server/env';
import { reindexSearchText } from '../server/memory/reindex-search';

const connection = connectFromEnv();
const target = env().DATABASE_URL ? 'Postgres (DATABASE_URL)' : `embedded PGlite (${env().PGLITE_DATA_DIR ?? '.data/pglite'})`;
try {
  await runMigrations(connection);
  console.log(`[db] migrations applied to ${target}`);
  // A new tokeniser (server/memory/search-text.ts) rewrites the search words of older memories.
  const reindexed = await reindexSearchText(createWithSystem(connection.db));
  if (reindexed > 0) console.log(`[db] search index rebuilt for ${reindexed} memories`);
} catch (error) {
  console.error(`[db] migration failed on ${target}:`, error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await connection.close();
}
