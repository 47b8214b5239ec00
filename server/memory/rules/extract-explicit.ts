/**
 * The fast channel's item (SPEC §4.1): "remember …" content becomes a memory at once, with high
 * confidence and importance ≥ 4. "from now on …" / 以后… / "remember to …" become procedural rules.
 * Anything the statement rules recognise keeps their type and kind; otherwise it is stored as a
 * plain fact (or a preference for "I take my coffee black"-style habits).
 */
import { isRuleLead, parseExplicitCommand } from '../explicit-command';
import type { ExtractionWindow, SourceMessage, SourcedMemory } from '../extraction-schema';
import { config } from '../../config';
import { toSimplified } from '../../text/chinese-script';
import { isMostlyChinese } from '../../text/text-terms';
import { findExternalSpans, ownWords } from '../validate/external-content';
import { describeChinese } from './chinese-summary';
import { toSourcedMemory } from './draft';
import { describeEnglish } from './english-summary';
import { latinTerms, objectEntity, properNouns } from './entities';
import { extractFromText } from './extract-from-text';
import { ruleSummary } from './instructions';
import { RULE_VERBS_EN } from './lexicon';
import type { Segment } from './segments';

const RULE_LIKE_EN = new RegExp(`^(?:(?:please|always|never|don['’]?t|do not|you should|you must|you need to|make sure to|try to)\\s+)*(?:${RULE_VERBS_EN})\\b`, 'i');
const RULE_LIKE_ZH = /^(?:请|要|都要)?(?:回答|回复|叫我|称呼我|用|写|说|别|不要|先|尽量|少|多|一律|给我)/;
const PREFERENCE_LIKE = /^(?:i|I)\s+(?:usually\s+|always\s+|only\s+)?(?:take|drink|eat|wear|read|watch|listen|like|love|prefer|want|enjoy|hate)\b|^我(?:喜欢|爱|习惯|讨厌|一般|通常|平时)/;

function contentSpan(message: SourceMessage, content: string): Segment {
  const at = message.content.indexOf(content);
  if (at !== -1) return { text: content, start: at, end: at + content.length };
  const lower = message.content.toLowerCase().indexOf(content.toLowerCase());
  if (lower !== -1) return { text: message.content.slice(lower, lower + content.length), start: lower, end: lower + content.length };
  const trimmed = message.content.trim();
  const start = message.content.indexOf(trimmed);
  return { text: trimmed, start, end: start + trimmed.length };
}

function strengthen(item: SourcedMemory): SourcedMemory {
  return { ...item, confidence: 'high', origin: 'user_stated', importance: Math.max(item.importance, config.memory.fastChannelMinImportance) };
}

/** Items for an explicit "remember …" request whose content is `content` (an exact span of the message). */
export function extractExplicit(content: string, message: SourceMessage, window: ExtractionWindow): SourcedMemory[] {
  return readStatement(content, message, window).map(strengthen);
}

/**
 * What `content` states, read as the user's own statement with the filters relaxed (not a
 * question, hypothetical or vent), at the importance and confidence the rules give it. The fast
 * channel strengthens the items (extractExplicit); an import from another assistant keeps them.
 */
export function readStatement(content: string, message: SourceMessage, window: ExtractionWindow): SourcedMemory[] {
  if (message.role !== 'user' || content.trim() === '') return [];
  const parsed = parseExplicitCommand(message.content);
  const lead = parsed?.kind === 'remember' && parsed.content === content ? parsed.lead : null;
  const span = contentSpan(message, content);
  const chinese = isMostlyChinese(span.text);
  const sentence = span.text;

  const isRule = (lead !== null && isRuleLead(lead)) || (chinese ? RULE_LIKE_ZH.test(span.text) : RULE_LIKE_EN.test(span.text));
  if (isRule) {
    const summary = ruleSummary(span.text, chinese);
    if (!summary) return [];
    const entities = chinese ? latinTerms(span.text) : properNouns(span.text);
    return [toSourcedMemory({ type: 'procedural', kind: 'rule', summary, span, entities, priority: 0, explicit: true }, message, sentence, window.timeZone)];
  }

  const own = toSimplified(ownWords(message.content, findExternalSpans(message.content)));
  const found = extractFromText(message, window, own, span.start, span.end, { explicit: true });
  // What the user asked to remember comes first ("帮我记住 老伴生日是农历八月十五 正好中秋 …另外我下个月
  // 开始学拉二胡"): if no rule read its opening clause, that clause is stored as said.
  const head = openingClause(span);
  const headCovered = found.some((item) => {
    const at = message.content.indexOf(item.quote);
    return at !== -1 && at < head.end && at + item.quote.length > head.start;
  });
  if (found.length > 0 && headCovered) return found;
  const fallback = plainItem(found.length > 0 ? head : span, message, window, chinese);
  return [...(fallback ? [fallback] : []), ...found];
}

// A clause ends at Chinese or English sentence punctuation, a space between Chinese characters,
// or 另外/还有/also.
const CLAUSE_END = /[。！？!?；;，,]|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])|\s+(?:另外|还有|also|and also)\b/u;

function openingClause(span: Segment): Segment {
  const end = CLAUSE_END.exec(span.text)?.index ?? span.text.length;
  const text = span.text.slice(0, end);
  return { text, start: span.start, end: span.start + text.length };
}

/** The span as a plain fact (or a habit-like preference), in the user's words. */
function plainItem(span: Segment, message: SourceMessage, window: ExtractionWindow, chinese: boolean): SourcedMemory | null {
  const summary = chinese ? describeChinese(span.text) : describeEnglish(span.text);
  if (!summary) return null;
  const entities = chinese ? latinTerms(span.text) : [...properNouns(span.text), ...objectEntity(span.text.replace(/^.*?\b(?:is|are|was)\s+(?:called\s+)?/i, ''))];
  const kind = PREFERENCE_LIKE.test(span.text.trim()) ? 'preference' : 'fact';
  return toSourcedMemory({ type: 'semantic', kind, summary, span, entities, priority: 0, explicit: true }, message, span.text, window.timeZone);
}
