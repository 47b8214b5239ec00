/**
 * The status an accepted item enters with (SPEC §3, §4.3.4): inferred or low-confidence items and
 * sensitive *changes* (quitting or deleting something, revising a core preference or health
 * information) start as candidates until confirmed or repeated. An explicit "remember …" is the user's own
 * confirmation, so its items are active — except when the message reads like a prompt injection.
 */
import type { ExtractedMemory } from '../extraction-schema';
import type { SensitiveCategory } from '../rules/sensitivity';

const QUITTING_OR_DELETING =
  /\b(?:quit|quitting|resign(?:ed|ing)?|delet(?:e|ed|ing)|cancell?(?:ed|ing)?|cancel|left (?:my|the|his|her)|leaving (?:my|the)|divorc\w*|break(?:ing)? up|broke up|split up|drop(?:ped)? out|stopp?(?:ed|ing) (?:taking|seeing|working)|gave up|giving up|no longer work|unsubscrib\w*|clos(?:ed|ing) (?:my|the) account)\b|辞职|离职|删除|删掉|退出|离婚|注销|分手|退学|戒|停药|不干了/i;

export interface StatusInput {
  item: ExtractedMemory;
  categories: readonly SensitiveCategory[];
  explicit: boolean;
  injection: boolean;
}

export function decideStatus({ item, categories, explicit, injection }: StatusInput): { status: 'active' | 'candidate'; statusReason: string | null } {
  const reasons: string[] = [];
  if (injection) reasons.push('the message reads like a prompt injection');
  if (item.origin === 'assistant_inferred') reasons.push('inferred by the assistant, not stated by the user');
  if (item.confidence === 'low') reasons.push('low confidence: the user hedged');
  if (!explicit) {
    const text = `${item.summary} ${item.quote}`;
    if (QUITTING_OR_DELETING.test(text)) reasons.push('sensitive change: quitting or deleting something');
    // A *change* to health information waits for confirmation ("I stopped my medication"). A
    // plainly stated condition ("I'm allergic to peanuts") is active at once, marked sensitive
    // so recall never volunteers it off-topic: an assistant that ignored a stated allergy until
    // it was said twice would be the worse failure.
    if (categories.includes('health') && item.negative_update && item.type !== 'episodic') reasons.push('sensitive change: health information');
    if (item.negative_update && (item.importance >= 4 || item.sensitive) && !categories.includes('health')) {
      reasons.push('sensitive change: revises a core preference');
    }
  }
  return reasons.length > 0 ? { status: 'candidate', statusReason: reasons.join('; ') } : { status: 'active', statusReason: null };
}
