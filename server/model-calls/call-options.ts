/**
 * Provider options every model call sends. Options are keyed by provider, and a provider reads
 * only its own key, so one object serves all of them:
 * - `openai.store: false`: OpenAI keeps requests (Responses API) for 30 days unless told not to;
 *   a memory product should not leave its users' text on the provider by default.
 * - `mindbase.task`: which side task a call is (title, summary) for the built-in offline model;
 *   real providers never see it, so no marker travels in the prompt.
 * - `mindbase.turn`: for the offline model's chat reply, what this message will leave in memory
 *   (server/memory/pipeline/preview-turn.ts), which its reply reports. A real model is not told:
 *   the "Saved" notices under the reply say it.
 * - `mindbase.memory` / `mindbase.fastChannel`: the recalled memory section and what the fast
 *   channel just did, as data, so the offline model never parses the prompt it is given (issue
 *   16). A real model reads the same things as plain prompt text.
 */
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import { z } from 'zod';
import type { NoteFacts } from '../memory/fast-channel-note';
import type { RecalledSection } from '../llm/memory-section';

export type OfflineTask = 'title' | 'summary';

export const OFFLINE_PROVIDER_KEY = 'mindbase';

/** What the user's message will leave in memory, in plain summaries (no ids, no scores). */
export interface OfflineTurnNotes {
  noted: string[];
  held: string[];
  secretWithheld: boolean;
}

/** What a chat reply by the offline model is told, as data. */
export interface OfflineChatContext {
  turn?: OfflineTurnNotes;
  memory?: RecalledSection;
  fastChannel?: NoteFacts | null;
}

export function providerOptions(task?: OfflineTask, chat: OfflineChatContext = {}): SharedV4ProviderOptions {
  const offline = {
    ...(task ? { task } : {}),
    ...(chat.turn ? { turn: { ...chat.turn } } : {}),
    // Plain JSON (provider options are JSON values): the structured types go through as such.
    ...(chat.memory ? { memory: JSON.parse(JSON.stringify(chat.memory)) as SharedV4ProviderOptions[string] } : {}),
    ...(chat.fastChannel ? { fastChannel: JSON.parse(JSON.stringify(chat.fastChannel)) as SharedV4ProviderOptions[string] } : {}),
  };
  return { openai: { store: false }, ...(Object.keys(offline).length > 0 ? { [OFFLINE_PROVIDER_KEY]: offline } : {}) };
}

const memoryLine = z.object({ text: z.string(), date: z.string().optional(), kind: z.string().optional(), tags: z.array(z.string()) });
const recalledSection = z.object({ memories: z.array(memoryLine), instructions: z.array(z.string()) });
const noteFacts = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('not_stored'), reason: z.string() }),
  z.object({ kind: z.literal('nothing_to_forget'), target: z.string() }),
  z.object({ kind: z.literal('listed'), items: z.array(z.string()), total: z.number(), awaitingReview: z.number() }),
  z.object({ kind: z.literal('reprioritized'), changes: z.array(z.object({ summary: z.string(), from: z.number(), to: z.number() })) }),
  z.object({ kind: z.literal('nothing_to_change'), target: z.string() }),
  z.object({ kind: z.literal('corrected'), before: z.string(), after: z.string() }),
  z.object({ kind: z.literal('already_known'), summary: z.string() }),
  z.object({ kind: z.literal('held'), reason: z.string() }),
  z.object({ kind: z.literal('other') }),
]);

/** The recalled memory an offline-model chat call carries (none: nothing was recalled). */
export function offlineMemoryOf(options: { providerOptions?: SharedV4ProviderOptions | undefined }): RecalledSection | undefined {
  const parsed = recalledSection.safeParse(options.providerOptions?.[OFFLINE_PROVIDER_KEY]?.memory);
  return parsed.success ? parsed.data : undefined;
}

/** What the fast channel did this turn, if an offline-model chat call carries it. */
export function offlineFastChannelOf(options: { providerOptions?: SharedV4ProviderOptions | undefined }): NoteFacts | undefined {
  const parsed = noteFacts.safeParse(options.providerOptions?.[OFFLINE_PROVIDER_KEY]?.fastChannel);
  return parsed.success ? parsed.data : undefined;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The turn notes an offline-model chat call carries, if any. */
export function offlineTurnOf(options: { providerOptions?: SharedV4ProviderOptions | undefined }): OfflineTurnNotes | undefined {
  const turn = options.providerOptions?.[OFFLINE_PROVIDER_KEY]?.turn;
  if (turn === null || typeof turn !== 'object' || Array.isArray(turn)) return undefined;
  const { noted, held, secretWithheld } = turn as Record<string, unknown>;
  return { noted: strings(noted), held: strings(held), secretWithheld: secretWithheld === true };
}

/** The side task an offline-model call was made for, if any. */
export function offlineTaskOf(options: { providerOptions?: SharedV4ProviderOptions | undefined }): OfflineTask | undefined {
  const task = options.providerOptions?.[OFFLINE_PROVIDER_KEY]?.task;
  return task === 'title' || task === 'summary' ? task : undefined;
}
