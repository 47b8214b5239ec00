import { generateText, type LanguageModel } from 'ai';
import { config } from '../config';
import { providerOptions } from '../model-calls/call-options';
import { countHealth } from '../model-calls/health';
import { stripReasoning } from '../model-calls/lenient-json';
// A title is shown in the sidebar and outlives the memory that was refused: no secret in it.
import { maskAllSecrets } from '../memory/validate/provider-secrets';

/**
 * A short title from the first message, on the cheap (extraction) model, within
 * config.chat.titleTimeoutMs; the opening words when the model fails or is too slow. Never
 * throws: a title is never worth a failed turn.
 */
export async function generateTitle(model: LanguageModel, firstMessage: string, signal?: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(config.chat.titleTimeoutMs);
  try {
    const { text } = await generateText({
      model,
      system: "Write a title of at most 6 words for a conversation that starts with the user's message. Reply with the title only, no quotes.",
      // The title model never sees a secret, so no title can carry one.
      prompt: (await maskAllSecrets(firstMessage)).slice(0, 2_000),
      temperature: 0.2,
      maxOutputTokens: config.llm.maxOutputTokens.title,
      maxRetries: 0,
      abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      providerOptions: providerOptions('title'),
    });
    const title = cleanTitle(text);
    if (title) return await maskAllSecrets(title);
  } catch (error) {
    if (timeout.aborted) countHealth('title_timeouts');
    console.warn(
      `[chat] title generation ${timeout.aborted ? `took over ${config.chat.titleTimeoutMs} ms` : 'failed'}; using the opening words`,
      timeout.aborted ? '' : error instanceof Error ? error.message : error,
    );
  }
  return fallbackTitle(await maskAllSecrets(firstMessage));
}

function cleanTitle(text: string): string {
  // Reasoning models may think aloud first; the title is what follows.
  return stripReasoning(text).replace(/^["'“”「」\s]+|["'“”「」.\s]+$/g, '').replace(/\s+/g, ' ').slice(0, config.chat.titleMaxChars);
}

export function fallbackTitle(message: string): string {
  const words = message.replace(/\s+/g, ' ').trim();
  return words.length <= 48 ? words : `${words.slice(0, 47)}…`;
}
