import 'server-only';
import { forUser } from '../database';
import { accountDeps } from '../account/production';
import { requestContext } from '../account/request-context';
import { env } from '../env';
import { getSessionUser } from '../auth/session';
import { bulkJobLauncher } from '../jobs/production';
import type { Context } from './trpc';

/** Per request: the session user (null when signed out or revoked) and a handle bound to them. */
export async function createContext({ req }: { req: Request }): Promise<Context> {
  const user = await getSessionUser(req.headers);
  return { user, db: user ? forUser(user.id) : null, jobs: bulkJobLauncher, account: { deps: accountDeps(), request: requestContext(req.headers, env().AUTH_URL) } };
}
