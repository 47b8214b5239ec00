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
 */
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';

export type OfflineTask = 'title' | 'summary';

export const OFFLINE_PROVIDER_KEY = 'mindbase';

/** What the user's message will leave in memory, in plain summaries (no ids, no scores). */
export interface OfflineTurnNotes {
  noted: string[];
  held: string[];
  secretWithheld: boolean;
}

export function providerOptions(task?: OfflineTask, turn?: OfflineTurnNotes): SharedV4ProviderOptions {
  const offline = { ...(task ? { task } : {}), ...(turn ? { turn: { ...turn } } : {}) };
  return { openai: { store: false }, ...(Object.keys(offline).length > 0 ? { [OFFLINE_PROVIDER_KEY]: offline } : {}) };
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
