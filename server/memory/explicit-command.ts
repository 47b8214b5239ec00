/**
 * The one detector for fast-channel requests (SPEC §4.1): "remember that …", "from now on …",
 * "note that …", 记住…, 帮我记一下…, 以后注意… and "forget …" / 忘掉…. The offline chat model
 * (server/llm/offline-intents.ts) and the memory pipeline both call it, so the acknowledgement the
 * user reads and what gets stored can never disagree.
 *
 * It favours precision: a false "remember" writes a high-importance memory the user never asked
 * for, while a missed one is still seen by the slow channel.
 */
import { toSimplified } from '../text/chinese-script';
import { splitSentences } from './rules/segments';

/** How the request was phrased; decides the reply wording and whether the content is a rule. */
export type ExplicitLead =
  | 'that' // remember (that) …, note that …, don't forget that …
  | 'to' // remember to …
  | 'from-now-on' // from now on …, going forward …, … from now on
  | 'zh' // 记住…, 帮我记一下…
  | 'zh-later' // 以后注意…, 从现在开始…
  | 'trailing'; // "… — remember that."

export type ForgetLead = 'that' | 'about' | 'none';

export type ParsedExplicitCommand =
  | { kind: 'remember'; content: string; lead: ExplicitLead; span: TextSpan }
  | { kind: 'forget'; target: string; lead: ForgetLead; span: TextSpan };

/** Offsets of the content (or target) inside the original text: its exact quote. */
export interface TextSpan {
  start: number;
  end: number;
}

export type ExplicitCommand = { kind: 'remember'; content: string } | { kind: 'forget'; target: string };

// Leading politeness and discourse words that do not change the request.
const POLITE_PREFIX =
  /^(?:(?:ok(?:ay)?|hey|hi|hello|so|also|and|oh|actually|btw|by the way|one more thing|just|please|pls|kindly|can you|could you|would you|will you|can u|could u|would u|will u|i want you to|i'd like you to|i need you to|i'd like to ask you to|mindbase)[\s,:;!.\-—]*)+/i;
const ZH_PREFIX = /^(?:(?:好的?|嗯|对了|另外|还有|顺便说一下|那个|哦|但是|不过|然后|那就)[\s,，:：。!！]*)+/;

// A question about the past ("remember when we…", "remember what I said?") stores nothing.
const RECALL_QUESTION = /^(?:what|when|where|who|whom|how|which|if|whether|why|the time|that time)\b/i;

