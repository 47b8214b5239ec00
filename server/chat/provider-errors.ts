import { APICallError, RetryError } from 'ai';

/** A 400 that says the server cannot take tool definitions (Ollama, vLLM without tool parsing…). */
export function refusedTools(error: unknown): boolean {
  const root = error instanceof RetryError ? error.lastError : error;
  if (!APICallError.isInstance(root) || root.statusCode !== 400) return false;
  return /\btool|function.?call/i.test(`${root.message} ${root.responseBody ?? ''}`);
}

/** The provider's Retry-After in seconds (delay-seconds or an HTTP date), or null. */
export function providerRetryAfter(error: unknown, now = Date.now()): number | null {
  const root = error instanceof RetryError ? error.lastError : error;
  if (!APICallError.isInstance(root)) return null;
  const value = root.responseHeaders?.['retry-after']?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * What the user is told when the model provider fails. Specific enough to act on (fix a key,
 * wait, retry) and never the provider's raw response or our configuration values.
 */
export function describeProviderError(error: unknown): { code: string; message: string } {
  const root = error instanceof RetryError ? error.lastError : error;
  if (APICallError.isInstance(root)) {
    const status = root.statusCode ?? 0;
    if (status === 404 && /\/responses(\?|$)/.test(root.url)) {
      return { code: 'provider_no_responses_api', message: 'The model server has no Responses API (/v1/responses). Set OPENAI_API_MODE=chat, or CHAT_MODEL=compatible:<model> with LLM_BASE_URL.' };
    }
    if (status === 400 && refusedTools(root)) {
      return { code: 'provider_no_tools', message: 'The model server does not accept tool calls. Set CHAT_MEMORY_TOOLS=off in the server configuration.' };
    }
    if (status === 401 || status === 403) {
      return { code: 'provider_auth', message: 'The model provider rejected our credentials. Check the API key in the server configuration.' };
    }
    if (status === 429) return { code: 'provider_rate_limited', message: 'The model provider is rate-limiting requests. Wait a moment, then retry.' };
    if (status >= 500) return { code: 'provider_unavailable', message: `The model provider is having problems (HTTP ${status}). Retry in a moment.` };
    if (status === 404) return { code: 'provider_model_missing', message: 'The configured model was not found at the provider. Check CHAT_MODEL.' };
    if (status > 0) return { code: 'provider_rejected', message: `The model provider refused the request (HTTP ${status}).` };
  }
  const name = root instanceof Error ? root.name : '';
  const message = root instanceof Error ? root.message : String(root);
  if (name === 'TimeoutError' || /timed? ?out/i.test(message)) {
    return { code: 'provider_timeout', message: 'The model took too long to answer. Retry, or try a shorter message.' };
  }
  if (/ECONNREFUSED|ENOTFOUND|fetch failed|network/i.test(message)) {
    return { code: 'provider_unreachable', message: 'Could not reach the model provider. Check that it is running and reachable.' };
  }
  return { code: 'provider_error', message: 'The model failed to answer. Retry in a moment.' };
}
