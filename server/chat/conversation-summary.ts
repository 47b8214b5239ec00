import 'server-only';
import { generateText, type LanguageModel } from 'ai';
import { eq } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { conversations } from '../../db/schema';
import { config } from '../config';
import { providerOptions } from '../model-calls/call-options';
import { maskAllSecrets } from '../memory/validate/provider-secrets';
import type { WorkingMessage } from './working-memory';

/**
 * Folds messages that slid out of the working-memory window into the conversation's rolling
 * summary, on the cheap (extraction) model. Runs after the reply is sent, never on the hot path,
 * and only once config.chat.summaryBatchMessages have slid out (they stay in the prompt as
 * messages until then, the window being a soft budget), so a long conversation costs one summary
 * call every few turns instead of one per turn.
 */
export function summaryDue(unsummarised: readonly WorkingMessage[]): boolean {
  return unsummarised.length >= config.chat.summaryBatchMessages;
}

export async function extendConversationSummary(
  db: UserDb,
  model: LanguageModel,
  conversationId: string,
  previous: string | null,
  dropped: WorkingMessage[],
): Promise<void> {
  const last = dropped.at(-1);
  if (!last) return;
  const transcript = dropped.map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.content}`).join('\n');
  const { text } = await generateText({
    model,
    system: `Summarise this conversation so far in at most ${config.chat.summaryMaxTokens / 2} words: the user's goals, facts they gave, decisions and open questions. Plain prose, no preamble.`,
    prompt: [previous ? `Summary so far:\n${previous}` : '', `New turns:\n${transcript}`].filter(Boolean).join('\n\n'),
    temperature: 0.2,
    maxOutputTokens: config.chat.summaryMaxTokens,
    maxRetries: 1,
    providerOptions: providerOptions('summary'),
  });
  // The summary is sent with every later turn of this conversation: no secret in it.
  const summary = await maskAllSecrets(text.trim());
  if (!summary) return;
  await db.run((tx) =>
    tx.update(conversations).set({ summary, summaryUpToMessageId: last.id }).where(eq(conversations.id, conversationId)),
  );
}
