import { reembedRequested } from '../../events/contracts';
import { reembedUser, usersNeedingReembed } from '../../memory/reembed';
import { defineJob, USER_MEMORY_LANE } from '../define-job';

/** Re-embeds active memories with the configured model, one batch per step (SPEC §4.5). */
export const reembedMemoriesJob = defineJob({
  id: 'reembed-memories',
  trigger: { event: reembedRequested },
  // A run for "everyone" has no user id and only fans out; it shares one lane, which is fine.
  concurrency: USER_MEMORY_LANE,
  retries: 4,
  handler: async ({ data, steps }, deps) => {
    const d = deps.reembed;
    if (data.userId) return reembedUser(steps, data.userId, d);
    const users = await steps.run('list-users', () => usersNeedingReembed(d.withSystem, d.embedder.modelId));
    if (users.length > 0) {
      await steps.sendEvent(
        'fan-out',
        users.map((id) => reembedRequested.create({ userId: id })),
      );
    }
    return { users: users.length };
  },
});
