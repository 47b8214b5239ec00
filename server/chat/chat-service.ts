import 'server-only';
import { after } from 'next/server';
import { config } from '../config';
import { withUser } from '../../db';
import { getUserSettings } from '../account/user-settings';
import { createDispatcher, defaultDeliver } from '../jobs/dispatch';
import { configuredEmbedder, embedderFor, inProcessRunner } from '../jobs/production';
import { recall } from '../recall/recall';
import { detectExplicitCommand } from '../memory/explicit-command';
import { runFastChannel } from '../memory/fast-channel';
import { isConversationMemoryDisabled } from './conversations';
import { llm } from '../llm';
import type { ChatTurnDeps } from './run-chat-turn';
import { createRateLimiter } from './rate-limit';

const rateLimit = createRateLimiter(config.chat.rateLimit);

/** The production wiring of a chat turn: configured model, event bus, limiter, `after()`. */
export function chatTurnDeps(): ChatTurnDeps {
  const registry = llm();
  return {
    model: registry.getChatModel(),
    modelId: registry.describe().chat.id,
    dispatcher: createDispatcher(withUser, defaultDeliver(inProcessRunner)),
    fastChannel: async (db, message) => {
      // Most turns are no command at all: detect first, so they cost no settings query.
      const command = detectExplicitCommand(message.content);
      if (!command) return null;
      const { timeZone, memoryEnabled } = await getUserSettings(db);
      // "forget …" always works; "remember …" is declined (and the reply says why) when memory
      // is off or the conversation is marked "don't remember".
      if (command.kind === 'remember') {
        if (!memoryEnabled) return { kind: 'not_stored', reason: 'memory is turned off in Privacy & account settings' };
        if (await isConversationMemoryDisabled(db, message.conversationId)) {
          return { kind: 'not_stored', reason: 'this conversation is set to "don\'t remember"' };
        }
      }
      return runFastChannel(db, message, { embedder: configuredEmbedder(), timeZone });
    },
    rateLimit,
    // Memory off means no recall either (SPEC §7).
    recall: async (db, input) => ((await getUserSettings(db)).memoryEnabled ? recall(db, input, { embedder: configuredEmbedder(), embedderFor }) : null),
    defer: (task) =>
      after(() =>
        task().catch((error: unknown) => {
          console.error('[chat] post-turn work failed', error);
        }),
      ),
  };
}
