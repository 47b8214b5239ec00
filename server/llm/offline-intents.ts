// Recognises the fast-channel requests of SPEC §4.1 and the "what do you remember about me"
// question (§7) in the user's latest message. Storage happens elsewhere; the offline model only
// needs to phrase the acknowledgement, so these rules favour precision over coverage.

export type OfflineIntent =
  | { kind: 'remember'; content: string; lead: 'that' | 'to' | 'from-now-on' | 'zh' | 'zh-later' }
  | { kind: 'forget'; content: string; lead: 'that' | 'about' | 'none' }
  | { kind: 'recall-all' }
  | { kind: 'other' };

const POLITE_PREFIX =
  /^(?:(?:ok(?:ay)?|hey|hi|so|also|and|oh|btw|by the way|one more thing|just|please|pls|kindly|can you|could you|would you|will you|i want you to|i'd like you to|i need you to)[\s,:;!.-]*)+/i;
const QUESTION_AFTER_REMEMBER = /^(?:what|when|where|who|whom|how|which|if|whether|why)\b/i;

const REMEMBER_EN =
  /^(?:(?:do\s+)?(?:remember|memori[sz]e|keep in mind|bear in mind|make a note|take note|note down|note)|don'?t forget)(?:\s+(that|to))?\b[\s,:;-]*(.*)$/is;
const FROM_NOW_ON_EN = /^(?:from now on|going forward|always remember|for future reference)\b[\s,:;-]*(.*)$/is;
const FORGET_EN =
  /^(?:forget|stop remembering|unlearn|delete (?:the |your )?memory (?:of|about)|remove (?:the |your )?memory (?:of|about))(?:\s+(about|that))?\b[\s,:;-]*(.*)$/is;

const REMEMBER_ZH = /^(?:请|麻烦|帮忙)?(?:你)?(?:要)?(?:记住|记着|记下来|记下|帮我记一下|帮我记下|帮我记住|给我记一下|记一下|别忘了|不要忘了)[\s,，:：、]*(.*)$/s;
// "以后再说" (let's talk later) is not a rule for the future.
const LATER_ZH = /^(?:请|麻烦)?(?:你)?(?:以后|今后|从现在开始|从今以后)(?:请|要|都要|记得)?(?:注意)?[\s,，:：、]*(?!再)(.{2,})$/s;
// Bare "忘了/忘记…" usually means "I forgot …", so 忘记 only counts as a request when addressed.
const FORGET_ZH =
  /^(?:(?:请|麻烦|帮我)?(?:你)?(?:忘掉|删掉|删除|别再记着?|不要再记着?)|(?:请|麻烦|帮我|你)(?:你)?忘记)(?:关于)?[\s,，:：、]*(.*)$/s;
const LOOKS_LIKE_QUESTION = /[?？]\s*$|吗|怎么|如何|什么/;

const RECALL_ALL = [
  /\bwhat (?:do|did|else do|all do) you (?:know|remember|recall|have (?:stored|saved|noted)|have on record)(?:\s+\w+)? about me\b/i,
  /\bwhat have you (?:remembered|learned|learnt|stored|saved|noted)(?:\s+\w+)? about me\b/i,
  /\b(?:tell|show|list) me (?:what|everything) you (?:know|remember)(?: about me)?\b/i,
  /\b(?:show|list|what are) (?:me )?(?:my|your) memor(?:y|ies)\b/i,
  /\bwhat(?:'s| is) in your memory\b/i,
  /\bdo you (?:know|remember) anything about me\b/i,
  /你(?:都|还)?记得(?:关于)?我(?:的)?(?:什么|哪些|些什么|啥)/,
  /关于我你(?:都|还)?(?:知道|记得|了解)(?:些|哪些)?(?:什么|啥)/,
  /你(?:都|还)?(?:知道|了解)(?:关于)?我(?:的)?(?:什么|哪些|啥)/,
  /你对我(?:有)?(?:了解|知道)(?:多少|什么|些什么)/,
  /(?:列出|看看|显示)(?:一下)?(?:我的|你的)?记忆/,
];

function stripLeading(message: string): string {
  return message.trim().replace(POLITE_PREFIX, '').trim();
}

function cleanContent(text: string): string {
  return text
    .trim()
    .replace(/^["'“‘「]+|["'”’」]+$/g, '')
    .replace(/[\s。.!！?？]+$/u, '')
    .trim();
}

export function detectIntent(message: string): OfflineIntent {
  const text = stripLeading(message);

  if (RECALL_ALL.some((pattern) => pattern.test(message))) return { kind: 'recall-all' };

  // "Forget it, how do I …?" or "删除文件怎么操作？" are questions, not forget requests.
  if (!LOOKS_LIKE_QUESTION.test(text)) {
    const forgetEn = FORGET_EN.exec(text);
    if (forgetEn) {
      const lead = forgetEn[1]?.toLowerCase() === 'about' ? 'about' : forgetEn[1] ? 'that' : 'none';
      return { kind: 'forget', content: cleanContent(forgetEn[2] ?? ''), lead };
    }
    const forgetZh = FORGET_ZH.exec(text);
    if (forgetZh) return { kind: 'forget', content: cleanContent(forgetZh[1] ?? ''), lead: 'none' };
  }

  const rememberEn = REMEMBER_EN.exec(text);
  if (rememberEn) {
    const lead = rememberEn[1]?.toLowerCase() === 'to' ? 'to' : 'that';
    const content = cleanContent(rememberEn[2] ?? '');
    // "Remember what I said about X?" / "remember when we…" recall the past; they store nothing.
    const isQuestion = rememberEn[1] === undefined && QUESTION_AFTER_REMEMBER.test(content);
    if (content !== '' && !isQuestion) return { kind: 'remember', content, lead };
  }
  const fromNowOn = FROM_NOW_ON_EN.exec(text);
  if (fromNowOn && cleanContent(fromNowOn[1] ?? '') !== '') {
    return { kind: 'remember', content: cleanContent(fromNowOn[1] ?? ''), lead: 'from-now-on' };
  }

  if (/[?？]\s*$|吗[?？]?\s*$/.test(text)) return { kind: 'other' };
  const rememberZh = REMEMBER_ZH.exec(text);
  if (rememberZh && cleanContent(rememberZh[1] ?? '') !== '') {
    return { kind: 'remember', content: cleanContent(rememberZh[1] ?? ''), lead: 'zh' };
  }
  const laterZh = LATER_ZH.exec(text);
  if (laterZh && cleanContent(laterZh[1] ?? '') !== '') {
    return { kind: 'remember', content: cleanContent(laterZh[1] ?? ''), lead: 'zh-later' };
  }

  return { kind: 'other' };
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
