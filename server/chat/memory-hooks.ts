/**
 * The memory side of a chat turn with the user's privacy settings applied (SPEC §7): memory off
 * means no recall and nothing new stored; a "don't remember" conversation stores nothing new.
 * Managing what is already stored (list, forget, correct, change priority) always works: that is
 * the user taking control, not the assistant learning.
 */
import type { UserDb } from '../../db/boundary';
import { getUserSettings } from '../account/user-settings';
import { detectMemoryCommand } from '../memory/chat-commands/command';
import type { Embedder } from '../memory/embedder';
import { runFastChannel, type FastChannelMessage, type FastChannelResult } from '../memory/fast-channel';
import { recall, type RecallDeps, type RecallInput, type RecallResult } from '../recall/recall';
import { isConversationMemoryDisabled } from './conversations';

async function storeBlocked(db: UserDb, memoryEnabled: boolean, conversationId: string): Promise<string | null> {
  if (!memoryEnabled) return 'memory is turned off in Privacy & account settings';
  if (await isConversationMemoryDisabled(db, conversationId)) return 'this conversation is set to "don\'t remember"';
  return null;
}

export function settingsAwareFastChannel(embedder: Embedder) {
  return async (db: UserDb, message: FastChannelMessage): Promise<FastChannelResult | null> => {
    // Most turns are no command at all: detect first, so they cost no settings query.
    if (!detectMemoryCommand(message.content)) return null;
    const { timeZone, memoryEnabled } = await getUserSettings(db);
    return runFastChannel(db, message, { embedder, timeZone, storeBlocked: await storeBlocked(db, memoryEnabled, message.conversationId) });
  };
}

export function settingsAwareRecall(deps: RecallDeps) {
  return async (db: UserDb, input: RecallInput): Promise<RecallResult | null> => {
    const { memoryEnabled, timeZone } = await getUserSettings(db);
    return memoryEnabled ? recall(db, { timeZone, ...input }, deps) : null;
  };
}
