import 'server-only';
import { after } from 'next/server';
import { config } from '../config';
import { defaultEventBus } from '../events/publish';
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
    events: defaultEventBus,
    rateLimit,
    defer: (task) =>
      after(() =>
        task().catch((error: unknown) => {
          console.error('[chat] post-turn work failed', error);
        }),
      ),
  };
}
