/**
 * Replays a dataset's conversations through the real write pipeline on a fresh, isolated
 * database: each session's messages are stored at the session time, explicit requests go
 * through the fast channel, then the slow channel (extraction, validation, dedup/update) runs
 * to completion before the next session. `raw` mode instead stores every turn verbatim as an
 * active episodic memory: a retrieval-only baseline for comparing ranking and embedders.
 */
import type { LanguageModel } from 'ai';
import { eq } from 'drizzle-orm';
import { userDb, type WithSystem, type WithUser } from '../../db/boundary';
import { conversations, messages, userSettings, users } from '../../db/schema';
import { InProcessSteps } from '../steps';
import { embeddingText, type Embedder } from '../memory/embedder';
import { createMemory } from '../memory/repository';
import { storeEmbedding } from '../memory/embeddings';
import { runFastChannel } from '../memory/fast-channel';
import { extractTurn } from '../memory/pipeline/extract-turn';
import type { EvalDataset, EvalUser } from './dataset';

export interface ReplayOptions {
  withUser: WithUser;
  withSystem: WithSystem;
  embedder: Embedder;
  extractionModel: LanguageModel | null;
  ingest: 'pipeline' | 'raw';
}

const SECOND = 1000;
const RAW_SUMMARY_MAX = 1000;

/** Creates the dataset's users and returns dataset id → database id. */
export async function createUsers(dataset: EvalDataset, options: ReplayOptions): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const user of dataset.users) {
    const [row] = await options.withSystem((tx) =>
      tx.insert(users).values({ email: `${user.id}-${crypto.randomUUID()}@eval.mindbase.dev`, name: user.id }).returning({ id: users.id }),
    );
    if (!row) throw new Error(`could not create user ${user.id}`);
    await options.withUser(row.id, (tx) => tx.insert(userSettings).values({ userId: row.id, timeZone: user.timeZone }));
    ids.set(user.id, row.id);
  }
  return ids;
}

/** Per dataset user: turn id → the id of the message it was stored as (turns with an `id` only). */
export type TurnMessages = Map<string, Map<string, string>>;

export interface Replayed {
  /** Dataset user id → database user id. */
  users: Map<string, string>;
  turns: TurnMessages;
}

async function replayUser(user: EvalUser, userId: string, options: ReplayOptions, turnMessages: Map<string, string>): Promise<void> {
  const db = userDb(options.withUser, userId);
  const sessions = [...user.sessions].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  for (const session of sessions) {
    const conversationId = crypto.randomUUID();
    const start = Date.parse(session.at);
    await db.run((tx) => tx.insert(conversations).values({ id: conversationId, userId, title: session.id, createdAt: new Date(start) }));
    for (const [index, turn] of session.turns.entries()) {
      // A few seconds apart, in order, all at the session's time.
      const createdAt = new Date(start + index * 5 * SECOND);
      const [message] = await db.run((tx) =>
        tx.insert(messages).values({ conversationId, userId, role: turn.role, content: turn.text, createdAt }).returning({ id: messages.id }),
      );
      if (!message) throw new Error('message insert returned nothing');
      if (turn.id !== undefined) turnMessages.set(turn.id, message.id);
      if (options.ingest === 'raw') {
        const [vector] = await options.embedder.embed([embeddingText({ type: 'episodic', summary: turn.text, entities: [] })]);
        await db.run(async (tx) => {
          const memory = await createMemory(
            tx,
            {
              userId,
              type: 'episodic',
              kind: 'event',
              summary: turn.text.slice(0, RAW_SUMMARY_MAX),
              quote: turn.text.slice(0, RAW_SUMMARY_MAX),
              status: 'active',
              confidence: 'high',
              importance: 2,
              sourceConversationId: conversationId,
              sourceMessageId: message.id,
              // What this turn replied to, as the pipeline indexes it with its memories.
              context: index > 0 ? session.turns[index - 1]!.text : null,
              occurredAt: createdAt,
              createdAt,
              updatedAt: createdAt,
            },
            { actor: 'extractor', reason: 'raw ingest (evaluation)' },
          );
          await storeEmbedding(tx, memory, options.embedder.modelId, vector!);
        });
      } else if (turn.role === 'user') {
        await runFastChannel(db, { id: message.id, conversationId, content: turn.text, createdAt }, { embedder: options.embedder, timeZone: user.timeZone });
      }
    }
    if (options.ingest === 'pipeline') {
      const [last] = await db.run((tx) => tx.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId)).limit(1));
      await extractTurn(
        new InProcessSteps(() => Promise.resolve()),
        { userId, conversationId, messageIds: [last!.id] },
        { withUser: options.withUser, extractionModel: options.extractionModel, embedder: options.embedder },
      );
    }
  }
}

export async function replayDataset(dataset: EvalDataset, options: ReplayOptions): Promise<Replayed> {
  const users = await createUsers(dataset, options);
  const turns: TurnMessages = new Map();
  for (const user of dataset.users) {
    const turnMessages = new Map<string, string>();
    turns.set(user.id, turnMessages);
    await replayUser(user, users.get(user.id)!, options, turnMessages);
  }
  return { users, turns };
}
