import type { MemoryRow } from '../memory-types';
import { SEARCH_TEXT_VERSION, searchTextOf } from '../search-text';
import { slotColumn } from '../slots';

/**
 * The columns that follow a memory's type, kind, summary and entities: its search words (the
 * memory_terms trigger rebuilds the postings from them), its slot and the tokeniser version.
 */
export function searchColumns(memory: Pick<MemoryRow, 'type' | 'kind' | 'summary' | 'entities'>) {
  return { searchText: searchTextOf(memory), slot: slotColumn(memory), searchVersion: SEARCH_TEXT_VERSION };
}
