/**
 * A throttled sign-in, as Auth.js sees it. `authorize` may only fail with a CredentialsSignin
 * (anything else becomes a generic "CallbackRouteError"), whose `code` Auth.js puts in the
 * redirect it answers with (`/sign-in?error=CredentialsSignin&code=…`). The code carries the
 * wait, so the HTTP route can add Retry-After; the server action reads the error itself.
 */
import { CredentialsSignin } from 'next-auth';
import type { AppError } from '../errors';

const CODE_PREFIX = 'rate_limited:';

export class SignInThrottled extends CredentialsSignin {
  /** What the form shows ("Too many sign-in attempts. Try again in N minutes."). */
  readonly userMessage: string;
  readonly retryAfterSeconds: number;

  constructor(refusal: AppError) {
    super(refusal.message);
    this.userMessage = refusal.message;
    this.retryAfterSeconds = refusal.retryAfterSeconds ?? 60;
    this.code = `${CODE_PREFIX}${this.retryAfterSeconds}`;
  }
}

/** The wait carried by a SignInThrottled code, or null for any other code. */
export function retryAfterOfCode(code: string | null | undefined): number | null {
  if (!code?.startsWith(CODE_PREFIX)) return null;
  const seconds = Number(code.slice(CODE_PREFIX.length));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/**
 * Auth.js's answer to a throttled POST /api/auth/callback/credentials is its usual redirect back
 * to sign-in; this adds `Retry-After` to it (RFC 9110 allows it on a redirect), so a client that
 * posts directly learns how long to wait. Any other response is returned unchanged.
 */
export function withSignInRetryAfter(response: Response): Response {
  const location = response.headers.get('location');
  if (!location) return response;
  const params = new URL(location, 'http://localhost').searchParams;
  const seconds = params.get('error') === 'CredentialsSignin' ? retryAfterOfCode(params.get('code')) : null;
  if (seconds === null) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(seconds));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
