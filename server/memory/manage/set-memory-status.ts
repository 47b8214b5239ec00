import 'server-only';
import type { UserDb } from '../../../db/boundary';
import type { Tx } from '../../../db/types';
import { AppError } from '../../errors';
import type { Embedder } from '../embedder';
import type { MemoryRow } from '../memory-types';
import { lockUserMemory } from '../user-lock';
import { applyUserChange, embedOne, hasEmbedding, storeVector, toItem } from './apply-user-change';
import { findMemory } from './find-memory';
import type { MemoryItem } from './schemas';

const wrongStatus = (message: string) => new AppError('bad_request:memory', message);

/** Pinned memories are always offered to recall as core memories; pinning is a versioned change. */
export async function setPinned(db: UserDb, id: string, pinned: boolean): Promise<MemoryItem> {
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const current = await findMemory(tx, id);
    if (current.pinned === pinned) return toItem(current);
    const row = await applyUserChange(tx, current, { pinned }, pinned ? 'Pinned by the user' : 'Unpinned by the user', pinned ? 'memory.pinned' : 'memory.unpinned');
    return toItem(row);
  });
}

/**
 * Makes a memory recallable. Candidates and conflicted items were never embedded by the
 * pipeline (only active items are), so the vector is computed first, outside the lock; the
 * version read here guards against a change in between.
 */
async function activate(
  db: UserDb,
  id: string,
  embedder: Embedder,
  allowed: MemoryRow['status'][],
  refusal: string,
  reason: string,
  action: string,
  alsoInTx?: (tx: Tx) => Promise<void>,
): Promise<MemoryRow> {
  const { current, needsVector } = await db.run(async (tx) => {
    const row = await findMemory(tx, id);
    return { current: row, needsVector: !(await hasEmbedding(tx, id, embedder.modelId)) };
  });
  if (!allowed.includes(current.status)) throw wrongStatus(refusal);
  const vector = needsVector ? await embedOne(embedder, current) : null;
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    await alsoInTx?.(tx);
    const row = await applyUserChange(tx, current, { status: 'active', statusReason: null, ...(current.status === 'candidate' ? { confidence: 'high' as const } : {}) }, reason, action);
    if (vector) await storeVector(tx, row, embedder.modelId, vector);
    return row;
  });
}

/**
 * The review inbox's yes: a candidate, or a memory flagged "may be outdated" after a move or job
 * change (a conflicted one with no rival to choose against), becomes active again.
 */
export async function confirmCandidate(db: UserDb, id: string, embedder: Embedder): Promise<MemoryItem> {
  const row = await activate(db, id, embedder, ['candidate', 'conflicted'], 'Only a memory waiting for review can be confirmed.', 'Confirmed by the user', 'memory.confirmed');
  return toItem(row);
}

/** A rejected candidate is dropped, not deleted: the user can still find it under "forgotten". */
export async function rejectCandidate(db: UserDb, id: string): Promise<MemoryItem> {
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const current = await findMemory(tx, id);
    if (current.status !== 'candidate' && current.status !== 'conflicted') throw wrongStatus('Only a memory waiting for review can be rejected.');
    const row = await applyUserChange(tx, current, { status: 'forgotten', statusReason: 'Rejected by the user' }, 'Rejected by the user', 'memory.rejected');
    return toItem(row);
  });
}

export async function restoreArchived(db: UserDb, id: string, embedder: Embedder): Promise<MemoryItem> {
  const row = await activate(db, id, embedder, ['archived'], 'Only an archived memory can be restored.', 'Restored by the user', 'memory.restored');
  return toItem(row);
}

/**
 * The user settles a contradiction by choosing one side (SPEC §3 conflicted): the kept memory
 * becomes active, the other is superseded; both changes are versioned in one transaction.
 */
export async function resolveConflict(db: UserDb, keepId: string, dropId: string, embedder: Embedder): Promise<{ kept: MemoryItem; dropped: MemoryItem }> {
  const drop = await db.run((tx) => findMemory(tx, dropId));
  const conflictStatuses: MemoryRow['status'][] = ['active', 'conflicted', 'candidate'];
  if (!conflictStatuses.includes(drop.status)) throw wrongStatus('The memory to drop is no longer active, conflicted or a candidate.');
  let dropped: MemoryRow | undefined;
  const kept = await activate(
    db,
    keepId,
    embedder,
    conflictStatuses,
    'The memory to keep is no longer active, conflicted or a candidate.',
    'Kept by the user when resolving a conflict',
    'memory.conflict_resolved',
    async (tx) => {
      if (drop.status !== 'conflicted') {
        const keep = await findMemory(tx, keepId);
        // At least one side must be in conflict, or there is nothing to resolve.
        if (keep.status !== 'conflicted') throw wrongStatus('Neither memory is in conflict; edit or delete them instead.');
      }
      dropped = await applyUserChange(tx, drop, { status: 'superseded', statusReason: 'Dropped by the user when resolving a conflict' }, 'Dropped by the user when resolving a conflict', 'memory.superseded');
    },
  );
  if (!dropped) throw new Error('resolveConflict: dropped memory was not updated');
  return { kept: toItem(kept), dropped: toItem(dropped) };
}
