/**
 * The memory side of a chat turn with the user's privacy settings applied (SPEC §7): memory off
 * means no recall and nothing new stored; a "don't remember" conversation stores nothing new.
 * Managing what is already stored (list, forget, correct, change priority) always works: that is
 * the user taking control, not the assistant learning. The turn reads the user's settings once
 * (run-chat-turn.ts) and hands them to both steps.
 */
import type { UserDb } from '../../db/boundary';
import { getUserSettings, type UserSettings } from '../settings/user-settings';
import { detectMemoryCommand } from '../memory/chat-commands/command';
import { runFastChannel, type FastChannelMessage, type FastChannelResult } from '../memory/fast-channel';
import { recall, type RecallDeps, type RecallInput, type RecallResult } from '../recall/recall';
import { isConversationMemoryDisabled } from './conversations';

/** The settings a turn's memory steps read: whether memory is on, and the user's time zone. */
export type TurnSettings = Pick<UserSettings, 'memoryEnabled' | 'timeZone'>;

export interface TurnMemory {
  /** Explicit "remember …" / "forget …" handled before the reply (SPEC §4.1); null when the message is no command. */
  fastChannel: (db: UserDb, message: FastChannelMessage, settings: TurnSettings) => Promise<FastChannelResult | null>;
  /** Recall for this turn (SPEC §5); null when memory is off. */
  recall: (db: UserDb, input: RecallInput, settings: TurnSettings) => Promise<RecallResult | null>;
}

async function storeBlocked(db: UserDb, memoryEnabled: boolean, conversationId: string): Promise<string | null> {
  if (!memoryEnabled) return 'memory is turned off in Privacy & account settings';
  if (await isConversationMemoryDisabled(db, conversationId)) return 'this conversation is set to "don\'t remember"';
  return null;
}

export function chatTurnMemory(deps: RecallDeps): TurnMemory {
  return {
    fastChannel: async (db, message, { timeZone, memoryEnabled }) => {
      // Most turns are no command at all: detect first, so they cost no query.
      if (!detectMemoryCommand(message.content)) return null;
      return runFastChannel(db, message, { embedder: deps.embedder, timeZone, storeBlocked: await storeBlocked(db, memoryEnabled, message.conversationId) });
    },
    recall: async (db, input, { memoryEnabled, timeZone }) => (memoryEnabled ? recall(db, { timeZone, ...input }, deps) : null),
  };
}

/** Recall outside a chat turn (the MCP `recall` tool): reads the user's settings itself. */
export async function recallWithSettings(db: UserDb, input: RecallInput, deps: RecallDeps): Promise<RecallResult | null> {
  return chatTurnMemory(deps).recall(db, input, await getUserSettings(db));
}
