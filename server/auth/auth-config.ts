/**
 * The Auth.js configuration, built from its dependencies so tests run the same configuration
 * on their own database (server/auth/index.ts wires production).
 *
 * Sessions are JWTs (the Credentials provider requires it), each tied to a row in `sessions`
 * (session-registry.ts): the jwt callback opens the row at sign-in and, on every later read of
 * the session, returns null — signed out — once the row is gone (sign-out, account deletion) or
 * the cookie predates the registry. Auth.js then treats the cookie as no session at all.
 */
import 'server-only';
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import type { WithSystem } from '../../db/boundary';
import { accounts, sessions, users, verificationTokens } from '../../db/schema';
import type { Database } from '../../db/types';
import { config } from '../config';
import { AppError } from '../errors';
import { authorizeCredentials } from './authorize-credentials';
import { publicSessionId, type SessionRegistry } from './session-registry';
import { SignInThrottled } from './sign-in-errors';
import type { SignInThrottle } from './sign-in-throttle';

declare module '@auth/core/jwt' {
  interface JWT {
    /** The session's row in `sessions` (session-registry.ts). */
    sid?: string;
  }
}

declare module 'next-auth' {
  interface User {
    /** The signing-in browser's User-Agent (credentials sign-in), for the account page's session list. */
    userAgent?: string | null;
  }
  interface Session {
    /** This session's public id (session-registry.ts publicSessionId), never its token. */
    sessionId?: string;
  }
}

export interface AuthDeps {
  /** For Auth.js's Drizzle adapter (OAuth account linking): bare queries as the system role. */
  adapterDb: Database;
  withSystem: WithSystem;
  sessions: SessionRegistry;
  signInThrottle: SignInThrottle;
  secret: string;
  /** known-device.ts knownDeviceKey() */
  deviceKey: string;
  oauthProviders: NextAuthConfig['providers'];
}

export function createAuthConfig(deps: AuthDeps): NextAuthConfig {
  return {
    adapter: DrizzleAdapter(deps.adapterDb, {
      usersTable: users,
      accountsTable: accounts,
      sessionsTable: sessions,
      verificationTokensTable: verificationTokens,
    }),
    secret: deps.secret,
    // Explicit (it is next-auth's default) because read-session.ts calls Auth.js directly too.
    basePath: '/api/auth',
    // Self-hosted behind a proxy is the common case; AUTH_URL pins the origin when set.
    trustHost: true,
    session: { strategy: 'jwt', maxAge: config.auth.session.maxAgeSeconds },
    pages: { signIn: '/sign-in' },
    logger: {
      // A refused sign-in is routine (and a flood of them is what the limits are for): one line,
      // not Auth.js's stack trace per attempt. Everything else as Auth.js would log it.
      error(error) {
        if (error instanceof CredentialsSignin) console.warn(`[auth] sign-in refused (${error.code ?? 'credentials'})`);
        else console.error('[auth]', error);
      },
    },
    providers: [
      Credentials({
        credentials: { email: { type: 'email' }, password: { type: 'password' } },
        authorize: async (credentials, request) => {
          try {
            const user = await authorizeCredentials(
              { withSystem: deps.withSystem, throttle: deps.signInThrottle, deviceKey: deps.deviceKey },
              credentials,
              request.headers,
            );
            return user ? { ...user, userAgent: request.headers.get('user-agent') } : null;
          } catch (error) {
            if (error instanceof AppError && error.type === 'rate_limited') throw new SignInThrottled(error);
            throw error;
          }
        },
      }),
      ...deps.oauthProviders,
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user?.id) {
          token.sub = user.id;
          token.sid = await deps.sessions.open(user.id, { userAgent: user.userAgent });
          return token;
        }
        const live = token.sub && token.sid ? await deps.sessions.isLive({ sessionId: token.sid, userId: token.sub }) : false;
        return live ? token : null;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        if (token.sid) session.sessionId = publicSessionId(token.sid);
        return session;
      },
    },
    events: {
      // Both sign-out paths (the server action and POST /api/auth/signout) end here. A failure is
      // logged by Auth.js (SignOutError) and the cookie is still cleared.
      async signOut(message) {
        if ('token' in message && message.token?.sid) await deps.sessions.revoke(message.token.sid);
      },
    },
  };
}
