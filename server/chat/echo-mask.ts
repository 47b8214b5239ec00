/**
 * Masks, while the reply streams, any secret value the user typed in this turn (issue 14): a model
 * that answers "Got it, your wifi password is sunflower42" shows and stores "[redacted]" instead.
 * A value can arrive split over several deltas, so the last (longest value − 1) characters of
 * each text part are held back until the next delta or the part's end.
 */
import { maskValues, REDACTED } from '../memory/validate/secrets';

export interface EchoMask {
  /** The text of this delta that is safe to show now (possibly empty). */
  push(id: string, delta: string): string;
  /** The rest of a text part, masked, at its end. */
  end(id: string): string;
  /** Text parts that never ended (the reply was stopped or failed), masked. */
  drain(): { id: string; text: string }[];
}

export function echoMask(values: readonly string[]): EchoMask {
  const hold = Math.max(0, ...values.map((value) => value.length)) - 1;
  const pending = new Map<string, string>();
  // At a part's end, a tail that starts a value (a reply stopped mid-word) is masked too.
  const cutPrefix = (text: string) => {
    for (const value of values) {
      for (let n = Math.min(value.length - 1, text.length); n >= 3; n -= 1) {
        if (text.endsWith(value.slice(0, n))) return text.slice(0, text.length - n) + REDACTED;
      }
    }
    return text;
  };
  const end = (id: string) => {
    const rest = cutPrefix(maskValues(pending.get(id) ?? '', values));
    pending.delete(id);
    return rest;
  };
  return {
    push(id, delta) {
      if (values.length === 0) return delta;
      const masked = maskValues((pending.get(id) ?? '') + delta, values);
      const cut = Math.max(0, masked.length - hold);
      pending.set(id, masked.slice(cut));
      return masked.slice(0, cut);
    },
    end,
    drain: () => [...pending.keys()].map((id) => ({ id, text: end(id) })),
  };
}
