/**
 * Postgres text cannot hold NUL (U+0000): a string with one fails the insert with an error the
 * user cannot act on (a 500). Every input is checked once at the boundary instead, and the
 * answer names the field (issue 14, item 7).
 */

/** The path of the first string in `value` that contains NUL, or null. */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? (path.join('.') || '(input)') : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = nulPath(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export const NUL_MESSAGE = 'must not contain NUL (\\u0000) characters';
