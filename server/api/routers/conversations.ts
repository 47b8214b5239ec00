import 'server-only';
import { z } from 'zod';
import {
  chatMessage,
  conversationRef,
  conversationSummary,
  listConversationsInput,
  renameConversationInput,
  setMemoryDisabledInput,
} from '../../chat/conversation-schemas';
import {
  deleteConversation,
  getConversation,
  listConversations,
  renameConversation,
  setConversationMemoryDisabled,
} from '../../chat/conversations';
import { createRouter, protectedProcedure } from '../trpc';

export const conversationsRouter = createRouter({
  list: protectedProcedure
    .input(listConversationsInput)
    .output(z.object({ items: z.array(conversationSummary), nextCursor: z.string().nullable() }))
    .query(({ ctx, input }) => listConversations(ctx.db, input)),
  get: protectedProcedure
    .input(conversationRef)
    .output(conversationSummary.extend({ messages: z.array(chatMessage) }))
    .query(({ ctx, input }) => getConversation(ctx.db, input.id)),
  rename: protectedProcedure
    .input(renameConversationInput)
    .output(conversationSummary)
    .mutation(({ ctx, input }) => renameConversation(ctx.db, input.id, input.title)),
  /** "Don't remember this conversation": no memories are extracted from it while set. */
  setMemoryDisabled: protectedProcedure
    .input(setMemoryDisabledInput)
    .output(z.object({ id: z.string(), memoryDisabled: z.boolean() }))
    .mutation(({ ctx, input }) => setConversationMemoryDisabled(ctx.db, input.id, input.disabled, { create: input.create })),
  delete: protectedProcedure
    .input(conversationRef)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => deleteConversation(ctx.db, input.id)),
});
