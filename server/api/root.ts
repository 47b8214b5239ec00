import 'server-only';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accountRouter } from './routers/account';
import { conversationsRouter } from './routers/conversations';
import { memoriesRouter } from './routers/memories';
import { recallRouter } from './routers/recall';
import { createRouter } from './trpc';

export const appRouter = createRouter({
  account: accountRouter,
  conversations: conversationsRouter,
  recall: recallRouter,
  memories: memoriesRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
