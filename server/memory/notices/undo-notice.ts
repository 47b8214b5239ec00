/**
 * Undo on a chat notice (issue 15), through the settings page's own memory functions, so every
 * undo is versioned or a hard delete and shows in the activity log like any other change. The
 * browser names only the reply and the memory; what Undo does is decided here, from what the
 * memory tables say the turn did, never from the request.
 */
import 'server-only';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { AppError } from '../../errors';
import { hardDeleteMemory } from '../delete-memory';
import type { Embedder } from '../embedder';
import { applyUserChange, embedOne, hasEmbedding, storeVector } from '../manage/apply-user-change';
import { deleteOneMemory } from '../manage/delete-one-memory';
import { findMemory } from '../manage/find-memory';
import { revertMemory } from '../manage/memory-history';
import { rejectCandidate } from '../manage/set-memory-status';
import { lockUserMemory } from '../user-lock';
import type { undoNoticeOutput } from './schemas';
import { noticesForMessages, turnOfReply, type ResolvedNotice } from './turn-notices';

type UndoResult = z.output<typeof undoNoticeOutput>;

const nothingToUndo = () => new AppError('not_found:memory', 'There is nothing to undo for that memory in this reply.');

async function findNotice(db: UserDb, replyId: string, memoryId: string): Promise<ResolvedNotice> {
  return db.run(async (tx) => {
    const turn = await turnOfReply(tx, replyId);
    if (!turn) throw nothingToUndo();
    const notices = (await noticesForMessages(tx, [turn])).get(turn.id) ?? [];
    const found = notices.find((n) => n.memoryId === memoryId);
    if (!found?.undo) throw nothingToUndo();
    return found;
  });
}

/**
 * An update that replaced a memory is undone by deleting the new one and making the old one
 * current again, in one transaction; the old one's vector is computed first, outside the lock.
 */
async function restorePrevious(db: UserDb, newId: string, previousId: string, embedder: Embedder): Promise<UndoResult> {
  const { previous, needsVector } = await db.run(async (tx) => {
    const row = await findMemory(tx, previousId);
    return { previous: row, needsVector: !(await hasEmbedding(tx, previousId, embedder.modelId)) };
  });
  const vector = needsVector ? await embedOne(embedder, previous) : null;
  const restored = await db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    await findMemory(tx, newId);
    await hardDeleteMemory(tx, { id: newId, userId: db.userId }, 'user', 'Undone by the user in chat');
    // The version read above guards the old one: changed meanwhile, this is a conflict (409).
    const row = await applyUserChange(tx, previous, { status: 'active', statusReason: null }, 'Restored by the user: undo in chat', 'memory.restored');
    if (vector) await storeVector(tx, row, embedder.modelId, vector);
    return row;
  });
  return { undone: 'restored', summary: restored.summary };
}

export async function undoNotice(db: UserDb, input: { messageId: string; memoryId: string }, embedder: Embedder): Promise<UndoResult> {
  const notice = await findNotice(db, input.messageId, input.memoryId);
  switch (notice.undo) {
    case 'delete':
      await deleteOneMemory(db, input.memoryId);
      return { undone: 'deleted', summary: notice.summary };
    case 'reject':
      return { undone: 'rejected', summary: (await rejectCandidate(db, input.memoryId)).summary };
    case 'revert': {
      if (notice.revertTo === undefined) throw nothingToUndo();
      const reverted = await revertMemory(db, { id: input.memoryId, toVersion: notice.revertTo }, embedder);
      return { undone: 'reverted', summary: reverted.summary };
    }
    case 'restore_previous':
      if (!notice.previousId) throw nothingToUndo();
      return restorePrevious(db, input.memoryId, notice.previousId, embedder);
    case null:
      throw nothingToUndo();
  }
}
