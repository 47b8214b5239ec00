import 'server-only';
import { z } from 'zod';
import { RECALL_OUTCOMES } from '../../../db/schema/memory';
import { forgetMemory } from '../../memory/forget-memory';
import { ledgerForMessage, markNotRelevant } from '../../recall/ledger';
import { createRouter, protectedProcedure } from '../trpc';

const messageRef = z.object({ messageId: z.uuid({ error: 'Message ids are UUIDs.' }) }).strict();

const ledgerEntry = z.object({
  memoryId: z.string(),
  outcome: z.enum(RECALL_OUTCOMES),
  detail: z.string().nullable(),
  rank: z.number(),
  score: z.number(),
  similarity: z.number(),
  lexical: z.number(),
  relevance: z.number(),
  importance: z.number(),
  recency: z.number(),
  frequency: z.number(),
  confidenceFactor: z.number(),
  routes: z.array(z.string()),
  markedNotRelevant: z.boolean(),
  summary: z.string(),
  type: z.string(),
  kind: z.string(),
  status: z.string(),
  occurredAt: z.date().nullable(),
  createdAt: z.date(),
  sourceConversationId: z.string().nullable(),
  sourceMessageId: z.string().nullable(),
  quote: z.string(),
});

export const recallRouter = createRouter({
  /** Which memories produced this answer, and why not the others. */
  forMessage: protectedProcedure
    .input(messageRef)
    .output(z.array(ledgerEntry))
    .query(({ ctx, input }) => ledgerForMessage(ctx.db, input.messageId)),
  markNotRelevant: protectedProcedure
    .input(messageRef.extend({ memoryId: z.uuid({ error: 'Memory ids are UUIDs.' }) }))
    .output(z.object({ failCount: z.number() }))
    .mutation(({ ctx, input }) => markNotRelevant(ctx.db, input.messageId, input.memoryId)),
  /** "Forget" from the ledger panel: hard-deletes the memory (SPEC §7). */
  forgetMemory: protectedProcedure
    .input(z.object({ memoryId: z.uuid({ error: 'Memory ids are UUIDs.' }) }).strict())
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => forgetMemory(ctx.db, input.memoryId)),
});
