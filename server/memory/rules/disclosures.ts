/**
 * Extract generously (SPEC §4.2, issue 12): any clause in which the user discloses something
 * lasting about themselves, their people, things or plans is a memory, whether or not one of the
 * specific rules recognises its phrasing. This rule runs last and only where no specific rule
 * found anything (resolveOverlaps): the gate below decides *whether* a clause is kept —
 * first-person or "my X" subject, a statement, not a request, reaction, mood, joke or filler —
 * and `classify` decides *what* it is, separately, so a wrong guess at the kind never loses the
 * memory. Questions, hypotheticals, venting and pasted text never reach it (extract-with-rules.ts
 * and validation).
 */
import { isStopWord, latinWords } from '../../text/text-terms';
import { draftFor, type Rule, type RuleContext } from './context';
import type { Draft, MemoryType } from './draft';
import { IRREGULAR_PAST } from './english-summary';
import { chinesePlaces, latinTerms, properNouns } from './entities';
import type { MemoryKind } from '../extraction-schema';
import { BACK_FROM_AWAY, BOOKED_AHEAD_EN, FREQUENCY_EN, FREQUENCY_ZH, IMMINENT_ZH, MOODS_EN, RELATION_EN, RELATION_ZH, RELATIVE_OF_EN } from './lexicon';
import { knownPeople, namedSubject, namesInSpeech } from './people';

/** Lowest priority: a specific rule's reading of the same words always wins. */
export const DISCLOSURE_PRIORITY = 9;

// --- English -----------------------------------------------------------------------------

// "nah i drive my own ranger", "oh and no wait the gym is called ironside": a reply's opening words
// ("no" only before a comma or a statement: "no more energy drinks for me" is the statement).
export const LEAD_EN = /^(?:(?:ok(?:ay)?|so|well|also|and|but|instead|oh|ugh+|argh+|omg|welp|oof|ouch|update:?|btw|by the way|actually|honestly|anyway|anyways|yeah|yep|yea|ya|nah|nope|naw|wait|sorry|ah|plus|fyi|tbh|ps|p\.s\.|fun fact|side note|funny enough|lol|haha+|hey|hmm+|um+|though|still|then|now|no(?=\s*[,!.]|\s+(?:wait|sorry|actually|i|i['’]m|im|my|we|it['’]?s|its|the)\b))\b[\s,:;.!\-—]*)+/i;
const SUBJECT_EN = /^(?:i|i['’]m|i['’]ve|i['’]d|i['’]ll|im|ive|we|we['’]re|we['’]ve|we['’]ll|our|my|me and (?:my|our)\b|me and [A-Z][\w'’-]+|(?!you\b|your\b)[\w'’-]+(?:\s+[\w'’-]+)?\s+and\s+i\b)\b/i;
const RELATION_SUBJECT_EN = new RegExp(`^(?:my|our)\\s+(?:(?:older|younger|big|little|baby|twin|best|oldest|youngest|eldest|new|ex-?)\\s+)?(${RELATION_EN})(?:s|es)?(?:['’]s?)?\\b`, 'i');
// "last saturday i ran my first 10k": a time or place may come before the subject.
const LEADING_SETTING_EN =
  /^(?:(?:(?:last|this|next|on|every)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:morning|afternoon|evening|night))?|yesterday|today|tonight|this (?:morning|afternoon|evening|week|weekend|month|year)|last (?:night|week|weekend|month|year|time)|earlier (?:today|this week)|(?:in|since) (?:\d{4}|january|february|march|april|may|june|july|august|september|october|november|december)|at (?:work|home|the moment)|(?:a|one|two|three|few|couple of) (?:days?|weeks?|months?|years?) ago|recently|lately|these days|nowadays|growing up|as a kid)\b[\s,]*/i;
