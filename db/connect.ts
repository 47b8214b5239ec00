/**
 * Opens a database on either driver. With no DATABASE_URL, Mindbase uses an embedded PGlite
 * (real Postgres compiled to WebAssembly, with pgvector) persisted under .data/, so a fresh
 * clone needs no server. With DATABASE_URL, node-postgres talks to a real Postgres + pgvector.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import type { Database, DriverName } from './types';

export interface Connection {
  db: Database;
  driver: DriverName;
  close(): Promise<void>;
}

export type ConnectOptions =
  | { driver: 'pglite'; dataDir?: string; client?: PGlite }
  | { driver: 'node-postgres'; url: string; poolSize?: number; sessionRole?: string };

/** A PGlite instance with the extensions Mindbase needs; in memory when dataDir is omitted. */
export function createPglite(dataDir?: string): PGlite {
  // PGlite creates only the last path segment; a fresh clone has no .data/ yet.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The (dataDir, options) form drops options when dataDir is undefined: pass one object.
  return new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { vector } });
}

export function connect(options: ConnectOptions): Connection {
  if (options.driver === 'pglite') {
    const client = options.client ?? createPglite(options.dataDir);
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return { db, driver: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  const { sessionRole } = options;
  if (sessionRole) {
    // For a pool that must always act as one role (Auth.js's adapter issues bare queries, not
    // transactions). Queued before any other query on the new connection.
    pool.on('connect', (client) => {
      client.query(`set role "${sessionRole.replace(/"/g, '')}"`).catch((error: unknown) => {
        console.error(`[db] could not set role ${sessionRole}`, error);
      });
    });
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return { db, driver: 'node-postgres', close: () => pool.end() };
}
