import 'server-only';
import type { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { getUserSettings } from '../settings/user-settings';
import type { BulkJobLauncher } from './launcher';
import { config } from '../config';
import { AppError } from '../errors';
import { existingKeys, stageImport, type ImportReport } from './import-memories';
import type { importOutput, StagedImportItem } from '../memory/manage/schemas';
import { importReasonFor } from '../memory/manage/assistant-import/assistants';
import { countsOf, planPastedImport, type PlannedItem } from '../memory/manage/assistant-import/plan-pasted-import';
import { readPastedMemories } from '../memory/manage/assistant-import/read-pasted-memories';
import type { PreviewAssistantImportOutput, previewAssistantImportInput, saveAssistantImportInput } from '../memory/manage/assistant-import/schemas';

type ImportOutput = z.output<typeof importOutput>;

/** The paste read in the user's time zone ("next Friday" is theirs), against what they remember. */
async function planFor(db: UserDb, text: string): Promise<PlannedItem[]> {
  const { timeZone } = await getUserSettings(db);
  const items = await readPastedMemories(text, { timeZone, now: new Date() });
  return planPastedImport(items, await existingKeys(db));
}

/** What each item of the paste would become; nothing is written. */
export async function previewAssistantImport(db: UserDb, input: z.output<typeof previewAssistantImportInput>): Promise<PreviewAssistantImportOutput> {
  const planned = await planFor(db, input.text);
  return {
    assistant: input.assistant,
    items: planned.map(({ item, status, reason }) => ({
      index: item.index,
      line: item.line,
      summary: item.memory.summary,
      quote: item.quote,
      type: item.memory.type,
      kind: item.memory.kind,
      sensitive: item.memory.sensitive,
      status,
      reason,
    })),
    counts: countsOf(planned),
  };
}

function staged({ item, status, reason }: PlannedItem, source: string, now: Date): StagedImportItem {
  const m = item.memory;
  return {
    id: crypto.randomUUID(),
    type: m.type,
    kind: m.kind,
    summary: m.summary,
    entities: m.entities,
    importance: m.importance,
    confidence: m.confidence,
    origin: m.origin,
    validity: m.validity,
    validUntil: m.valid_until,
    sensitive: m.sensitive,
    status: status === 'review' ? 'candidate' : 'active',
    pinned: false,
    occurredAt: m.occurred_at,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    sources: [{ quote: item.quote, conversationId: null, messageId: null }],
    versions: [],
    // The review inbox says where it came from and why it waits; a saved one says where it came from.
    statusReason: status === 'review' ? `${source}. Needs your review: ${reason ?? 'not sure about it'}` : null,
  };
}

/**
 * Saves the paste's items except `skip`, through the import job (server/bulk/run-import.ts):
 * the text is read again here, so only what the server's own rules and validation made of it is
 * stored. Secrets and duplicates are never written; the report says what happened to each.
 */
export async function startAssistantImport(db: UserDb, input: z.output<typeof saveAssistantImportInput>, launcher: BulkJobLauncher): Promise<ImportOutput> {
  const planned = await planFor(db, input.text);
  const outside = input.skip.find((index) => index >= planned.length);
  if (outside !== undefined) {
    const message = `There is no item ${outside} in this text (it has ${planned.length}); preview it again.`;
    throw new AppError('bad_request:memory', `skip: ${message}`, { fields: { skip: message } });
  }
  const skip = new Set(input.skip);
  const kept = planned.filter((p) => (p.status === 'saved' || p.status === 'review') && !skip.has(p.item.index));
  if (kept.length === 0) throw new AppError('bad_request:memory', 'Nothing to save: every item is skipped, already in your memory or refused.', { fields: { skip: 'Keep at least one item.' } });
  const left = planned.filter((p) => !kept.includes(p));
  const source = importReasonFor(input.assistant);
  const counts = countsOf(planned);
  const report: ImportReport = {
    skipped: left.length,
    skippedItems: left.slice(0, config.bulk.import.maxListedSkips).map((p) => ({
      index: p.item.index,
      summary: p.item.memory.summary,
      reason: p.status === 'not_saved' || p.status === 'duplicate' ? (p.reason ?? p.status) : 'skipped by you',
    })),
    from: input.assistant,
    reason: source,
    review: kept.filter((p) => p.status === 'review').length,
    notSaved: counts.not_saved,
    duplicates: counts.duplicate,
  };
  const now = new Date();
  return stageImport(db, kept.map((p) => staged(p, source, now)), report, launcher);
}
