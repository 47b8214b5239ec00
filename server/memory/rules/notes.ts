/**
 * The last net of "extract generously" (SPEC §4.2, issue 12): a clause that no rule read — not even
 * the catch-all disclosure rule, whose gate wants a first-person or "my X" subject — but that still
 * states something ("design review is back on wednesdays from this week", "our greyhound Biscuit
 * ate a sock again", "her dad loves morcilla") is kept as a low-importance note in the user's own
 * words, so a phrasing nobody anticipated is found later instead of lost. What is plainly not a
 * memory stays out: questions, requests and reactions to the assistant, greetings, moods, jokes,
 * hypotheticals and venting (skipped before the rules run), and clauses too thin to say anything.
 * Validation runs on notes as on every item (secrets, pasted text, grounding).
 */
import { isMostlyChinese } from '../../text/text-terms';
import { findSecrets, mentionsCredential } from '../validate/secrets';
import type { RuleContext } from './context';
import { draftFor } from './context';
import {
  classify,
  contentCharsZh,
  contentWordsEn,
  JOKE_EN,
  JOKE_ZH,
  LEAD_EN,
  LEAD_ZH,
  MISHAP_EN,
  MISHAP_ZH,
  MOOD_EN,
  MOOD_ZH,
  TASK_TROUBLE_EN,
  PAST_EN,
  PAST_ZH,
  REACTION_EN,
  REACTION_ZH,
  REQUEST_EN,
  REQUEST_ZH,
  TO_ASSISTANT_EN,
  withApostrophes,
} from './disclosures';
import type { Draft } from './draft';
import { properNouns } from './entities';
import { FREQUENCY_EN, FREQUENCY_ZH, RELATION_EN, RELATION_ZH } from './lexicon';

/** Below every rule: a note is written only where nothing else read the same words. */
export const NOTE_PRIORITY = 10;

