import type { SQL } from 'drizzle-orm';
import type { Database, Tx } from './types';

/**
 * Rows of a raw SQL query on either driver. Both PGlite and node-postgres return `{ rows }`;
 * the shared Database type cannot know that, so this is the one place that says it.
 */
export async function queryRows<T = Record<string, unknown>>(db: Database | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
