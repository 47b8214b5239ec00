/**
 * Memory management by natural language in chat (SPEC §7, "In chat"): "what do you remember
 * about me?", "lower the priority of my coffee preference", "that's wrong, I live in Hangzhou".
 * "Remember …" and "forget …" have their own detector (../explicit-command.ts); together they
 * make the fast channel's command set. Like that detector this one favours precision: a missed
 * command is an ordinary chat turn, a false one changes a memory the user did not mean.
 */

export type ManagementCommand =
  | { kind: 'list' }
  | { kind: 'reprioritize'; target: string; direction: 'lower' | 'raise'; level: number | null }
  | { kind: 'correct'; statement: string };

const LIST = [
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

/** "What do you remember about me?" — asked in English or Chinese. */
export function isListQuestion(text: string): boolean {
  return LIST.some((pattern) => pattern.test(text));
}

const POLITE = /^(?:(?:ok(?:ay)?|hey|hi|so|also|and|actually|please|pls|can you|could you|would you|will you|i want you to|i'd like you to|mindbase)[\s,:;!.\-—]*)+/i;
const ZH_POLITE = /^(?:(?:好的?|嗯|对了|另外|还有|请|麻烦|帮我|你)[\s,，:：。!！]*)+/;
const END = /[\s.!。！?？]*$/u;

const LOWER_WORDS = 'lower|reduce|decrease|drop|lessen|downgrade';
const RAISE_WORDS = 'raise|increase|bump up|bump|boost|upgrade|up';
const PRIORITY = '(?:priority|importance)';

// "lower the priority of my coffee preference", "raise the importance of the peanut allergy"
const EN_CHANGE_OF = new RegExp(`^(${LOWER_WORDS}|${RAISE_WORDS}) (?:the )?${PRIORITY} of (.+?)(?: to (\\d))?${END.source}`, 'i');
// "lower my coffee preference's priority", "lower the coffee memory's importance"
const EN_CHANGE_POSSESSIVE = new RegExp(`^(${LOWER_WORDS}|${RAISE_WORDS}) (.+?)(?:'s|’s)? ${PRIORITY}(?: to (\\d))?${END.source}`, 'i');
// "make my coffee preference less important"
const EN_MAKE = new RegExp(`^make (.+?) (less|more) important${END.source}`, 'i');
// "deprioritize my coffee preference", "prioritise the allergy"
const EN_PRIORITIZE = new RegExp(`^(de-?prioriti[sz]e|prioriti[sz]e) (.+?)${END.source}`, 'i');
// "set the priority of my coffee preference to 2", "set my coffee preference's importance to 2"
const EN_SET = new RegExp(`^set (?:the )?(?:${PRIORITY} of (.+?)|(.+?)(?:'s|’s)? ${PRIORITY}) to (\\d)${END.source}`, 'i');
// "my coffee preference is less important", "the gym plan isn't that important"
const EN_IS = new RegExp(`^(.+?) (?:is|isn't|is not|matters) (less important|not (?:that|very|so) important|more important|less|more)${END.source}`, 'i');

// 降低我喝咖啡偏好的优先级 / 把咖啡偏好的重要性调低一点 / 咖啡那条没那么重要
const ZH_CHANGE_OF = /^(降低|调低|减少|下调|提高|调高|提升|增加|上调)(?:一下)?(.+?)的(?:优先级|重要性|重要程度)(?:到(\d))?[\s。！!]*$/;
const ZH_BA = /^把(.+?)的?(?:优先级|重要性|重要程度)(降低|调低|减少|下调|提高|调高|提升|增加|上调|改成|调到|设为|设成)(\d)?(?:一点|一些|一下)?[\s。！!]*$/;
const ZH_IS = /^(.+?)(没那么重要|不那么重要|不是很重要|没有那么重要|更重要|比较重要了)[\s。！!]*$/;

const ZH_LOWER = /降低|调低|减少|下调|没那么|不那么|不是很|没有那么/;

// What names the memory, without the words that only say "a memory": "my coffee preference" → "coffee".
const FILLER_EN = /\b(?:my|the|your|that|this|a|an|memory|memories|preference|preferences|thing|stuff|fact|info|information|note|one|about|of|on|item|entry)\b/gi;
const FILLER_ZH = /^我|我的|你的|那条|这条|关于|偏好|记忆|这件事|那件事|的事|信息|那个|这个/g;

function cleanTarget(raw: string): string {
  const stripped = raw.replace(FILLER_EN, ' ').replace(FILLER_ZH, ' ').replace(/[\s"'“”‘’「」,，.。]+/g, ' ').trim();
  // A target made only of filler ("lower that memory's priority") keeps its words.
  return stripped === '' ? raw.trim() : stripped;
}

function level(digit: string | undefined): number | null {
  if (digit === undefined) return null;
  const value = Number(digit);
  return value >= 1 && value <= 5 ? value : null;
}

function reprioritize(target: string, lower: boolean, digit?: string): ManagementCommand | null {
  const cleaned = cleanTarget(target);
  if (cleaned === '') return null;
  return { kind: 'reprioritize', target: cleaned, direction: lower ? 'lower' : 'raise', level: level(digit) };
}

const isLowerWord = (word: string) => new RegExp(`^(?:${LOWER_WORDS})$`, 'i').test(word);

function detectReprioritize(body: string): ManagementCommand | null {
  const set = EN_SET.exec(body);
  if (set) {
    const value = level(set[3]);
    return value === null ? null : { kind: 'reprioritize', target: cleanTarget(set[1] ?? set[2] ?? ''), direction: value <= 2 ? 'lower' : 'raise', level: value };
  }
  const of = EN_CHANGE_OF.exec(body) ?? EN_CHANGE_POSSESSIVE.exec(body);
  if (of) return reprioritize(of[2] ?? '', isLowerWord(of[1] ?? ''), of[3]);
  const make = EN_MAKE.exec(body);
  if (make) return reprioritize(make[1] ?? '', make[2]?.toLowerCase() === 'less');
  const prioritize = EN_PRIORITIZE.exec(body);
  if (prioritize) return reprioritize(prioritize[2] ?? '', /^de/i.test(prioritize[1] ?? ''));
  const is = EN_IS.exec(body);
  // "X is less important" names a memory only when X says so ("my … preference", "the … memory").
  if (is && /\b(?:my|the)\b/i.test(is[1] ?? '') && /\b(?:preference|memory|fact|rule|plan|allergy|note)\b/i.test(is[1] ?? '')) {
    return reprioritize(is[1] ?? '', /less|not/i.test(is[2] ?? ''));
  }
  const zhOf = ZH_CHANGE_OF.exec(body);
  if (zhOf) return reprioritize(zhOf[2] ?? '', ZH_LOWER.test(zhOf[1] ?? ''), zhOf[3]);
  const zhBa = ZH_BA.exec(body);
  if (zhBa) {
    const value = level(zhBa[3]);
    const lower = value !== null ? value <= 2 : ZH_LOWER.test(zhBa[2] ?? '');
    if (value === null && /改成|调到|设为|设成/.test(zhBa[2] ?? '')) return null;
    return reprioritize(zhBa[1] ?? '', lower, zhBa[3]);
  }
  const zhIs = ZH_IS.exec(body);
  if (zhIs && /偏好|记忆|那条|这条|过敏|计划|规则/.test(zhIs[1] ?? '')) return reprioritize(zhIs[1] ?? '', ZH_LOWER.test(zhIs[2] ?? ''));
  return null;
}

// "That's wrong, I live in Hangzhou", "you've got that wrong — I'm vegetarian", "correction: …"
const EN_WRONG =
  /^(?:no[,.!]*\s+)?(?:that'?s|that is|this is|it'?s|it is)\s+(?:wrong|not right|not true|incorrect|not correct|outdated|out of date|not accurate|inaccurate|a mistake|no longer true|not the case)\s*[,.;:!—–-]+\s*(?:actually[\s,]+)?(.+)$/i;
const EN_YOU_WRONG =
  /^(?:no[,.!]*\s+)?(?:you'?re|you are|you'?ve got (?:that|it|this)|you have (?:that|it|this)|you got (?:that|it|this))\s+(?:wrong|mistaken)\s*[,.;:!—–-]+\s*(?:actually[\s,]+)?(.+)$/i;
const EN_CORRECTION = /^(?:correction|to correct you|no,? actually)[\s:,;—–-]+(.+)$/i;
const ZH_WRONG = /^(?:不对|不是的|不是这样的?|错了|你记错了|记错了|你搞错了|搞错了|这不对|那不对|这是错的|那是错的|说错了|更正一下|纠正一下)[\s，,。！!：:；;—-]*(?:其实|实际上)?[\s，,]*(.+)$/;

function detectCorrection(body: string): ManagementCommand | null {
  const match = EN_WRONG.exec(body) ?? EN_YOU_WRONG.exec(body) ?? EN_CORRECTION.exec(body) ?? ZH_WRONG.exec(body);
  const statement = match?.[1]?.trim();
  // The statement is what gets stored; a question ("that's wrong, isn't it?") states nothing.
  if (!statement || /[?？]\s*$/.test(statement)) return null;
  return { kind: 'correct', statement };
}

export function detectManagementCommand(text: string): ManagementCommand | null {
  if (isListQuestion(text)) return { kind: 'list' };
  const trimmed = text.trim();
  const body = trimmed.replace(POLITE, '').replace(ZH_POLITE, '');
  if (body === '') return null;
  return detectCorrection(body) ?? detectReprioritize(body);
}
