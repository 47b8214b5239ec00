import { defineConfig } from 'drizzle-kit';
import { env } from './server/env';

// Only `drizzle-kit generate` is used (migrations are applied by db/migrate.ts for both
// drivers); the URL matters only for drizzle-kit's optional introspection commands.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  entities: { roles: true },
  dbCredentials: { url: env().DATABASE_URL ?? 'postgres://localhost:5432/mindbase' },
  strict: true,
});
