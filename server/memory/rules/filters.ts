/**
 * What the extractor must not turn into memories (SPEC §4.2): questions, hypotheticals, venting,
 * and how sure the user sounds. Hedged statements are kept but marked low confidence and keep
 * their hedge in the summary, so "I might be allergic" never reads as "allergic".
 */
import { VENTING_EN, VENTING_ZH } from './lexicon';

// "were doing it at my flat", typed for "we're": a statement, not "Were you…?".
const QUESTION_START_EN =
  /^(?:(?:so|and|but|ok(?:ay)?|also|hey|hi|oh|well|btw|quick question)[\s,:]+)*(?:what|why|how|when|where|who|whom|whose|which|is|are|am|was|were(?!\s+(?:[a-z]+ing|gonna)\b)|do|does|did|can|could|would|will|should|shall|have|has|had|isn't|aren't|don't|doesn't|didn't|can't|won't|wouldn't|shouldn't|any idea|got any|know any|wanna|want to know|tell me|remind me|guess what)\b/i;
// "吃啥比较好" asks as 吃什么 does; "啥都吃" states.
const QUESTION_WORDS_ZH = /什么|怎么|为什么|为啥|如何|哪里|哪儿|哪个|哪些|哪家|多少|几点|几个|是不是|有没有|能不能|可不可以|要不要|会不会|好不好|对不对|行不行|咋|啥(?![都也])|比较好$/;
const QUESTION_END_ZH = /(?:吗|呢|么|吧)\s*[?？。]?\s*$/;
const QUESTION_ABOUT_SELF_ZH = /该怎么|怎么办|怎么(?:回|说|写|做|弄|处理|选|安排)|是不是|要不要|该不该|能不能|可不可以|好不好|行不行|有没有必要|如何|为什么|为啥/;

const DISBELIEF_END = /(?:\?{2,}|\?!|!\?)\s*$/;
const STATES = /\b(?:i|i['’]m|im|he|he['’]s|she|she['’]s|we|we['’]re|they|they['’]re|is|are|was|were|has|have|had)\b/i;
const isDisbelief = (text: string) => DISBELIEF_END.test(text) && !QUESTION_START_EN.test(text) && !/\b(?:should|could|would|shall)\s+(?:i|we)\b/i.test(text) && STATES.test(text);

/** Is this clause a question (last clause of a "?" sentence, an inverted or wh- start, 吗/呢)? */
export function isQuestion(clause: string, sentence: string, isLastClause: boolean): boolean {
  const text = clause.trim();
  // "he's decided he's vegetarian now??", "she's 14?!": disbelief at a statement, not a question.
  if (isDisbelief(text)) return false;
  if (/[?？]\s*$/.test(text)) return true;
  if (isLastClause && /[?？]\s*$/.test(sentence.trim()) && !isDisbelief(sentence.trim())) return true;
  // "so when you suggest schedules keep everything after 10am" sets a condition, it does not ask.
  // So does "when i ask for recipes keep them gluten free".
  if (/^(?:(?:so|and|also|but)\s+)?(?:when(?:ever)?|every time)\s+(?:you|u|i\s+ask)\b/i.test(text)) return false;
  if (QUESTION_START_EN.test(text)) return true;
  if (QUESTION_END_ZH.test(text) && !/^我/.test(text)) return /吗|呢|么/.test(text.slice(-3));
  if (QUESTION_WORDS_ZH.test(text) && !/^(?:我|其实我|我们)/.test(text)) return true;
  // "我什么都吃" states; "我该怎么回比较好" / "我是不是该换个工作" ask.
  if (/^(?:我|其实我|我们)/.test(text) && QUESTION_ABOUT_SELF_ZH.test(text)) return true;
  return false;
}

const HYPOTHETICAL_START_EN = /^(?:(?:and|but|so|ok(?:ay)?|well|hmm+|haha+|lol|lmao|omg|ooh+)[\s,]+)*(?:if|suppose|supposing|imagine|what if|assuming|hypothetically|in theory|let'?s say|say|even if|unless|once)\b/i;
const HYPOTHETICAL_EN =
  /\b(?:if i (?:were|was|had|could|won|lost|ever)|i swear(?: to god)?,? if|if (?:one more|anyone else|someone else|another) \w+|were i|i wish|i'?d have|(?:would|could|should|might) have (?!(?:a|an|the|some|any|more|less|no|my|your|his|her|their|our|to)\b)|(?:would|could|should|might)['’]ve|in another life|in a parallel universe|i would (?!like|love|prefer|rather|hate|appreciate|never)\w+|i'?d (?!like|love|prefer|rather|hate|appreciate|never)(?:buy|go|quit|move|sell|travel|live|retire|leave|do|be|spend|take|get|tell|say|kill|punch|give))\b/i;
// Not 要是 inside 主要是 ("哈哈主要是懒"), 只要是, 还要是.
const HYPOTHETICAL_ZH = /如果|假如|(?<![主重需只不还就])要是|假设|万一|假使|倘若|的话|假若|设想|想象一下/;

const PERSISTENT_REQUEST = /^(?:(?:so|and|also|oh|ok(?:ay)?)[\s,]+)*(?:(?:can|could|would|will) (?:you|u)|(?:might|may|can|could) i ask (?:you|u) to)\b.*(?:\b(?:from now on|from here on(?: out)?|going forward|in (?:the )?future|always|never|every time|any ?more|in every (?:reply|answer|response|message)|in (?:your|all) (?:replies|answers|responses))\b|\bstop \w+ing\b)|^(?:(?:so|and|also|oh|ok(?:ay)?)[\s,]+)*(?:can|could|would|will) (?:you|u)(?:\s+(?:please|pls|plz))?\s+(?:not|never|avoid|stop)\s+\w+|^(?:(?:so|and|also|oh|ok(?:ay)?)[\s,]+)*(?:can|could|would|will) (?:you|u)(?:\s+(?:please|pls|plz))?\s+start\s+(?:answering|replying|writing|talking|speaking|using|giving|calling|to)\b/i;

/** "Can you make the examples in Python from here on?" is a request that should last, not a question. */
export function isPersistentRequest(clause: string): boolean {
  return PERSISTENT_REQUEST.test(clause.trim());
}

// "…, if that matters" / "if possible" hedge the request, they do not make the sentence hypothetical.
const ASIDE_CONDITION = /^(?:(?:and|but|so)\s+)?(?:if|unless)\s+(?:that|it|this)\s+(?:matters|helps|makes sense|is relevant|is useful|is ok(?:ay)?)|^(?:if|unless)\s+(?:possible|needed|necessary|relevant|so|not|you (?:can|need|want|like|prefer))\b/i;

/** A sentence that talks about what would happen, not what is: it opens with a condition. */
export function isHypothetical(sentence: string, clauseTexts: readonly string[]): boolean {
  return hypotheticalFrom(sentence, clauseTexts) === 0;
}

/**
 * The clause from which a sentence talks about what would be (0: all of it), or -1. A Chinese
 * "sentence" is often several clauses run together with spaces ("豆浆可以 我住杭州滨江 如果下雨就…"):
 * the condition and what follows it are hypothetical, what was said before it is not.
 */
export function hypotheticalFrom(sentence: string, clauseTexts: readonly string[]): number {
  // Typed without punctuation, one "sentence" can be a whole message: what a condition makes
  // hypothetical starts at its clause ("our baby was born on the 20th … if i were you i'd …").
  if (HYPOTHETICAL_EN.test(sentence)) return Math.max(0, clauseTexts.findIndex((clause) => HYPOTHETICAL_EN.test(clause) || HYPOTHETICAL_START_EN.test(clause.trim()) || /\bwhat if\b/i.test(clause)));
  const first = (clauseTexts[0] ?? sentence).trim();
  if (HYPOTHETICAL_START_EN.test(first) && !ASIDE_CONDITION.test(first)) return 0;
  if (!HYPOTHETICAL_ZH.test(sentence)) return -1;
  const index = clauseTexts.findIndex((clause) => HYPOTHETICAL_ZH.test(clause));
  return index < 0 ? 0 : index;
}

/** A later clause that is a condition ("…, if that matters"): skipped on its own. */
export function isConditionClause(clause: string): boolean {
  return HYPOTHETICAL_START_EN.test(clause.trim());
}

const LEAD_EN = String.raw`^(?:(?:ok(?:ay)?|so|and|also|oh|btw|anyway|tbh|honestly|lol|hmm+|well|cheers|thanks)[\s,!.]+)*`;
// "i need food that isnt toast", "i need a warm up circuit for year 9", "need ideas for a 70yo",
// "need lunchbox ideas for school", "need a cheap hotel near downtown":
// what the user asks for now, not something about them that lasts.
const NEED_NOW = new RegExp(
  String.raw`${LEAD_EN}(?:i\s+)?(?:really\s+|just\s+|urgently\s+|kinda\s+)?need\s+(?:(?:some|a few|a couple of|more)\s+)?(?:help|ideas?|tips|advice|suggestions?|recommendations?|recs|inspo|inspiration|recipes?|food|something|anything|to know|to figure|to find|to decide|to pick|to choose|to write|to make|to cook|to plan|to book|to get (?:ready|through))\b|${LEAD_EN}(?:i\s+)?(?:really\s+|just\s+)?need\s+(?:a|an|some)\s+[^,.;]{2,60}?\s+(?:for\s+(?:a|an|the|this|tonight|tomorrow|next|\d)|near|around|close to)\b|${LEAD_EN}(?:i\s+)?(?:really\s+|just\s+)?need\s+(?:(?:a|an|some)\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:ideas?|tips|recs|recommendations?|suggestions?|advice|inspo)\b`,
  'i',
);
// "hes fine", "she's gonna be so mad", "can't tell her": how someone is right now, or an aside.
const PASSING_STATE = new RegExp(
  String.raw`${LEAD_EN}(?:(?:he|she|they|it|[a-z]+)(?:['’]?s|\s+is|\s+are|['’]re)\s+(?:(?:totally|completely|so|all|doing|gonna be|going to be)\s+)*(?:fine|ok|okay|alright|all right|good|better|great|well|mad|annoyed|upset|thrilled|going to be)|(?:but\s+)?(?:i\s+)?can['’]?t\s+tell\s+(?:her|him|them|anyone|my \w+))[\s!.]*$`,
  'i',
);
// "…so no moving thank god", "same school thankfully": relief at news said before, not a rule.
const RELIEF = /\b(?:thank god|thank goodness|thankfully|phew|luckily|what a relief)[\s!.]*$/i;

/** A clause that is about this moment only (a request, a passing state, relief): nothing to keep. */
export function isOneOff(clause: string): boolean {
  const text = clause.trim();
  // "need a present idea for my sister Ellie" still says who Ellie is.
  return (NEED_NOW.test(text) && !/\b(?:my|our)\s+\w/i.test(text)) || PASSING_STATE.test(text) || RELIEF.test(text);
}

// "i told u wrong the other day", "my bad", "correction:": the marker states nothing; what the
// message says next corrects what was said before.
export const CORRECTION_LEAD_EN = /^(?:(?:oh|oops|ah|and|also|btw|ok|so|sorry)[\s,]+)*(?:i\s+(?:told|gave)\s+(?:you|u)\s+(?:wrong|the wrong \w+)(?:\s+(?:the other day|earlier|before|last time|yesterday))?|i\s+(?:was|got (?:it|that))\s+wrong(?:\s+(?:the other day|earlier|before|last time))?|my bad|(?:a\s+)?(?:small|quick|little|one)?\s*correction(?:\s+(?:btw|on (?:that|the \w+)|to (?:that|what i said)))?|scratch that|i misspoke|i said (?:it|that) wrong|(?:i\s+)?(?:need|have|want|got)\s+to\s+correct\s+(?:something|that|myself|one thing|what i said)|(?:let me|lemme)\s+correct\s+(?:something|that|myself))[\s,:;!.]*(?:btw)?[\s,:;!.]*$/i;

// "…the vet's name is dr Halberg. i had it wrong before lol", "…every other thursday, i mixed up
// the days", "…ironside, idk why i said the other name": a correction said after what it corrects.
export const CORRECTION_TAIL_EN = /^(?:(?:oh|oops|and|also|btw|sorry|so|ugh)[\s,]+)*(?:(?:i|i've|ive|i['’]d)\s+)?(?:had (?:it|that|them) wrong|got (?:it|that|them|the \w+) wrong|mixed (?:it|that|them) up|mixed up (?:the|my) \w+|typed (?:it |that )?wrong|said (?:it|that|the wrong \w+) wrong|misspelled (?:it|that|the name)|idk why i said (?:that|it|the other \w+|\w+)|no idea why i said (?:that|it|\w+))(?:\s+(?:before|earlier|last time|the other day|lol|haha+|oops|sorry))*[\s,:;!.]*$/i;

/** Heat-of-the-moment language: "I'm so done with this project, I want to delete it all". */
// A groan at the very end ("…the commute is like an hour each way ugh") sighs at what was said;
// it is no outburst that makes the statement heat-of-the-moment.
const TRAILING_GROAN_EN = /[\s,.!]+(?:ugh+|argh+)[\s.!]*$/i;

export function isVenting(sentence: string): boolean {
  return VENTING_EN.test(sentence.replace(TRAILING_GROAN_EN, '')) || VENTING_ZH.test(sentence);
}

const HEDGE_EN =
  /\b(?:i think|i guess|i suppose|i believe|i feel like|i reckon|maybe|perhaps|probably|possibly|might|may be|i may|not sure|kind of|sort of|i'?m considering|thinking (?:about|of)|could be|apparently|i suspect|supposedly)\b/i;
const HEDGE_ZH = /可能|也许|大概|好像|说不定|应该是|不确定|考虑|似乎|或许|我觉得我|估计|不一定/;

/** Does the clause hedge ("I think I might…", 可能)? Hedged items get low confidence. */
export function isHedged(clause: string): boolean {
  // "Might I ask you to…", "may I ask…" are polite requests, not doubt.
  return HEDGE_EN.test(clause.replace(/\b(?:might|may|could|can) i ask\b/gi, '')) || HEDGE_ZH.test(clause);
}

/** English hedge words that can stay in a summary ("Might be lactose intolerant"). */
export const HEDGE_WORDS_IN_SUMMARY = /\b(?:might|may|maybe|probably|possibly|perhaps|could|considering|thinking)\b|可能|也许|大概|好像|似乎|或许|考虑/i;

const PROMPT_INJECTION =
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|your\s+|the\s+|my\s+|previous\s+|prior\s+|earlier\s+|above\s+)*(?:instructions?|rules?|prompts?|guidelines|system prompt|programming)\b|\b(?:you are now|act as|pretend to be|jailbreak|developer mode|system prompt)\b|忽略(?:之前|以上|前面|你的|所有)?的?(?:指令|指示|规则|设定|提示)|无视(?:之前|你的)?的?(?:指令|规则)/i;

/** Text that tries to steer the assistant rather than tell it about the user. */
export function looksLikePromptInjection(text: string): boolean {
  return PROMPT_INJECTION.test(text);
}
