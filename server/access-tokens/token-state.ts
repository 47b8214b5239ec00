import type { AccessTokenRow } from '../../db/schema';
import type { AccessTokenItem } from './schemas';

/** Revoked beats expired beats paused: the list and the 401 say the strongest reason. */
export function tokenState(row: Pick<AccessTokenRow, 'revokedAt' | 'pausedAt' | 'expiresAt'>, now: Date): AccessTokenItem['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.pausedAt) return 'paused';
  return 'active';
}
