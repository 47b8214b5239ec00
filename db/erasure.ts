/**
 * The one door to rows a pending erasure hides (db/schema/rls.ts): only the sweep that deletes
 * them opens it, inside its own withUser transaction, so it stays confined to that user and ends
 * with the transaction.
 */
import { sql } from 'drizzle-orm';
import { ERASING_SETTING } from './schema/rls';
import type { Tx } from './types';

export async function revealPendingErasure(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config(${ERASING_SETTING}, 'on', true)`);
}
