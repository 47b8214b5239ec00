/**
 * One typed error for the whole app: a code like `not_found:conversation` plus a message a
 * person can act on. Mapped once to HTTP and tRPC statuses; database details are logged,
 * never sent to the browser.
 */
import { loggableError } from './logging/loggable-error';

export type ErrorType =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'provider_error'
  | 'internal';

export type ErrorSurface =
  | 'auth'
  | 'api'
  | 'chat'
  | 'conversation'
  | 'message'
  | 'memory'
  | 'settings'
  | 'database'
  | 'model';

export type ErrorCode = `${ErrorType}:${ErrorSurface}`;

export const HTTP_STATUS: Record<ErrorType, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  provider_error: 502,
  internal: 500,
};

export class AppError extends Error {
  readonly type: ErrorType;
  readonly surface: ErrorSurface;
  /** Field-level messages for forms, e.g. { email: 'An account with this e-mail already exists.' } */
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string>; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    const [type, surface] = code.split(':') as [ErrorType, ErrorSurface];
    this.type = type;
    this.surface = surface;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get code(): ErrorCode {
    return `${this.type}:${this.surface}`;
  }

  get status(): number {
    return HTTP_STATUS[this.type];
  }

  toJSON() {
    return { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

/** The JSON response for an error; anything that is not an AppError becomes a generic 500. */
export function errorResponse(error: unknown): Response {
  const appError =
    error instanceof AppError ? error : new AppError('internal:api', 'Something went wrong on our side. Please try again.');
  // Never the raw error: its query parameters or request body may hold the user's message.
  if (!(error instanceof AppError)) console.error('[api] unexpected error', loggableError(error));
  const headers: Record<string, string> = {};
  if (appError.retryAfterSeconds !== undefined) headers['Retry-After'] = String(appError.retryAfterSeconds);
  return Response.json(appError.toJSON(), { status: appError.status, headers });
}
