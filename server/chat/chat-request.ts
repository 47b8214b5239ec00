import { z } from 'zod';
import { NUL_MESSAGE } from '../input/nul-bytes';
import { config } from '../config';
import { conversationIdSchema } from './conversation-schemas';

/** The body of POST /api/chat: only the new message travels; history is loaded server-side. */
export const chatRequestSchema = z.discriminatedUnion(
  'trigger',
  [
    z.object({
      id: conversationIdSchema,
      trigger: z.literal('submit-message'),
      message: z.object({
        id: z.string().max(100).refine((id) => !id.includes('\u0000'), `message.id ${NUL_MESSAGE}`).optional(),
        text: z
          .string({ error: 'A message needs text.' })
          .trim()
          .min(1, 'A message cannot be empty.')
          .max(config.chat.maxMessageChars, `Messages are at most ${config.chat.maxMessageChars.toLocaleString('en-US')} characters.`)
          .refine((text) => !text.includes('\u0000'), `message.text ${NUL_MESSAGE}`),
      }),
    }),
    z.object({ id: conversationIdSchema, trigger: z.literal('regenerate-message') }),
  ],
  { error: 'trigger must be "submit-message" or "regenerate-message".' },
);

export type ChatRequest = z.infer<typeof chatRequestSchema>;
