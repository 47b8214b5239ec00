/**
 * Inputs and outputs of the memory settings API (SPEC §7). Every text has a length limit and
 * every message says what to change, because these reach people through forms.
 */
import { z } from 'zod';
import { BULK_JOB_STATUSES } from '../../../db/schema/bulk';
import { MEMORY_CONFIDENCE, MEMORY_ORIGINS, MEMORY_STATUSES, MEMORY_TYPES, MEMORY_VALIDITY } from '../../../db/schema/memory';
import { config } from '../../config';
import { boundedDate, boundedIsoDate, DATE_RANGE_MESSAGE, inDateRange, int4 } from '../../input/bounds';
import { ASSISTANTS } from './assistant-import/assistants';
import { activityCursor, MEMORY_SORTS, memoryCursor } from './cursors';

/** The database check allows 1–1000 characters; saying so here gives a readable error first. */
export const SUMMARY_MAX_CHARS = 1000;
export const KIND_MAX_CHARS = 60;
export const QUOTE_MAX_CHARS = 4000;
export const PAGE_SIZE_MAX = 100;
/**
 * An import file is read whole into the request and validated there before a background job
 * writes it in short transactions (server/bulk/run-import.ts); the cap bounds that request.
 */
export const IMPORT_MAX_CHARS = config.bulk.import.maxFileChars;
export const IMPORT_MAX_MEMORIES = config.bulk.import.maxMemories;
const IMPORT_MAX_MB = Math.round(IMPORT_MAX_CHARS / 1024 / 1024);
export const DELETE_ALL_CONFIRMATION = 'DELETE ALL';
export const DEFAULT_LIST_STATUSES = ['active', 'candidate', 'conflicted', 'archived'] as const;

export const memoryId = z.uuid({ error: 'Memory ids are UUIDs.' });
export const memoryRef = z.object({ id: memoryId }).strict();
const importance = z
  .number({ error: 'Importance is a whole number from 1 to 5.' })
  .int('Importance is a whole number from 1 to 5.')
  .min(1, 'Importance is a whole number from 1 to 5.')
  .max(5, 'Importance is a whole number from 1 to 5.');
const summary = z
  .string()
  .trim()
  .min(1, 'A memory needs some text.')
  .max(SUMMARY_MAX_CHARS, `A memory is at most ${SUMMARY_MAX_CHARS} characters.`);
const kind = z
  .string()
  .trim()
  .min(1, 'A kind cannot be empty.')
  .max(KIND_MAX_CHARS, `A kind is at most ${KIND_MAX_CHARS} characters.`)
  .regex(/^[a-z0-9_]+$/, 'A kind is lowercase letters, digits and underscores (e.g. "preference").');

export const listMemoriesInput = z
  .object({
    type: z.enum(MEMORY_TYPES).optional(),
    status: z.array(z.enum(MEMORY_STATUSES)).min(1).max(MEMORY_STATUSES.length).default([...DEFAULT_LIST_STATUSES]),
    importanceMin: importance.optional(),
    from: boundedDate().optional(),
    to: boundedDate().optional(),
    sensitive: z.boolean().optional(),
    search: z.string().trim().max(200, 'Search text is at most 200 characters.').optional(),
    sort: z.enum(MEMORY_SORTS).default('created'),
    cursor: memoryCursor.nullish(),
    limit: z.number().int().min(1).max(PAGE_SIZE_MAX, `At most ${PAGE_SIZE_MAX} memories per page.`).default(50),
  })
  .strict()
  .refine((input) => !input.cursor || input.cursor.sort === input.sort, {
    message: 'That page cursor belongs to another order; reload the list.',
    path: ['cursor'],
  });

export const memoryItem = z.object({
  id: z.string(),
  type: z.enum(MEMORY_TYPES),
  kind: z.string(),
  summary: z.string(),
  entities: z.array(z.string()),
  importance: z.number(),
  confidence: z.enum(MEMORY_CONFIDENCE),
  origin: z.enum(MEMORY_ORIGINS),
  validity: z.enum(MEMORY_VALIDITY),
  validUntil: z.date().nullable(),
  sensitive: z.boolean(),
  status: z.enum(MEMORY_STATUSES),
  statusReason: z.string().nullable(),
  pinned: z.boolean(),
  version: z.number(),
  quote: z.string(),
  sourceConversationId: z.string().nullable(),
  sourceMessageId: z.string().nullable(),
  occurredAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  lastAccessedAt: z.date().nullable(),
  accessCount: z.number(),
});
export type MemoryItem = z.infer<typeof memoryItem>;

export const memoryPage = z.object({ items: z.array(memoryItem), nextCursor: z.string().nullable() });

export const memorySource = z.object({
  quote: z.string(),
  conversationId: z.string().nullable(),
  messageId: z.string().nullable(),
  /** False when the raw log was purged or the conversation deleted: the UI says so instead of linking. */
  messageExists: z.boolean(),
  createdAt: z.date(),
});
export const memoryDetail = memoryItem.extend({ sources: z.array(memorySource) });

