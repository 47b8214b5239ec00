/**
 * The memory repository: the one writer of `memories`, `memory_versions` and the audit entries
 * about memory changes (issue 16, item 3). Every change to what a memory says, its status or its
 * links goes through create/update/changeStatuses here and leaves a version and an audit entry;
 * the few writes that are not changes to a memory (usage counters, re-tokenising, deletes) are
 * named operations that say why they leave none. Each takes the caller's transaction from
 * `withUser` (a UserDb's `run`), so row-level security limits it to that user's rows, and a
 * multi-row change stays in one transaction. tests/unit/memory/memory-writes.test.ts fails on a
 * write to these tables anywhere else in server/.
 */
export { createMemories, createMemory, type NewMemory, type NewMemoryWithSources, type SourceLink } from './create-memories';
export { updateMemory, type MemoryPatch } from './update-memory';
export { changeStatuses, type AppliedChanges, type StatusChange } from './change-statuses';
export { rewriteWithoutHistory } from './rewrite-without-history';
export { deleteMemory, eraseMemories, unwriteImported, type DeletedMemory } from './delete-memories';
export { countNotRelevant, recordAccess } from './counters';
export { reindexSearchColumns } from './reindex-search-columns';
