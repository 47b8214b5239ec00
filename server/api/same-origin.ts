/**
 * One guard for every state-changing route (issue 14): a browser can be made to POST to us from
 * another site (a form, `fetch` with `text/plain`, another port of the same host), and the
 * session cookie goes along. A request that changes state must therefore
 * - carry `Content-Type: application/json` (a cross-site form cannot; 415 otherwise), and
 * - come from our own origin: `Sec-Fetch-Site` is `same-origin` when the browser sends it, and
 *   `Origin`, when sent, is ours (403 otherwise).
 * Browsers send Origin on every POST, so a request with neither header is not a browser's and
 * cannot carry a victim's cookies by accident (curl, server-to-server): it passes. "Ours" is
 * AUTH_URL's origin when set (behind a proxy), else the origin the request was addressed to.
 */
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function ownOrigin(req: Request, authUrl: string | undefined): string {
  if (authUrl) return new URL(authUrl).origin;
  const forwardedHost = req.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  const url = new URL(req.url);
  if (!forwardedHost) return url.origin;
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? url.protocol.replace(':', '');
  return `${proto}://${forwardedHost}`;
}

/** Throws AppError 415/403 for a state-changing request that is not same-origin JSON. */
export function assertSameOriginJson(req: Request, authUrl: string | undefined): void {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return;
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json') {
    throw new AppError('unsupported_media_type:api', 'This request must send Content-Type: application/json.');
  }
  const site = req.headers.get('sec-fetch-site')?.toLowerCase();
  if (site !== undefined && site !== 'same-origin') {
    throw new AppError('forbidden:api', 'Requests from other sites are not accepted.');
  }
  const origin = req.headers.get('origin');
  if (origin !== null && origin !== ownOrigin(req, authUrl)) {
    throw new AppError('forbidden:api', 'Requests from other sites are not accepted.');
  }
}
