import type { WithSystem } from '../../db/boundary';
import { config } from '../config';
import { clientAddress } from './client-address';
import { signInSchema } from './credentials-schema';
import { KNOWN_DEVICE_COOKIE, readCookie, verifyKnownDevice } from './known-device';
import type { SignInThrottle } from './sign-in-throttle';
import { verifyCredentials, type VerifiedUser } from './verify-credentials';

export interface AuthorizeDeps {
  withSystem: WithSystem;
  throttle: SignInThrottle;
  /** known-device.ts knownDeviceKey() */
  deviceKey: string;
  now?: () => Date;
}

/**
 * The Credentials provider's `authorize`: the user for an e-mail/password pair, or null, with
 * every well-formed attempt counted by the sign-in throttle before the password is checked.
 * A refusal throws a `rate_limited:auth` AppError; the password is then never looked at, so a
 * right password is refused too while the limit holds. Malformed input costs nothing and gets
 * null (it cannot guess anything).
 */
export async function authorizeCredentials(deps: AuthorizeDeps, credentials: unknown, headers: Headers): Promise<VerifiedUser | null> {
  const parsed = signInSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const { email } = parsed.data;
  const { proxyHops, knownDeviceDays } = config.auth.throttle;
  const cookie = readCookie(headers.get('cookie'), KNOWN_DEVICE_COOKIE);
  const attempt = {
    email,
    address: clientAddress(headers, proxyHops),
    device: verifyKnownDevice(deps.deviceKey, cookie, email, deps.now?.() ?? new Date(), knownDeviceDays * 24 * 60 * 60),
  };
  await deps.throttle.begin(attempt);
  const user = await verifyCredentials(deps.withSystem, parsed.data);
  if (user) await deps.throttle.succeeded(attempt);
  return user;
}
