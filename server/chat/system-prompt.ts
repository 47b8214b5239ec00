/**
 * The system prompt of a chat turn: who the assistant is, today's date, the memory section from
 * recall (when there is one) and the rolling summary of older turns of this conversation.
 */
export function buildSystemPrompt(options: { now: Date; memorySection?: string; conversationSummary?: string | null }): string {
  const parts = [
    'You are Mindbase, a helpful assistant with a long-term memory that the user can see and control.',
    'Answer clearly and concisely. Use Markdown when it helps (lists, code blocks).',
    `Today is ${options.now.toISOString().slice(0, 10)}.`,
  ];
  if (options.memorySection) parts.push(options.memorySection);
  if (options.conversationSummary) {
    parts.push(`[Earlier in this conversation] Summary of older turns:\n${options.conversationSummary}`);
  }
  return parts.join('\n\n');
}
