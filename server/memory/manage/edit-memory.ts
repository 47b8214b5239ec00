import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { AppError } from '../../errors';
import { holdsSecret } from '../validate/provider-secrets';
import type { Embedder } from '../embedder';
import type { Actor } from '../memory-types';
import type { MemoryPatch } from '../repository';
import { lockUserMemory } from '../user-lock';
import { applyUserChange, embedOne, embeddingChanged, replaceEmbedding, STALE_MESSAGE, toItem } from './apply-user-change';
import { entitiesAfterEdit } from '../rules/entities';
import { findMemory } from './find-memory';
import type { editMemoryInput, MemoryItem } from './schemas';

type EditInput = z.output<typeof editMemoryInput>;

function patchOf(input: EditInput, current: { entities: string[] }): MemoryPatch {
  const patch: MemoryPatch = {};
  if (input.summary !== undefined) {
    patch.summary = input.summary;
    patch.entities = entitiesAfterEdit(current.entities, input.summary);
  }
  if (input.type !== undefined) patch.type = input.type;
  if (input.kind !== undefined) patch.kind = input.kind;
  if (input.importance !== undefined) patch.importance = input.importance;
  if (input.validUntil !== undefined) patch.validUntil = input.validUntil;
  return patch;
}

/**
 * The user corrects a memory: a new version (never an overwrite), and a new vector when the
 * embedded text changed so recall finds it by what it now says.
 */
export async function editMemory(
  db: UserDb,
  input: EditInput,
  embedder: Embedder,
  /** Why, in the version history; a change asked for in chat quotes the request. */
  reason = 'Edited by the user',
  /** Who: the user, or an outside app through the MCP endpoint (issue 17). */
  actor: Actor = 'user',
): Promise<MemoryItem> {
  const asked = patchOf(input, { entities: [] });
  if (Object.keys(asked).length === 0) throw new AppError('bad_request:memory', 'Nothing to change: give a new text, type, kind, importance or valid-until date.');
  // The same rule as everything the pipeline stores: a password, key or card number is never kept.
  if (asked.summary !== undefined && (await holdsSecret(asked.summary))) {
    throw new AppError('bad_request:memory', 'summary: that looks like a password, key, PIN or card number, which Mindbase never stores. Leave the value out.');
  }
  const current = await db.run((tx) => findMemory(tx, input.id));
  if (current.version !== input.version) throw new AppError('conflict:memory', STALE_MESSAGE);
  const patch = patchOf(input, current);
  const next = { type: patch.type ?? current.type, summary: patch.summary ?? current.summary, entities: patch.entities ?? current.entities };
  const vector = embeddingChanged(current, next) ? await embedOne(embedder, next) : null;
  const updated = await db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const row = await applyUserChange(tx, current, patch, reason, 'memory.updated', actor);
    if (vector) await replaceEmbedding(tx, row, embedder.modelId, vector);
    return row;
  });
  return toItem(updated);
}
