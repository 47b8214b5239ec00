import { generateText, type LanguageModel } from 'ai';
import { config } from '../config';
import { TITLE_TASK_MARKER } from '../llm/offline-model';

/** A short title from the first message; falls back to its opening words if the model fails. */
export async function generateTitle(model: LanguageModel, firstMessage: string, signal?: AbortSignal): Promise<string> {
  try {
    const { text } = await generateText({
      model,
      system: `${TITLE_TASK_MARKER} Write a title of at most 6 words for a conversation that starts with the user's message. Reply with the title only, no quotes.`,
      prompt: firstMessage.slice(0, 2_000),
      temperature: 0.2,
      maxOutputTokens: 24,
      maxRetries: 0,
      abortSignal: signal,
    });
    const title = cleanTitle(text);
    if (title) return title;
  } catch (error) {
    console.warn('[chat] title generation failed; using the opening words', error instanceof Error ? error.message : error);
  }
  return fallbackTitle(firstMessage);
}

function cleanTitle(text: string): string {
  return text.replace(/^["'“”「」\s]+|["'“”「」.\s]+$/g, '').replace(/\s+/g, ' ').slice(0, config.chat.titleMaxChars);
}

export function fallbackTitle(message: string): string {
  const words = message.replace(/\s+/g, ' ').trim();
  return words.length <= 48 ? words : `${words.slice(0, 47)}…`;
}
