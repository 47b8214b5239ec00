import { healthReport } from '@/server/llm/health-report';

export const dynamic = 'force-dynamic';

/** For operators: which models run and what the model path has had to work around (no user data). */
export function GET(): Response {
  return Response.json(healthReport(), { headers: { 'cache-control': 'no-store' } });
}
