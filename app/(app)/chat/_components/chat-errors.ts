/**
 * Errors from POST /api/chat, in words a person can act on. The route answers a rejected request
 * with JSON `{ code, message }` before any streaming starts; a failure while streaming arrives as
 * the stream's error text instead.
 */

/** A non-OK response from the chat route, with the server's own message. */
export class ChatRequestError extends Error {
  override readonly name = 'ChatRequestError';

  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }

  static async fromResponse(response: Response): Promise<ChatRequestError> {
    const body = await readErrorBody(response);
    return new ChatRequestError(
      body.message ?? FALLBACK_MESSAGES[response.status] ?? GENERIC_MESSAGE,
      response.status,
      body.code,
      parseRetryAfter(response.headers.get('Retry-After')),
    );
  }
}

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
const NETWORK_MESSAGE = 'Could not reach Mindbase. Check your connection and try again.';

// Used only when the body is not the JSON the route promises (a proxy's HTML page, say).
const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Your session has ended. Sign in again to continue.',
  404: 'This conversation does not exist or was deleted.',
  413: 'That message is too long to send.',
  429: 'You are sending messages too quickly. Wait a moment and try again.',
};

async function readErrorBody(response: Response): Promise<{ message: string | null; code: string | null }> {
  try {
    const json: unknown = await response.json();
    if (typeof json !== 'object' || json === null) return { message: null, code: null };
    const { message, code } = json as Record<string, unknown>;
    return {
      message: typeof message === 'string' && message.trim() !== '' ? message : null,
      code: typeof code === 'string' ? code : null,
    };
  } catch {
    return { message: null, code: null };
  }
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * A 4xx answer to a submit means the route refused the turn (invalid, too long, rate limited,
 * signed out) before storing the user's message, so retrying means sending it again; any other
 * failure leaves the message stored, and retrying means asking for a new reply to it.
 */
export function wasRejectedBeforeSaving(error: Error): boolean {
  return error instanceof ChatRequestError && error.status >= 400 && error.status < 500;
}

export interface ChatErrorView {
  message: string;
  retryAfterSeconds: number | null;
  /** The session is gone: retrying cannot help until the user signs in again. */
  needsSignIn: boolean;
}

export function describeChatError(error: Error): ChatErrorView {
  if (error instanceof ChatRequestError) {
    return { message: error.message, retryAfterSeconds: error.retryAfterSeconds, needsSignIn: error.status === 401 };
  }
  // fetch rejects with a TypeError when the network or the server is unreachable.
  if (error instanceof TypeError) return { message: NETWORK_MESSAGE, retryAfterSeconds: null, needsSignIn: false };
  const message = error.message.trim();
  return { message: message === '' ? GENERIC_MESSAGE : message, retryAfterSeconds: null, needsSignIn: false };
}
