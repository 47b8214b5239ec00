/**
 * The cheap gate in front of the slow channel's LLM call (SPEC §4.1). It reads only the new user
 * messages' own words (pasted and quoted text removed) and looks for the signals the SPEC names:
 * preference words, self-disclosure, a first-seen entity, time expressions and corrections, in
 * English and Chinese. Pure chit-chat ("thanks!", "lol", 哈哈, 好的谢谢) makes no call.
 *
 * It is tuned for recall: a skipped memory is lost, while an unneeded call only costs tokens.
 */
import { toSimplified } from '../text/chinese-script';
import { parseExplicitCommand } from './explicit-command';
import type { ExtractionWindow } from './extraction-schema';
import { hasTimeExpression } from './relative-time';
import { extractWithRules } from './rules';
import { latinTerms, properNouns } from './rules/entities';
import { isHypothetical, isPersistentRequest, isQuestion, isVenting } from './rules/filters';
import {
  CONDITIONS_EN,
  CONDITIONS_ZH,
  DIET_ADJECTIVES_EN,
  EVENT_NOUNS_EN,
  FREQUENCY_EN,
  FREQUENCY_ZH,
  HABIT_ADVERB_ZH,
  PLAN_VERBS_ZH,
  RELATION_EN,
  RELATION_ZH,
} from './rules/lexicon';
import { splitClauses, splitSentences } from './rules/segments';
import { findExternalSpans, ownWords } from './validate/external-content';

export interface PrefilterResult {
  callLlm: boolean;
  /** Why, as `kind:detail` strings ("preference:love", "time:next friday", "entity:priya"). */
  signals: string[];
}