// Words to the assistant: "can u…", "pls give me…", "write me a…", "let's do…", "you're a lifesaver".
const ADDRESSES_ASSISTANT_EN =
  /^(?:ignore|disregard|pretend|you|your|you['’]re|youre|u|ur|ya|thx|ty|please|pls|plz|can|could|would|will|let['’]?s|lets|help|give|write|make|suggest|recommend|find|list|explain|draft|check|fix|translate|summari[sz]e|create|generate|add|remove|change|keep|tell|show|send|plan|pick|choose|compare|rewrite|edit|put|turn|convert|calculate|do|don['’]?t|dont|go|try|remind|sounds|looks|perfect|great|cool|nice|awesome|thanks|thank|ok|okay|sure|yes|yeah|yep|no|nope|nah|hi|hey|hello|morning|night|bye|good|lol|haha|hmm|wow|omg|oh|ah|right|true|fair|exactly|same|what|whats|why|whys|how|hows|when|whens|where|wheres|who|whos|which|is|are|am|was|were|does|did|should|shall|any|anything|anyone|gimme|lemme|tho|idk|dunno|wait|hang on|never mind|nvm|cheers|ta|congrats|wish me luck)\b/i;
const ADDRESSES_ASSISTANT_ZH = /^(?:你|您|请|帮|麻烦|能不能|可不可以|可以|给我|谢谢|多谢|好的|好吧|好滴|嗯|哦|行|对|是的|没错|哈哈|早|晚安|再见|那|怎么|为什么|什么|哪|是不是)/;
const SOMEONE_EN = new RegExp(String.raw`^(?:(?:my|our|her|his|their)\s+)(?:(?:older|younger|big|little|best|new|ex-?)\s+)?(?:${RELATION_EN})\b`, 'i');
const SOMEONE_ZH = new RegExp(`^(?:我|我们|我家)?(?:的)?(?:${RELATION_ZH})`);

// A request or a reaction anywhere in the clause ("short version pls", "pottery sounds fun").
const ASKS_OR_REACTS_EN = /\b(?:pls|plz|please|thx|thanks|sounds|looks|seems)\b/i;
const ASKS_OR_REACTS_ZH = /吧[。！!~～]?$|请|谢谢|听起来|看起来/;
// Only about now: "今天下大雨", "一整天不想出门", "the traffic is awful today".
const ONLY_NOW_EN = /\b(?:today|tonight|(?<!(?:from|starting|since|as of)\s)this week|this morning|this afternoon|this evening|right now|rn|atm|at the moment|just now)\b/i;
const ONLY_NOW_ZH = /^刚(?![换搬入开结生买])|今天|今晚|今早|刚才|刚刚|这会儿|一整天|此刻/;
const MOOD_WORD_EN = /\b(?:emotional|tired|exhausted|bored|sad|happy|excited|stressed|nervous|anxious|worried|upset|annoyed|angry|scared|overwhelmed|relieved|grateful|proud|jealous|confused|lonely|homesick|gutted)\b/i;

// Talk about the message itself, or someone else's words: "here's the error", "quick context before
// I ask", "forwarding this from the group chat", "the recipe says 'bake at 180'".
const META_EN = /\b(?:code|bug|script|here['’]?s|here is|forwarding|forwarded|context|question|reply|error|exception|trace(?:back)?|says|said|quote|screenshot|link|article)\b|['"“‘][^'"“”‘’]{3,}['"”’]/i;
const META_ZH = /比上次|比之前|发的|转发|截图|链接|原文|评论|回答|['"“‘「][^'"“”‘’「」]{2,}['"”’」]/;
// What would be, could be or is imagined ("my brother would love that joke", "he'd demand bacon").
const CONDITIONAL_EN = /\b(?:would|could|might|wouldn['’]?t|couldn['’]?t)\b|[a-z]['’]d\b|^(?:imagine|if|what if|maybe|perhaps)\b/i;
// A consequence of what came before ("so budget tips are welcome", 所以…): it reads only with it.
const CONSEQUENCE = /^(?:(?:and|but)\s+)?(?:so|which means|that means|hence|therefore)\b|^(?:所以|因此|于是)/i;
// "that movie was so overrated", "this is exactly what I needed": about the thing just discussed.
const DEMONSTRATIVE_EN = /^(?:that|this|it|these|those|which)(?:['’]s|\s)/i;
// A correction of the assistant's answer ("错了，答案是42", "no, it should be negative").
const CORRECTS_ANSWER =
  /^(?:错了|不对|算错了|不是这样|wrong|nope|no)[\s,，:：!！.。]|答案|结果应该|\b(?:you(?:['’]re| are| got (?:it|that|this)| have (?:it|that))\s+(?:\w+\s+)?wrong|that['’]?s (?:wrong|incorrect|not right|not true)|not quite|incorrect)\b/i;
// He or she with no name: whose fact it is cannot be told ("shes super into pottery", "他最近很忙
// 现在在腾讯上班" — the second clause is still his).
const PRONOUN_SUBJECT_EN = /^(?:he|she|they|he['’]?s|she['’]?s|they['’]?re|theyre|him|them)\b/i;
// "her dad loves morcilla" is someone's only after the message has named someone.
const POSSESSIVE_EN = /^(?:his|her|their)\b/i;
const RELATION_WORD_EN = new RegExp(String.raw`\b(?:${RELATION_EN})\b`, 'i');
const RELATION_WORD_ZH = new RegExp(RELATION_ZH);

/** Has the message named someone before this clause, for a he, she or her to be about? */
function namesSomeoneBefore(ctx: RuleContext): boolean {
  const before = ctx.text.slice(0, ctx.clause.start);
  return RELATION_WORD_EN.test(before) || RELATION_WORD_ZH.test(before) || properNouns(before).length > 0;
}
const PRONOUN_ZH = /他|她|它/;
// "BIG news", "quick update": announces what follows, says nothing itself.
const NEWS_ONLY_EN = /^(?:(?:some|big|huge|great|good|bad|sad|exciting|fun|quick|small|major)\s+)*(?:news|update|life update|announcement)[\s!.:]*$/i;

// A question without its question mark: 住哪里比较方便, 古城里面吵不吵.
const QUESTION_ZH = /哪里|哪儿|哪个|哪家|怎么|怎样|什么|多少|几[个点天号次]|为啥|咋|(\p{Script=Han})不\1/u;
// A verdict on what was just suggested: "lo-fi is fine", 番茄蛋汤不错.
const VERDICT_EN = /\b(?:is|are|['’]s|sounds|looks)\s+(?:fine|ok|okay|good|great|perfect|cool|nice|better|enough)\b/i;
const VERDICT_ZH = /(?:不错|挺好|还行|可以|也行|就行|行吧|好吧)[啊呀吧哈~～!！。]*$/;
// A thing acting up now: "my wifi keeps dropping", "the signal is weak in the bedroom".
const ACTING_UP_EN = /\bkeeps?\s+\w+ing\b|\b(?:is|are)\s+(?:weak|slow|down|broken|dead|laggy|patchy)\b/i;

// An imperative to the assistant in Chinese: 写一首…, 翻译一下…, 推荐几个….
const IMPERATIVE_ZH = /^(?:写|画|翻译|总结|列|推荐|讲|说说|解释|算|改|查|搜|做一个|来一个|给个|想个|出个)/;

function tidy(text: string): string {
  return text
    .replace(/\s*(?:\b(?:lol|lmao|haha+|tbh|ngl|jk|rn|smh)\b|[!~]+|\.{2,}|\p{Extended_Pictographic}[\uFE0F\u200D\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]*)\s*$/giu, '')
    .replace(/\s*(?:\b(?:lol|lmao|haha+|tbh|ngl)\b|\p{Extended_Pictographic}[\uFE0F\u200D\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]*)\s*$/giu, '')
    .replace(/(?:哈{2,}|嘿嘿|呵呵|嘻嘻)+$/u, '')
    .replace(/[\s,;:.。，；：]+$/u, '')
    .trim();
}

/** A note for a clause no rule read, or null when the clause says nothing worth keeping. */
export function noteFor(ctx: RuleContext): Draft | null {
  const raw = ctx.clause.text.trim();
  // "so runs are in the evening now" opening a message goes on from nothing: "so" is a filler there.
  const opensMessage = ctx.text.slice(0, ctx.clause.start).trim() === '';
  if ((CONSEQUENCE.test(raw) && !opensMessage) || CORRECTS_ANSWER.test(ctx.sentence.text.trim())) return null;
  // "…, visiting family in Kerala": a participle goes on with the clause before it, not alone.
  if (ctx.index > 0 && /^[a-z]+ing\b/i.test(raw)) return null;
  // A sentence about a password, a card or a code is about the secret: no note of any part of it.
  const { start, end } = ctx.clause;
  if (mentionsCredential(ctx.sentence.text) || findSecrets(ctx.text).some((s) => s.start < end && start < s.end)) return null;
  // "这份工作我真的不想干了 haha kidding": a joke marker anywhere in the sentence, in either language.
  if (JOKE_EN.test(ctx.sentence.text) || JOKE_ZH.test(ctx.sentence.text)) return null;
  if (ctx.chinese || isMostlyChinese(raw)) {
    const text = tidy(raw.replace(LEAD_ZH, ''));
    if (PRONOUN_ZH.test(ctx.text.slice(ctx.sentence.start, ctx.clause.end)) && !namesSomeoneBefore(ctx)) return null;
    // "是一家做新能源的公司" describes the thing just named; "湖南菜川菜就算了" waves it off.
    if (/^是|就算了|算了吧?$/.test(text)) return null;
    if (ADDRESSES_ASSISTANT_ZH.test(text) || IMPERATIVE_ZH.test(text) || META_ZH.test(raw) || REQUEST_ZH.test(text) || REACTION_ZH.test(text) || MISHAP_ZH.test(text)) return null;
    if (MOOD_ZH.test(text) && contentCharsZh(text) < 8) return null;
    if (ASKS_OR_REACTS_ZH.test(text) || ONLY_NOW_ZH.test(text)) return null;
    if (contentCharsZh(text) < 5 || /[吗呢么][?？]?$/.test(text) || QUESTION_ZH.test(text) || VERDICT_ZH.test(text)) return null;
    const past = PAST_ZH.test(text);
    const time = FREQUENCY_ZH.test(text) ? null : ctx.resolveTime(text, past ? 'past' : 'future');
    const { type, kind } = classify(text, true, SOMEONE_ZH.test(text), time !== null, past);
    return note(ctx, text, type, kind, time);
  }
  const text = tidy(withApostrophes(raw.replace(LEAD_EN, '')));
  if ((POSSESSIVE_EN.test(text) || PRONOUN_SUBJECT_EN.test(text)) && !namesSomeoneBefore(ctx)) return null;
  if (META_EN.test(raw) || CONDITIONAL_EN.test(text) || DEMONSTRATIVE_EN.test(text) || MISHAP_EN.test(text) || NEWS_ONLY_EN.test(text)) return null;
  if (ADDRESSES_ASSISTANT_EN.test(text) || TO_ASSISTANT_EN.test(text) || REQUEST_EN.test(text) || REACTION_EN.test(text)) return null;
  if (MOOD_EN.test(text) || ASKS_OR_REACTS_EN.test(text) || ONLY_NOW_EN.test(text)) return null;
  if (VERDICT_EN.test(text) || ACTING_UP_EN.test(text) || TASK_TROUBLE_EN.test(text)) return null;
  const names = properNouns(raw);
  const words = contentWordsEn(text).length;
  if (MOOD_WORD_EN.test(text) && words < 4) return null;
  if (words < 3 && !(words >= 2 && names.length > 0)) return null;
  const past = PAST_EN.test(text) || /^(?:[\w'’-]+\s+){1,4}?(?:was|were|went|got|had|did|came|ate|broke|moved|started|finished|ended)\b/i.test(text);
  // A time that recurs ("saturdays at 9am") is a habit's, not a date (as in disclosures.ts).
  const time = FREQUENCY_EN.test(text) ? null : ctx.resolveTime(text, past ? 'past' : 'future');
  const { type, kind } = classify(text, false, SOMEONE_EN.test(text), time !== null, past);
  return note(ctx, text.charAt(0).toUpperCase() + text.slice(1), type, kind, time, names);
}

// A calendar date ("on September 2nd", "3月20号"), not a weekday that may recur ("tues and thurs").
const CALENDAR_DATE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)|\b\d{1,2}[/.]\d{1,2}\b|\d{1,2} ?月 ?\d{1,2} ?[日号號]|\d{1,2} ?[日号號]/i;
const HABITUAL = /\b(?:every|each|weekly|daily|usually|always|on \w+days)\b|每/i;

// Said as a change ("现在改成晚上跑步了", "we do fridays now instead"): the note replaces what it
// changes (apply-memories.ts finds the same-topic memory; it never replaces a stranger).
const CHANGE_EN = /\b(?:now|these days|any ?more|no longer|instead|switched|changed)\b/i;
const CHANGE_ZH = /现在|改成|换成|改为|改到|变成|不再|已经不/;

function note(ctx: RuleContext, summary: string, type: Draft['type'], kind: Draft['kind'], time: ReturnType<RuleContext['resolveTime']>, names: string[] = []): Draft {
  // "The kids' school starts on September 2nd": a plain statement with a calendar date is a plan
  // (or, dated before the message, an event), whatever its verb.
  if (type === 'semantic' && kind === 'fact' && time && CALENDAR_DATE.test(ctx.clause.text) && !HABITUAL.test(ctx.clause.text)) {
    type = 'episodic';
    kind = time.start.getTime() >= ctx.message.createdAt.getTime() ? 'plan' : 'event';
  }
  const dated = kind === 'event' || kind === 'plan';
  const isPlan = kind === 'plan' && time !== null && time.start.getTime() > ctx.message.createdAt.getTime() - 86_400_000;
  return draftFor(ctx, {
    type,
    kind,
    summary: time && dated ? ctx.withDate(summary, time) : summary,
    entities: names,
    time: dated ? time : null,
    validity: isPlan ? 'temporary' : 'permanent',
    importance: 1,
    negative: (ctx.chinese ? CHANGE_ZH : CHANGE_EN).test(summary),
    priority: NOTE_PRIORITY,
    generic: true,
  });
}
