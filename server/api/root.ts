import 'server-only';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accessTokensRouter } from './routers/access-tokens';
import { accountRouter } from './routers/account';
import { accountSecurityRouter } from './routers/account-security';
import { conversationsRouter } from './routers/conversations';
import { memoriesRouter } from './routers/memories';
import { noticesRouter } from './routers/notices';
import { recallRouter } from './routers/recall';
import { createRouter } from './trpc';

export const appRouter = createRouter({
  account: accountRouter,
  accountSecurity: accountSecurityRouter,
  conversations: conversationsRouter,
  recall: recallRouter,
  memories: memoriesRouter,
  notices: noticesRouter,
  accessTokens: accessTokensRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