const REMEMBER_EN =
  /^(?:(?:do\s+)?(?:remember|memori[sz]e|keep in mind|bear in mind|make a note|take note|note down|note|jot down)|don'?t forget|do not forget|never forget|(?=(?:save|store) this\s*:)(?:save|store))(?:\s+(that|to|this))?\b[\s,:;\-—]*/i;
const FROM_NOW_ON_EN = /^(?:from now on|going forward|in (?:the )?future|from here on(?: out)?|for future reference|always remember)\b[\s,:;\-—]*/i;
const TRAILING_FROM_NOW_ON = /[\s,;\-—]+(?:from now on|going forward|in (?:the )?future|from here on(?: out)?)(?:\s*,?\s*please)?\s*[.!]*$/i;
const TRAILING_REMEMBER = /[\s,;.!\-—]+(?:(?:please|pls)\s+)?(?:remember|note|keep in mind|don'?t forget)\s+(?:that|this)(?:\s*,?\s*please)?\s*[.!]*$/i;
const FORGET_EN =
  /^(?:forget|stop remembering|unlearn|(?:delete|remove|erase|wipe|clear|get rid of) (?:the |your |my )?(?:memory|memories) (?:of|about|that)|(?:delete|remove|erase|wipe|clear) (?:what|everything) you (?:know|remember) about)(?:\s+(about|that))?\b[\s,:;\-—]*/i;
// "delete my address from your memory", "remove my phone number from memory"
const FORGET_FROM_MEMORY_EN = /^(?:delete|remove|erase|wipe|clear)\s+(.+?)\s+from (?:your |my )?memory[\s.!]*$/i;
// "Forget it, let's talk about something else", "forget about the CSS, focus on the bug": the
// conversation moves on; nothing is named to forget.
const MOVING_ON_EN = /^(?:it|that|this)\s*[,;.!—–-]|[,;—–-]\s*(?:let'?s|focus|just|instead|back to|move on|we|i'?ll|and (?:just|focus|let'?s))\b/i;

const REMEMBER_ZH = /^(?:请|麻烦|帮忙)?(?:你)?(?:要)?(?:记住|记着|记下来|记下|记好了?|帮我记一下|帮我记下来?|帮我记住|帮我记着|给我记一下|记一下|别忘了|不要忘了|别忘记|不要忘记)(?!了吗|吗|没)[\s,，:：、]*/;
// 以后 starts a rule only when it addresses the assistant; "以后我想去日本" is the user's future
// and "以后再说" means "later".
const LATER_ZH =
  /^(?:请|麻烦)?(?:你)?(?:以后|今后|从现在开始|从现在起|从今以后|往后)(?:[\s,，:：]*)(?=请|你|要|都|记得|注意|别|不要|不用|一律|回答|回复|叫我|称呼我|用|写|说|给我|跟我|和我|对我|帮我(?:写|回|翻|做|列|改|总结|整理)|先|尽量|少|多)(?:请|要|都要|记得)?(?:注意)?[\s,，:：、]*/;
const TRAILING_ZH = /[\s,，。;；!！]+(?:请)?(?:记住|记一下|记下来|记着)(?:了)?(?:哦|啊|呀)?[。!！]*$/;
// Bare 忘记 often means "forgot" (忘记带伞了), so it is a request only when addressed or not narrative.
const FORGET_ZH = /^(?:请|麻烦|帮我)?(?:你)?(?:忘掉|删掉|删除|清除|别再记着?|不要再记着?|别记着|忘了吧|忘记)(?:关于)?[\s,，:：、]*/;
// 把我前男友的信息删掉 / 把我住在上海那条记忆删了 / 把我是素食者这条忘掉
const FORGET_BA_ZH = /^(?:请|麻烦)?(?:你)?把(.+?)(?:都)?(?:删掉|删了|删除|清除|忘掉|忘了)(?:吧)?[\s。!！]*$/;
// 忘了我喜欢喝咖啡这件事 / 你忘了我养猫这件事吧 / 不用记我喜欢爵士乐了
const FORGET_THING_ZH = /^(?:请)?(?:你)?忘了(.+?(?:这件事|那件事|这条|那条))(?:吧)?[\s。!！]*$/;
const NO_NEED_ZH = /^(?:不用|不必)(?:再)?记(?:着|住)?(我.+?)了[\s。!！]*$/;
// 删除 also edits text (删除这段代码里的注释); it asks to forget only when it names the user or a memory.
const NAMES_MEMORY_ZH = /我|记忆|那条|这条|信息/;
// 把…删掉 edits a draft as often as it forgets (把我的草稿删掉, 把我写的那条评论删掉): it forgets only
// what is called a memory, "this one" at the end, a thing, or the user's information.
const BA_NAMES_MEMORY_ZH = /记忆|(?:这条|那条|这件事|那件事)$|^(?:关于)?我.{0,8}信息$/;
const LOOKS_LIKE_QUESTION = /[?？]\s*$|吗\s*[?？。]?\s*$|怎么|如何|什么/;

const CLEAN_EDGES = /^[\s"'“‘「『]+|[\s"'”’」』。.!！?？,，;；]+$/gu;

function span(text: string, start: number, end: number): { value: string; span: TextSpan } {
  let from = start;
  let to = end;
  const raw = text.slice(from, to);
  const leading = /^[\s"'“‘「『]+/u.exec(raw)?.[0].length ?? 0;
  const trailing = /[\s"'”’」』。.!！?？,，;；]+$/u.exec(raw)?.[0].length ?? 0;
  from += leading;
  to = Math.max(from, to - trailing);
  return { value: text.slice(from, to), span: { start: from, end: to } };
}

/**
 * A leading request covers its own sentence: "Remember that my mum's birthday is March 3rd. Also
 * she hates lilies" asks to keep the birthday; what follows is the rest of the message, which the
 * slow channel reads like any other (issue 12: the tail was stored as part of the request).
 */
function sentenceEndFrom(text: string, start: number): number {
  const first = splitSentences(text, start)[0];
  return first ? first.end : text.length;
}

// "remember the twins names are milo and ruby, i keep having to type them into forms": the
// request ends where the user starts telling something else about themselves; the rest of the
// message is read by the extractor like any other (issue 12), not kept as a top-priority memory.
const NEXT_OWN_CLAUSE_EN = /,\s+(?:(?:and|but|so|cos|because)\s+)?(?:i|i['’]m|im|i['’]ve|ive|my brain|we)\s/i;

function requestEndFrom(text: string, start: number): number {
  const end = sentenceEndFrom(text, start);
  const next = NEXT_OWN_CLAUSE_EN.exec(text.slice(start, end));
  return next ? start + next.index : end;
}

/** A trailing "…, remember that" covers the sentence it closes. */
function sentenceStartBefore(text: string, from: number, end: number): number {
  const sentences = splitSentences(text, from, end);
  return sentences.at(-1)?.start ?? from;
}

function remember(text: string, start: number, end: number, lead: ExplicitLead): ParsedExplicitCommand | null {
  const content = span(text, start, end);
  if (content.value.replace(CLEAN_EDGES, '') === '') return null;
  return { kind: 'remember', content: content.value, lead, span: content.span };
}

function forget(text: string, start: number, lead: ForgetLead): ParsedExplicitCommand {
  const target = span(text, start, text.length);
  return { kind: 'forget', target: target.value, lead, span: target.span };
}

function forgetSpan(text: string, start: number, length: number): ParsedExplicitCommand {
  const target = span(text, start, start + length);
  return { kind: 'forget', target: target.value, lead: 'none', span: target.span };
}

function parseForget(text: string, offset: number, body: string): ParsedExplicitCommand | null {
  // "Forget it, how do I …?" and "删除文件怎么操作？" are questions, not requests.
  if (LOOKS_LIKE_QUESTION.test(body)) return null;
  const english = FORGET_EN.exec(body);
  if (english) {
    const word = english[1]?.toLowerCase();
    if (MOVING_ON_EN.test(body.slice(english[0].length))) return null;
    return forget(text, offset + english[0].length, word === 'about' ? 'about' : word === 'that' ? 'that' : 'none');
  }
  const fromMemory = FORGET_FROM_MEMORY_EN.exec(body);
  if (fromMemory?.[1]) return forgetSpan(text, offset + fromMemory[0].indexOf(fromMemory[1]), fromMemory[1].length);
  const ba = FORGET_BA_ZH.exec(body) ?? FORGET_THING_ZH.exec(body) ?? NO_NEED_ZH.exec(body);
  if (ba?.[1] && BA_NAMES_MEMORY_ZH.test(ba[1]) && !/[从里中]/.test(ba[1])) return forgetSpan(text, offset + ba[0].indexOf(ba[1]), ba[1].length);
  const chinese = FORGET_ZH.exec(body);
  if (!chinese) return null;
  const rest = body.slice(chinese[0].length);
  if (/^(?:删掉|删除|清除)/.test(chinese[0].replace(/^(?:请|麻烦|帮我)?(?:你)?/, '')) && !NAMES_MEMORY_ZH.test(rest)) return null;
  const addressed = /^(?:请|麻烦|帮我|你)/.test(body);
  // "忘记带伞了" narrates; "忘记我住在上海这件事" asks.
  if (chinese[0].includes('忘记') && !addressed && (/^了/.test(rest) || /[了啦][。!！]?\s*$/.test(rest))) return null;
  return forget(text, offset + chinese[0].length, 'none');
}

function parseRemember(text: string, offset: number, body: string): ParsedExplicitCommand | null {
  const english = REMEMBER_EN.exec(body);
  if (english) {
    const word = english[1]?.toLowerCase();
    const start = offset + english[0].length;
    const rest = text.slice(start);
    // "Remember what I said about X?" / "remember when we…" recall the past.
    if (word === undefined && RECALL_QUESTION.test(rest.trim())) return null;
    // "remember that time you helped me…?", "Remember the recipe you gave me? It was great",
    // "can you remember things I tell you?": the past or a question about memory, not a fact to keep.
    if (word === 'that' && /^\s*time\b/i.test(rest)) return null;
    const firstSentence = /^[^.!?]*[.!?]?/.exec(rest)?.[0] ?? '';
    // A bare "Remember …?" asks something ("Remember, remember the fifth of November — who
    // wrote that?", "Remember my sister's name?"); a request to keep a fact is not a question.
    if (word === undefined && firstSentence.endsWith('?')) return null;
    if (/^(?:do\s+)?remember\b/i.test(body) && /^\s*(?:me|us|him|her|them)\b/i.test(rest)) return null;
    return remember(text, start, requestEndFrom(text, start), word === 'to' ? 'to' : 'that');
  }
  const fromNowOn = FROM_NOW_ON_EN.exec(body);
  if (fromNowOn) return remember(text, offset + fromNowOn[0].length, sentenceEndFrom(text, offset + fromNowOn[0].length), 'from-now-on');

  if (/[?？]\s*$|吗[?？]?\s*$/.test(body)) return null;
  const chinese = REMEMBER_ZH.exec(body);
  if (chinese) return remember(text, offset + chinese[0].length, sentenceEndFrom(text, offset + chinese[0].length), 'zh');
  const later = LATER_ZH.exec(body);
  if (later && !/^再/.test(body.slice(later[0].length))) return remember(text, offset + later[0].length, sentenceEndFrom(text, offset + later[0].length), 'zh-later');
  return null;
}

// Trailing patterns run on the message's tail only: an unanchored "[\s,]+…$" over a long message
// of commas would otherwise take quadratic time.
const TAIL_CHARS = 120;

function parseTrailing(text: string, offset: number, body: string): ParsedExplicitCommand | null {
  if (/[?？]\s*$/.test(body)) return null;
  const tailStart = Math.max(0, body.length - TAIL_CHARS);
  const tail = body.slice(tailStart);
  const at = (index: number) => offset + tailStart + index;
  const fromNowOn = TRAILING_FROM_NOW_ON.exec(tail);
  if (fromNowOn) return remember(text, sentenceStartBefore(text, offset, at(fromNowOn.index)), at(fromNowOn.index), 'from-now-on');
  const english = TRAILING_REMEMBER.exec(tail);
  if (english) return remember(text, sentenceStartBefore(text, offset, at(english.index)), at(english.index), 'trailing');
  const chinese = TRAILING_ZH.exec(tail);
  if (chinese) return remember(text, sentenceStartBefore(text, offset, at(chinese.index)), at(chinese.index), 'trailing');
  return null;
}

/** The part of `text` from `from` on, without leading politeness: where a request could start. */
function requestStart(text: string, from: number): { offset: number; body: string } {
  const rest = text.slice(from);
  const trimmedStart = rest.length - rest.trimStart().length;
  const afterPolite = rest.slice(trimmedStart).replace(POLITE_PREFIX, '');
  const afterZh = afterPolite.replace(ZH_PREFIX, '');
  return { offset: text.length - afterZh.length, body: afterZh.trimEnd() };
}

const SENTENCE_END = /[.!?。！？]+\s*/gu;

/**
 * The request with its phrasing and the exact span of its content in `text`. Traditional Chinese
 * (記住, 以後) is read in its Simplified form, which has the same length, and the content is cut
 * from the original.
 */
export function parseExplicitCommand(text: string): ParsedExplicitCommand | null {
  const simple = toSimplified(text);
  const found = parseSimplified(simple);
  if (!found || simple === text) return found;
  const original = text.slice(found.span.start, found.span.end);
  return found.kind === 'remember' ? { ...found, content: original } : { ...found, target: original };
}

function parseSimplified(text: string): ParsedExplicitCommand | null {
  const { offset, body } = requestStart(text, 0);
  if (body === '') return null;
  const whole = parseForget(text, offset, body) ?? parseRemember(text, offset, body) ?? parseTrailing(text, offset, body);
  if (whole) return whole;
  // "Maybe later. Actually, from now on answer in bullet points": a remember request may open a
  // later sentence. Forget requests must open the message, where they cannot be narration.
  for (const match of text.matchAll(SENTENCE_END)) {
    const next = requestStart(text, match.index + match[0].length);
    if (next.body === '') continue;
    const found = parseRemember(text, next.offset, next.body);
    if (found) return found;
  }
  return null;
}

/** Fast-channel detection (SPEC §4.1): what to remember or forget, or null for ordinary turns. */
export function detectExplicitCommand(text: string): ExplicitCommand | null {
  const parsed = parseExplicitCommand(text);
  if (!parsed) return null;
  return parsed.kind === 'remember' ? { kind: 'remember', content: parsed.content } : { kind: 'forget', target: parsed.target };
}

/** A remembered request that tells the assistant how to behave, not a fact about the user. */
export function isRuleLead(lead: ExplicitLead): boolean {
  return lead === 'from-now-on' || lead === 'zh-later' || lead === 'to';
}
