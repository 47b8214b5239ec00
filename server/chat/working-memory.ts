/**
 * Working memory (SPEC §2): the recent messages of one conversation that fit a token budget,
 * plus a rolling summary of the older turns. It lives only in that conversation.
 */
import { countTokens } from '../llm/tokens';

export interface WorkingMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

export interface WorkingMemory {
  summary: string | null;
  messages: WorkingMessage[];
  tokens: number;
  /** Messages older than the window that the summary does not cover yet. */
  unsummarised: WorkingMessage[];
}

// Role tags and separators cost a few tokens per message in every chat format.
const PER_MESSAGE_OVERHEAD = 4;

export function messageTokens(message: WorkingMessage): number {
  return countTokens(message.content) + PER_MESSAGE_OVERHEAD;
}

/**
 * The newest messages that fit `budget` (always at least the latest one), walking backwards;
 * `summaryUpTo` is the id of the last message the stored summary covers.
 */
export function buildWorkingMemory(
  history: WorkingMessage[],
  options: {
    budget: number;
    summary: string | null;
    summaryUpTo: string | null;
    /**
     * The summary is extended only once this many messages have slid out of the window; until
     * then they stay in the prompt (the budget is soft by that much), so nothing is ever out of
     * both the window and the summary. 1 (the default) summarises on every slide.
     */
    summaryBatch?: number;
  },
): WorkingMemory {
  const summaryTokens = options.summary ? countTokens(options.summary) : 0;
  let used = summaryTokens;
  let start = history.length;
  while (start > 0) {
    const cost = messageTokens(history[start - 1]!);
    if (start < history.length && used + cost > options.budget) break;
    used += cost;
    start -= 1;
  }
  // A window must start with a user turn, or the model sees a reply to nothing.
  while (start < history.length - 1 && history[start]?.role === 'assistant') {
    used -= messageTokens(history[start]!);
    start += 1;
  }
  const coveredUntil = options.summaryUpTo ? history.findIndex((m) => m.id === options.summaryUpTo) : -1;
  const unsummarised = history.slice(coveredUntil + 1, start);
  if (unsummarised.length > 0 && unsummarised.length < (options.summaryBatch ?? 1)) {
    used += unsummarised.reduce((sum, m) => sum + messageTokens(m), 0);
    start = coveredUntil + 1;
    while (start < history.length - 1 && history[start]?.role === 'assistant') start += 1;
  }
  return { summary: options.summary, messages: history.slice(start), tokens: used, unsummarised };
}
