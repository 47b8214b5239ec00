import 'server-only';
import { userDbFor } from '../database';
import { accountDeps, bulkJobLauncher } from '../composition';
import { requestContext } from '../account/request-context';
import { env } from '../env';
import { getSessionUser } from '../auth/session';
import type { Context } from './trpc';

/** Per request: the session user (null when signed out or revoked) and a handle bound to them. */
export async function createContext({ req }: { req: Request }): Promise<Context> {
  const user = await getSessionUser(req.headers);
  return { user, db: user ? userDbFor(user.id) : null, jobs: bulkJobLauncher, account: { deps: accountDeps(), request: requestContext(req.headers, env().AUTH_URL) } };
}
