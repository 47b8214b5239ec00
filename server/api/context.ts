import 'server-only';
import { forUser } from '../../db';
import { getSessionUser } from '../auth/session';
import type { Context } from './trpc';

export async function createContext(): Promise<Context> {
  const user = await getSessionUser();
  return { user, db: user ? forUser(user.id) : null };
}
