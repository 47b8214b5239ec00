/**
 * Stores what someone states, through the validation every memory passes (SPEC §4.3): the text
 * is its own grounding, a secret is refused with the reason, a standing instruction carrying a
 * link or a request for credentials waits for the user's yes. Used by the MCP `remember` tool
 * (issue 17) and by the chat fast channel's "remember …" (server/memory/fast-channel.ts), which
 * passes its markHandled as alsoInTransaction.
 */
import type { UserDb } from '../../db/boundary';
import type { Tx } from '../../db/types';
import { applyValidatedMemory } from './apply-memories';
import { embeddingText, type Embedder } from './embedder';
import type { ExtractionWindow } from './extraction-schema';
import type { Actor } from './memory-types';
import { extractExplicit } from './rules';
import { lockUserMemory } from './user-lock';
import { validateExtracted } from './validate';
import { providerSecretValues } from './validate/provider-secrets';

export interface StatedSource {
  /** The id its memories cite as their source message (a fresh one when there is no chat message). */
  id: string;
  conversationId: string | null;
  content: string;
  createdAt: Date;
}

export interface StoredStatement {
  id: string;
  summary: string;
  type: string;
  kind: string;
  /** Set when stored as a candidate that waits for the user's yes on the Memory page: why. */
  held?: string;
}

export type RememberOutcome = { kind: 'remembered'; memories: StoredStatement[] } | { kind: 'not_stored'; reason: string; cause: 'secret' | 'nothing' };

export const SECRET_REASON = 'it looks like a password, key or ID number, which are never stored';

/** What `content` (a part of the source's text) states, extracted and validated alone. */
export function extractStated(source: StatedSource, content: string, timeZone: string, knownSecrets: readonly string[] = []) {
  const message = { id: source.id, role: 'user' as const, content: source.content, createdAt: source.createdAt };
  const window: ExtractionWindow = { messages: [message], newMessageIds: [source.id], timeZone, knownEntities: [] };
  return validateExtracted(extractExplicit(content, message, window), window, knownSecrets);
}

export async function rememberStated(
  db: UserDb,
  source: StatedSource,
  content: string,
  deps: { embedder: Embedder; timeZone: string; actor: Actor },
  /** More work that must commit with the memories (the fast channel marks its message handled). */
  alsoInTransaction?: (tx: Tx) => Promise<void>,
): Promise<RememberOutcome> {
  const { accepted, dropped } = extractStated(source, content, deps.timeZone, await providerSecretValues([source.content]));
  if (accepted.length === 0) {
    const secret = dropped.some((d) => d.reason === 'secret');
    return { kind: 'not_stored', reason: secret ? SECRET_REASON : 'there was nothing to store', cause: secret ? 'secret' : 'nothing' };
  }
  // Embedded before the transaction: a remote model must not hold the user's memory lock.
  const vectors = await deps.embedder.embed(accepted.map(embeddingText));
  const memories = await db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const results: StoredStatement[] = [];
    for (const [i, item] of accepted.entries()) {
      const applied = await applyValidatedMemory(tx, item, vectors[i]!, {
        userId: db.userId,
        conversationId: source.conversationId,
        actor: deps.actor,
        embeddingModel: deps.embedder.modelId,
        now: source.createdAt,
      });
      const held = applied.memory.status === 'candidate' ? (item.statusReason ?? 'it needs your confirmation') : undefined;
      results.push({ id: applied.memory.id, summary: applied.memory.summary, type: applied.memory.type, kind: applied.memory.kind, ...(held ? { held } : {}) });
    }
    await alsoInTransaction?.(tx);
    return results;
  });
  return { kind: 'remembered', memories };
}
