/**
 * The OpenAI provider speaks the Responses API (/v1/responses) by default; many servers behind
 * OPENAI_BASE_URL (gateways, local servers) only have chat completions and answer 404, which
 * used to read as "model not found". This wrapper switches such a model to chat completions the
 * first time /responses is missing, logs it once with the setting that skips the first attempt
 * (OPENAI_API_MODE=chat), and stays switched for the life of the process.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { countHealth, warnOnce } from '../model-calls/health';

const missingResponses = (error: unknown) => APICallError.isInstance(error) && error.statusCode === 404 && /\/responses(\?|$)/.test(error.url);

export function withChatCompletionsFallback(responses: LanguageModelV4, chat: () => LanguageModelV4): LanguageModelV4 {
  let active: LanguageModelV4 = responses;
  const switchOnMissing = async <T>(call: (model: LanguageModelV4) => PromiseLike<T>): Promise<T> => {
    const tried = active;
    try {
      return await call(tried);
    } catch (error) {
      if (tried !== responses || !missingResponses(error)) throw error;
      active = chat();
      countHealth('responses_api_missing');
      warnOnce('responses-missing', '[llm] the server at OPENAI_BASE_URL has no /responses (HTTP 404); using chat completions from now on. Set OPENAI_API_MODE=chat to skip the first attempt.');
      return call(active);
    }
  };
  return {
    specificationVersion: responses.specificationVersion,
    provider: responses.provider,
    modelId: responses.modelId,
    get supportedUrls() {
      return active.supportedUrls;
    },
    doGenerate: (options) => switchOnMissing((model) => model.doGenerate(options)),
    doStream: (options) => switchOnMissing((model) => model.doStream(options)),
  };
}
