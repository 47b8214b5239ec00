/**
 * Standing instructions said in passing (issue 12): "pls use celsius when u tell me weather
 * stuff", "keep ur answers short, like 5 lines max", "no emojis in your replies", 回答简短点,
 * 别老夹英文. Without "always" or "from now on" a request about *how answers look* (units,
 * emoji, spelling, language, length, format, tone) still lasts: nobody wants Celsius for one
 * reply only. A request about the task at hand ("make it shorter", "use this data") does not.
 */
import { describeChinese } from './chinese-summary';
import { draftFor, type Rule } from './context';
import { properNouns } from './entities';
import { ruleSummaryEnglish } from './instructions';

const PRIORITY = 3;

// "ok cool and can you keep things practical", "and in general pls keep stuff short": what leads in.
const LEAD_EN = /^(?:(?:also|and|oh|btw|ok(?:ay)?|so|but|plus|one more thing|and also|abeg|yes please|yeah|cool|great|perfect|nice|thanks|ty|in general|generally)[\s,:]+)*/i;
const ASK_EN = /^(?:(?:pls|please|plz|can you|could you|would you|can u|could u|kindly)\s+)*(?:(?:always|never|just|only)\s+)?/i;
const VERB_EN = /^(?:start (?:answering|replying|responding|using|writing|talking|speaking|giving|putting|adding|including|keeping|spelling|measuring|quoting)|use|keep|answer|reply|respond|explain|stick to|no|not use|avoid|skip|stop using|stop|don['’]?t|dont|do not|never|spell|talk to me in|talk to me|talk|write to me|speak|be|quote|show)\b/i;
// "give me metric units" lasts; "write a short poem about autumn" is the task itself.
const TASK_VERB_EN = /^(?:give|write|show|put|include|add|format|list|start|lead with|make)\b/i;
const ABOUT_ANSWERS_EN = /\b(?:answers?|replies|reply|responses?|explanations?|units|measurements|temperatures?|distances?|prices|costs|amounts)\b/i;
const STYLE_EN =
  /\b(?:step[- ]by[- ]step|numbered|lists?|practical|celsius|fahrenheit|metric|imperial|units?|kilomet(?:er|re)s?|km|miles|kgs?|lbs|pounds|emojis?|british|american|spelling|english|spanish|french|german|chinese|japanese|language|short|shorter|brief|concise|detailed|bullet(?:s| points)?|markdown|tables?|headings?|jargon|formal|casual|tone|exclamation|sources|citations|examples?|comments|answers?|replies|reply|responses?|explanations?|lines? max|words max|metaphors?|analogies|summaries|summary|tl;?dr|conclusion first|24[- ]hour|am\/pm|abbreviations?|acronyms?|plain(?:ly| english| language| words)|simple (?:words|terms|language)|disclaimers?|caveats?|warnings?|pleasantries|small talk|fluff|waffle|filler|intros?|preambles?|like a friend|prices?|currency|dollars|euros|naira|rupees|yen|yuan|rmb|pesos|francs|in (?:gbp|usd|eur|sgd|aud|cad|inr|ngn))\b/i;
// The current task: "make it shorter", "use this one", "keep the second paragraph".
const THIS_TASK_EN = /\b(?:it|this|that|these|those|the (?:first|second|third|last|above|following)|the (?:draft|email|letter|essay|text|paragraph|sentence|code|list|post|message|note|caption))\b/i;
// "when you suggest study schedules keep everything after 10am": a condition on the answers.
const WHEN_YOU_EN = /^(?:(?:so|and|also)\s+)?(?:when(?:ever)?|every time|each time|if)\s+(?:you|u|i\s+ask(?:\s+(?:you|u))?(?:\s+(?:for|about))?)\s+(?:\w+\s+){1,6}?(?:keep|use|make|give|avoid|include|add|skip|put|stick to|stick with|go with|do|show|write|measure|don['’]?t|dont|never|always|start)\b/i;
// "for any code stuff give me python", "for recipes always use grams": a condition on every answer
// of a kind, then how it should look.
const FOR_ANY_EN = /^(?:(?:so|and|also)\s+)?(?:for|with)\s+(?:any|all|every|anything|recipes|code|coding|work|maths?|programming)\b(?:\s+[\w-]+){0,3}?,?\s+(?:(?:pls|please|always|just|only)\s+)?(?:give me|use|do|write|keep|stick to|stick with|go with|show|answer in|reply in|default to)\b/i;
// …said as two clauses: "for any excel stuff, use the uk date format".
const FOR_ANY_LEAD_EN = /^(?:(?:so|and|also)\s+)?(?:for|with)\s+(?:any|all|every|anything)\b(?:\s+[\w-]+){0,3}$/i;
const ASKED_VERB_EN = /^(?:(?:pls|please|always|just|only)\s+)?(?:give me|use|do|write|keep|stick to|stick with|go with|show|answer in|reply in|default to|assume|include|skip|avoid)\b/i;
// "pls stop suggesting seafood", "quit recommending gyms": what the assistant keeps offering.
const STOP_OFFERING_EN = /^(?:(?:pls|please|plz|and|also|so)\s+)*(?:stop|quit|no more|don['’]?t keep|dont keep|never)\s+(?:suggesting|recommending|mentioning|bringing up|offering|proposing|pushing)\b\s+\w+/i;
// "keep it short pls, i read these on my break": no draft to shorten, a reason about the user's
// day, so it is how every answer should be.
const KEEP_IT_EN = /^(?:(?:pls|please|plz|and|also|so)\s+)*keep (?:it|them|things|everything|stuff)\s+(?:(?:really|super|nice and|very)\s+)?(?:short|brief|concise|simple|casual|light|quick|tight|to the point|under \d+ \w+)\b/i;
// …or a dislike of long ones: "keep it short, i hate long replies".
const HABIT_REASON_EN = /\b(?:i|im|i['’]m)\s+(?:\w+\s+)?(?:read|reading|check|checking|use|using|am|on my|busy|always|usually|mostly|only)\b|\bon my (?:break|phone|commute|lunch)\b|\b(?:hate|can['’]?t stand|don['’]?t (?:like|read)|dont (?:like|read)|not a fan of|never read)\s+(?:\w+\s+)?(?:long|wordy|lengthy|walls? of text|essays)\b/i;

// "so dont suggest anything before 3pm": a reason just given makes the request a standing one.
const CONSEQUENCE_EN = /^so\s+(?:please\s+|pls\s+)?(?:don['’]?t|dont|do not|never|no|avoid|stop)\s+\w+/i;

/** A request about how every answer looks ("use celsius", "could you use british spelling pls"). */
function asksHowAnswersLook(text: string): boolean {
  const core = text.replace(ASK_EN, '');
  const verb = VERB_EN.test(core) || (TASK_VERB_EN.test(core) && ABOUT_ANSWERS_EN.test(core));
  return verb && STYLE_EN.test(core) && !THIS_TASK_EN.test(core.split(/\s+/).slice(0, 3).join(' '));
}

/**
 * "can u start answering me in spanish?", "could you use british spelling pls": asked as a
 * question, still a standing instruction, so the question filter lets it through to the rule.
 */
export function isAnswerStyleRequest(clause: string): boolean {
  const text = clause.trim().replace(LEAD_EN, '');
  const request = text.replace(/^(?:(?:pls|please|plz)\s+)?(?:can|could|would|will)\s+(?:you|u)(?:\s+(?:please|pls|plz))?\s+/i, '');
  if (request === text) return false;
  // "can you use metric for the recipe?" is about the task at hand.
  if (THIS_TASK_EN.test(request) || /\b(?:for|in|on) (?:the|this|that|my|these|those) (?!(?:future|rest)\b)\w+/i.test(request)) return false;
  return asksHowAnswersLook(request.replace(/[?？]+\s*$/, ''));
}

// "以後回我的時候都用繁體中文好嗎": how to answer from now on, asked politely, is a rule, not a question.
const POLITE_RULE_ZH = /^(?:[^，,。]{0,6}?)(?:以后|今后|之后|每次)[^，,。？?]{0,12}?(?:回我|回复|回答|跟我说|给我写|写给我|用)[^，,。？?]{0,16}?(?:好吗|可以吗|行吗|好不好|可不可以|行不行)[\s？?~～]*$/;

/** A Chinese request for how answers look from now on, said as "…好吗?" (clauses arrive in Simplified). */
export function isAnswerStyleRequestZh(clause: string): boolean {
  const text = clause.trim();
  return POLITE_RULE_ZH.test(text) && STYLE_ZH.test(text);
}

/** The assistant's last reply is something the user could mean by "it" (a draft, a list, code). */
function hasDraftToShorten(ctx: Parameters<Rule['apply']>[0]): boolean {
  const before = ctx.window.messages.filter((m) => m.createdAt.getTime() < ctx.message.createdAt.getTime()).at(-1);
  return before?.role === 'assistant' && before.content.length > 400;
}

const english: Rule = {
  name: 'standing-instruction',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const clause = ctx.clause.text.trim();
    const text = clause.replace(LEAD_EN, '');
    const conditional = WHEN_YOU_EN.test(clause);
    const consequence = CONSEQUENCE_EN.test(clause);
    const styled = asksHowAnswersLook(text);
    const lead = ctx.index > 0 ? ctx.clauses[ctx.index - 1]?.text.trim() ?? '' : '';
    const afterForAny = FOR_ANY_LEAD_EN.test(lead) && ASKED_VERB_EN.test(text);
    const forEvery = FOR_ANY_EN.test(text) || STOP_OFFERING_EN.test(text) || afterForAny;
    const keepIt = KEEP_IT_EN.test(text) && HABIT_REASON_EN.test(ctx.text.slice(ctx.clause.end)) && !hasDraftToShorten(ctx);
    if (!styled && !conditional && !consequence && !forEvery && !keepIt) return [];
    // "could you please not use abbreviations" → "Do not use abbreviations".
    // "can u start answering me in spanish?" → "Start answering the user in spanish".
    const asked = text
      .replace(/^so\s+/i, '')
      .replace(/^(?:(?:pls|please|plz)\s+)?(?:can|could|would|will) (?:you|u)(?:\s+(?:please|pls|plz))?\s+/i, '')
      .replace(/^not\b/i, 'do not')
      .replace(/\s*[?？]+\s*$/, '');
    // "keep it short": "it" is every answer.
    const said = keepIt ? asked.replace(/^((?:(?:pls|please|plz|and|also|so)\s+)*keep)\s+(?:it|them|things|everything)\b/i, '$1 answers') : asked;
    const summary = ruleSummaryEnglish(afterForAny ? `${lead.replace(/^(?:so|and|also)\s+/i, '')}, ${said}` : said);
    if (!summary || summary.split(/\s+/).length < 2) return [];
    return [draftFor(ctx, { type: 'procedural', kind: 'rule', summary, entities: properNouns(text), priority: PRIORITY })];
  },
};

const LEAD_ZH = /^(?:(?:对了|另外|还有|然后|而且|顺便|哦|嗯|好|btw|BTW)[\s,，、:：]*)*(?:你|请你|请|麻烦你|麻烦|拜托你?|求你|以后|以後|今后|之后|都|也)*/;
// Code-switched as people type it: "以后 reply 我用 English 就好".
const VERB_ZH = /^(?:用|别|不要|不用|少|多|回答|回复|回我|直接|给我|说话|尽量|一律|统一|写|reply|answer|respond)/i;
const STYLE_ZH = /摄氏|华氏|公里|英里|公斤|斤|公制|表情|emoji|简短|简洁|短一点|短点|要点|列表|分点|繁体|简体|英文|中文|english|chinese|mandarin|cantonese|粤语|重点|结论|术语|例子|语气|正式|口语|markdown|字数|长篇|啰嗦|废话|单位/i;

const chinese: Rule = {
  name: 'standing-instruction-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text.trim();
    const core = text.replace(LEAD_ZH, '').trim().replace(/^(?:但是?|不过|而且|就是)/, '');
    // "以后技术问题你用中文解释就行，但代码和术语保持英文": a topic may come before the request, when the
    // message asks for how answers look from now on (not "我用英文写日记", the user's own habit).
    const topical = /^[^我你]{1,8}?(?:你|请你)?(?:用|保持|别|不要|统一|一律)/.test(core) && /以后|以後|今后|之后|一律|每次|你/.test(ctx.text);
    if ((!VERB_ZH.test(core) && !topical) || !STYLE_ZH.test(core)) return [];
    const summary = describeChinese(core.replace(/(?:好吗|可以吗|行吗|好不好|可不可以|行不行)[\s？?~～]*$/, '').replace(/[哈呀啊哦喔吧嘛]+$/, ''));
    if (!summary) return [];
    return [draftFor(ctx, { type: 'procedural', kind: 'rule', summary, entities: [], priority: PRIORITY })];
  },
};

export const STANDING_INSTRUCTION_RULES: readonly Rule[] = [english, chinese];
