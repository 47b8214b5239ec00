/**
 * Requests to the real route handlers (Auth.js, tRPC, chat) as a browser or a script sends
 * them, with a cookie jar per client. Pair with useConnection() from server/database.ts so the routes
 * run on the test's database.
 */
import { GET as authGet, POST as authPost } from '@/app/api/auth/[...nextauth]/route';
import { POST as chatPost } from '@/app/api/chat/route';
import { GET as trpcGet, POST as trpcPost } from '@/app/api/trpc/[trpc]/route';

const ORIGIN = 'http://localhost:3000';

type NextRequestLike = Parameters<typeof authGet>[0];

/** One client: its cookies and the address it appears to come from (X-Forwarded-For, as a proxy sets it). */
export class Client {
  private readonly cookies = new Map<string, string>();
  constructor(readonly address: string) {}

  /** The Cookie header this client sends; also what an attacker who copied it would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** This client sending a whole Cookie header captured elsewhere. */
  withCookie(header: string): this {
    for (const part of header.split(';')) {
      const at = part.indexOf('=');
      if (at > 0) this.cookies.set(part.slice(0, at).trim(), part.slice(at + 1));
    }
    return this;
  }

  keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const cleared = value === '' || /max-age=0(;|$)/i.test(line) || /expires=thu, 01 jan 1970/i.test(line);
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  headers(extra: Record<string, string> = {}): Headers {
    return new Headers({ cookie: this.cookieHeader(), 'x-forwarded-for': this.address, ...extra });
  }
}

async function csrfToken(client: Client): Promise<string> {
  const response = client.keep(await authGet(new Request(`${ORIGIN}/api/auth/csrf`, { headers: client.headers() }) as NextRequestLike));
  const { csrfToken: token } = (await response.json()) as { csrfToken: string };
  return token;
}

async function authForm(client: Client, path: string, fields: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken(client), callbackUrl: `${ORIGIN}/chat` });
  const request = new Request(`${ORIGIN}/api/auth/${path}`, {
    method: 'POST',
    headers: client.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
    body,
  });
  return client.keep(await authPost(request));
}

/** POST /api/auth/callback/credentials, as the sign-in form's server action does. */
export function signInOverHttp(client: Client, email: string, password: string): Promise<Response> {
  return authForm(client, 'callback/credentials', { email, password });
}

/** POST /api/auth/signout (the sign-out server action runs the same Auth.js action). */
export function signOutOverHttp(client: Client): Promise<Response> {
  return authForm(client, 'signout', {});
}

/** The `code` of Auth.js's failure redirect (`credentials`, `rate_limited:<seconds>`), or null on success. */
export function signInFailureCode(response: Response): string | null {
  const location = response.headers.get('location') ?? '';
  const params = new URL(location, ORIGIN).searchParams;
  return params.get('error') === 'CredentialsSignin' ? params.get('code') : null;
}

export async function sessionOf(client: Client): Promise<unknown> {
  const response = await authGet(new Request(`${ORIGIN}/api/auth/session`, { headers: client.headers() }) as NextRequestLike);
  return response.json();
}

/** A tRPC query over GET, with raw headers (e.g. a copied Cookie). */
export async function trpcQuery(headers: Headers, path: string): Promise<Response> {
  return await trpcGet(new Request(`${ORIGIN}/api/trpc/${path}`, { headers }));
}

/** A tRPC mutation over POST (superjson body). */
export async function trpcMutation(headers: Headers, path: string, input: unknown): Promise<Response> {
  headers.set('content-type', 'application/json');
  return await trpcPost(new Request(`${ORIGIN}/api/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify({ json: input }) }));
}

/** POST /api/chat with a JSON body. */
export function chatRequest(headers: Headers, body: unknown): Promise<Response> {
  headers.set('content-type', 'application/json');
  return chatPost(new Request(`${ORIGIN}/api/chat`, { method: 'POST', headers, body: JSON.stringify(body) }));
}
