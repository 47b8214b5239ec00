/**
 * The API of "Import from another assistant" (issue 15): a preview of what a pasted list would
 * become, and the save. The save sends the same text again, never the preview's items: the
 * server reads the text itself, so what is stored is what its own rules and validation made.
 */
import { z } from 'zod';
import { MEMORY_TYPES } from '../../../../db/schema/memory';
import { config } from '../../../config';
import { ASSISTANTS } from './assistants';
import { PREVIEW_STATUSES } from './plan-pasted-import';

const { maxChars, maxItems } = config.bulk.assistantImport;

export const pastedText = z
  .string({ error: 'Paste the list your assistant printed.' })
  .max(maxChars, `The pasted text is at most ${maxChars.toLocaleString('en-US')} characters; import a longer list in parts.`)
  .refine((text) => text.trim() !== '', 'Paste the list your assistant printed; the text is empty.');
export const assistantChoice = z.enum(ASSISTANTS, { error: `Choose the assistant: ${ASSISTANTS.join(', ')}.` });

export const previewAssistantImportInput = z.object({ text: pastedText, assistant: assistantChoice }).strict();

export const saveAssistantImportInput = z
  .object({
    text: pastedText,
    assistant: assistantChoice,
    /** Indexes (from the preview) of the items not to save. */
    skip: z
      .array(z.number({ error: 'skip lists item numbers from the preview.' }).int('skip lists item numbers from the preview.').min(0, 'skip lists item numbers from the preview.'))
      .max(maxItems, `skip lists at most ${maxItems} items.`)
      .default([]),
  })
  .strict();

export const previewItem = z.object({
  index: z.number(),
  line: z.number(),
  summary: z.string(),
  /** The words it was read from, as the assistant wrote them. */
  quote: z.string(),
  /** The page says these in plain words (app/_lib/memory-words.ts). */
  type: z.enum(MEMORY_TYPES),
  kind: z.string(),
  sensitive: z.boolean(),
  status: z.enum(PREVIEW_STATUSES),
  reason: z.string().nullable(),
});

export const previewAssistantImportOutput = z.object({
  assistant: assistantChoice,
  items: z.array(previewItem),
  counts: z.object({ saved: z.number(), review: z.number(), not_saved: z.number(), duplicate: z.number() }),
});
export type PreviewAssistantImportOutput = z.infer<typeof previewAssistantImportOutput>;
