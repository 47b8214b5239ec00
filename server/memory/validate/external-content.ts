/**
 * Finds the parts of a user message that are not the user's own words (SPEC §4.3.2): quoted
 * blocks, code, forwarded mail, text introduced by "the article says" / 文章说 / 他说, passages in
 * quotation marks, and text handed over for a task ("Translate to French: …"). Such text yields
 * no preference or fact about the user, so the rule extractor skips it and validation drops any
 * item quoted from it.
 *
 * Spans are offsets into the original message so both callers can test a quote's position.
 */

export type ExternalReason = 'code' | 'blockquote' | 'forwarded' | 'attributed' | 'quotation' | 'task-input' | 'referenced';

export interface ExternalSpan {
  start: number;
  end: number;
  reason: ExternalReason;
}

const FENCED_CODE = /(^|\n)[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n[ \t]*\2[ \t]*(?=\n|$)|$)/g;
const INLINE_CODE = /`[^`\n]+`/g;
const FORWARD_MARKER = /^[ \t]*(?:-{3,}\s*(?:forwarded message|original message)\s*-{3,}|begin forwarded message:|forwarded message:|-{2,}\s*转发的?(?:消息|邮件)\s*-{2,}|转发的?(?:消息|邮件)[：:])/im;

const COPIED_EN =
  /\b(?:i\s+)?(?:copied|copy[- ]?pasted|pasted|grabbed)\s+(?:this|it|the following|that|something|some text)?\s*(?:from|off|on)\s+(?:a|an|the|some|this)?\s*(?:website|site|web ?page|page|article|blog|forum|reddit|post|link|internet|online|e-?mail|doc(?:ument)?|chat|group)\b|\bthe (?:text|page|post|article|message) (?:is|says|reads|goes)\s*[:：]/i;
const COPIED_ZH = /(?:从|在)(?:网上|网站|网页|某个网站|文章|群里)(?:上|里)?(?:复制|抄|转|看到)(?:来|下来)?的?|原文(?:是|如下)[：:]/;

// "the article says", "my friend texted me:", "She said …" — someone else's words follow (not "my
// doctor says i have high blood pressure", "doc says i have iron deficiency": the user's health,
// found by someone else; "doc" in chat is the doctor when what follows is about the user). The
// speaker and the verb are in one clause: in "he hates cilantro, he says it tastes like soap" only
// what follows the second "he says" is his.
const ATTRIBUTION_EN =
  /\b(?:(?:the|this|that|an?|one)\s+)?(?:article|post|blog|e-?mail|paper|book|review|tweet|message|text|study|report|news|document|doc(?!\s+(?:says|said|thinks|reckons|confirmed)\s+(?:that\s+)?(?:i\b|i['’]|im\b|it['’]?s\b|my\b))|comment|thread|website|site|page|author|writer|letter|memo|notice|announcement|policy|quote|he|she|they|someone|somebody|people|everyone|(?:my|his|her|their|our)\s+(?!(?:doctor|gp|physio|physiotherapist|dentist|consultant|specialist|surgeon)\s+(?:says|said|thinks|reckons|confirmed)\s+(?:that\s+)?(?:i\b|i['’]|it['’]?s\b|it is\b))[a-z-]+)\b[^.!?\n"“,;]{0,40}?\b(?:says|said|writes|wrote|claims|claimed|states|stated|argues|argued|mentions|mentioned|reads|texted(?: me)?|emailed(?: me)?|messaged(?: me)?|told me|tells me|replied|posted|goes|puts it)\b(?:\s+that\b)?(?:\s+(?:this|these|the following)(?=\s*:))?\s*[:,]?/gi;
// Not "我男朋友说他下个月去成都" (his own news, kept as his) and not "医生说我血压高" (the user's
// health, read by the rules as the user's fact): a boyfriend is not a 朋友, and a doctor's
// finding about the user is not an opinion to keep out.
const ATTRIBUTION_ZH =
  /(?:文章|帖子|新闻|报道|邮件|消息|短信|微信|书上|网上|原文|作者|评论|他|她|他们|她们|有人|别人|(?<![男女])朋友|同事|老板|领导|老师|专家|研究|我妈|我爸|妈妈|爸爸|老婆|老公|家里人|家人)(?:里|上|中)?(?:说|写道|写着|提到|讲|称|表示|说道|发来|回复)(?:了)?[：:，,]?/g;
// "Translate to French: …", "帮我翻译一下：…" — the text after the colon is input, not a statement.
// Only as a request (sentence start or after "please / can you / help me"), so "my review: I…" stays.
const TASK_INPUT_EN =
  /(?:^|[.!?\n]\s*|\b(?:please|pls|can you|could you|would you|help me|i need you to|i want you to)\s+)(?:translate|summari[sz]e|paraphrase|proofread|rewrite|rephrase|reword|correct|fix|check|edit|polish|improve|explain|shorten|simplify|tl;?dr|analy[sz]e|review|format|respond to|reply to|answer)\b[^:\n]{0,40}:/gim;
const TASK_INPUT_ZH = /(?:翻译|总结|概括|润色|改写|校对|检查|解释|缩写|扩写|修改|回复|分析|评价)[^：:\n]{0,12}[：:]/g;
// A request that points at the rest of the message ("what do you think of this article?").
const REFERENCED_REQUEST =
  /\b(?:the (?:above|following)|this (?:article|text|post|email|passage|paragraph|essay|story|letter|message|review|excerpt|thread|snippet)|(?:below|above):?)\b|以上|上面(?:这段|这篇|的)|下面(?:这段|这篇|的)|这篇(?:文章)?|这段(?:话|文字)/i;

const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ['“', '”'],
  ['「', '」'],
  ['『', '』'],
];

function lineSpans(text: string): Array<{ start: number; end: number; line: string }> {
  const spans: Array<{ start: number; end: number; line: string }> = [];
  let start = 0;
  for (const line of text.split('\n')) {
    spans.push({ start, end: start + line.length, line });
    start += line.length + 1;
  }
  return spans;
}

/** End of the sentence (or quotation, or paragraph after a colon) that starts at `from`. */
function attributedEnd(text: string, from: number, introducedWithColon: boolean): number {
  const rest = text.slice(from);
  const leading = rest.length - rest.trimStart().length;
  const opener = rest.charAt(leading);
  const pair = QUOTE_PAIRS.find(([open]) => open === opener);
  if (pair) {
    const close = text.indexOf(pair[1], from + leading + 1);
    if (close !== -1) return close + 1;
  }
  // Single quotes double as apostrophes ("texted me this: 'you can't …' anyway …"): the closing
  // one follows a word and is followed by a space, punctuation or the end.
  if (opener === "'" || opener === '‘') {
    const close = /\S['’](?=\s|$|[.,!?;:)])/u.exec(text.slice(from + leading + 1));
    if (close) return from + leading + 1 + close.index + 2;
  }
  if (introducedWithColon && /^\s*\n/.test(rest)) {
    const paragraphEnd = text.indexOf('\n\n', from + leading);
    return paragraphEnd === -1 ? text.length : paragraphEnd;
  }
  const stop = /[.!?。！？\n](?=\s|$)|[。！？]/.exec(rest);
  return stop ? from + stop.index + 1 : text.length;
}

function codeSpans(text: string, spans: ExternalSpan[]): void {
  for (const match of text.matchAll(FENCED_CODE)) {
    const start = match.index + (match[1]?.length ?? 0);
    spans.push({ start, end: match.index + match[0].length, reason: 'code' });
  }
  for (const match of text.matchAll(INLINE_CODE)) spans.push({ start: match.index, end: match.index + match[0].length, reason: 'code' });

  // Indented code: a run of lines indented by 4+ spaces or a tab, after a blank line or a colon.
  const lines = lineSpans(text);
  let previousAllows = true;
  let inBlock = false;
  for (const { start, end, line } of lines) {
    const indented = /^(?: {4,}|\t)\S/.test(line);
    if (indented && (inBlock || previousAllows)) {
      spans.push({ start, end, reason: 'code' });
      inBlock = true;
    } else if (line.trim() !== '') {
      inBlock = false;
    }
    previousAllows = line.trim() === '' || /[:：]\s*$/.test(line) || (inBlock && indented);
  }
}

function blockquoteSpans(text: string, spans: ExternalSpan[]): void {
  for (const { start, end, line } of lineSpans(text)) {
    if (/^[ \t]*>/.test(line)) spans.push({ start, end, reason: 'blockquote' });
  }
}

function forwardedSpans(text: string, spans: ExternalSpan[]): void {
  const marker = FORWARD_MARKER.exec(text);
  if (marker) spans.push({ start: marker.index, end: text.length, reason: 'forwarded' });
  // "I copied this from a website, the text is: Remember …": what follows is the page's words.
  for (const pattern of [COPIED_EN, COPIED_ZH]) {
    const copied = pattern.exec(text);
    if (copied) spans.push({ start: copied.index, end: text.length, reason: 'forwarded' });
  }
}

function clauseEndZh(text: string, from: number): number {
  const stop = /[，,；;。！？!?\n]|\s(?=\S)/u.exec(text.slice(from));
  if (!stop) return text.length;
  return from + stop.index + (/[。！？!?]/.test(stop[0]) ? 1 : 0);
}

function attributedSpans(text: string, spans: ExternalSpan[]): void {
  for (const pattern of [ATTRIBUTION_EN, ATTRIBUTION_ZH]) {
    for (const match of text.matchAll(pattern)) {
      const from = match.index + match[0].length;
      const colon = /[:：]\s*$/.test(match[0]);
      // "我妈来了 但她说想多待一阵 so 机票改签了": without a colon, what a person said ends with its
      // clause (a comma or the space chat types for one), not at the next full stop; what an
      // article says runs to the end of the sentence.
      const person = pattern === ATTRIBUTION_ZH && !/^(?:文章|帖子|新闻|报道|邮件|消息|短信|微信|书上|网上|原文|作者|评论|专家|研究)/.test(match[0]);
      const end = !colon && person ? clauseEndZh(text, from) : attributedEnd(text, from, colon);
      spans.push({ start: match.index, end, reason: 'attributed' });
    }
  }
}

function taskInputSpans(text: string, spans: ExternalSpan[]): void {
  for (const pattern of [TASK_INPUT_EN, TASK_INPUT_ZH]) {
    for (const match of text.matchAll(pattern)) {
      const from = match.index + match[0].length;
      // The input runs to the end of the message: requests put the text last ("Translate: …").
      if (text.slice(from).trim() !== '') spans.push({ start: from, end: text.length, reason: 'task-input' });
    }
  }
}

function quotationSpans(text: string, spans: ExternalSpan[]): void {
  for (const [open, close] of QUOTE_PAIRS) {
    let index = text.indexOf(open);
    while (index !== -1) {
      const end = text.indexOf(close, index + 1);
      if (end === -1) break;
      const inner = text.slice(index + 1, end);
      const han = (inner.match(/[\u3400-\u9fff]/g) ?? []).length;
      const words = inner.trim().split(/\s+/).filter(Boolean).length;
      // A title or a word in quotes ("The Office") is the user's; a passage is someone else's.
      if (han >= 8 || words >= 5 || inner.length >= 40) spans.push({ start: index, end: end + 1, reason: 'quotation' });
      index = text.indexOf(open, end + 1);
    }
  }
}

/**
 * Text quoted right after a colon is someone else's, whatever its length and whichever quote mark
 * ("my boss sent me this: 'we need everyone in…'", 朋友圈发的：'我要辞职…'): single quotes count
 * here, where they cannot be an apostrophe. A closing ' is one not followed by a letter.
 */
function colonQuoteSpans(text: string, spans: ExternalSpan[]): void {
  const closers: Record<string, RegExp> = { "'": /'(?![\p{L}\p{N}])/gu, '‘': /[’'](?![\p{L}\p{N}])/gu, '“': /”/g, '"': /"/g, '「': /」/g, '『': /』/g };
  for (const match of text.matchAll(/[:：]\s*(['‘“"「『])/g)) {
    const open = match.index + match[0].length - 1;
    const closer = closers[match[1] ?? ''];
    if (!closer) continue;
    closer.lastIndex = open + 1;
    const close = closer.exec(text);
    spans.push({ start: open, end: close ? close.index + close[0].length : text.length, reason: 'quotation' });
  }
}

function referencedSpans(text: string, spans: ExternalSpan[]): void {
  const paragraphs: Array<{ start: number; end: number; body: string }> = [];
  const splitter = /\n\s*\n/g;
  let last = 0;
  for (const match of text.matchAll(splitter)) {
    paragraphs.push({ start: last, end: match.index, body: text.slice(last, match.index) });
    last = match.index + match[0].length;
  }
  paragraphs.push({ start: last, end: text.length, body: text.slice(last) });
  if (paragraphs.length < 2) return;
  const first = paragraphs[0];
  const final = paragraphs.at(-1);
  const requestAt = [first, final].find((p) => p && p.body.length <= 160 && REFERENCED_REQUEST.test(p.body));
  if (!requestAt) return;
  for (const paragraph of paragraphs) {
    if (paragraph !== requestAt) spans.push({ start: paragraph.start, end: paragraph.end, reason: 'referenced' });
  }
}

function merge(spans: ExternalSpan[]): ExternalSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: ExternalSpan[] = [];
  for (const span of sorted) {
    const previous = merged.at(-1);
    if (previous && span.start <= previous.end) previous.end = Math.max(previous.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Spans of `text` that are pasted, quoted, forwarded or attributed to someone else. */
export function findExternalSpans(text: string): ExternalSpan[] {
  const spans: ExternalSpan[] = [];
  codeSpans(text, spans);
  blockquoteSpans(text, spans);
  forwardedSpans(text, spans);
  attributedSpans(text, spans);
  taskInputSpans(text, spans);
  quotationSpans(text, spans);
  colonQuoteSpans(text, spans);
  referencedSpans(text, spans);
  return merge(spans);
}

/** True when [start, end) touches external content. */
export function overlapsExternal(spans: readonly ExternalSpan[], start: number, end: number): boolean {
  return spans.some((span) => start < span.end && end > span.start);
}

/**
 * The message with external content blanked out by spaces, so offsets still match the original
 * and a quote cut from it is an exact substring of the message.
 */
export function ownWords(text: string, spans: readonly ExternalSpan[] = findExternalSpans(text)): string {
  let result = text;
  for (const span of spans) {
    const blank = text.slice(span.start, span.end).replace(/[^\n]/g, ' ');
    result = result.slice(0, span.start) + blank + result.slice(span.end);
  }
  return result;
}
