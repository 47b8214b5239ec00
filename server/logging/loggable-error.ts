/**
 * What the server log says about an error, without the user's words (issue 14, item 7). Errors
 * carry user text in places a plain `console.error(error)` prints: Drizzle's "Failed query"
 * message lists every bound parameter (a chat message, a memory summary), a Postgres error's
 * detail repeats the failing row, an AI SDK APICallError holds the whole request body (the
 * prompt). This keeps what an operator needs: the kind of error, its code, the SQL without its
 * parameters, the constraint, the HTTP status, a few stack frames.
 */

const MAX_DEPTH = 3;
const STACK_FRAMES = 5;

const field = (value: object, key: string): unknown => (value as Record<string, unknown>)[key];
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function frames(error: Error): string {
  const lines = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return lines.length > 0 ? `\n${lines.slice(0, STACK_FRAMES).join('\n')}` : '';
}

/** Postgres puts the offending input value last, after a colon: `…type uuid: "abc"`. */
const withoutValue = (message: string) => message.replace(/: ".*"$/s, ': "…"');

function describe(error: unknown, depth: number): string {
  if (!(error instanceof Error)) return error === null || error === undefined ? String(error) : `(${typeof error} thrown)`;
  const cause = depth < MAX_DEPTH && error.cause !== undefined ? ` ← ${describe(error.cause, depth + 1)}` : '';
  const sqlState = text(field(error, 'code'));
  if (sqlState && /^[0-9A-Z]{5}$/.test(sqlState) && ('severity' in error || 'routine' in error)) {
    const where = ['table', 'column', 'constraint'].map((k) => text(field(error, k)) && `${k}=${String(field(error, k))}`).filter(Boolean);
    return `${error.name} ${sqlState}: ${withoutValue(error.message).slice(0, 300)}${where.length > 0 ? ` (${where.join(', ')})` : ''}${cause}`;
  }
  // Drizzle's wrapper (PGlite's own errors carry query and params too, handled above).
  const query = text(field(error, 'query'));
  if (query && 'params' in error) return `${error.name}: failed query ${query.slice(0, 500)} (parameters not logged)${cause}`;
  const status = field(error, 'statusCode');
  if (typeof status === 'number' && 'requestBodyValues' in error) return `${error.name} HTTP ${status}: ${error.message.slice(0, 200)}${cause}`;
  return `${error.name}: ${error.message.slice(0, 300)}${cause}`;
}

/** One line that is safe to log or store (the outbox's last_error). */
export const describeError = (error: unknown): string => describe(error, 0);

/** That line plus a few stack frames, for the server log. */
export function loggableError(error: unknown): string {
  return `${describe(error, 0)}${error instanceof Error ? frames(error) : ''}`;
}
