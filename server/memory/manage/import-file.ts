/**
 * Reading an import file: parse, validate every item (naming the first bad fields), then decide
 * which items to add. Runs in the request, before anything is written, so a bad file is a 400
 * and nothing else. zod is synchronous, so items are validated a chunk at a time with a yield to
 * the event loop in between: 10,000 items must not hold everyone else's requests.
 */
import { z } from 'zod';
import { config } from '../../config';
import { AppError } from '../../errors';
import { NUL_MESSAGE, nulPath } from '../../input/nul-bytes';
import { providerSecretValues } from '../validate/provider-secrets';
import { findSecretsWith, maskSpans } from '../validate/secrets';
import { exportedMemory, exportFile, type ExportedMemory, type skippedImportItem } from './schemas';

const MAX_LISTED_ISSUES = 5;
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/** Two memories are the same when their type and their text, ignoring case, spacing and end punctuation, are. */
export function dedupKey(memory: { type: string; summary: string }): string {
  const text = memory.summary.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/[.!。！]+$/u, '');
  return `${memory.type}|${text}`;
}

/** The file's envelope; its items are checked one chunk at a time (exportedMemory). */
const envelope = exportFile.extend({ memories: z.array(z.unknown()).max(config.bulk.import.maxMemories, `An import holds at most ${config.bulk.import.maxMemories} memories.`) });

export interface ImportFile {
  exportedAt: string;
  memories: ExportedMemory[];
}

const refuse = (detail: string) => new AppError('bad_request:memory', `The file cannot be imported; nothing was changed. ${detail}`);

/**
 * "\u0000" in the file's JSON becomes a NUL that Postgres text refuses: named first, whatever
 * else is wrong (the items a chunk at a time, like their validation).
 */
async function refuseNul(raw: unknown): Promise<void> {
  if (raw === null || typeof raw !== 'object') return;
  const { memories: items, ...rest } = raw as { memories?: unknown };
  const found = nulPath(rest);
  if (found) throw refuse(`${found} ${NUL_MESSAGE}.`);
  if (!Array.isArray(items)) return;
  for (let start = 0; start < items.length; start += config.bulk.import.validateChunk) {
    if (start > 0) await yieldToEventLoop();
    for (const [offset, item] of items.slice(start, start + config.bulk.import.validateChunk).entries()) {
      const inItem = nulPath(item, ['memories', String(start + offset)]);
      if (inItem) throw refuse(`${inItem} ${NUL_MESSAGE}.`);
    }
  }
}

export async function parseImportFile(json: string): Promise<ImportFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new AppError('bad_request:memory', `The file is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`);
  }
  // Some other JSON (an array, another app's export): say what the file should be, not which fields it lacks.
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || !('memories' in raw || 'format' in raw)) {
    throw refuse('This is not a Mindbase memory export: choose a file made with "Export JSON" on the memory settings page.');
  }
  await refuseNul(raw);
  const head = envelope.safeParse(raw);
  const issues: string[] = [];
  let count = 0;
  const note = (path: PropertyKey[], message: string) => {
    count += 1;
    if (issues.length < MAX_LISTED_ISSUES) issues.push(`${path.length > 0 ? path.map(String).join('.') : 'file'}: ${message}`);
  };
  if (!head.success) {
    for (const issue of head.error.issues) note(issue.path, issue.message);
    throw refuse(`${issues.join('; ')}${count > issues.length ? ` (and ${count - issues.length} more)` : ''}.`);
  }
  const { memories: items, ...rest } = head.data;
  const memories: ExportedMemory[] = [];
  const { validateChunk } = config.bulk.import;
  for (let start = 0; start < items.length; start += validateChunk) {
    if (start > 0) await yieldToEventLoop();
    for (const [offset, item] of items.slice(start, start + validateChunk).entries()) {
      const index = start + offset;
      const parsed = exportedMemory.safeParse(item);
      if (parsed.success) memories.push(parsed.data);
      else for (const issue of parsed.error.issues) note(['memories', index, ...issue.path], issue.message);
    }
  }
  if (count > 0) throw refuse(`${issues.join('; ')}${count > issues.length ? ` (and ${count - issues.length} more)` : ''}.`);
  return { exportedAt: rest.exportedAt, memories };
}

export interface ImportPlan {
  /** What will be added, in file order, with each item's place in the file. */
  picked: { index: number; item: ExportedMemory }[];
  skipped: number;
  /** The first skipped items with the reason (config.bulk.import.maxListedSkips). */
  skippedItems: z.infer<typeof skippedImportItem>[];
}

/**
 * Which items to add: not one with a secret in its summary or a quote (the pipeline's rule; the
 * skipped list does not repeat the secret), not one that exists already or earlier in the file.
 */
export async function planImport(file: ImportFile, existing: Set<string>): Promise<ImportPlan> {
  // The provider detector reads the whole file's text at once (~80 ms for 2 MB; ~1 ms per call).
  const texts = (item: ImportFile['memories'][number]) => [item.summary, ...item.sources.map((source) => source.quote)];
  const known = await providerSecretValues([file.memories.flatMap(texts).join('\n')]);
  const keys = new Set(existing);
  const plan: ImportPlan = { picked: [], skipped: 0, skippedItems: [] };
  const skip = (index: number, summary: string, reason: string) => {
    plan.skipped += 1;
    if (plan.skippedItems.length < config.bulk.import.maxListedSkips) plan.skippedItems.push({ index, summary, reason });
  };
  file.memories.forEach((item, index) => {
    if (texts(item).some((text) => findSecretsWith(text, known).length > 0)) {
      skip(index, maskSpans(item.summary, findSecretsWith(item.summary, known)), 'contains a password, key or card number');
      return;
    }
    const key = dedupKey(item);
    if (keys.has(key)) {
      skip(index, item.summary, existing.has(key) ? 'already exists' : 'repeated in the file');
      return;
    }
    keys.add(key);
    plan.picked.push({ index, item });
  });
  return plan;
}
