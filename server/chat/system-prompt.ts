/**
 * The system prompt of a chat turn: who the assistant is, today's date, the memory section from
 * recall (when there is one) and the rolling summary of older turns of this conversation.
 */
import { localIsoDate } from '../memory/relative-time';

export function buildSystemPrompt(options: { now: Date; timeZone?: string; memorySection?: string; conversationSummary?: string | null }): string {
  const parts = [
    'You are Mindbase, a helpful assistant with a long-term memory that the user can see and control.',
    'Answer clearly and concisely. Use Markdown when it helps (lists, code blocks).',
    // The user's calendar day: at 01:00 in Shanghai it is already tomorrow in UTC+8 terms.
    `Today is ${localIsoDate(options.now, options.timeZone ?? 'UTC')}${options.timeZone && options.timeZone !== 'UTC' ? ` (${options.timeZone})` : ''}.`,
  ];
  if (options.memorySection) parts.push(options.memorySection);
  if (options.conversationSummary) {
    parts.push(`[Earlier in this conversation] Summary of older turns:\n${options.conversationSummary}`);
  }
  return parts.join('\n\n');
}
