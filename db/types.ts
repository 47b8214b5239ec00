import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;

/** Either driver (PGlite in-process or node-postgres): one schema, one query API. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handed out by withUser(): RLS-scoped to exactly one user. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DriverName = 'pglite' | 'node-postgres';
