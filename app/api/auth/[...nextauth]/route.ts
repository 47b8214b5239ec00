import { handlers } from '@/server/auth';
import { withSignInRetryAfter } from '@/server/auth/sign-in-errors';

export const { GET } = handlers;

/** A throttled credentials sign-in keeps Auth.js's redirect and gains Retry-After. */
export async function POST(req: Request): Promise<Response> {
  return withSignInRetryAfter(await handlers.POST(req as Parameters<typeof handlers.POST>[0]));
}
