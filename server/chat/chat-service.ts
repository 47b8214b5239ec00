import 'server-only';
import { after } from 'next/server';
import { env } from '../env';
import { withUser } from '../database';
import { createDispatcher, defaultDeliver } from '../jobs/dispatch';
import { configuredEmbedder, embedderFor, inProcessProvider } from '../jobs/production';
import { llm } from '../llm';
import { settingsAwareFastChannel, settingsAwareRecall } from './memory-hooks';
import { memoryTools } from './memory-tools';
import type { ChatTurnDeps } from './run-chat-turn';
import { appLimiters } from '../ratelimit/limiters';
import { loggableError } from '../logging/loggable-error';
import { createChatRateLimit } from './rate-limit';

/** The production wiring of a chat turn: configured model, event bus, limiter, `after()`. */
export function chatTurnDeps(): ChatTurnDeps {
  const registry = llm();
  const chat = registry.describe().chat;
  return {
    model: registry.getChatModel(),
    modelId: chat.id,
    // Titles and rolling summaries are side tasks: the cheap extraction model does them.
    sideModel: registry.getExtractionModel(),
    dispatcher: createDispatcher(withUser, defaultDeliver(inProcessProvider)),
    fastChannel: settingsAwareFastChannel(configuredEmbedder()),
    // A real model manages memory with tools; the offline model cannot call them (nor can some
    // OpenAI-compatible servers: CHAT_MEMORY_TOOLS=off) and relies on the fast channel's patterns.
    tools: chat.offline || env().CHAT_MEMORY_TOOLS === 'off' ? undefined : (db, context) => memoryTools(db, configuredEmbedder(), context),
    rateLimit: createChatRateLimit(appLimiters().chat),
    recall: settingsAwareRecall({ embedder: configuredEmbedder(), embedderFor }),
    defer: (task) =>
      after(() =>
        task().catch((error: unknown) => {
          console.error('[chat] post-turn work failed', loggableError(error));
        }),
      ),
  };
}
