/**
 * The signed-in user for a request's headers, through Auth.js's own session endpoint logic (the
 * jwt callback included, so a revoked session reads as none). next-auth's `auth()` does the same
 * but only from `next/headers`; this takes the headers, so route handlers pass their request's
 * and tests can call the real routes.
 */
import { Auth, createActionURL } from '@auth/core';
import type { NextAuthConfig } from 'next-auth';
import { z } from 'zod';

export interface SessionUser {
  id: string;
  email: string | null;
  name: string | null;
  /** This browser's session, by its public id (issue 18: the account page marks it and keeps it signed in). */
  sessionId?: string | null;
}

const sessionBody = z
  .object({ user: z.object({ id: z.string().min(1), email: z.string().nullish(), name: z.string().nullish() }), sessionId: z.string().nullish() })
  .nullable();

export async function readSessionUser(authConfig: NextAuthConfig, headers: Headers, authUrl: string | undefined): Promise<SessionUser | null> {
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  const url = createActionURL('session', headers.get('x-forwarded-proto') ?? 'http', headers, { AUTH_URL: authUrl }, authConfig);
  const response = await Auth(new Request(url, { headers: { cookie } }), authConfig);
  // Fail closed: a configuration error's JSON body is not a session.
  if (!response.ok) return null;
  const parsed = sessionBody.safeParse(await response.json());
  const user = parsed.success ? parsed.data?.user : undefined;
  return user ? { id: user.id, email: user.email ?? null, name: user.name ?? null, sessionId: parsed.data?.sessionId ?? null } : null;
}
