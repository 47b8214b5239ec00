/**
 * Auth.js v5 in production: e-mail + password (argon2id) always; GitHub and Google when their
 * variables are set. The configuration itself is auth-config.ts. Account lookups, the session
 * registry and the sign-in limits run before any user is known, so they use the system role
 * (server/database.ts).
 */
import 'server-only';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import GitHub from 'next-auth/providers/github';
import Google from 'next-auth/providers/google';
import { authAdapterDb, withSystem } from '../database';
import { config } from '../config';
import { env } from '../env';
import { appLimiters } from '../ratelimit/limiters';
import { createAuthConfig } from './auth-config';
import { knownDeviceKey } from './known-device';
import { resolveAuthSecret } from './secret';
import { createSessionRegistry } from './session-registry';
import { createSignInThrottle } from './sign-in-throttle';
import { createSignUpThrottle, type SignUpThrottle } from './sign-up-throttle';

function oauthProviderConfigs(): NextAuthConfig['providers'] {
  const e = env();
  const list: NextAuthConfig['providers'] = [];
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

/** The MAC key of known-device cookies (known-device.ts). */
export const deviceKey = (): string => knownDeviceKey(resolveAuthSecret());

let built: NextAuthConfig | undefined;

/** One configuration per process, shared by next-auth's handlers and read-session.ts. */
export function authConfig(): NextAuthConfig {
  if (!built) {
    const limiters = appLimiters();
    built = createAuthConfig({
      adapterDb: authAdapterDb(),
      withSystem,
      sessions: createSessionRegistry(authAdapterDb(), config.auth.session),
      signInThrottle: createSignInThrottle({ account: limiters.signInAccount, address: limiters.signInAddress, device: limiters.signInDevice }),
      secret: resolveAuthSecret(),
      deviceKey: deviceKey(),
      oauthProviders: oauthProviderConfigs(),
    });
  }
  return built;
}

export function signUpThrottle(): SignUpThrottle {
  const limiters = appLimiters();
  return createSignUpThrottle({ account: limiters.signUpAccount, address: limiters.signUpAddress });
}

export const { handlers, signIn, signOut } = NextAuth(authConfig);
