import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';

/**
 * Serialises writes to one user's memory (SPEC §4.4) across every process and both job
 * runners: a transaction-scoped advisory lock, released at commit or rollback.
 */
export async function lockUserMemory(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mindbase:memory:${userId}`}, 0))`);
}
