import 'server-only';
import { configuredEmbedder } from '../../models';
import type { Embedder } from '../../memory/embedder';
import { conversationNotices, conversationNoticesInput, undoNoticeInput, undoNoticeOutput } from '../../memory/notices/schemas';
import { conversationNoticesOf } from '../../memory/notices/turn-notices';
import { undoNotice } from '../../memory/notices/undo-notice';
import { createRouter, protectedProcedure } from '../trpc';

/**
 * Memory notices under chat replies (issue 15): what each turn saved, updated, forgot or left for
 * review, and Undo. The chat polls `forConversation` while a turn's background extraction is pending.
 */
export function createNoticesRouter(embedder: () => Embedder) {
  return createRouter({
    forConversation: protectedProcedure
      .input(conversationNoticesInput)
      .output(conversationNotices)
      .query(({ ctx, input }) => conversationNoticesOf(ctx.db, input.conversationId)),
    undo: protectedProcedure
      .input(undoNoticeInput)
      .output(undoNoticeOutput)
      .mutation(({ ctx, input }) => undoNotice(ctx.db, input, embedder())),
  });
}

export const noticesRouter = createNoticesRouter(configuredEmbedder);