export const editMemoryInput = z
  .object({
    id: memoryId,
    version: int4('version is the memory version you edited (a whole number from 1).'),
    summary: summary.optional(),
    type: z.enum(MEMORY_TYPES).optional(),
    kind: kind.optional(),
    importance: importance.optional(),
    validUntil: boundedDate().nullable().optional(),
  })
  .strict();

export const resolveConflictInput = z
  .object({ keepId: memoryId, dropId: memoryId })
  .strict()
  .refine((v) => v.keepId !== v.dropId, { message: 'Choose two different memories.', path: ['dropId'] });

export const deleteAllInput = z
  .object({
    confirm: z.literal(DELETE_ALL_CONFIRMATION, { error: `Type ${DELETE_ALL_CONFIRMATION} exactly to delete every memory.` }),
  })
  .strict();

export const deleteReceipt = z.object({
  id: z.string(),
  versions: z.number(),
  sources: z.number(),
  vectors: z.number(),
  /** Recall-ledger rows: one per assistant answer that considered this memory. */
  ledgerEntries: z.number(),
  /** Answers into whose prompt this memory was injected. */
  answersCiting: z.number(),
  /** Memories that replaced or were folded from this one; they lose the link, not their text. */
  linkedMemories: z.array(z.object({ id: z.string(), summary: z.string(), status: z.enum(MEMORY_STATUSES) })),
  /** The consolidated summary it was merged into: rebuilt without it (or removed, if it was one of two). */
  mergedInto: z.object({ id: z.string(), summary: z.string(), sourcesLeft: z.number() }).nullable(),
});

export const deleteAllReceipt = z.object({ memories: z.number(), versions: z.number(), vectors: z.number(), sources: z.number(), ledgerEntries: z.number() });

/** A bulk job as the settings page follows it: progress while it runs, the outcome after. */
const bulkJobProgress = z.object({
  jobId: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  /** staging / writing / undoing (import); sweeping / erasing-disk (delete all); done; failed. */
  phase: z.string(),
  total: z.number(),
  done: z.number(),
  /** Why it failed, in words a person can act on; null otherwise. */
  error: z.string().nullable(),
  startedAt: z.date(),
  finishedAt: z.date().nullable(),
});

/**
 * "Delete all": the memories are hidden the moment it returns (they can no longer be read,
 * recalled or exported); the job then removes them in chunks. The counts are what has been
 * removed so far (`memories` is the whole number from the start); final once status is done.
 */
export const deleteAllOutput = deleteAllReceipt.extend(bulkJobProgress.shape);

export const historyEntry = z.object({
  version: z.number(),
  actor: z.string(),
  reason: z.string(),
  oldSummary: z.string().nullable(),
  newSummary: z.string(),
  oldStatus: z.string().nullable(),
  newStatus: z.string(),
  createdAt: z.date(),
});

export const revertInput = z
  .object({
    id: memoryId,
    toVersion: int4('toVersion is a version from the history (a whole number from 1).'),
    version: int4('version is the memory version you see (a whole number from 1).').optional(),
  })
  .strict();

export const overviewOutput = z.object({
  total: z.number(),
  byType: z.record(z.string(), z.number()),
  byStatus: z.record(z.string(), z.number()),
  weeks: z.array(z.object({ weekStart: z.date(), created: z.number(), used: z.number() })),
});

export const activityInput = z
  .object({
    cursor: activityCursor.nullish(),
    limit: z.number().int().min(1).max(PAGE_SIZE_MAX, `At most ${PAGE_SIZE_MAX} entries per page.`).default(50),
  })
  .strict();

export const activityEntry = z.object({
  id: z.string(),
  actor: z.string(),
  /** For `app:<token id>` actors: the connected app's name (issue 17), shown as "by <name>". */
  appName: z.string().nullable(),
  action: z.string(),
  memoryId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.date(),
});
export const activityPage = z.object({ items: z.array(activityEntry), nextCursor: z.string().nullable() });

export const exportInput = z.object({ format: z.enum(['json', 'markdown']) }).strict();
export const exportOutput = z.object({ filename: z.string(), contentType: z.string(), body: z.string(), count: z.number() });

export const importInput = z
  .object({ json: z.string().min(1, 'The file is empty.').max(IMPORT_MAX_CHARS, `An import file is at most ${IMPORT_MAX_MB} MB.`) })
  .strict();
export const skippedImportItem = z.object({ index: z.number(), summary: z.string(), reason: z.string() });
/**
 * An import job: `total` memories to add (the file minus the skipped ones), `done` written so
 * far; `added` is final once status is done (0 if it failed: a failed import is undone whole).
 */
export const importOutput = bulkJobProgress.extend({
  added: z.number(),
  skipped: z.number(),
  /** Why each skipped memory was skipped, e.g. "already exists". At most 100 listed. */
  skippedItems: z.array(skippedImportItem),
  /** Issue 15: the assistant a pasted list came from (null for a Mindbase file)… */
  from: z.enum(ASSISTANTS).nullable(),
  /** …how many of `added` wait in the review inbox, how many were refused (secrets) and how many were duplicates. */
  review: z.number(),
  notSaved: z.number(),
  duplicates: z.number(),
});

