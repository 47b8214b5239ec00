import 'server-only';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accountRouter } from './routers/account';
import { conversationsRouter } from './routers/conversations';
import { recallRouter } from './routers/recall';
import { createRouter } from './trpc';

export const appRouter = createRouter({
  account: accountRouter,
  conversations: conversationsRouter,
  recall: recallRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
