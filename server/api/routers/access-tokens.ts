import 'server-only';
import { z } from 'zod';
import { appActivityOf, createAccessToken, listAccessTokens, revokeAccessToken, setAccessTokenPaused } from '../../access-tokens/manage-tokens';
import { accessTokenItem, accessTokenRef, appActivity, createAccessTokenInput, createdAccessToken, setPausedInput } from '../../access-tokens/schemas';
import { tokenPepper } from '../../access-tokens/token-secret';
import { createRouter, protectedProcedure } from '../trpc';

/**
 * Settings → Connected apps (issue 17): personal access tokens for MCP clients. The pepper is
 * injected so tests hash with their own; production uses TOKEN_PEPPER (or one derived from AUTH_SECRET).
 */
export function createAccessTokensRouter(pepper: () => Buffer) {
  return createRouter({
    list: protectedProcedure.output(z.array(accessTokenItem)).query(({ ctx }) => listAccessTokens(ctx.db)),
    /** The token is in this response only; it is never shown again. */
    create: protectedProcedure
      .input(createAccessTokenInput)
      .output(createdAccessToken)
      .mutation(({ ctx, input }) => createAccessToken(ctx.db, input, pepper())),
    setPaused: protectedProcedure
      .input(setPausedInput)
      .output(accessTokenItem)
      .mutation(({ ctx, input }) => setAccessTokenPaused(ctx.db, input.id, input.paused)),
    revoke: protectedProcedure.input(accessTokenRef).output(accessTokenItem).mutation(({ ctx, input }) => revokeAccessToken(ctx.db, input.id)),
    /** What the app read and wrote, newest first. */
    activity: protectedProcedure.input(accessTokenRef).output(appActivity).query(({ ctx, input }) => appActivityOf(ctx.db, input.id)),
  });
}

export const accessTokensRouter = createAccessTokensRouter(tokenPepper);