// Someone or something of the user's, named earlier in the conversation: "Her name is Shadow!",
// "She is younger, she is 5 years old", "They eat a combination of vegetables, fruits and insects".
// Kept as a fact about them, found by the conversation around it (its context).
const THEIR_SUBJECT_EN = /^(?:(?:he|she)['’]?s\s|they['’]?re\s|(?:he|she|they|his|her|their)(?:\s+(?:(?:both|all|also|really|still|just|never|always|actually)\s+)?(?:name|names|called|named|is|are|was|were|has|have|had|eats?|loves?|likes?|hates?|turned|turns|just|always|never|can|can['’]?t|lives?|works?|goes|go|plays?|does|do)\b))/i;
const OPINION_ONLY_EN = /^(?:he|she|they|it)(?:['’]s|['’]re|\s+(?:is|are|was|were))\s+(?:so\s+|really\s+|very\s+|super\s+|just\s+|such\s+|totally\s+)*(?:an?\s+)?(?:cute|sweet|great|awesome|amazing|cool|nice|lovely|adorable|fun|good|bad|beautiful|gorgeous|perfect|wonderful|fantastic|incredible|the best|the cutest|right|true|fine|okay|ok|hilarious|funny|crazy|wild|insane|dramatic|silly|weird|annoying|a menace|a drama queen|a diva)\b[\s!.]*$/i;

// The user's world said from its side: "This necklace is super special to me", "That beach is
// where I got married", "This book I read last year reminds me…": a this/that thing, then the user.
const ABOUT_ME_EN = /^(?!(?:you|your|it|that|this|there|which|what)\b)(?:[\w"'’:-]+\s+){1,6}?(?:is|are|was|were|has been|have been|has always been)\s+(?:\w+\s+){0,5}?(?:special to me|(?:one of )?my (?:all[- ]time )?fav(?:ou?rite|e)s?|a fav(?:ou?rite)? of mine|like therapy for me|(?:a good|the best|my) way for me)\b|^for me,?\s+it['’]?s\s+\w+|^(?:this|that|these|those)\s+(?:[\w'’-]+\s+){1,3}?(?:is|are|was|were|reminds|means|has been)\b.*\b(?:me|my|i)\b|^(?:this|that)\s+(?:[\w'’-]+\s+){0,2}(?:i|we)\s+(?:\w+ed|got|made|read|saw|took|bought|wrote|found)\b|^it['’]?s\s+where\s+(?:i|we)\b/i;
// The user in the object, not the subject: "It taught me self-acceptance", "Improving education
// is particularly interesting to me", "Coconut milk ice cream is at the top of my list", "Playing
// video games helps me unwind". What the clause says is about the user's world all the same. Not
// when it speaks to or about the assistant ("that's so kind of you", "let me know", "tell me more").
const ADDRESSED_EN = /\b(?:you|your|yours|u|ur|ya|yourself)\b/i;
export const TO_ASSISTANT_EN = /^(?:let|tell|give|show|send|help|remind|ask|call|text|email|find|teach|explain|walk|get back to|thank|thanks|excuse|pardon|forgive)\s+(?:me|my)\b|^(?:thanks|thank|sorry|please|pls|hi|hey|hello|bye|nothing|not much|same|me too|no worries|np|good (?:morning|night|luck)|lucky)\b/i;
// Today's state of things is no memory: "the wifi at my place is down again", "my train is late rn".
const TRANSIENT_EN = /\b(?:right now|rn|atm|at the moment|again|down|broken|not working|acting up|late|delayed|ready)\b/i;
// A verb before the user ("taught me", "is … to me", "helps me"): "hard pass from me" and "new yr
// new me" are quips, not statements; "this job is killing me" is a groan.
const VERB_BEFORE_ME_EN = new RegExp(String.raw`\b(?:is|are|was|were|has|have|had|does|did|${[...IRREGULAR_PAST].join('|')}|\w+ed|\w{2,}[^s\W]s)\b.*\b(?:me|my|mine|myself)\b`, 'i');
const HYPERBOLE_EN = /\b(?:killing|kills|killed|drives|driving|drove)\s+me\b|\b(?:bugs|bugging|annoys|annoying|stresses|stressing)\s+me\b/i;
const SEEMS_EN = /^(?:it|that|this|which)(?:['’]s|\s+is|\s+was)?\s+(?:\w+\s+){0,2}?(?:sounds?|looks?|seems?|works?|makes sense|means a lot|helps)\b/i;

// "my boss sent me this: '…'" introduces someone else's words; the words are not the user's.
export const INTRODUCES_QUOTE_EN = /\b(?:sent|forwarded|shared|showed|texted|wrote|posted|copied|pasted)\s+(?:me\s+)?(?:this|that|the following)\b|[:：]\s*$/i;

// Requests for help with a task, and the one-off tasks themselves: the reply, not the memory.
export const REQUEST_EN =
  /^i\s*(?:need|want|would like|['’]d like|have|['’]ve got|got)\s+(?:you\b|help\b|some help|a favou?r|a (?:quick )?question|to (?:ask|know|write|check|find out|figure|get (?:a|an|some|this|the)|make (?:a|an|this|the)|send|reply|respond|fix|draft|prepare|book|order|translate|summari[sz]e|rewrite|edit|create|convert|compare|calculate|talk|discuss|decide|choose|pick|understand|plan (?:a|the|my)|come up|print|cancel|return|email|text|call)\b|(?:some )?(?:ideas|suggestions|advice|tips|recommendations|a recipe|an email|a message|a name|a title|a caption|a response|help)\b)|^i['’]?m\s+(?:looking for|trying to (?:write|figure|decide|find|understand|fix|get|work out|make|think|choose|pick|come up|plan)|wondering|asking|curious|thinking about what|not sure (?:what|how|which|if|whether))\b|^i\s+(?:was wondering|wonder|could use|can['’]?t decide|can['’]?t figure|don['’]?t know (?:what|how|which|if|whether))\b/i;

// Reactions to the conversation ("I see", "I'll try that", "I love it"): nothing about the user.
export const REACTION_EN =
  /^(?:i|we)\s*(?:see|agree|disagree|know|understand|get it|got it|guess(?: so)?|suppose(?: so)?|hope so|think so|mean|bet|appreciate|['’]ll try|will try|shall (?:try|do|see|check|think)|thought (?:as much|so)|(?:shall|will|['’]ll) (?:simply|just) (?!(?:be|have|had|started|moved|got)\b)\w+|['’]ll check|will check|['’]ll do (?:that|it|this|so)|['’]ll think|['’]ll see|['’]ll let you know|['’]ll keep (?:that|it) in mind|can try|['’]m sure|am sure|['’]m not sure|am not sure|don['’]?t know|do not know|have no idea|love (?:it|this|that|these|those|them|your|the idea|the suggestion)|like (?:it|this|that|these|those|them|your|the idea|the suggestion)|hate (?:it|this|that) when you|['’]m (?:good|fine|ok|okay|great|done|back(?!\s+(?:to|on|into|(?:just\s+)?from)\b)|here|ready|in|out|down|up for it|all set|set|confused|lost)|['’]ll (?:take|go with|have) (?:it|that|this|the|option)|['’]ve (?:got it|seen it|done that|tried that|heard)|think (?:it|that|this|you|your|the|so)|feel (?:like|that) (?:it|this|you)|just (?:wanted|want) to (?:say|check|ask|let you know)|was just (?:asking|wondering|curious)|meant|said|didn['’]?t mean|mean it|asked (?:for|you|about)|told you|knew (?:it|that)|called it|wanted|requested|specified|mentioned|already (?:said|told|asked)|keep (?:getting|seeing|forgetting)|['’]ll go easy on|['’]ve (?:restarted|tried|reinstalled|checked|updated|rebooted|cleared|reset) (?:it|that|this|them))\b/i;

export const MOOD_EN = new RegExp(
  `^(?:i|we)(?:['’]m|\\s+am|['’]re|\\s+are|\\s+feel|\\s+felt|['’]ve been|\\s+have been|\\s+was|\\s+were)\\s+(?:(?:so|really|very|a bit|a little|kinda|kind of|pretty|super|totally|just|feeling|getting|still|quite|too|sooo+|extremely|incredibly)\\s+)*(?:${MOODS_EN}|tired|sleepy|hungover|starving|bored|nervous|anxious|overwhelmed|exhausted|stressed out|pumped|psyched|thrilled|relieved|grateful|thankful|jealous|bummed|gutted|shook|rusty)\\b`,
  'i',
);
export const JOKE_EN = /\b(?:jk|just kidding|kidding|joking|lmao|rofl)\b/i;
// Today's mishaps and the task at hand: "I forgot my umbrella today", "I locked myself out again",
// "I'm such an idiot", "my code keeps throwing a NullPointerException".
// "i read the flyer wrong", "i typed the name wrong": about what was said before, not news.
export const MISHAP_EN =
  /^(?:i|we)\s+(?:just\s+|totally\s+|completely\s+)?(?:forgot|forget|locked (?:myself|ourselves) out|lost my (?:keys|phone|wallet|charger)|missed (?:the|my) (?:bus|train|flight|stop)|overslept|spilled|spilt|dropped my|burnt|burned (?:the|my) (?:toast|dinner|rice))\b|^(?:i|we)(?:['’]m|\s+am|['’]re)\s+(?:such|so)\s+(?:an?\s+)?(?:idiot|mess|klutz|dork|dummy|genius|fool)\b|^(?:i|we)\s+(?:must(?: have|['’]ve)\s+|totally\s+|just\s+)?(?:(?:read|heard|typed|wrote|said|spelled|spelt|got|remembered)\b[^,.;!]{0,24}\bwrong|misread|misheard|mistyped|misspelled|misspelt|mixed (?:it|them|those|that|the \w+) up)\b/i;
export const TASK_TROUBLE_EN =
  /^my\s+(?:brain|head|code|app|script|program|build|test|tests|query|function|site|website|laptop|computer|pc|phone|printer|wifi|internet|router|server|docker|container|cluster|deploy|deployment|spreadsheet|formula|macro|essay|draft|email)\s+(?:(?:just|really|still|always|totally|completely)\s+)?(?:keeps|won['’]?t|doesn['’]?t|isn['’]?t|is not|crashed|crashes|broke|died|stopped|throws|throwing|fails|failed|is (?:broken|slow|crashing|failing|throwing))\b/i;
// Words too general to make a statement worth keeping on their own ("I did it", "I'm on it").
const WEAK_EN = new Set(
  'get got go went gone do did done make made have had be been thing things stuff lot lots really just like want need know think say said see look try use come take right good bad nice well time day today way kind sort bit something anything everything nothing one also still even much many back now then finally simply yeah yes havent hasnt wasnt werent wouldnt shouldnt couldnt getting used'.split(' '),
);

export function contentWordsEn(text: string): string[] {
  return latinWords(text).filter((word) => !isStopWord(word) && !WEAK_EN.has(word.replace(/['’]/g, '')) && word.length > 1);
}

/**
 * Enough to be a statement: two content words, a name, or one that is not a bare verb form
 * ("I'm vegan", "im doing keto" say something; "I'm practicing", "my husband" do not).
 */
function saysSomething(text: string, names: readonly string[], relation: string | null): boolean {
  if (names.length > 0) return true;
  const words = contentWordsEn(text).filter((word) => !relation || !word.startsWith(relation.toLowerCase().slice(0, 4)));
  if (words.length >= 2) return true;
  return words.length === 1 && !/(?:ing|ed)$/.test(words[0] ?? '') && !relation;
}

// --- Chinese -----------------------------------------------------------------------------

export const LEAD_ZH = /^(?:(?:对了|其实|另外|还有|顺便说一下|顺便说|顺便|话说|哈哈+|嗯+|诶|哎|啊|呃|对|然后|而且|不过|但是|所以|因为|就是|反正|说真的|老实说|坦白说|btw|BTW|PS|ps|anyway|also|so|and|but|oh|ok|okay|tbh|lol|haha)[\s,，、:：。!！~～]*)+/;
const SUBJECT_ZH = /^(?:我|俺|咱|本人)/;
const RELATION_SUBJECT_ZH = new RegExp(`^(?:我|我们|我家)(?:的)?(?:大|小|亲)?(${RELATION_ZH})`);
export const REQUEST_ZH = /^我(?:们)?(?:想|要|需要|希望|得)(?:你|请你|让你|问|知道|了解|请教|写|做一个|做个|找|查|看看|试试|确认|学习一下|准备一个|弄一个|翻译|改一下|整理)|^我(?:有(?:个|一个)?(?:问题|疑问|事)|不知道(?:该|怎么|要|什么|哪)|在想|想问|想请)|帮我|给我|你能|你可以|能不能|可不可以|麻烦你/;
export const REACTION_ZH = /^我(?:知道了|明白了?|懂了|看看|试试|试一下|想想|考虑一下|觉得(?:这|那|你|挺|还|不错|可以|很好|有道理|也是)|同意|没问题|也是|就是说|去看看|马上|先去|回头|收到|记下了|好了|来了|去了啊|是说)/;
export const MOOD_ZH = /^我(?:今天|现在|最近|这几天|刚才)?(?:好|很|太|真|有点|有些|超|特别|非常|挺|真的|快)?(?:累|困|饿|烦|开心|高兴|难过|伤心|无聊|紧张|焦虑|郁闷|生气|兴奋|激动|崩溃|忙|无语|头疼|头大|懵)/;
export const JOKE_ZH = /开玩笑|开个玩笑|逗你|哈哈哈哈/;
// Chinese drops 我 at the start too ("周日打羽毛球把脚崴了", "搬到台北一个月了"): a clause that tells
// something happening in the user's life, with no other subject, is theirs.
const OTHER_SUBJECT_ZH = /^(?:他|她|它|你|您|他们|她们|别人|人家|有人|大家|朋友|同事|老板|领导|老师|医生|孩子|天气|今天天气|这|那|哪)/;
const LIFE_EVENT_ZH = /^(?:现在|目前|已经)?(?:是|当)(?:一名|一个|个)?[\u4e00-\u9fffA-Za-z]{0,8}(?:师|员|经理|总监|主管|老师|医生|护士|律师|会计|记者|编辑|专员|顾问|实习生)(?:了|啦)?$|搬到|搬家|搬出|搬进|搬回|住在|合租|房租|入职|离职|辞职|退休|升职|毕业|结婚|订婚|分手|怀孕|生了|考上|报名|开始学|在学|学了|养了|买了|崴|扭伤|扭了|摔|骨折|受伤|过敏|戒了|戒烟|戒酒|开始吃|不吃|不喝|住院|手术|拿到offer|换工作|换了工作|调到|被.{1,14}(?:蛰|咬|叮|撞|抓|烫|割|划)(?:伤)?了|(?:想|要|打算|准备|计划)(?:自己|一个人|跟.{1,4})?去[\u4e00-\u9fffA-Za-z]{2}|(?:要|打算|准备|得)?回[\u4e00-\u9fff]{2}(?:参加|过|看|住|探|扫)|\d{1,2} ?月 ?\d{1,2} ?[号日] ?回[\u4e00-\u9fff]{2}|参加.{0,10}(?:婚礼|葬礼|典礼|聚会|比赛|考试|面试)|改签|退了/;
// Chat names people by nickname: 阿杰, 小美, 老王. "阿杰说暑假想去青岛玩" is news about 阿杰 (and
// often the user's plan too); the clause is kept with its subject.
// "阿杰穿43码", "小雅对芒果过敏": what a person the user calls by name wears, loves, has.
const NICKNAME_SUBJECT_ZH = /^(?!小时|小区|小孩|小学|小心|小朋友|小事|老是|老家|老板|老师|老公|老婆|老人|老总|老大|老妈|老爸|阿姨)(?:阿|小|老)[\u4e00-\u9fff]{1,2}?(?:说|也|还|要|想|打算|准备|在|是|跟我|和我|喜欢|讨厌|不吃|不喝|下个?月|下周|明天|最近|今年|刚|其实|[一二三四五六七八九十\d]{1,2}月|穿|戴|爱|住|有|属|对|怕|会|身高|体重|\d)/;
// The user's own things as the subject: "新家在Annex那边", "房租一个月1100加币".
const OWN_THING_ZH = /^(?:老家|新家|新房子?|房租|房东|宿舍|公寓|新工作|新公司|月薪|工资|年薪)/;
// Family is the user's without a 我: "女儿安安4岁，老婆林晓是护士", "儿子子轩今年高三". (Not 孩子,
// 朋友 or 同事: "孩子一上课就走神" is the pupils, a friend is anyone's.)
const BARE_FAMILY_ZH = /^(?:大|小)?(?:老婆|老公|媳妇|妻子|丈夫|爱人|女儿|儿子|闺女|爸爸|妈妈|老爸|老妈|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|外公|外婆|姥姥|姥爷|男朋友|女朋友|男友|女友|对象|室友|闺蜜)(?!们)/;
const PET_NAMED_ZH = /我家(?:的)?([\u4e00-\u9fff]{2})(?=才|是|很|也|都|不|已经|今年|特别|超|[，,。！!\s])/;
export const MISHAP_ZH = /^我(?:又|刚|刚刚|今天)?(?:忘了带|忘带|忘记带|把.{1,6}(?:丢了|弄丢了|落在)|丢了|睡过头|错过了|迟到了|手机没电)/;

export function contentCharsZh(text: string): number {
  const han = (text.match(/[\u4e00-\u9fff]/g) ?? []).filter((c) => !'我的了是在你他她它们吗呢吧啊呀哦嗯和与就都也还这那个有一不么什怎把被给让对从向很太又再要会能可以着过得地之其'.includes(c)).length;
  // Code-switching: "我是accountant", "住在Parramatta" — an English word carries a statement's worth.
  return han + 3 * contentWordsEn(text).length;
}

// --- Classification (may be wrong; the memory is kept either way) ------------------------------

export const PAST_EN = new RegExp(
  String.raw`^(?:i|we|my \w+|our \w+)\s+(?:just\s+|finally\s+|recently\s+|already\s+|only\s+|also\s+|actually\s+)?(?:${[...IRREGULAR_PAST].join('|')}|learnt|\w+ed)\b`,
  'i',
);
const FUTURE_EN = /\b(?:i['’]ll|i will|we['’]ll|we will|i['’]m going to|we['’]re going to|i['’]m gonna|gonna|planning to|plan to|i['’]m (?:flying|heading|leaving|moving|starting|visiting|meeting|seeing|taking|going|travel(?:l)?ing|getting married|having)|we['’]re (?:flying|heading|leaving|moving|visiting|going|having|getting))\b/i;
const PREFERENCE_EN =
  /\b(?:like|likes|love|loves|enjoy|enjoys|adore|hate|hates|dislike|prefer|prefers|fan of|into|obsessed with|can['’]?t stand|favou?rite|addicted to|crazy about|big on)\b|^(?:i|we)\s+(?:usually\s+|always\s+|only\s+|mostly\s+|normally\s+)?(?:take|drink|eat|wear|listen to|watch)\b/i;
const SKILL_EN = /^(?:i|we)(?:['’]m| am)?\s+(?:learning|studying|practi[cs]ing|teaching myself|taking (?:lessons|classes|a course))\b|^(?:i|we)\s+(?:can(?!['’]?t|not)|know how to|speak|play)\b/i;
const GOAL_EN = /^(?:i|we)\s*(?:want to|wanna|['’]d (?:love|like) to|would (?:love|like) to|hope to|plan to|aim to|dream of|['’]m (?:trying|hoping|aiming|saving|planning) (?:to|for|up))\b|\bmy (?:goal|dream|plan)\b/i;
const CONSTRAINT_EN = /\b(?:allergic|intolerant|can['’]?t (?:eat|drink|have)|avoid|diabetic|vegan|vegetarian|pescatarian|gluten|sober|budget|keto|halal|kosher)\b/i;

// "一点辣都吃不了" ends in 了 but is no past event: what the user cannot eat or drink.
const CONSTRAINT_ZH = /吃不了|喝不了|不能吃|不能喝|吃不得|碰不得|不敢吃|不吃|忌口|过敏|要少吃|不能碰|吃素|素食|蛋奶素/;
export const PAST_ZH = /了(?:[，,。！!]|$)|过(?:[，,。！!]|$)|上周|上个月|昨天|前天|去年|刚才|刚刚|之前|以前|已经/;
// 要 as "will", not 主要/重要/需要/不要/只要/要是.
const FUTURE_ZH = /(?<![主重需不只想还总])要(?!是|求|紧)|打算|准备|计划|将要|下周|下个月|明天|后天|明年|月底|周末要|想(?:自己|一个人)?去/;
const PREFERENCE_ZH = /喜欢|爱|讨厌|不喜欢|受不了|最爱|偏爱|迷上|着迷|[吃用喝看听穿住]不惯|不爱|只(?:用|喝|吃|听|看|穿|买|坐)/;
const SKILL_ZH = /在学|学了|会说|会弹|会做|自学|报了.{0,6}班/;
const GOAL_ZH = /想要|希望|梦想|目标|打算学|想学|想去/;

export function classify(text: string, chinese: boolean, relation: boolean, hasTime: boolean, past: boolean): { type: MemoryType; kind: MemoryKind } {
  const future = chinese ? FUTURE_ZH.test(text) : FUTURE_EN.test(text);
  // Someone else's fact is about them; with a date it is something that happens to them.
  if (relation && !hasTime) return { type: 'semantic', kind: 'relationship' };
  if (chinese && CONSTRAINT_ZH.test(text)) return { type: 'semantic', kind: 'constraint' };
  if (past && (hasTime || !/^(?:i|we)\s*(?:['’]ve|have)\b/i.test(text))) return { type: 'episodic', kind: 'event' };
  if (future && hasTime) return { type: 'episodic', kind: 'plan' };
  if (chinese ? PREFERENCE_ZH.test(text) : PREFERENCE_EN.test(text)) return { type: 'semantic', kind: 'preference' };
  if (!chinese && CONSTRAINT_EN.test(text)) return { type: 'semantic', kind: 'constraint' };
  if (chinese ? SKILL_ZH.test(text) : SKILL_EN.test(text)) return { type: 'semantic', kind: 'skill' };
  if (chinese ? GOAL_ZH.test(text) : GOAL_EN.test(text)) return { type: 'semantic', kind: 'goal' };
  if (future) return { type: 'episodic', kind: 'plan' };
  return { type: 'semantic', kind: 'fact' };
}

/** Chat spelling without apostrophes ("im doing keto", "ive been", "dont eat"), for the summary. */
export function withApostrophes(text: string): string {
  return text
    .replace(/^im\b/i, "I'm")
    .replace(/^ive\b/i, "I've")
    .replace(/^ill (?=(?:go|be|have|get|take|see|do|need|try|start|call|come|head|fly|drive|make|bring|stay|visit|meet|finally|probably|just)\b)/i, "I'll ")
    .replace(/^id\b/i, "I'd")
    .replace(/^(he|she)s\b/i, "$1's")
    .replace(/\b(don|can|won|isn|aren|doesn|didn|haven|hasn|wasn|weren)t\b/gi, "$1't")
    .replace(/\bwanna\b/gi, 'want to')
    .replace(/\bgonna\b/gi, 'going to')
    .replace(/\bgotta\b/gi, 'have to');
}

/** The clause ends at a colon: what follows is what someone sent, said or wrote ("朋友圈发的：'…'"). */
function introducesQuote(ctx: RuleContext): boolean {
  return /^\s*[:：]/.test(ctx.text.slice(ctx.clause.end));
}

const SOMEONE_EN = new RegExp(`\\b(?:${RELATION_EN})(?:s|es)?\\b`, 'i');

/**
 * "he/she/they …" is about someone only when the user has named someone to be about: a person or
 * pet earlier in the message or in their previous one ("what shld i get tasha tho, shes into
 * crosswords" names no one the rules can hold on to, so "She's into crosswords" would be no one's).
 */
function hasAntecedent(ctx: RuleContext): boolean {
  const before = `${ctx.earlierUserTexts()[0] ?? ''}\n${ctx.text.slice(0, ctx.clause.start)}`;
  return SOMEONE_EN.test(before) || /\b(?:my|our)\s+\w/i.test(before) || properNouns(before).length > 0 || namesInSpeech(before).length > 0;
}

// Every clause of a message asks who the user has named; within one window the answer is the same
// for all of them.
const PEOPLE = new WeakMap<RuleContext['window'], Map<string, Set<string>>>();

function peopleOf(ctx: RuleContext): Set<string> {
  const byMessage = PEOPLE.get(ctx.window) ?? new Map<string, Set<string>>();
  PEOPLE.set(ctx.window, byMessage);
  let people = byMessage.get(ctx.message.id);
  if (!people) {
    people = knownPeople([...ctx.earlierUserTexts(), ctx.text], ctx.window.knownEntities);
    byMessage.set(ctx.message.id, people);
  }
  return people;
}

// "Got the tattoo a few years ago, it stands for freedom", "I love this series. It has adventures,
// magic and great characters": "it" after the user told of a thing of theirs is that thing.
const IT_SUBJECT_EN = /^(?:it['’]s|its|it\s+(?:(?:really|also|still|just|actually|always|even)\s+)?(?:is|was|has|had|stands|means|meant|reminds|reminded|taught|showed|makes|made|brings|brought|helps|helped|gives|gave|keeps|kept|tastes|smells|comes|came|belonged|used to|goes|went|started|began|took|cost|costs))\b/i;
const ANTECEDENT_EN = /\b(?:my|the|this|that|a|an|our|these|those)\s+((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)(?=\s*(?:[,.;:!?—-]|$|\s+(?:a|an|the|to|for|from|with|at|in|on|by|of|and|but|last|this|next|yesterday|today|recently|ago|few|couple|\d)\b))/giu;
const TIME_NOUN_EN = /\b(?:years?|months?|weeks?|days?|hours?|minutes?|while|bit|lot|time|moment|ago|few|couple)\b/i;

/** The thing an "it" clause goes on about, from the user's own earlier clause of this message. */
function itsAntecedent(ctx: RuleContext, text: string): string | null {
  // "so it's chaos lol", "it's a must-read!" comment on it; "it's a trek fx3" says what it is.
  if (!IT_SUBJECT_EN.test(text) || OPINION_ONLY_EN.test(text) || contentWordsEn(text.replace(IT_SUBJECT_EN, '').replace(/\b(?:lol|lmao|haha\w*|tbh|ngl)\b/gi, '')).length < 2) return null;
  const before = ctx.text.slice(0, ctx.clause.start);
  const lastSentence = before.split(/(?<=[.!?])\s+/).slice(-2).join(' ');
  if (!/(?:^|[.!?,;]\s*)(?:\w+[\s,]+)?(?:i|i['’]m|im|i['’]ve|ive|we|got|bought|made|love|loved|started|finished|read|watched|saw|took|have|had)\b/i.test(lastSentence)) return null;
  const phrases = [...lastSentence.matchAll(ANTECEDENT_EN)].map((m) => m[0]).filter((phrase) => !TIME_NOUN_EN.test(phrase) && !/\b(?:is|are|was|were|am|has|have|had|do|does|did)\b/i.test(phrase));
  const phrase = phrases.at(-1);
  return phrase ? phrase.replace(/^(?:a|an)\b/i, 'the').replace(/^(?:my|our)\b/i, (w) => w.toLowerCase()) : null;
}

/** "It taught me …", "X is at the top of my list": a statement about the user's world, not a quip or a word to the assistant. */
function userInObject(text: string): boolean {
  return VERB_BEFORE_ME_EN.test(text) && !ADDRESSED_EN.test(text) && !TO_ASSISTANT_EN.test(text) && !SEEMS_EN.test(text) && !TRANSIENT_EN.test(text) && !HYPERBOLE_EN.test(text) && contentWordsEn(text).length >= 3;
}

// "just back from 4 days in porto" is news, not a mood (lexicon.ts: back from work is neither).
const BACK_FROM_TRIP = new RegExp(String.raw`\b${BACK_FROM_AWAY}`, 'i');

function englishDisclosure(ctx: RuleContext): Draft[] {
  const raw = ctx.clause.text.trim();
  const stated = raw.replace(LEAD_EN, '');
  const setting = LEADING_SETTING_EN.exec(stated)?.[0] ?? '';
  const plain = stated.slice(setting.length).replace(LEAD_EN, '');
  const it = itsAntecedent(ctx, plain);
  const text = it ? plain.replace(/^(?:it['’]s|its)\b/i, `${it} is`).replace(/^it\b/i, it) : plain;
  // Whose fact: "my mum is vegan", and "mariana's mum is vegan" as much (the relation: the mum).
  const relation = RELATION_SUBJECT_EN.exec(text)?.[1] ?? RELATIVE_OF_EN.exec(text)?.[2] ?? null;
  const theirs = !relation && THEIR_SUBJECT_EN.test(text) && !OPINION_ONLY_EN.test(text) && hasAntecedent(ctx);
  // "dev hurt his back two weeks ago", "elsa starts förskola in august": someone the user named.
  const named = !relation && !theirs ? namedSubject(text, peopleOf(ctx)) : null;
  // "my brother would love that joke": what someone would do is not a fact about them.
  if ((relation || theirs || named) && /^\S+(?:\s+\S+)?\s+(?:would|could|might|['’]d)\b|^\S+['’]d\b/i.test(text)) return [];
  if (!SUBJECT_EN.test(text) && !relation && !ABOUT_ME_EN.test(text) && !theirs && !named && !it && !userInObject(text)) return [];
  if (REQUEST_EN.test(text) || REACTION_EN.test(text) || JOKE_EN.test(raw) || INTRODUCES_QUOTE_EN.test(text) || introducesQuote(ctx)) return [];
  if (MISHAP_EN.test(text) || TASK_TROUBLE_EN.test(text)) return [];
  // "i read these on my break": "these" are the assistant's answers, the reason for a request.
  if (/\b(?:read|see|get|check|skim)\s+(?:these|those|them|your (?:answers|replies|messages))\b/i.test(text)) return [];
  // "back to eating breakfast" is a habit taken up again, not "I'm back".
  if (!relation && MOOD_EN.test(text) && !/\bback (?:to|on|into)\b/i.test(text) && !BACK_FROM_TRIP.test(text)) return [];
  if (/\bback (?:just )?from\b/i.test(text) && !BACK_FROM_TRIP.test(text)) return [];
  // "not a fan at all" on its own names nothing it is about (the rule that read its object keeps it).
  if (/^(?:i['’]?m\s+|im\s+|i am\s+)?(?:just\s+|really\s+)?not (?:a|really a|much of a) (?:big |huge )?fan(?:\s+(?:at all|tbh|honestly|really))?[\s.!]*$/i.test(text)) return [];
  const names = properNouns(raw);
  if (!saysSomething(text, names, relation)) return [];
  // "niamh and i adopted a greyhound" is the user's news, shared: "Adopted a greyhound with niamh".
  const pair = named ? null : /^([\p{L}'’-]+)\s+(?:and|&)\s+(i|we)\s+(.+?)[\s!.~]*$/iu.exec(text);
  const spoken = pair ? `${pair[2]} ${pair[3]} with ${pair[1]}` : text;
  const described = ctx.describe(withApostrophes(spoken));
  const summary = described && setting ? `${described} ${setting.replace(/[\s,]+$/, '').toLowerCase()}` : described;
  if (!summary || summary.length < 4) return [];
  const booked = BOOKED_AHEAD_EN.test(text);
  // "dev hurt his back": the name stands where PAST_EN expects "we".
  const past = (PAST_EN.test(spoken) || (named !== null && PAST_EN.test(`we ${text.slice(named.length).trimStart()}`))) && !booked;
  // "lila started swim lessons, saturdays at 9am": a time that recurs is a habit's, not a date.
  const time = FREQUENCY_EN.test(stated) ? null : ctx.resolveTime(stated, past ? 'past' : 'future');
  const { type, kind } = booked && time ? { type: 'episodic' as const, kind: 'plan' as const } : classify(spoken, false, relation !== null || theirs || named !== null, time !== null, past);
  const isPlan = kind === 'plan' && time !== null && time.start.getTime() > ctx.message.createdAt.getTime() - 86_400_000;
  return [
    draftFor(ctx, {
      type,
      kind,
      summary: time && (kind === 'event' || kind === 'plan') ? ctx.withDate(summary, time) : summary,
      entities: [...(relation ? [relation.toLowerCase()] : []), ...(named ? named.split(' and ') : []), ...names],
      time: kind === 'event' || kind === 'plan' ? time : null,
      validity: isPlan ? 'temporary' : 'permanent',
      // Said in passing: never a core (always-on) memory on the strength of a health word.
      importance: genericImportance(kind),
      priority: DISCLOSURE_PRIORITY,
      generic: true,
    }),
  ];
}

// Where one stands, said in a word or two: "我分手了 現在單身", "我是川大大二的，学会计", "已经退休了".
const STATUS_ZH = /单身|分手|离婚|结婚|订婚|怀孕|退休|辞职|离职|失业|毕业|吃素|戒烟|戒酒|^我?(?:现在|目前)?(?:在)?(?:学|读)(?:的是)?[\u4e00-\u9fff]{2,4}(?:的|专业)?[。！!~]*$/;

function chineseDisclosure(ctx: RuleContext): Draft[] {
  // A later clause that borrowed its 我 ("…，干了五年了", "…，尤其是刘慈欣的") elaborates the one
  // before; only the specific rules read it, unless it says where the user stands ("…，学会计").
  if (ctx.carriedSubject && !STATUS_ZH.test(ctx.clause.text.trim())) return [];
  const raw = ctx.clause.text.trim();
  const stated = raw.replace(LEAD_ZH, '');
  // "它是一只三岁的橘猫" after "我家团子…": 它 is the pet the user just named.
  const pet = /^它(?!们)/.test(stated) ? PET_NAMED_ZH.exec(ctx.text.slice(0, ctx.clause.start))?.[1] : undefined;
  if (pet) return chineseDisclosureOf(ctx, raw, `我家${pet}${stated.slice(1)}`);
  return chineseDisclosureOf(ctx, raw, stated);
}

// "我老记混", "每次都忘": about the user's memory, not a fact to keep.
const FORGETFUL_ZH = /^我?(?:老|总|总是|老是|每次都|经常|又)(?:记混|记不住|记不清|忘|搞混|弄混)/;

function chineseDisclosureOf(ctx: RuleContext, raw: string, stated: string): Draft[] {
  if (FORGETFUL_ZH.test(stated)) return [];
  const subjectless = (!SUBJECT_ZH.test(stated) && !OTHER_SUBJECT_ZH.test(stated) && LIFE_EVENT_ZH.test(stated)) || OWN_THING_ZH.test(stated) || BARE_FAMILY_ZH.test(stated);
  const nickname = NICKNAME_SUBJECT_ZH.test(stated);
  const text = subjectless ? `我${stated}` : stated;
  const relation = RELATION_SUBJECT_ZH.exec(text);
  if (!SUBJECT_ZH.test(text) && !nickname) return [];
  if (REQUEST_ZH.test(text) || REACTION_ZH.test(text) || JOKE_ZH.test(raw) || MISHAP_ZH.test(text) || introducesQuote(ctx)) return [];
  if (!relation && MOOD_ZH.test(text) && contentCharsZh(text) < 6) return [];
  if (contentCharsZh(text) < (STATUS_ZH.test(text) ? 2 : 3)) return [];
  // "我家团子…" reads "团子…", not "家团子…".
  const summary = ctx.describe(text)?.replace(/^家(?=[\u4e00-\u9fff]{2})/, '') ?? null;
  if (!summary) return [];
  const past = PAST_ZH.test(text) && !IMMINENT_ZH.test(text);
  const time = FREQUENCY_ZH.test(text) ? null : ctx.resolveTime(text, past ? 'past' : 'future');
  const { type, kind } = classify(text, true, relation !== null || nickname, time !== null, past);
  const isPlan = kind === 'plan' && time !== null;
  return [
    draftFor(ctx, {
      type,
      kind,
      summary: time && (kind === 'event' || kind === 'plan') ? ctx.withDate(summary, time) : summary,
      entities: [...(relation?.[1] ? [relation[1]] : []), ...chinesePlaces(text), ...latinTerms(text)],
      time: kind === 'event' || kind === 'plan' ? time : null,
      validity: isPlan ? 'temporary' : 'permanent',
      importance: genericImportance(kind),
      priority: DISCLOSURE_PRIORITY,
      generic: true,
    }),
  ];
}

/** Low by default (SPEC §4.2): a constraint said in passing is worth a little more, never core. */
function genericImportance(kind: MemoryKind): number {
  return kind === 'constraint' ? 3 : 2;
}

export const DISCLOSURE_RULES: readonly Rule[] = [
  { name: 'disclosure', scope: 'clause', lang: 'en', apply: englishDisclosure },
  { name: 'disclosure-zh', scope: 'clause', lang: 'zh', apply: chineseDisclosure },
];
