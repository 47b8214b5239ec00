/**
 * The strict schema every extractor fills (SPEC §4.2), the LLM one through structured output
 * and the rule-based one directly. Optional fields are nullable rather than absent because
 * strict structured-output modes require every key.
 */
import { z } from 'zod';
import { config } from '../config';
import { MEMORY_CONFIDENCE, MEMORY_ORIGINS, MEMORY_TYPES, MEMORY_VALIDITY } from '../../db/schema/memory';

export const MEMORY_KINDS = [
  'fact',
  'preference',
  'constraint',
  'event',
  'plan',
  'relationship',
  'rule',
  'goal',
  'skill',
  'other',
] as const;

const wordCount = (text: string) => (text.match(/[\p{Script=Han}]|[^\s\p{Script=Han}]+/gu) ?? []).length;

const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

export const extractedMemorySchema = z.object({
  type: z.enum(MEMORY_TYPES),
  kind: z.enum(MEMORY_KINDS),
  summary: z
    .string()
    .trim()
    .min(1)
    .max(400)
    .refine((s) => wordCount(s) <= config.memory.summaryMaxWords, `summary must be at most ${config.memory.summaryMaxWords} words`),
  entities: z.array(z.string().trim().min(1).max(80)).max(12),
  importance: z.number().int().min(1).max(5),
  confidence: z.enum(MEMORY_CONFIDENCE),
  origin: z.enum(MEMORY_ORIGINS),
  validity: z.enum(MEMORY_VALIDITY),
  valid_until: isoDateTime.nullable(),
  occurred_at: isoDateTime.nullable(),
  sensitive: z.boolean(),
  /** An exact span of a user message in the source window (checked by validation). */
  quote: z.string().min(1).max(500),
  /** The user revoked or corrected an earlier statement ("I don't drink coffee any more"). */
  negative_update: z.boolean(),
  /** What earlier memory this may replace or contradict, in a few words ("coffee"), or null. */
  conflict_hint: z.string().max(200).nullable(),
});

export const extractionResultSchema = z.object({ memories: z.array(extractedMemorySchema).max(20) });

export type ExtractedMemory = z.infer<typeof extractedMemorySchema>;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** One message of the window an extractor reads; only user messages may be quoted. */
export interface SourceMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
}

export interface ExtractionWindow {
  /** Earlier messages give context; `newMessageIds` are the ones to extract from. */
  messages: SourceMessage[];
  newMessageIds: string[];
  /** The user's IANA time zone: relative times resolve against each message's own timestamp there. */
  timeZone: string;
  /** Entities the user's memory already knows (lower-cased), for the "first-seen entity" signal. */
  knownEntities: string[];
  /**
   * New messages whose explicit "remember …" the fast channel already stored: only the rest of
   * them is extracted (validation drops items quoting the request itself).
   */
  commandHandled?: string[];
}

/** An extracted item tied to the message it came from. */
export interface SourcedMemory extends ExtractedMemory {
  sourceMessageId: string;
}

/** An extracted item that passed validation, with the status it enters with (SPEC §4.3). */
export interface ValidatedMemory extends SourcedMemory {
  status: 'active' | 'candidate';
  statusReason: string | null;
}
