import { z } from 'zod';

const initialize = z.object({
  method: z.literal('initialize'),
  params: z.object({ clientInfo: z.object({ name: z.string(), version: z.string().optional() }) }),
});

/**
 * The client's own name from an `initialize` request ("Claude Desktop 1.2"), shown as the
 * app's last client in Connected apps; null for every other request (the caller falls back to
 * the User-Agent header or keeps the previous name).
 */
export function clientNameOf(body: unknown): string | null {
  const parsed = initialize.safeParse(Array.isArray(body) ? body[0] : body);
  if (!parsed.success) return null;
  const { name, version } = parsed.data.params.clientInfo;
  return version ? `${name} ${version}` : name;
}