const CHITCHAT =
  /^(?:(?:hi|hii+|hello|hey|yo|sup|hiya|good (?:morning|afternoon|evening|night)|gm|gn|thanks?(?: you)?(?: so much| a lot)?|thx|ty|tysm|cheers|lol|lmao|rofl|haha+|hehe+|ok(?:ay)?|k|kk|cool|nice|great|awesome|perfect|sure|yes|yeah|yep|yup|no|nope|nah|got it|makes sense|sounds good|fair enough|right|true|wow|oh|ah|hmm+|uh+|um+|bye|see you|see ya|later|np|no problem|you'?re welcome|my bad|oops|amazing|brilliant|love it|exactly|indeed|agreed|interesting|good|fine|alright|all right|done|ready|go on|continue|next|please|pls|你好|您好|嗨|哈喽|谢谢|多谢|谢啦|感谢|好的|好|好吧|嗯+|哦+|啊+|哈+|嘿嘿|呵呵|行|可以|没问题|明白了?|知道了|懂了|收到|对|是的|不是|不用了?|算了|再见|拜拜|晚安|早安|早上好|晚上好|牛|厉害|棒|太好了|不错|继续|下一个|666+|ok了?)[\s,.!?~，。！？～、…:)(😀-🙏👍👌🙏❤️]*)+$/iu;

const PREFERENCE_EN =
  /\b(?:i|we|i['’]m|i am|we['’]re|i['’]d|i would)\s*(?:[\w'’]+\s+){0,2}?(like|love|enjoy|adore|hate|dislike|detest|loathe|prefer|can['’]?t stand|don['’]?t like|don['’]?t mind|into|am into|['’]m into|['’]d rather|would rather|['’]d prefer|usually|always|never|often|normally|typically|generally|mostly|rarely|tend to|try to|avoid)\b|\b(?:my )?fav(?:ou?rite|e)\b|\b(?:fan|lover|addict|snob|person) of\b|\bi['’]?m (?:not )?(?:a |an )?(?:\w+ )?(?:fan|lover|person|addict|snob)\b/i;
const PREFERENCE_ZH = new RegExp(`喜欢|讨厌|不喜欢|受不了|偏爱|更爱|最爱|热爱|反感|习惯|通常|尽量|总是|从不|从来不|很少|一般|平时|爱吃|爱喝|${HABIT_ADVERB_ZH}`);

const SELF_EN = new RegExp(
  `\\b(?:i['’]?m|i am|i['’]ve been|i have been)\\s+(?:(?:a|an|also|now|currently|originally|not|no longer|still|from|based|living|learning|studying|working|married|single|retired|pregnant|on a)\\b|(?:${DIET_ADJECTIVES_EN})\\b)|\\b(?:i|we)\\s+(?:[\\w'’]+\\s+){0,2}?(?:work|live|study|speak|use|play|run|drink|eat|have|own|moved|switched|quit|stopped|started|joined|left|got|grew up|was born)\\b|\\bmy\\s+(?:name|job|role|title|birthday|goal|plan|team|company|startup|project|${RELATION_EN})\\b|\\bour\\s+(?:team|company|anniversary|wedding|kids?|house|flat|office)\\b|\\bi['’]?m\\s+(?:\\d{1,3}|on|the|trying|planning|hoping|going|learning|training|saving|starting|getting|doing|moving|flying|leaving|switching|quitting|expecting|pregnant|off)\\b|\\b(?:just|recently|finally)\\s+(?:started|got|moved|switched|quit|joined|finished|bought|adopted|married|graduated)\\b|\\bmakes me\\b|\\bstick (?:to|with)\\b|\\bcall me\\b|\\b(?:allergic|allergy|intolerant|vegetarian|vegan|celiac|diabetic|${CONDITIONS_EN})\\b|\\bcan['’]?t (?:eat|drink|have)\\b`,
  'i',
);
// Chinese drops and keeps the subject freely, so nearly any statement with 我 as its subject
// counts, minus chat reflexes ("我知道了", "我觉得还行") and 我 as an object (帮我写…, 笑死我了).
const SELF_ZH = new RegExp(
  `(?<![帮给让告诉跟和陪教问逗笑死吓气烦])我(?![了吧呀啊]|一下|知道|明白|懂了|觉得|感觉|想想|看看|试试|也是|也觉得|不知道|不懂|忘了|靠|的天|晕|服了|想问|问你|来|去[，,！!]|笑|哭了|谢谢)|(?:${RELATION_ZH})(?:叫|是|在|每|今年)|老家|家乡|过敏|素食|吃素|${CONDITIONS_ZH}|叫我|称呼我|^(?:最近|目前|现在)?(?:在|正在)(?:学|备考|准备|减肥|健身)|打算|准备|计划`,
);

const CORRECTION =
  /\b(?:actually|no,? it['’]?s|it['’]?s .{1,30},? not\b|not .{1,30},? (?:it['’]?s|but)\b|i meant|i mean\b|any ?more|any longer|no longer|switched|changed (?:my|to|it)|moved (?:to|from)|instead|correction|after all|(?:doesn['’]?t|does not|won['’]?t) work|works for me|(?:day|today|tomorrow|tonight|week|weekend|[ap]m|\d) (?:works|is fine|suits me)|let['’]?s (?:do|go with|say|make it))|不对|改成|改到|改为|改用|换成|换到|不再|搬到|搬家|其实|戒了|戒烟|戒酒|错了|不是.{1,8}是|是.{1,8}不是|推迟|提前到/i;
const INSTRUCTION =
  /\b(?:from now on|from here on|going forward|in (?:the )?future|always|never|every time|in every (?:answer|reply|response|message)|stop \w+ing|please (?:don['’]?t|stop|always|never|use|keep|answer|reply)|(?:your|all|the|future) (?:replies|answers|responses)|don['’]?t use|stop using|keep (?:it|the answers|answers|replies)|answer in|reply in|respond in|call me)\b|以后|今后|从现在开始|从今以后|往后|记住|记一下|记下|别忘了|注意|(?:回复|回答|说话|解释)(?:的时候|时)?.{0,4}(?:别|不要|请|尽量|少|多|先)/i;
// A date with a plan or a family/work word is a plan even without "I" ("the kids' school starts on
// September 2nd", "下周五公司团建").
const WORLD_EN = new RegExp(`\\b(?:the kids|kids['’]?|family|our|my|his|her|their|${RELATION_EN}|team|company|school|office|${EVENT_NOUNS_EN})\\b`, 'i');
const PLAN_ZH = new RegExp(`(?:${PLAN_VERBS_ZH})|公司|团队|孩子|家里|学校`);

// Chat drops the subject: "Talked to Priya about Kestrel today", "Met Tom for lunch".
const DROPPED_SUBJECT = /^(?:(?:so|and|also|btw|oh|just)[\s,]+)*(?:\w+ed|met|had|went|got|saw|took|made|spent|bought|moving|flying|heading|leaving)\b/i;

function firstPerson(text: string): boolean {
  return DROPPED_SUBJECT.test(text.trim()) || /\b(?:i|i['’]m|i['’]ve|i['’]d|i['’]ll|my|we|we['’]re|our|us|me)\b/i.test(text) || /我/.test(text);
}

function newEntities(text: string, known: ReadonlySet<string>): string[] {
  const candidates = [...properNouns(text), ...latinTerms(text)];
  // Exception and error class names are code talk, not people, places or projects.
  return candidates.filter((entity) => !known.has(entity.toLowerCase()) && !/(?:Exception|Error|Warning)$/.test(entity) && !/^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|ok|okay|lol|ai|gpt|chatgpt)$/i.test(entity));
}

function signalsFor(text: string, known: ReadonlySet<string>, at: Date, timeZone: string): string[] {
  const signals: string[] = [];
  const own = toSimplified(ownWords(text, findExternalSpans(text)));
  const trimmed = own.trim();
  if (trimmed === '' || CHITCHAT.test(trimmed)) return signals;

  const command = parseExplicitCommand(own);
  if (command) signals.push(`explicit:${command.kind}`);

  for (const sentence of splitSentences(own)) {
    const clauses = splitClauses(own, sentence);
    // "Suppose I moved to Canada…" is not a memory; venting ("I'm so done, I want to delete it
    // all") only counts for the preferences it states ("ugh I hate crowds").
    if (isHypothetical(sentence.text, clauses.map((clause) => clause.text))) continue;
    const venting = isVenting(sentence.text);
    const statements = clauses.filter((clause, i) => !isQuestion(clause.text, sentence.text, i === clauses.length - 1));
    const said = statements.map((clause) => clause.text).join(' ');
    const whole = sentence.text;

    const preference = PREFERENCE_EN.exec(said) ?? PREFERENCE_ZH.exec(said);
    if (preference) signals.push(`preference:${(preference[1] ?? preference[0]).toLowerCase()}`);
    if (venting) continue;
    if (FREQUENCY_EN.test(said) || FREQUENCY_ZH.test(said)) signals.push('preference:habit');
    const self = SELF_EN.exec(said) ?? SELF_ZH.exec(said);
    if (self) signals.push(`self:${self[0].toLowerCase().trim()}`);
    const correction = CORRECTION.exec(said);
    if (correction) signals.push(`correction:${correction[0].toLowerCase()}`);
    if ((INSTRUCTION.test(said) && !/以后再说/.test(said)) || clauses.some((clause) => isPersistentRequest(clause.text))) signals.push('instruction');
    const dated = said !== '' && hasTimeExpression(said, at, timeZone);
    if (dated && (WORLD_EN.test(said) || PLAN_ZH.test(said))) signals.push('time');
    if (firstPerson(whole)) {
      if (dated) signals.push('time');
      for (const clause of statements) {
        for (const entity of newEntities(clause.text, known)) signals.push(`entity:${entity.toLowerCase()}`);
      }
    }
  }
  return [...new Set(signals)];
}

/** Should the slow channel call the LLM for this window's new user messages? */
export function prefilter(window: ExtractionWindow): PrefilterResult {
  const known = new Set(window.knownEntities.map((entity) => entity.toLowerCase()));
  const signals: string[] = [];
  for (const id of window.newMessageIds) {
    const message = window.messages.find((m) => m.id === id);
    if (!message || message.role !== 'user') continue;
    signals.push(...signalsFor(message.content, known, message.createdAt, window.timeZone));
  }
  // Whatever the offline extractor would keep is worth the model's reading too (issue 12: the
  // generic disclosure rule finds facts no signal above names).
  if (signals.length === 0) {
    const found = extractWithRules(window).length;
    if (found > 0) signals.push(`rules:${found}`);
  }
  const unique = [...new Set(signals)];
  return { callLlm: unique.length > 0, signals: unique };
}
