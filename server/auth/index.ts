/**
 * Auth.js v5: e-mail + password (argon2id) always; GitHub and Google when their variables are
 * set. Sessions are JWTs (the Credentials provider requires it), so verifying a session costs
 * no database round trip. Account lookups happen before any user is known, so they run as the
 * system role (db/index.ts).
 */
import 'server-only';
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import GitHub from 'next-auth/providers/github';
import Google from 'next-auth/providers/google';
import { authAdapterDb, withSystem } from '../../db';
import { accounts, sessions, users, verificationTokens } from '../../db/schema';
import { env } from '../env';
import { resolveAuthSecret } from './secret';
import { verifyCredentials } from './verify-credentials';

function providers(): NextAuthConfig['providers'] {
  const e = env();
  const list: NextAuthConfig['providers'] = [
    Credentials({
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      authorize: async (credentials) => verifyCredentials(withSystem, credentials),
    }),
  ];
  if (e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET) {
    list.push(GitHub({ clientId: e.AUTH_GITHUB_ID, clientSecret: e.AUTH_GITHUB_SECRET, allowDangerousEmailAccountLinking: false }));
  }
  if (e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET) {
    list.push(Google({ clientId: e.AUTH_GOOGLE_ID, clientSecret: e.AUTH_GOOGLE_SECRET }));
  }
  return list;
}

export const oauthProviders = (): { id: 'github' | 'google'; name: string }[] => {
  const e = env();
  return [
    ...(e.AUTH_GITHUB_ID ? [{ id: 'github' as const, name: 'GitHub' }] : []),
    ...(e.AUTH_GOOGLE_ID ? [{ id: 'google' as const, name: 'Google' }] : []),
  ];
};

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  adapter: DrizzleAdapter(authAdapterDb(), {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
  }),
  secret: resolveAuthSecret(),
  // Self-hosted behind a proxy is the common case; AUTH_URL pins the origin when set.
  trustHost: true,
  session: { strategy: 'jwt' },
  pages: { signIn: '/sign-in' },
  providers: providers(),
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
