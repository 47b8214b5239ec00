/**
 * A deliberately simple intent classifier (SPEC §5.2): it only decides which memory types are
 * worth searching for this message, and whether to search at all.
 */
import type { MemoryRow } from '../memory/memory-types';

export type RecallIntent = 'smalltalk' | 'about_me' | 'temporal' | 'general';

const SMALLTALK = /^(?:hi|hey|hello|yo|thanks?|thank you|thx|ok(?:ay)?|cool|nice|great|lol|haha+|good (?:morning|night|evening)|bye|你好|嗨|谢谢|好的|哈哈+|嗯+|再见)[\s!.,。！~]*$/i;
const ABOUT_ME = /\b(?:what do you (?:know|remember)|what have you (?:learned|remembered)|tell me what you know)\b.*\b(?:me|about me)\b|你(?:都)?记得我|关于我你(?:都)?知道|你对我(?:有)?(?:什么)?了解/i;
const TEMPORAL = /\b(?:when|last (?:time|week|month|year)|yesterday|ago|recently|earlier|before|history|did i)\b|什么时候|上次|上周|昨天|之前|以前|最近/i;

export function classifyIntent(message: string): RecallIntent {
  const text = message.trim();
  if (SMALLTALK.test(text)) return 'smalltalk';
  if (ABOUT_ME.test(text)) return 'about_me';
  if (TEMPORAL.test(text)) return 'temporal';
  return 'general';
}

/** Types searched on demand; procedural rules are always on and never searched. */
export function typesFor(intent: RecallIntent): MemoryRow['type'][] {
  switch (intent) {
    case 'smalltalk':
      return [];
    case 'about_me':
    case 'temporal':
    case 'general':
      return ['semantic', 'episodic'];
  }
}
