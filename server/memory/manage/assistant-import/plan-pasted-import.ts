/**
 * What an import from another assistant would do with each item (issue 15): save it, send it to
 * the review inbox, refuse it (a secret), or leave it out as a duplicate of a memory the user has
 * or of an earlier item of the same paste — by the dedup key the Mindbase import uses.
 */
import { dedupKey } from '../import-file';
import type { PastedMemory } from './read-pasted-memories';

export const PREVIEW_STATUSES = ['saved', 'review', 'not_saved', 'duplicate'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

export interface PlannedItem {
  item: PastedMemory;
  status: PreviewStatus;
  /** In words for the page: why it waits, why it is refused, what it duplicates; null when saved. */
  reason: string | null;
}

export const DUPLICATE_OF_EXISTING = 'already in your memory';
export const DUPLICATE_IN_PASTE = 'repeated in this list';

export function planPastedImport(items: readonly PastedMemory[], existing: ReadonlySet<string>): PlannedItem[] {
  const seen = new Set<string>();
  return items.map((item) => {
    if (item.status === 'refused') return { item, status: 'not_saved', reason: item.reason };
    const key = dedupKey(item.memory);
    if (existing.has(key)) return { item, status: 'duplicate', reason: DUPLICATE_OF_EXISTING };
    if (seen.has(key)) return { item, status: 'duplicate', reason: DUPLICATE_IN_PASTE };
    seen.add(key);
    return item.status === 'candidate' ? { item, status: 'review', reason: item.reason } : { item, status: 'saved', reason: null };
  });
}

export function countsOf(planned: readonly PlannedItem[]): Record<PreviewStatus, number> {
  const counts: Record<PreviewStatus, number> = { saved: 0, review: 0, not_saved: 0, duplicate: 0 };
  for (const p of planned) counts[p.status] += 1;
  return counts;
}
