import type { RouterOutputs } from '@/server/api/root';

export type ConversationSummary = RouterOutputs['conversations']['list']['items'][number];

export interface ConversationGroup {
  label: string;
  items: ConversationSummary[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Buckets a newest-first list by last activity, in the reader's local calendar days. Keeps the
 * order, so paging in more items only ever extends the last group or adds older ones.
 */
export function groupByRecency(items: readonly ConversationSummary[], now: Date): ConversationGroup[] {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const bounds: [string, number][] = [
    ['Today', startOfToday],
    ['Yesterday', startOfToday - DAY_MS],
    ['Previous 7 days', startOfToday - 7 * DAY_MS],
    ['Previous 30 days', startOfToday - 30 * DAY_MS],
    ['Older', Number.NEGATIVE_INFINITY],
  ];
  const groups: ConversationGroup[] = [];
  for (const item of items) {
    const time = item.updatedAt.getTime();
    const label = bounds.find(([, from]) => time >= from)?.[0] ?? 'Older';
    const current = groups.at(-1);
    if (current?.label === label) current.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

export const conversationTitle = (conversation: Pick<ConversationSummary, 'title'>) => conversation.title ?? 'New conversation';
