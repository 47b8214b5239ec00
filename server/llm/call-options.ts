/**
 * Provider options every model call sends. Options are keyed by provider, and a provider reads
 * only its own key, so one object serves all of them:
 * - `openai.store: false`: OpenAI keeps requests (Responses API) for 30 days unless told not to;
 *   a memory product should not leave its users' text on the provider by default.
 * - `mindbase.task`: which side task a call is (title, summary) for the built-in offline model;
 *   real providers never see it, so no marker travels in the prompt.
 */
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';

export type OfflineTask = 'title' | 'summary';

export const OFFLINE_PROVIDER_KEY = 'mindbase';

export function providerOptions(task?: OfflineTask): SharedV4ProviderOptions {
  return { openai: { store: false }, ...(task ? { [OFFLINE_PROVIDER_KEY]: { task } } : {}) };
}

/** The side task an offline-model call was made for, if any. */
export function offlineTaskOf(options: { providerOptions?: SharedV4ProviderOptions | undefined }): OfflineTask | undefined {
  const task = options.providerOptions?.[OFFLINE_PROVIDER_KEY]?.task;
  return task === 'title' || task === 'summary' ? task : undefined;
}
