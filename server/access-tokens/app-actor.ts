/**
 * How an outside app appears in the audit log (issue 17): its writes and reads are entries whose
 * actor is `app:<access token id>`, so the activity log can say "by <app name>" and list one
 * app's reads and writes. Reads are one entry per tool call, with the ids it returned.
 */
import type { Actor } from '../memory/memory-types';

export const READ_ACTION = 'memory.read';
const PREFIX = 'app:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function appActor(tokenId: string): Actor {
  return `${PREFIX}${tokenId}`;
}

/** The token id of an `app:<id>` actor, or null for every other actor. */
export function appTokenIdOf(actor: string): string | null {
  if (!actor.startsWith(PREFIX)) return null;
  const id = actor.slice(PREFIX.length);
  return UUID.test(id) ? id : null;
}
