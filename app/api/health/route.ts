import { withSystem } from '@/server/database';
import { outboxCounts } from '@/server/events/outbox';
import { healthReport } from '@/server/llm/health-report';

export const dynamic = 'force-dynamic';

/**
 * For operators: which models run, what the model path has had to work around, and the outbox
 * (pending, sent, dead-lettered events; null if the database did not answer). No user data.
 */
export async function GET(): Promise<Response> {
  const outbox = await outboxCounts(withSystem).catch(() => null);
  return Response.json({ ...healthReport(), outbox }, { headers: { 'cache-control': 'no-store' } });
}
