/**
 * What the offline extractor will keep from a new user message, told to the user in the offline
 * model's reply (issue 15: "Noted for later: allergic to peanuts"). The same rules and validation
 * as the background extraction (extract-turn.ts), run on the same words a moment earlier, so the
 * reply and the "Saved" notices that follow name the same memories; what is finally written can
 * still differ where it meets what is stored (a duplicate, a correction), which the notices show.
 */
import type { ExtractionWindow } from '../extraction-schema';
import { extractWithRules } from '../rules';
import { validateExtracted } from '../validate';
import { findSecretsWith } from '../validate/secrets';

export interface TurnPreview {
  /** Summaries of the memories that will be saved. */
  noted: string[];
  /** Summaries that will wait for the user's yes/no in the review inbox. */
  held: string[];
  /** The message holds what looks like a password, key or code: never kept, whatever else is. */
  secretWithheld: boolean;
}

const unique = (items: string[]) => [...new Set(items)];

export function previewTurn(window: ExtractionWindow, knownSecrets: readonly string[]): TurnPreview {
  const { accepted, dropped } = validateExtracted(extractWithRules(window), window, knownSecrets);
  const fresh = window.messages.filter((m) => window.newMessageIds.includes(m.id));
  return {
    noted: unique(accepted.filter((m) => m.status === 'active').map((m) => m.summary)),
    held: unique(accepted.filter((m) => m.status === 'candidate').map((m) => m.summary)),
    secretWithheld: dropped.some((d) => d.reason === 'secret') || fresh.some((m) => findSecretsWith(m.content, knownSecrets).length > 0),
  };
}
