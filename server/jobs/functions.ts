/**
 * The body of every background function, keyed by the event that triggers it. Inngest
 * functions (inngest/functions/) and the in-process runner both call these, so the
 * orchestration lives in one place. Dependencies are injected so tests run the same bodies on
 * their own database and models.
 */
import { erasureRequested, importRequested, reembedRequested, reembedRequestedData, turnCompleted, turnCompletedData } from '../events/contracts';
import type { BulkDeps } from '../bulk/deps';
import { runErasure } from '../bulk/run-erasure';
import { runImport } from '../bulk/run-import';
import { extractTurn, type ExtractionDeps } from '../memory/pipeline/extract-turn';
import { reembedUser, usersNeedingReembed, type ReembedDeps } from '../memory/reembed';
import type { Steps } from '../steps';

export interface JobDeps {
  extraction: ExtractionDeps;
  reembed: ReembedDeps;
  /** Import, delete all and account deletion (server/bulk/). */
  bulk: BulkDeps;
}

export type JobBody = (steps: Steps, data: unknown) => Promise<unknown>;

export function createJobBodies(deps: () => JobDeps) {
  const extractMemories = (steps: Steps, data: unknown) => extractTurn(steps, turnCompletedData.parse(data), deps().extraction);

  const reembed = async (steps: Steps, data: unknown) => {
    const { userId } = reembedRequestedData.parse(data);
    const d = deps().reembed;
    if (userId) return reembedUser(steps, userId, d);
    const users = await steps.run('list-users', () => usersNeedingReembed(d.withSystem, d.embedder.modelId));
    if (users.length > 0) {
      await steps.sendEvent(
        'fan-out',
        users.map((id) => reembedRequested.create({ userId: id })),
      );
    }
    return { users: users.length };
  };

  const importMemories = (steps: Steps, data: unknown) => runImport(steps, data, deps().bulk);
  const eraseMemories = (steps: Steps, data: unknown) => runErasure(steps, data, deps().bulk);

  const byEvent: Record<string, JobBody> = {
    [turnCompleted.name]: extractMemories,
    [reembedRequested.name]: reembed,
    [importRequested.name]: importMemories,
    [erasureRequested.name]: eraseMemories,
  };
  return { extractMemories, reembed, importMemories, eraseMemories, byEvent };
}
