import { userDbFor } from '@/server/database';
import { requireApiUser } from '@/server/auth/session';
import { chatRequestSchema } from '@/server/chat/chat-request';
import { chatTurnDeps } from '@/server/composition';
import { runChatTurn } from '@/server/chat/run-chat-turn';
import { readJsonBody } from '@/server/api/json-body';
import { assertSameOriginJson } from '@/server/api/same-origin';
import { config } from '@/server/config';
import { env } from '@/server/env';
import { AppError, errorResponse } from '@/server/errors';

// Streams can outlive the default; the model's own timeout lives in the config module.
export const maxDuration = 120;

export async function POST(req: Request): Promise<Response> {
  try {
    // Same-origin JSON only: a cross-site form or text/plain POST must never become a turn.
    assertSameOriginJson(req, env().AUTH_URL);
    const user = await requireApiUser(req.headers);
    // Capped before it is read: a 100 MB body is refused, not parsed (413).
    const body = await readJsonBody(req, config.chat.maxBodyBytes);
    const parsed = chatRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const tooLong = issue?.code === 'too_big';
      throw new AppError(tooLong ? 'payload_too_large:chat' : 'bad_request:chat', issue?.message ?? 'Invalid chat request.');
    }
    return await runChatTurn(userDbFor(user.id), parsed.data, req.signal, chatTurnDeps());
  } catch (error) {
    return errorResponse(error);
  }
}
