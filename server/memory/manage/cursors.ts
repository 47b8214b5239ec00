/**
 * The paging cursors of the memory list and the activity log: what each encodes, decoded and
 * checked field by field in the input schema (server/input/bounds.ts), so a crafted cursor is a
 * 400 on `cursor` and the keyset query only ever casts text Postgres itself wrote.
 */
import { encodeCursor, isPgTimestampText, isUuid, pagingCursor } from '../../input/bounds';

export const MEMORY_SORTS = ['last_used', 'created', 'importance'] as const;
export type MemorySort = (typeof MEMORY_SORTS)[number];

/**
 * The last row's sort key as Postgres text (`created_at::text`, or `importance|created_at::text`
 * when sorted by importance) and its id; the sort travels too, so a cursor is never read under
 * another order.
 */
export type MemoryCursor = { sort: MemorySort; id: string } & (
  | { sort: 'created' | 'last_used'; at: string }
  | { sort: 'importance'; importance: number; at: string }
);

const isSort = (text: string | undefined): text is MemorySort => (MEMORY_SORTS as readonly string[]).includes(text ?? '');

export const memoryCursor = pagingCursor('\n', ([sort, key, id, ...rest]): MemoryCursor | null => {
  if (rest.length > 0 || !isSort(sort) || !isUuid(id) || key === undefined) return null;
  if (sort !== 'importance') return isPgTimestampText(key) ? { sort, at: key, id } : null;
  const [importance, at, ...more] = key.split('|');
  if (more.length > 0 || !/^[1-5]$/.test(importance ?? '') || !isPgTimestampText(at)) return null;
  return { sort, importance: Number(importance), at, id };
});

export const encodeMemoryCursor = (sort: MemorySort, key: string, id: string) => encodeCursor('\n', [sort, key, id]);

/** The activity log: the last entry's `created_at::text` and id. */
export const activityCursor = pagingCursor('\n', ([at, id, ...rest]) => (rest.length === 0 && isPgTimestampText(at) && isUuid(id) ? { at, id } : null));

export const encodeActivityCursor = (at: string, id: string) => encodeCursor('\n', [at, id]);
