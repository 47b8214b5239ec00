import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Token counts with a real BPE tokenizer (o200k_base, GPT-4o's). Other models tokenise a little
 * differently; budgets leave headroom for that rather than pretending to be exact per model.
 */
export function countTokens(text: string): number {
  return text === '' ? 0 : countO200k(text);
}
