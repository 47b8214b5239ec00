import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': import.meta.dirname,
      // `server-only` throws outside React Server Components; tests import server code directly.
      'server-only': path.join(import.meta.dirname, 'tests/helpers/server-only.ts'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // next-auth's ESM imports `next/server` without an extension, which only a bundler resolves:
    // let Vite process it (tests/integration/auth-routes.test.ts calls the real Auth.js routes).
    server: { deps: { inline: ['next-auth'] } },
    // Each integration file boots its own PGlite (WebAssembly); two cores, so keep it modest.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
