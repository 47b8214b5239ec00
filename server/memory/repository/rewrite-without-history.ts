import { eq } from 'drizzle-orm';
import { auditLog, memoryVersions } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { ChangeContext, MemoryRow } from '../memory-types';
import { updateMemory, type MemoryPatch } from './update-memory';

/**
 * A change whose earlier history must go with it: a consolidated summary rebuilt after one of its
 * sources was deleted, whose old versions and audit texts quote the deleted memory (SPEC §7). The
 * old versions are deleted and the old audit entries emptied; the new version and entry are
 * written as for any change, and the version says "rebuilt", not what the text was before.
 */
export async function rewriteWithoutHistory(tx: Tx, current: MemoryRow, patch: MemoryPatch, change: ChangeContext, action = 'memory.updated'): Promise<MemoryRow> {
  await tx.delete(memoryVersions).where(eq(memoryVersions.memoryId, current.id));
  await tx.update(auditLog).set({ detail: {} }).where(eq(auditLog.memoryId, current.id));
  const row = await updateMemory(tx, current, patch, change, action);
  await tx.update(memoryVersions).set({ oldSummary: null }).where(eq(memoryVersions.memoryId, current.id));
  return row;
}
