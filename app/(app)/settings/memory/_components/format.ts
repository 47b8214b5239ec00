import type { RouterOutputs } from '@/server/api/root';

export type Memory = RouterOutputs['memories']['list']['items'][number];
export type MemoryType = Memory['type'];
export type MemoryStatus = Memory['status'];

export const MEMORY_TYPES: readonly MemoryType[] = ['semantic', 'episodic', 'procedural', 'working'];
export const LIST_STATUSES: readonly MemoryStatus[] = ['active', 'candidate', 'conflicted', 'archived'];
export const REPLACED_STATUSES: readonly MemoryStatus[] = ['superseded', 'merged'];

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (d: Date) => dateFormat.format(d);
export const formatDateTime = (d: Date) => dateTimeFormat.format(d);

/** `<input type="date">` speaks local YYYY-MM-DD. */
export function toDateInput(d: Date | null): string {
  if (!d) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A "valid until" or "to" date covers that whole local day. */
export function endOfDay(value: string): Date | null {
  return value ? new Date(`${value}T23:59:59.999`) : null;
}
export function startOfDay(value: string): Date | null {
  return value ? new Date(`${value}T00:00:00`) : null;
}

const ACTOR_WORDS: Record<string, string> = {
  extractor: 'Mindbase, from your chat',
  fast_channel: 'Mindbase, as you asked in chat',
  consolidation: 'Mindbase, tidying up',
};

/** Who wrote a version or log entry, in the words the page uses ("you" for the user). */
export function actorLabel(actor: string): string {
  if (actor === 'user') return 'you';
  // Issue 17: where the app's name is not at hand (a memory's history), still no raw token id.
  if (actor.startsWith('app:')) return 'a connected app';
  // Issue 15: who in words, not the pipeline's part names.
  const words = ACTOR_WORDS[actor];
  if (words) return words;
  return actor.replace(/_/g, ' ');
}

/** The summary a conflicted memory's reason names: `Contradicts "…" without a correction`. */
export function rivalSummary(statusReason: string | null): string | null {
  const match = statusReason ? /Contradicts "(.+)"/.exec(statusReason) : null;
  return match?.[1] ?? null;
}

/**
 * An imported memory's status reason says where it came from ("Imported from ChatGPT",
 * "Imported from a Mindbase export"): it never had a conversation, so none was purged.
 */
export function wasImported(statusReason: string | null): boolean {
  return statusReason?.startsWith('Imported from ') ?? false;
}
