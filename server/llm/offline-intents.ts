// Recognises the fast-channel requests of SPEC §4.1 (through the shared detector in
// server/memory/explicit-command.ts) and the "what do you remember about me" question (§7) in the
// user's latest message. Storage happens elsewhere; the offline model only phrases the reply.
import { isListQuestion } from '../memory/chat-commands/detect';
import { parseExplicitCommand } from '../memory/explicit-command';
import { isMostlyChinese } from '../text/text-terms';

export type OfflineIntent =
  | { kind: 'remember'; content: string; lead: 'that' | 'to' | 'from-now-on' | 'zh' | 'zh-later' }
  | { kind: 'forget'; content: string; lead: 'that' | 'about' | 'none' }
  | { kind: 'recall-all' }
  | { kind: 'other' };


/** Fast-channel phrasing comes from the memory pipeline's detector, so replies and storage agree. */
export function detectIntent(message: string): OfflineIntent {
  if (isListQuestion(message)) return { kind: 'recall-all' };

  const command = parseExplicitCommand(message);
  if (!command) return { kind: 'other' };
  if (command.kind === 'forget') return { kind: 'forget', content: command.target, lead: command.lead };
  // A trailing "…, remember that." reads like "remember that …" in the acknowledgement.
  const lead = command.lead === 'trailing' ? (isMostlyChinese(command.content) ? 'zh' : 'that') : command.lead;
  return { kind: 'remember', content: command.content, lead };
}

const EN_REFLECTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\byou are\b/gi, '\u0000I am'],
  [/\bi am\b/gi, '\u0000you are'],
  [/\byou're\b/gi, "\u0000I'm"],
  [/\bi'm\b/gi, "\u0000you're"],
  [/\bi've\b/gi, "\u0000you've"],
  [/\bi'll\b/gi, "\u0000you'll"],
  [/\bi'd\b/gi, "\u0000you'd"],
  [/\byou(?=\s+(?:should|must|will|can|could|would|need|have|always|never|don't|do|may|might)\b)/gi, '\u0000I'],
  [/\byourself\b/gi, '\u0000myself'],
  [/\byours\b/gi, '\u0000mine'],
  [/\byour\b/gi, '\u0000my'],
  [/\byou\b/gi, '\u0000me'],
  [/\bmyself\b/gi, '\u0000yourself'],
  [/\bmine\b/gi, '\u0000yours'],
  [/\bmy\b/gi, '\u0000your'],
  [/\bme\b/gi, '\u0000you'],
  [/\bi\b/gi, '\u0000you'],
];

/** Swaps first and second person so an echo reads naturally ("my wife" → "your wife"). */
export function reflectPronouns(text: string): string {
  // A NUL marker keeps already-swapped words from being swapped back by a later rule.
  let result = text;
  for (const [pattern, replacement] of EN_REFLECTIONS) {
    result = result.replace(pattern, (match, offset: number, whole: string) =>
      whole[offset - 1] === '\u0000' ? match : replacement,
    );
  }
  return result.replace(/\u0000/g, '');
}

/** Chinese first/second person swap ("我对花生过敏" → "你对花生过敏"). */
export function reflectPronounsZh(text: string): string {
  return text.replace(/[我你您]/g, (char) => (char === '我' ? '你' : '我'));
}