/**
 * The export file (format `mindbase.memories`, version 1). Documented here because the import
 * reads exactly this: dates are ISO-8601 strings, vectors are never included (they are derived
 * and re-computed on import), versions are informational history and are not re-imported.
 */
const isoDate = boundedIsoDate('must be an ISO-8601 date-time');
export const exportedSource = z.object({
  quote: z.string().max(QUOTE_MAX_CHARS),
  conversationId: z.string().nullable(),
  messageId: z.string().nullable(),
});
export const exportedVersion = z.object({
  version: int4('must be a whole number from 1'),
  actor: z.string().max(100),
  reason: z.string().max(QUOTE_MAX_CHARS * 2),
  oldSummary: z.string().nullable(),
  newSummary: z.string(),
  oldStatus: z.string().nullable(),
  newStatus: z.string(),
  createdAt: isoDate,
});
export const exportedMemory = z.object({
  id: z.string().max(100),
  type: z.enum(MEMORY_TYPES),
  kind: z.string().trim().min(1).max(KIND_MAX_CHARS),
  summary,
  entities: z.array(z.string().max(200)).max(50),
  importance,
  confidence: z.enum(MEMORY_CONFIDENCE),
  origin: z.enum(MEMORY_ORIGINS),
  validity: z.enum(MEMORY_VALIDITY),
  validUntil: isoDate.nullable(),
  sensitive: z.boolean(),
  status: z.enum(MEMORY_STATUSES),
  pinned: z.boolean(),
  occurredAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  sources: z.array(exportedSource).max(1000),
  versions: z.array(exportedVersion).max(10_000),
});
export const exportFile = z.object({
  format: z.literal('mindbase.memories', { error: 'This is not a Mindbase memory export (format must be "mindbase.memories").' }),
  version: z.literal(1, { error: 'Only version 1 of the export format can be imported.' }),
  exportedAt: isoDate,
  memories: z.array(exportedMemory).max(IMPORT_MAX_MEMORIES, `An import holds at most ${IMPORT_MAX_MEMORIES} memories.`),
});
export type ExportFile = z.infer<typeof exportFile>;
export type ExportedMemory = z.infer<typeof exportedMemory>;
/**
 * An item an import stages for its job (import_items.item): an exported memory, plus why it
 * waits for review when the import itself decided that (issue 15: a risky instruction pasted
 * from another assistant). A Mindbase file never sets it: its items are read as exportedMemory.
 */
export const stagedImportItem = exportedMemory.extend({ statusReason: z.string().max(SUMMARY_MAX_CHARS).nullable().optional() });
export type StagedImportItem = z.infer<typeof stagedImportItem>;

/** Memories waiting for a yes/no (candidates) or a choice (conflicts): the navigation badge. */
export const reviewCountOutput = z.object({ candidate: z.number(), conflicted: z.number(), total: z.number() });

/** "As of" lists at most this many memories; older accounts are told the list was cut. */
export const AS_OF_MAX_ITEMS = 500;
/** A browser clock a little ahead of the server's still means "now", not "the future". */
export const AS_OF_CLOCK_SKEW_MS = 5 * 60_000;

const AS_OF_DATE_MESSAGE = 'Pick a date and time, e.g. 2025-01-31 or 2025-01-31T18:00:00Z.';
/** A Date (from the page) or an ISO-8601 string (from other API clients), never in the future. */
const pastMoment = z
  .union([z.date({ error: AS_OF_DATE_MESSAGE }), z.string({ error: AS_OF_DATE_MESSAGE }).trim().min(1, AS_OF_DATE_MESSAGE).max(64, AS_OF_DATE_MESSAGE)], {
    error: AS_OF_DATE_MESSAGE,
  })
  .transform((value, ctx) => {
    const date = typeof value === 'string' ? new Date(value) : value;
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: `That is not a date. ${AS_OF_DATE_MESSAGE}` });
      return z.NEVER;
    }
    return date;
  })
  .refine(inDateRange, DATE_RANGE_MESSAGE)
  .refine((date) => date.getTime() <= Date.now() + AS_OF_CLOCK_SKEW_MS, {
    message: 'The "as of" date is in the future; pick today or an earlier date.',
  });

export const asOfInput = z.object({ at: pastMoment }).strict();

export const asOfItem = z.object({
  id: z.string(),
  /** The version that was current at that moment. */
  version: z.number(),
  type: z.enum(MEMORY_TYPES),
  kind: z.string(),
  summary: z.string(),
  entities: z.array(z.string()),
  importance: z.number(),
  sensitive: z.boolean(),
  validUntil: z.date().nullable(),
  /** When that version was written. */
  since: z.date(),
  /** Where the memory stands today, so the page can say "changed since" or "no longer used". */
  currentVersion: z.number(),
  currentStatus: z.enum(MEMORY_STATUSES),
  currentSummary: z.string(),
});
export const asOfOutput = z.object({ at: z.date(), items: z.array(asOfItem), truncated: z.boolean() });
