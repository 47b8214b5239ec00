/**
 * The memory repository: the one writer of `memories`, `memory_versions` and the audit entries
 * about memory changes (issue 16, item 3). Every change to what a memory says, its status or its
 * links goes through create/update/changeStatuses here and leaves a version and an audit entry.
 * Each takes the caller's transaction from `withUser` (a UserDb's `run`), so row-level security
 * limits it to that user's rows, and a multi-row change stays in one transaction.
 */
export { createMemories, createMemory, type NewMemory, type NewMemoryWithSources, type SourceLink } from './create-memories';
export { updateMemory, type MemoryPatch } from './update-memory';
export { changeStatuses, type AppliedChanges, type StatusChange } from './change-statuses';
export { rewriteWithoutHistory } from './rewrite-without-history';
