/**
 * Password strength (issue 14, item 8) by zxcvbn-ts: it estimates how many guesses a cracker
 * needs, knowing common passwords, English words and names, keyboard patterns, repeats,
 * sequences, dates and l33t spellings. A length rule alone let `password`, eight spaces and
 * `12345678` through.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

// Loading the dictionaries takes ~0.3 s: once, on the first password checked, not at import.
let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator;
}

const FALLBACK_ADVICE = 'Add another word or two; uncommon words are better.';

/**
 * Why `password` is too easy to guess, or null when it scores at least `minScore`.
 * `userInputs` (the e-mail, its local part, the name) count as known words, so `alice2024` is
 * weak for alice.
 */
export function passwordWeakness(password: string, userInputs: string[], minScore: number): string | null {
  const result = zxcvbn().check(password, userInputs.filter((input) => input.length > 0));
  if (result.score >= minScore) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter((line): line is string => Boolean(line));
  return `Password is too easy to guess: ${(advice.length > 0 ? advice : [FALLBACK_ADVICE]).join(' ')}`;
}
