/**
 * Validation before anything is stored (SPEC §4.3), for the LLM's output and the rules' alike:
 * (a) schema — malformed items are dropped and counted, never thrown; (b) grounding — the quote
 * must be in a user message of the window; (c) source — not inside pasted/quoted content;
 * (d) secrets — dropped when they are the point, otherwise masked; (e) status — candidate for
 * sensitive changes, inferred or low-confidence items.
 */
import { parseExplicitCommand } from '../explicit-command';
import { extractedMemorySchema, type ExtractedMemory, type ExtractionWindow, type SourceMessage, type ValidatedMemory } from '../extraction-schema';
import { looksLikePromptInjection } from '../rules/filters';
import { sensitiveCategories } from '../rules/sensitivity';
import { findExternalSpans, overlapsExternal } from './external-content';
import { groundQuote } from './grounding';
import { findSecrets, findSecretsWith, maskSpans, mentionsCredential, REDACTED } from './secrets';
import { decideStatus } from './status';
import { summaryProblem } from './summary-grounding';
import { countHealth } from '../../model-calls/health';

export type DropReason = 'invalid_schema' | 'ungrounded' | 'ungrounded_summary' | 'not_user_authored' | 'external_content' | 'secret' | 'empty' | 'handled_by_fast_channel';

export interface DroppedItem {
  item: unknown;
  reason: DropReason;
  detail: string;
}

