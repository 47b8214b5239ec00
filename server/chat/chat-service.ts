import 'server-only';
import { after } from 'next/server';
import { config } from '../config';
import { withUser } from '../../db';
import { getUserSettings } from '../account/user-settings';
import { createDispatcher, defaultDeliver } from '../jobs/dispatch';
import { configuredEmbedder, embedderFor, inProcessRunner } from '../jobs/production';
import { recall } from '../recall/recall';
import { runFastChannel } from '../memory/fast-channel';
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
      const { timeZone } = await getUserSettings(db);
      return runFastChannel(db, message, { embedder: configuredEmbedder(), timeZone });
    },
    rateLimit,
    recall: (db, input) => recall(db, input, { embedder: configuredEmbedder(), embedderFor }),
    defer: (task) =>
      after(() =>
        task().catch((error: unknown) => {
          console.error('[chat] post-turn work failed', error);
        }),
      ),
  };
}
