import { clientAddress } from '../auth/client-address';
import { config } from '../config';
import { mailLocale } from '../mail/templates';
import type { RequestContext } from './account-deps';

/**
 * The origin of mailed links: AUTH_URL when set (always, with SMTP_URL: server/env.ts), else the
 * request's own host — in embedded mode the mail is only written to this machine's disk, so a
 * forged Host header cannot send anyone a poisoned link.
 */
export function requestContext(headers: Headers, authUrl: string | undefined): RequestContext {
  const host = headers.get('x-forwarded-host') ?? headers.get('host') ?? 'localhost:3000';
  const proto = headers.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return {
    origin: authUrl ? new URL(authUrl).origin : originOf(`${proto}://${host}`),
    locale: mailLocale(headers.get('accept-language')),
    address: clientAddress(headers, config.auth.throttle.proxyHops),
  };
}

function originOf(candidate: string): string {
  try {
    return new URL(candidate).origin;
  } catch {
    return 'http://localhost:3000';
  }
}