export interface ValidationResult {
  accepted: ValidatedMemory[];
  dropped: DroppedItem[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function blank(value: unknown): boolean {
  return typeof value === 'string' && value.replace(/[\s\p{P}]/gu, '') === '';
}

/** Is the quote part of an explicit "remember …" in its message (the user's own confirmation)? */
function isExplicit(message: SourceMessage, occurrences: ReadonlyArray<{ start: number; end: number }>): boolean {
  const command = parseExplicitCommand(message.content);
  if (command?.kind !== 'remember') return false;
  return occurrences.some((o) => o.start >= command.span.start - 1 && o.end <= command.span.end + 1);
}

const SAME_AS_BEFORE = /\b(?:is|are|['’]s)\s+(?:also\s+|just\s+)?(?:the\s+)?same\b|\bsame\s+(?:one|thing|code|number)\b|一样|相同/i;

type SecretOutcome = { drop: true; detail: string } | { drop: false; item: ExtractedMemory };

function handleSecrets(item: ExtractedMemory, known: readonly string[]): SecretOutcome {
  const find = (text: string) => findSecretsWith(text, known);
  const mask = (text: string) => maskSpans(text, find(text));
  const fields = [item.summary, item.quote, item.conflict_hint ?? '', ...item.entities];
  const secrets = fields.flatMap((field) => find(field));
  if (secrets.length === 0) return { drop: false, item };
  const kinds = [...new Set(secrets.map((s) => s.kind))].join(', ');
  const values = fields.flatMap((field) => find(field).map((secret) => field.slice(secret.start, secret.end)));
  const maskedSummary = mask(item.summary);
  const remainder = maskedSummary.replaceAll(REDACTED, ' ').replace(/[\s\p{P}]+/gu, ' ').trim().split(' ').filter((word) => word.length > 2);
  // "Password is hunter2" is about the secret; "Uses card [redacted] for travel" still says something.
  if (mentionsCredential(item.summary) || remainder.length < 2) return { drop: true, detail: `the item is about a secret (${kinds})` };
  return {
    drop: false,
    item: {
      ...item,
      summary: maskedSummary,
      quote: mask(item.quote),
      conflict_hint: item.conflict_hint === null ? null : mask(item.conflict_hint),
      // "7391" alone is no secret, but it is the one just masked.
      entities: item.entities.filter((entity) => find(entity).length === 0 && !values.some((value) => value.includes(entity.trim()))),
    },
  };
}

/** The parts of the message's secret values that lie inside the item's quote (≥ 3 characters). */
function secretPartsIn(content: string, occurrences: ReadonlyArray<{ start: number; end: number }>): string[] {
  const parts: string[] = [];
  for (const secret of findSecrets(content)) {
    for (const o of occurrences) {
      const part = content.slice(Math.max(secret.start, o.start), Math.min(secret.end, o.end)).trim();
      if (part.length >= 3) parts.push(part);
    }
  }
  return parts;
}

function issueText(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(item)'}: ${issue.message}`)
    .join('; ');
}

function validateOne(raw: unknown, window: ExtractionWindow, knownSecrets: readonly string[]): { ok: true; item: ValidatedMemory } | { ok: false; drop: DroppedItem } {
  const drop = (reason: DropReason, detail: string) => ({ ok: false as const, drop: { item: raw, reason, detail } });
  if (!isRecord(raw)) return drop('invalid_schema', 'the item is not an object');
  if (blank(raw.summary) || blank(raw.quote)) return drop('empty', 'the summary or quote is empty');

  const parsed = extractedMemorySchema.safeParse(raw);
  if (!parsed.success) return drop('invalid_schema', issueText(parsed.error));
  const item = parsed.data;

  const grounding = groundQuote(item.quote, typeof raw.sourceMessageId === 'string' ? raw.sourceMessageId : undefined, window);
  if (!grounding.ok) return drop(grounding.reason, grounding.detail);
  const { message, occurrences } = grounding;

  // The fast channel already stored this message's "remember …": only the rest of it is new.
  if (window.commandHandled?.includes(message.id) && isExplicit(message, occurrences)) {
    return drop('handled_by_fast_channel', 'the fast channel already stored this request');
  }

  const external = findExternalSpans(message.content);
  const own = occurrences.filter((o) => !overlapsExternal(external, o.start, o.end));
  if (own.length === 0) return drop('external_content', 'the quote lies inside pasted, quoted or forwarded text');

  // A secret is found in the whole message, then looked for in the item: "the wifi pw is
  // Tangerine!Otter88" split at its "!" leaves halves that no pattern recognises on their own.
  const secrets = handleSecrets(item, [...knownSecrets, ...secretPartsIn(message.content, own)]);
  if (secrets.drop) return drop('secret', secrets.detail);
  // "my wave pin is 4471 and my orange money is the same": said beside a secret, "the same" is it.
  if (SAME_AS_BEFORE.test(item.summary) && findSecretsWith(message.content, knownSecrets).length > 0) return drop('secret', 'the item repeats a secret said beside it');
  const clean = secrets.item;
  const earlier = clean.negative_update ? window.messages.filter((m) => m.role === 'user' && m.createdAt < message.createdAt).map((m) => m.content).join('\n') : '';
  const summaryIssue = summaryProblem(clean.summary, clean.quote, message.content, earlier);
  if (summaryIssue) {
    countHealth('summary_ungrounded');
    return drop('ungrounded_summary', summaryIssue);
  }

  const categories = sensitiveCategories(`${clean.summary} ${clean.quote}`);
  const sensitive = clean.sensitive || categories.length > 0;
  const injection = looksLikePromptInjection(message.content);
  const status = decideStatus({ item: { ...clean, sensitive }, categories, explicit: isExplicit(message, own), injection, message: message.content });
  return { ok: true, item: { ...clean, sensitive, sourceMessageId: message.id, ...status } };
}

/**
 * Validates extracted items against their window; never throws on malformed input.
 * `knownSecrets`: provider tokens found in the window's messages beforehand (windowSecrets).
 */
export function validateExtracted(items: readonly unknown[], window: ExtractionWindow, knownSecrets: readonly string[] = []): ValidationResult {
  const accepted: ValidatedMemory[] = [];
  const dropped: DroppedItem[] = [];
  for (const raw of Array.isArray(items) ? items : []) {
    const result = validateOne(raw, window, knownSecrets);
    if (result.ok) accepted.push(result.item);
    else dropped.push(result.drop);
  }
  return { accepted, dropped };
}
