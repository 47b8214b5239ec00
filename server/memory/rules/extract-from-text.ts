/**
 * The clause rules over a stretch of one message's own words (SPEC §4.2): the offline default and
 * the pre-filter's partner. It fills the same schema as the LLM, skips questions, hypotheticals and
 * venting, keeps hedged statements as low-confidence items and an uncovered clause as a note.
 * extract-with-rules.ts decides which messages and which stretches it reads.
 */
import type { ExtractionWindow, SourceMessage, SourcedMemory } from '../extraction-schema';
import { toSimplified } from '../../text/chinese-script';
import { isMostlyChinese } from '../../text/text-terms';
import { makeContext, type Rule, type RuleContext } from './context';
import { DATED_RULES } from './dated-plans';
import { DISCLOSURE_RULES } from './disclosures';
import { resolveOverlaps, toSourcedMemory, type Draft } from './draft';
import { CHINESE_RULES } from './chinese-rules';
import { ENGLISH_RULES } from './english-rules';
import { ENGLISH_UPDATE_RULES } from './english-updates';
import { CORRECTION_LEAD_EN, CORRECTION_TAIL_EN, hypotheticalFrom, isConditionClause, isHedged, isOneOff, isPersistentRequest, isQuestion, isVenting } from './filters';
import { INSTRUCTION_RULES } from './instructions';
import { RESCHEDULE_RULES } from './reschedule';
import { VALUE_CORRECTION_RULES } from './value-corrections';
import { isAnswerStyleRequest, isAnswerStyleRequestZh, STANDING_INSTRUCTION_RULES } from './standing-instructions';
import { IN_PASSING_RULES } from './in-passing';
import { noteFor } from './notes';
import { chinesePlaces } from './entities';
import { BACK_FROM_AWAY, JOB_EN, RELATION_EN, RELATION_ZH, RELATIVE_OF_EN, SAID_WRONG_ZH } from './lexicon';
import { knownPeople, namedSubject, namesInSpeech } from './people';
import { splitClauses, splitSentences, type Segment } from './segments';

const ALL_RULES: readonly Rule[] = [
  ...INSTRUCTION_RULES,
  ...STANDING_INSTRUCTION_RULES,
  ...RESCHEDULE_RULES,
  ...VALUE_CORRECTION_RULES,
  ...ENGLISH_UPDATE_RULES,
  ...ENGLISH_RULES,
  ...IN_PASSING_RULES,
  ...CHINESE_RULES,
  ...DATED_RULES,
  ...DISCLOSURE_RULES,
];
const SENTENCE_RULES = ALL_RULES.filter((rule) => rule.scope === 'sentence');
// A moved appointment or a switch is news even said with a groan ("ugh, the review moves to Thursday").
// "Coworker is Neha": who someone is, the one thing a groan about them is kept for.
const NAME_ONLY_SUMMARY = /^\p{L}[\p{L}-]* is \p{Lu}[\p{L}'’-]*$/u;
const VENTING_SAFE = new Set(['like-dislike', 'like-dislike-zh', 'reschedule', 'reschedule-zh', 'switch', 'condition-in-passing', 'condition-in-passing-zh']);
const CLAUSE_RULES = ALL_RULES.filter((rule) => rule.scope === 'clause');
// …and so is what happened to them: "ugh hurt my knee last weekend on a run", "argh sprained my
// wrist": the groan is about the injury, which is a fact to keep, not a plan made in anger.
const HAPPENED_TO_ME = /\((?:doctor|doc|gp|physio|physiotherapist|dentist|consultant|specialist|surgeon|scan|mri|x-?ray|tests?|results?|bloods) says\)$|\b(?:hurt|sprained|broke|twisted|injured|tore|pulled|fractured|dislocated|cut|burned|burnt|fell|got (?:stung|bitten|sick|hit|ill|covid|the flu)|came down with|caught (?:a|the|covid))\b/i;

// "I'm based in Berlin but originally from Lisbon": the second clause borrows the first's subject.
const SUBJECTLESS_START = /^(?:(?:but|and|also)\s+)*(originally|also|now|currently|still|from|based|living|training|working|studying|saving)\b/i;
// Chat drops the subject: "Not a fan of spicy food", "Switched jobs last month", "Love hiking".
// (Not "Always …" / "Never …": those open instructions to the assistant.)
const DROPPED_I_AM = new RegExp(String.raw`^(?:(?:honestly|tbh|also|and|but|so|oh|btw|ok|yeah|yep|lol|well|anyway|anyways|plus|haha+)[\s,]+)*(?=(?:not (?:a|really a|much of a)|(?:a )?(?:big|huge) (?!news|update|day|week|thing|deal|change|mess|problem|question|favou?r|win|relief)\w+|allergic|vegetarian|vegan|pescatarian|based in|originally from|currently (?:learning|working|based)|learning|trying to|moving|flying|heading|married|engaged|single|divorced|pregnant|retired|back to|(?:just\s+)?${BACK_FROM_AWAY}|doing (?!(?:it|that|this|so|ok|okay|fine|good|great|well|alright)\b)|(?:still|just|currently|really|now)\s+\w+ing)\b)`, 'i');
// …and chat drops it before what happened: "cancelled the physio for friday, rebooked it for
// wednesday", "had my wisdom teeth out on wednesday", "got a rescue dog on saturday".
// ("work is killing me": a noun before "is" is the subject, not a verb missing its "I".)
const DROPPED_I = /^(?:(?:honestly|tbh|also|and|but|so|oh|btw|ok|just|finally|ugh+|argh+|ouch|oof|welp|omg|update:?|anyway|anyways|plus|well|lol|haha+)[\s,]+)*(?!\w+\s+(?:is|was|has|sucks|looks|seems|feels|gets|keeps)\b)(?=(?:love|hate|prefer|enjoy|can['’]?t stand|switched|started|just started|moved|quit|work|live|have (?:a|an|two|three|\d|my|kids|no)|fell|twisted|injured|tore|pulled|cancell?ed|rebooked|booked|went|finished|bought|adopted|visited|joined|signed up|passed|failed|won|sprained|broke|hurt|ran|got (?:a|an|my|our|married|engaged|promoted|hired|the (?!(?:message|link|email|e-mail|point|idea|joke|hint|text|reference|gist|memo|picture|pic|photo)\b))|had (?:my|a|an|our) (?!great|good|nice|bad|lovely|fun|blast)|had a blast \w+ing|(?!used\b|seemed\b|looked\b|sounded\b|loved\b|liked\b|needed\b|wanted\b)\w{2,}ed (?:my|a|an|the|some|our|out|up|off|with))\b)/i;
// Chinese drops 我 after the first clause: "我老家是湖南的，所以特别能吃辣".
const RELATION_SUBJECT_ZH = new RegExp(`^(?:\\S{0,4}?)我(?:的)?(${RELATION_ZH})`);
const SAYS_WHAT_IT_IS_ZH = /是(?:一|个|只|位|名)|叫|岁/;
const CORRECTION_ZH = /说错了|打错(?:字)?了|搞错了|记错了|写错了|更正一下|纠正一下/;
const CORRECTION_LEAD_ZH = /^(?:(?:哦|啊|嗯|呃|哎)[，,\s]*)?(?:不对[，,。！!\s]*)?(?:我)?(?:刚才|刚刚|前天|昨天|之前|上次)?(?:说错了|打错(?:字)?了|搞错了|记错了|写错了)[，,。！!\s]*/;
// A clause that is only the marker, after what it corrects: "之前打错了 haha", "上次我把城市说错了".
const CORRECTION_TAIL_ZH = new RegExp(String.raw`^(?:(?:哈哈|嗯|哦|啊)[，,\s]*)?${SAID_WRONG_ZH}[\s，,。！!~～]*(?:haha+|哈+|lol|sorry|抱歉|不好意思)?[\s。！!~～]*$`, 'i');
const CORRECTABLE_KINDS = new Set(['fact', 'relationship', 'preference']);

/** The segment without a leading correction marker ("哦刚才说错了，…"), and whether it had one. */
function afterCorrectionLead(segment: Segment): { segment: Segment; lead: boolean } {
  const lead = CORRECTION_LEAD_ZH.exec(segment.text)?.[0];
  return lead ? { segment: { ...segment, start: segment.start + lead.length, text: segment.text.slice(lead.length) }, lead: true } : { segment, lead: false };
}
const ZH_OTHER_SUBJECT = /^(?:他|她|它|你|您|他们|她们|这|那|别人|大家|[A-Za-z])/;

const CHAT_ARE = /\b(i|we|they|you|u)\s+r\b(?=\s+\w)/gi;
// "big news i got the supervisor job": the announcement is not the subject either.
const INTERJECTION = /^(?:(?:idk|ngl|tbh|honestly|lol|lmao|haha+|ugh+|omg|man|dude|welp|meh|(?:big|huge|good|great|exciting|some|random) news|guess what|update|news)[\s,!.:]+)+(?=(?:i|i['’]m|im|i['’]ve|ive)\b)/i;

// Chinese chat drops 我 before what the user does: "现在在阿里云上班", "已经在成都安顿下来了",
// "周末一般去密云水库钓鱼", "平时喝美式". Time and frequency words, then a verb of the user's own life.
const DROPPED_WO_ZH =
  /^(?:(?:(?:现在|目前|已经|最近|平时|一般|周[一二三四五六日天末]|星期[一二三四五六日天]|每晚|每天晚上|每天|每周[一二三四五六日天]?|每个?月|天天|刚刚?|才|也|还|都|只|基本|经常|通常|偶尔|早上|晚上|下班后?|上班前)\s*)+(?:在(?!吗|不在)|去(?!年)|住|喝|吃|做|学|开始|搬|跑|练|打|玩|养|用|骑|坐|上班|上课|安顿|定期定额|定投|存|投)|住(?!院|嘴|手|口)|在[\u4e00-\u9fffA-Za-z]{2,12}(?:上班|工作|做))/;

/** The clause with its dropped 我 restored (a statement of its own, not an elaboration), or null. */
function withDroppedWoZh(clause: Segment, previous: Segment | undefined): Segment | null {
  if (!DROPPED_WO_ZH.test(clause.text)) return null;
  // "他最近…，现在在…上班" goes on about him; "我妈是湖南人 住在长沙" about her.
  if (previous && ZH_OTHER_SUBJECT.test(previous.text) && !/我/.test(previous.text)) return null;
  if (previous && THEIR_CLAUSE_ZH.test(previous.text)) return null;
  return { ...clause, text: `我${clause.text}` };
}

function withCarriedSubject(clause: Segment, previous: Segment | undefined, chinese: boolean): Segment {
  if (chinese) {
    // A clause that already has 我 ("叫我晨晨就好") keeps its own structure.
    if (!previous || !/^(?:\S{0,4}?)我/.test(previous.text) || /我/.test(clause.text) || ZH_OTHER_SUBJECT.test(clause.text)) return clause;
    // "我同事 Wes 是澳洲人，不吃猪肉": Wes, by name (withTheirSubjectZh).
    if (/[A-Za-z]/.test(THEIR_CLAUSE_ZH.exec(previous.text)?.[1] ?? '') && THEIR_PREDICATE_ZH.test(clause.text)) return clause;
    // "我老公喜欢钓鱼，周末经常不在家": the clause goes on about him, not about the user.
    const theirs = RELATION_SUBJECT_ZH.exec(previous.text)?.[1];
    return { ...clause, text: `我${theirs ?? ''}${clause.text.replace(/^(?:所以|而且|但是|不过|因为|就|也|还)/, '')}` };
  }
  // "idk man i get seasick on boats": the interjection hides the subject from every rule.
  const aside = INTERJECTION.exec(clause.text);
  if (aside) clause = { ...clause, text: clause.text.slice(aside[0].length) };
  // Chat's "r" for "are": "marco and i r going to montreal", "we r moving".
  const spelled = clause.text.replace(CHAT_ARE, (_, who: string) => (who.toLowerCase() === 'i' ? 'I am' : `${who} are`));
  if (spelled !== clause.text) clause = { ...clause, text: spelled };
  // The borrowed word is lower-cased so "Heading to Seoul" does not make "Heading" a name.
  const lower = (text: string) => text.replace(/^([A-Z])(?=[a-z])/, (c) => c.toLowerCase());
  if (/^(?:(?:just|also|really|always|still)\s+)?been\s/i.test(clause.text)) return { ...clause, text: `I've ${lower(clause.text)}` };
  const droppedBe = DROPPED_I_AM.exec(clause.text);
  if (droppedBe && !/^\s*i\b/i.test(clause.text)) return { ...clause, text: `I'm ${lower(clause.text.slice(droppedBe[0].length))}` };
  const droppedI = DROPPED_I.exec(clause.text);
  if (droppedI && !/^\s*i\b/i.test(clause.text) && (!previous || !/\b(?:you|he|she|they|it)\s*$/i.test(previous.text))) {
    return { ...clause, text: `I ${lower(clause.text.slice(droppedI[0].length))}` };
  }
  if (!previous) return clause;
  const bare = SUBJECTLESS_START.exec(clause.text);
  if (!bare) return clause;
  const subject = /\b(?:i['’]m|i am)\b/i.test(previous.text) ? "I'm" : /^\s*(?:\w+\s+)?i\b/i.test(previous.text) ? 'I' : null;
  if (!subject) return clause;
  const rest = clause.text.replace(/^(?:(?:but|and)\s+)+/i, '');
  return { ...clause, text: `${subject} ${rest}` };
}

const RELATION_PHRASE = new RegExp(`^(?:(?:also|and|but|oh|plus|so)[\\s,]+)*((?:my|our)\\s+(?:(?:older|younger|big|little|baby|twin|best|oldest|youngest|eldest)\\s+)?(?:${RELATION_EN})(?:s)?)(?:['’]s)?\\b`, 'i');
// Chat drops the apostrophe: "hes a cook", "shes a nurse", "theyre twins".
const THIRD_PERSON_START = /^((?:(?:also|and|but|oh|plus|so)[\s,]+)*)(he|she|they)(['’]?(?:s|re|ll|d|ve))?\b/i;
// "I've got a new manager at the campus, her name is Priya": someone introduced mid-sentence.
const INTRODUCED = new RegExp(`\\b(?:got|have|met|hired|with)\\s+(?:a|an)\\s+(?:new\\s+)?(${RELATION_EN})\\b`, 'i');
const THEIR_NAME = /^((?:(?:also|and|but|oh|plus|so)[\s,]+)*)(?:his|her|their)\s+name\s+is\b/i;

/**
 * "my husband grew up in naples and he adores anchovies", "…my mum's birthday is march 3rd. also
 * she hates lilies": he/she/they after the user named someone is that someone, so the fact is
 * about them ("Husband adores anchovies"), never the user's.
 */
function withNamedPerson(clause: Segment, person: string | null): Segment {
  if (!person) return clause;
  // "my wife is pregnant!! due in november": the news that follows is hers.
  const theirNews = /^(?:(?:and|so|oh|plus)[\s,]+)*(?:due|expecting|arriving|landing|flying in|coming over|coming home|back home)\b/i.exec(clause.text);
  if (theirNews) return { ...clause, text: `${person} is ${clause.text.slice(theirNews.index)}` };
  const name = THEIR_NAME.exec(clause.text);
  if (name) return { ...clause, text: `${name[1] ?? ''}${person}'s name is${clause.text.slice(name[0].length)}` };
  const match = THIRD_PERSON_START.exec(clause.text);
  if (!match) return clause;
  // "they both hate mushrooms" after "my daughter…" is not her: "they" needs people.
  if (match[2]?.toLowerCase() === 'they' && !/(?:s|\band\s+\S+|twins|folks|in-laws)$/i.test(person)) return clause;
  const contraction = match[3]?.toLowerCase().replace(/^['’]/, '');
  // "shed"/"hell" without an apostrophe are words of their own: only 's/'re are read bare.
  if (contraction && match[3]!.length === contraction.length && !['s', 're'].includes(contraction)) return clause;
  const verb = contraction ? ({ s: ' is', re: ' are', ll: ' will', d: ' would', ve: ' have' }[contraction] ?? '') : '';
  return { ...clause, text: `${match[1] ?? ''}${person}${verb}${clause.text.slice(match[0].length)}` };
}

const BARE_MOVE_EN = /^(?:(?:so|and|ok|omg|yay|well)[\s,]+)*(?:(?:we|i)\s+)?(?:(?:have|['’]ve)\s+)?(?:finally\s+|just\s+|officially\s+)*moved(?:\s+in)?\s*[!.~]*$/i;
const PRAISED_PLACE_EN = /^((?:[A-Z][\p{L}'’-]{2,}|[\p{Ll}'’-]{3,16})(?:\s+[A-Z][\p{L}'’-]+)?)\s+is\s+(?:(?:so|really|soo+|just|absolutely|super)\s+)?(?:lovely|great|nice|amazing|sick|awesome|beautiful|gorgeous|perfect|cute|cool|quiet|charming|wonderful|fab|fabulous|brilliant|stunning|dope|class)\b/u;
const NOT_A_PLACE_EN = /^(?:the|it|this|that|everything|everyone|life|house|flat|place|apartment|home|room|area|neighbou?rhood|street|view|weather|kitchen|garden|building|new|our|my)\b/i;
const THEIR_JOB_NEWS = /\b(?:got|landed|accepted|took|starts|started)\s+(?:the|a|an|his|her|their|that)?\s*(?:new\s+)?(?:job|role|position|offer|gig)\b|\bgot\s+(?:hired|promoted)\b/i;
const TITLE_ALONE_EN = new RegExp(String.raw`^(?:(?:and|so|oh|plus)[\s,]+)*(?:(?:the\s+)?new\s+)?(?:[\w-]+\s+){0,2}?(?:${JOB_EN})\s+(?:at|for|in|with)\s+\S`, 'i');

const RELATION_MENTION_ZH = new RegExp(`(${RELATION_ZH})`, 'g');
// "男朋友生日 他是四川人": 他/她 after someone was named is that someone; "我男朋友说他下个月…" is his
// own news; "医生说我血压高" is the user's.
const PRONOUN_ZH = /^(?:(?:对了|另外|还有|而且|不过|但是|然后)[\s,，]*)?(?:他|她)(?![们])/;
const SAYS_OF_SELF_ZH = new RegExp(`^(我(?:的)?(?:${RELATION_ZH}))(?:也|还|就)?说(?:他|她)(?![们])`);
// 小雅, 阿杰, 老周: a nickname names a person (小时, 小区, 阿姨 do not; 老 takes a surname).
const NICKNAME_ZH = /(?:阿|小)(?!时|孩|区|学|心|说|吃|朋|组|姐|狗|猫|伙|事|红|店|城|镇|米|费|便|菜|腿|号|型|半|姨|宝|些|点|部|票|卖|众|数|麦|鸡|鱼)[\u4e00-\u9fff]|老[王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔向汤]/;
const WHOLE_NICKNAME_ZH = new RegExp(`^(?:${NICKNAME_ZH.source})$`);
const DOCTOR_SAYS_ZH = /^(?:医生|大夫|医院)(?:也|还|都)?说我/;

function withPersonZh(clause: Segment, person: string | null): Segment {
  const selfReport = SAYS_OF_SELF_ZH.exec(clause.text);
  if (selfReport?.[1]) return { ...clause, text: `${selfReport[1]}${clause.text.slice(selfReport[0].length)}` };
  if (DOCTOR_SAYS_ZH.test(clause.text)) return { ...clause, text: clause.text.replace(DOCTOR_SAYS_ZH, '我') };
  const pronoun = person ? PRONOUN_ZH.exec(clause.text) : null;
  if (!pronoun || !person) return clause;
  // A nickname (小雅, 阿杰) is named as it is; a relation word is the user's (我男朋友).
  return { ...clause, text: `${WHOLE_NICKNAME_ZH.test(person) ? '' : '我'}${person}${clause.text.slice(pronoun[0].length)}` };
}

// "室友 Ollie 是英国人，吃素的": a clause with no subject that says what someone is, eats or likes,
// right after a clause about one of the user's people, is about that person too.
// "Daniel的妈妈是马来西亚人 住在槟城", "老公的爸爸…": someone's relation is someone else too.
// "我家猫叫年糕 是只英短", "男朋友阿杰是重庆人 无辣不欢": what kind of animal or person they are, and a
// liking said as an idiom, belong to them too.
const THEIR_CLAUSE_ZH = new RegExp(`^((?:我(?:的|家)?|[A-Za-z][\\w'’-]*\\s*的|[\\u4e00-\\u9fff]{1,3}的)?(?:${RELATION_ZH})(?:\\s*[A-Za-z][\\w'’-]*\\s*|(?:阿|小)[\\u4e00-\\u9fff])?)(?=是|在|住|也|很|特别|不|喜欢|对|叫)`);
const THEIR_PREDICATE_ZH = /^(?:也|还|一直|从来)?(?:住(?:在)?[\u4e00-\u9fffA-Za-z]{2,12}|吃素|不吃|不喝|不能吃|不能喝|对.{1,8}过敏|过敏|喜欢|讨厌|特别怕|怕|是[\u4e00-\u9fff]{1,6}人|是(?:只|个|一只|一个|条|一条|位|一位)[\u4e00-\u9fffA-Za-z]{1,8}|无.不欢|在[\u4e00-\u9fffA-Za-z ]{2,12}(?:上班|工作|读书|上学))/;

function withTheirSubjectZh(clause: Segment, previous: Segment | undefined): Segment {
  const subject = previous ? THEIR_CLAUSE_ZH.exec(previous.text)?.[1]?.trim() : undefined;
  if (!subject || !THEIR_PREDICATE_ZH.test(clause.text)) return clause;
  return { ...clause, text: `${subject}${/[A-Za-z]$/.test(subject) ? ' ' : ''}${clause.text}` };
}

// "回高雄扫墓 我妈住那边": 那边 is the place the sentence just named.
const THERE_ZH = /那边|那里|那儿/;

function withPlaceZh(clause: Segment, earlier: readonly Segment[]): Segment {
  if (!THERE_ZH.test(clause.text)) return clause;
  const place = earlier.flatMap((segment) => chinesePlaces(segment.text)).at(-1);
  return place ? { ...clause, text: clause.text.replace(THERE_ZH, place) } : clause;
}

/**
 * Whom a clause opens with, for the he/she of the clauses after it: "my partner mele is…" (the
 * relation with the name that follows it, so "shes a nurse" is Mele's), "my husband", or a
 * person the user has named ("duarte will look for a job, hes a cook").
 */
function personOpening(text: string, people: ReadonlySet<string>): string | null {
  // "ciarán's mam is coming too, she doesnt eat pork": "she" next is that relative.
  const relative = RELATIVE_OF_EN.exec(text)?.[1];
  if (relative) return relative;
  const relation = RELATION_PHRASE.exec(text);
  if (relation?.[1]) {
    const name = /^\s*,?\s*([\p{L}'’-]{2,16})/u.exec(text.slice(relation.index + relation[0].length))?.[1];
    return name && people.has(name.toLowerCase()) && namesInSpeech(relation[0] + ' ' + name).length > 0 ? `${relation[1]} ${name}` : relation[1];
  }
  const opening = text.replace(/^(?:(?:also|and|but|oh|plus|so|btw|ok)[\s,]+)*/i, '');
  return namedSubject(opening, people);
}

// "Priya (my gf) is vegan", "Tom (my flatmate) hates cilantro": the bracket says whose fact it is,
// as "my gf priya is vegan" would.
const RELATION_IN_BRACKETS = new RegExp(String.raw`^([\p{L}'’-]+)\s*\(\s*(?:my|our)\s+(${RELATION_EN})\s*\)\s*`, 'iu');

// "kofi my son is allergic", "jess, my sister, hates flying": the same said without brackets.
// The first word is a name, not a joining word: "and my dog is called Rex" is no "And, my dog".
const RELATION_IN_APPOSITION = new RegExp(String.raw`^(?!(?:and|but|so|also|oh|plus|or|then|because|cos|btw|ok|well|yeah|now|just|with|for|tell|ask)\b)([\p{L}'’-]{2,16}),?\s+(?:my|our)\s+(${RELATION_EN}),?\s+(?=(?:is|was|has|had|can['’]?t|cant|can|loves?|hates?|likes?|eats|doesn['’]?t|doesnt|won['’]?t|just|also|still|turns|works|lives)\b)`, 'iu');

function withRelationBesideName(clause: Segment): Segment {
  const match = RELATION_IN_BRACKETS.exec(clause.text) ?? RELATION_IN_APPOSITION.exec(clause.text);
  if (!match?.[1] || !match[2]) return clause;
  return { ...clause, text: `my ${match[2]} ${match[1]} ${clause.text.slice(match[0].length)}` };
}

// "mele's actually a midwife", "tomas's a chef now": a named person's 's before what they are is "is".
function withNameIs(clause: Segment, people: ReadonlySet<string>): Segment {
  const match = /^((?:(?:oh|and|also|but|so|btw|ok)[\s,]+)*)([\p{L}-]{2,16})['’]s\s+(?=(?:actually|really|now|still|just|not|also|a|an|the|from|in|at|on|into|allergic|vegan|vegetarian|pregnant|married|engaged|[a-z]+ing)\b)/iu.exec(clause.text);
  if (!match?.[2] || !people.has(match[2].toLowerCase())) return clause;
  return { ...clause, text: `${match[1] ?? ''}${match[2]} is ${clause.text.slice(match[0].length)}` };
}

// "i went fully vegetarian", "he's gone vegan", "we turned plant-based": a diet taken up is the
// diet one now has, said the way its slot reads it ("I'm vegetarian now"), not an event.
const BECAME_DIET = /(?<![\w'’])(i|we|he|she|they|[a-z]{2,})(?:\s+(?:have|has|is)|['’](?:ve|s))?\s+(?:just\s+|finally\s+|recently\s+|officially\s+)?(?:went|gone|turned|became|become|switched to being|decided (?:i['’]?m|he['’]?s|she['’]?s|to be|to go))\s+(?:(?:fully|full|totally|completely|100%|strictly|properly)\s+)?(vegetarian|vegan|pescatarian|pescetarian|plant[- ]based|keto|gluten[- ]free|dairy[- ]free|teetotal|sober)\b/i;

// "i got the deputy principal job", "landed the senior designer role": the job one now has.
const GOT_TITLED_JOB = /^((?:(?:so|and|also|oh|btw|ok|finally|omg)[\s,]+)*)i\s+(?:just\s+|finally\s+|officially\s+)?(?:got|landed|accepted|took|was offered|bagged|nabbed)\s+(?:the|a|an)\s+(?:new\s+)?((?!(?:new|same|other|old|dream|first|second)\b)[a-z][a-z -]{2,40}?)\s+(?:job|role|position|gig|post)\b(?!\s+(?:at|with|in)\b)/i;

function withTitledJobSaidAsWork(clause: Segment): Segment {
  const job = GOT_TITLED_JOB.exec(clause.text);
  if (!job?.[2]) return clause;
  const title = job[2].trim();
  return { ...clause, text: `${job[1] ?? ''}I work as ${/^[aeiou]/i.test(title) ? 'an' : 'a'} ${title} now${clause.text.slice(job.index + job[0].length)}` };
}

// "so i guess im pescatarian now", "i think my shift is 7 to 3": the statement after a hedge is
// read as said (the item keeps low confidence: the hedge is judged on the words as spoken).
const HEDGE_LEAD_EN = /^((?:(?:so|and|but|also|oh|well|ok(?:ay)?|yeah)[\s,]+)*)(?:i\s+(?:guess|think|suppose|reckon)|guess)\s+(?=(?:i['’]m|im|i am|i['’]ve|ive|i have|i['’]ll|my)\s)/i;

// "i guess im pescatarian now": a change the user has settled on, "i guess" only a shrug.
const SETTLED_GUESS_EN = /^(?:(?:so|and|but|also|oh|well|ok(?:ay)?|yeah)[\s,]+)*(?:i\s+)?guess\s+(?:i['’]m|im|i am)\s+.*\bnow\b/i;

function withoutHedgeLead(clause: Segment): Segment {
  const hedge = HEDGE_LEAD_EN.exec(clause.text);
  return hedge ? { ...clause, text: `${hedge[1] ?? ''}${clause.text.slice(hedge[0].length)}` } : clause;
}

function withDietTakenUpSaidAsIs(clause: Segment): Segment {
  const match = BECAME_DIET.exec(clause.text);
  if (!match) return clause;
  const who = match[1]!;
  const be = /^i$/i.test(who) ? "I'm" : /^(?:we|they)$/i.test(who) ? `${who} are` : `${who} is`;
  // "…went vegan in january": when it began is not a date to plan around.
  const rest = clause.text
    .slice(match.index + match[0].length)
    .replace(/^\s+(?:in|last|since|this|back in|about|around|a (?:few|couple)|\d+)\b[^,;]*/i, '')
    .replace(/^\s*now\b/i, '');
  return { ...clause, text: `${clause.text.slice(0, match.index)}${be} ${match[2]!.toLowerCase()} now${rest}` };
}

// "physio says it's a mild herniated disc", "the gp said i have tendonitis", "doc thinks i've got a
// stress fracture": what a clinician found is the user's own health, said by someone else.
const DIAGNOSED_EN =
  /^((?:(?:so|and|also|oh|ok|ugh+|well|btw|update:?)[\s,]+)*)(?:(?:my|the)\s+)?(doctor|doc|gp|physio|physiotherapist|dentist|consultant|specialist|surgeon|dermatologist|cardiologist|neurologist|rheumatologist|optician|chiro(?:practor)?|osteo(?:path)?|scan|mri|x-?ray|blood tests?|bloods|tests?|results?)\s+(?:says|said|thinks|reckons|confirmed|showed|shows|came back|found)\s+(?:that\s+)?(?:it['’]?s|it is|it was|i have|i['’]ve got|ive got|i got|i['’]ve|i might have)\s+(?!(?:fine|nothing|ok|okay|normal|all good|clear)\b)(.{3,})$/i;

function withDiagnosisSaidAsMine(clause: Segment): Segment {
  const found = DIAGNOSED_EN.exec(clause.text);
  if (!found?.[2] || !found[3]) return clause;
  const who = found[2];
  return { ...clause, text: `${found[1] ?? ''}I have ${found[3].replace(/[\s.!]+$/, '')} (${who} says)` };
}

// "no olives ever, i can't stand them", "not the spicy ramen again, hate it": the taste's object is
// the thing the clause before named, not "them".
const NAMED_THING_EN = /^(?:(?:and|also|oh|but|so|plus|pls|please)[\s,]+)*(?:no|not|never|zero|nothing with)\s+(?:more\s+|any\s+)?((?:the\s+)?[a-z][a-z -]{2,30}?)(?:\s+(?:ever|again|please|pls|thanks|at all|for me))*[\s.!]*$/i;
const TASTE_OF_IT_EN = /\b(can['’]?t stand|cannot stand|hate|hates|loathe|detest|dislike|can['’]?t eat|can['’]?t do)\s+(them|it|those|these|that)\b/i;

function withThingNamedBefore(clause: Segment, previous: Segment | undefined): Segment {
  const thing = previous ? NAMED_THING_EN.exec(previous.text)?.[1] : undefined;
  const taste = TASTE_OF_IT_EN.exec(clause.text);
  if (!thing || !taste) return clause;
  const at = taste.index + taste[0].length - (taste[2]?.length ?? 0);
  return { ...clause, text: `${clause.text.slice(0, at)}${thing.replace(/^the\s+/i, '')}${clause.text.slice(taste.index + taste[0].length)}` };
}

/** The last person a stretch of English text opens a sentence or clause with, if any. */
function lastPersonIn(text: string, people: ReadonlySet<string>): string | null {
  if (isMostlyChinese(text)) return null;
  let found: string | null = null;
  for (const part of text.split(/[.!?;,]+\s*|\s+(?:and|but|so)\s+/)) found = personOpening(part.trim(), people) ?? found;
  return found;
}

function introduced(text: string): string | null {
  const relation = INTRODUCED.exec(text)?.[1];
  return relation ? `my ${relation.toLowerCase()}` : null;
}

/**
 * "going to porto with my friend aisha!! shes terrified of flying": the person named last inside
 * a clause that opens with something else (with their name, when the user has named them) is who
 * "she" is next.
 */
function mentionedInside(text: string, people: ReadonlySet<string>): string | null {
  const mention = [...text.matchAll(RELATION_ANYWHERE)].at(-1);
  if (!mention?.[1] || mention.index === undefined) return null;
  const name = /^\s*,?\s*([\p{L}'’-]{2,16})/u.exec(text.slice(mention.index + mention[0].length))?.[1];
  return name && people.has(name.toLowerCase()) ? `${mention[1]} ${name}` : mention[1];
}

export interface TextOptions {
  /** Content of an explicit "remember …" request: the user asked, so filters are relaxed. */
  explicit: boolean;
  /** Whom the user's previous message named last ("my bf marco eats anything" → "he hates cilantro"). */
  prior?: { en: string | null; zh: string | null };
}

const RELATION_ANYWHERE = new RegExp(RELATION_PHRASE.source.replace('^', '\\b'), 'gi');

/** The person the user's message before `message` (in this window) named last, in each language. */
export function priorPerson(message: SourceMessage, window: ExtractionWindow): TextOptions['prior'] {
  const before = window.messages.filter((m) => m.role === 'user' && m.createdAt.getTime() < message.createdAt.getTime());
  const previous = before.at(-1);
  if (!previous) return { en: null, zh: null };
  const text = toSimplified(previous.content);
  // The later of a relation word and a nickname: "纠正一下，小雅其实在苏州上班" → "她八月中要来…" is 小雅.
  const zh = [...text.matchAll(new RegExp(`${RELATION_ZH}|${NICKNAME_ZH.source}`, 'g'))].at(-1)?.[0] ?? null;
  // "my boy nikau is 14" → "he's vegetarian now" is Nikau (with the relation, "Boy Nikau").
  return { en: lastPersonIn(text, knownPeople([text], window.knownEntities)) ?? [...text.matchAll(RELATION_ANYWHERE)].at(-1)?.[1] ?? null, zh };
}

/** Drafts → schema items for one stretch [from, to) of a message's own words. */
export function extractFromText(message: SourceMessage, window: ExtractionWindow, own: string, from: number, to: number, options: TextOptions): SourcedMemory[] {
  const found: Array<{ draft: Draft; sentence: string }> = [];
  // Clauses that reached the rules: one no rule read may still be kept as a note (notes.ts).
  const reached: Array<{ ctx: RuleContext; sentence: string }> = [];
  // Someone the message named before this stretch ("remember my mum's birthday… also she…").
  let personZh: string | null = options.prior?.zh ?? null;
  let person: string | null = [...own.slice(0, from).matchAll(RELATION_ANYWHERE)].at(-1)?.[1] ?? options.prior?.en ?? null;
  // Whose job news the clause just read told ("duarte got the job!!!"), for a title said next on its own.
  let jobNewsOf: string | null = null;
  let correctingZh = false;
  let correctingEn = false;
  // Where a correction said after what it corrects sits: notes of the clauses before it correct too.
  let correctedBefore = -1;
  // Words cut from the user's own (reported speech, quotes) still say who "he" is next.
  const written = toSimplified(message.content);
  const people = knownPeople([written, ...window.messages.filter((m) => m.role === 'user' && m.id !== message.id).map((m) => m.content)], window.knownEntities);
  let cursor = from;
  // "We moved!" said on its own: the place praised next ("Lunenburg is lovely") is where to.
  let movedJustNow = false;
  for (const spoken of splitSentences(own, from, to)) {
    person = lastPersonIn(written.slice(cursor, spoken.start), people) ?? person;
    cursor = spoken.end;
    const { segment: sentence, lead } = afterCorrectionLead(spoken);
    if (lead) correctingZh = true;
    if (sentence.text.trim() === '') continue;
    const afterMove = movedJustNow;
    movedJustNow = BARE_MOVE_EN.test(sentence.text.trim());
    const all = splitClauses(own, sentence);
    const hypothetical = options.explicit ? -1 : hypotheticalFrom(sentence.text, all.map((clause) => clause.text));
    // Only what was said before a condition ("豆浆可以 我住杭州滨江 如果…") is what is.
    const clauses = hypothetical > 0 ? all.slice(0, hypothetical) : all;
    const clauseTexts = clauses.map((clause) => clause.text);
    if (hypothetical === 0) {
      // "My husband Taras says I work too much. He is a mechanic": a sentence that states nothing
      // still says who "he" is next.
      person = lastPersonIn(sentence.text, people) ?? person;
      continue;
    }
    // Venting states no plan ("I want to delete it all") but may state a taste ("ugh I hate crowds").
    const venting = !options.explicit && isVenting(sentence.text);
    const sentenceChinese = isMostlyChinese(sentence.text);
    const base = { message, window, sentence, clauses, explicit: options.explicit };

    if (hypothetical < 0 && !(venting && !sentenceChinese) && (options.explicit || !/[?？]\s*$/.test(sentence.text))) {
      for (const rule of SENTENCE_RULES) {
        if ((rule.lang === 'zh') !== sentenceChinese) continue;
        const ctx = makeContext({ ...base, clause: sentence, index: 0, chinese: sentenceChinese, hedged: isHedged(sentence.text) });
        for (const draft of rule.apply(ctx)) found.push({ draft, sentence: sentence.text });
      }
    }

    clauses.forEach((said, index) => {
      // "哦刚才说错了，她是教数学的", "不对，我前天打错字了，我老公叫刘炜": the marker states nothing itself;
      // what the message says after it corrects what was said before.
      const { segment: raw, lead } = afterCorrectionLead(said);
      if (lead || CORRECTION_ZH.test(said.text)) correctingZh = true;
      if (raw.text.trim() === '') return;
      // Code-switching: "btw 我bf Marcus 是Kiwi" has more Latin words than characters but is a
      // Chinese clause of a Chinese sentence ("trying to cut 到 70kg" stays English).
      const chinese = isMostlyChinese(raw.text) || (sentenceChinese && /[我他她]/.test(raw.text));
      // "我家猫叫年糕，是只英短": the cat's, before a dropped 我 could make it the user's.
      const theirs = chinese ? withTheirSubjectZh(raw, clauses[index - 1]) : raw;
      const dropped = chinese && theirs === raw ? withDroppedWoZh(raw, clauses[index - 1]) : null;
      let carried = theirs !== raw ? theirs : dropped ?? withCarriedSubject(chinese ? raw : withThingNamedBefore(withDiagnosisSaidAsMine(raw), clauses[index - 1]), clauses[index - 1], chinese);
      // Naming who "he" is (or whose news it is) is not borrowing the previous clause's subject.
      const praised = afterMove && index === 0 && !chinese ? PRAISED_PLACE_EN.exec(carried.text) : null;
      if (praised?.[1] && !NOT_A_PLACE_EN.test(praised[1])) carried = { ...carried, text: `I moved to ${praised[1]}` };
      let clause = chinese ? withPlaceZh(withTheirSubjectZh(withPersonZh(carried, personZh), clauses[index - 1]), clauses.slice(0, index)) : withDietTakenUpSaidAsIs(withTitledJobSaidAsWork(withNamedPerson(withNameIs(withRelationBesideName(withoutHedgeLead(carried)), people), person)));
      // The last one named: "孩子主要是我老婆陈静在管 她是中学英语老师" — 她 is the wife.
      if (chinese) personZh = [...raw.text.matchAll(RELATION_MENTION_ZH)].at(-1)?.[1] ?? personZh;
      // "duarte got the job!!! sous chef at a place in ribeira": the title said next is the news's.
      const titled = !chinese && jobNewsOf !== null && TITLE_ALONE_EN.test(clause.text) ? { ...clause, text: `${jobNewsOf} is ${clause.text.replace(/^(?:(?:and|so|oh|plus)[\s,]+)*/i, '')}` } : null;
      if (titled) clause = titled;
      const opener = chinese ? null : personOpening(clause.text, people);
      jobNewsOf = opener && THEIR_JOB_NEWS.test(clause.text) ? opener : null;
      if (!chinese) person = opener ?? introduced(clause.text) ?? mentionedInside(clause.text, people) ?? person;
      if (!chinese && CORRECTION_LEAD_EN.test(clause.text)) {
        correctingEn = true;
        return;
      }
      // Said after what it corrects ("…dr Halberg. i had it wrong before lol", "…Kelvin，之前打错了"):
      // what the message said before it is the correction.
      if (chinese ? CORRECTION_TAIL_ZH.test(raw.text) : CORRECTION_TAIL_EN.test(clause.text)) {
        if (chinese) correctingZh = true;
        else correctingEn = true;
        for (const entry of found) if (CORRECTABLE_KINDS.has(entry.draft.kind)) entry.draft = { ...entry.draft, negative: true };
        correctedBefore = clause.start;
        return;
      }
      if (!options.explicit && isOneOff(clause.text)) return;
      if (!options.explicit && index > 0 && isConditionClause(clause.text)) return;
      if (!options.explicit && isQuestion(clause.text, sentence.text, index === clauses.length - 1) && !isPersistentRequest(clause.text) && !isAnswerStyleRequest(clause.text) && !(chinese && isAnswerStyleRequestZh(clause.text))) return;
      const ctx = makeContext({ ...base, clause, index, chinese, hedged: isHedged(clause.text) || (isHedged(carried.text) && !SETTLED_GUESS_EN.test(carried.text)), carriedSubject: dropped === null && carried.text !== raw.text });
      const groaningHere = sentenceChinese
        ? !options.explicit && (isVenting(clause.text) || (isVenting(clauseTexts.slice(0, index).join(' ')) && !SAYS_WHAT_IT_IS_ZH.test(clause.text)))
        : venting;
      if (!groaningHere && !options.explicit) reached.push({ ctx, sentence: sentence.text });
      for (const rule of CLAUSE_RULES) {
        // A Chinese message is often one "sentence" of space-separated clauses: a groan (好崩溃,
        // 累死了) taints its own clause and what follows it, not "我不敢吃香菜" before it.
        // After a groan the rest is the groan ("唉，又加班到十点"), except a statement of what something
        // is ("气死我了，…，它是一只三岁的橘猫"): that stays true whatever the mood.
        const groaning = sentenceChinese
          ? !options.explicit && (isVenting(clause.text) || (isVenting(clauseTexts.slice(0, index).join(' ')) && !SAYS_WHAT_IT_IS_ZH.test(clause.text)))
          : venting;
        if ((rule.lang === 'zh') !== chinese) continue;
        const muted = groaning && !VENTING_SAFE.has(rule.name) && !HAPPENED_TO_ME.test(clause.text);
        // A groan about someone still says who they are: "my coworker neha keeps taking credit for
        // my work im so fed up" keeps "Coworker is Neha", and nothing of the grievance.
        if (muted && rule.name !== 'relationship') continue;
        for (const draft of rule.apply(ctx).filter((d) => !muted || NAME_ONLY_SUMMARY.test(d.summary))) found.push({ draft: (chinese ? correctingZh : correctingEn) && CORRECTABLE_KINDS.has(draft.kind) ? { ...draft, negative: true } : draft, sentence: sentence.text });
      }
    });
  }
  const kept = new Set(resolveOverlaps(found.map((entry) => entry.draft)));
  for (const { ctx, sentence } of reached) {
    const span = ctx.clause;
    if ([...kept].some((draft) => draft.span.start < span.end && span.start < draft.span.end)) continue;
    const noted = noteFor(ctx);
    const draft = noted && noted.span.start < correctedBefore && CORRECTABLE_KINDS.has(noted.kind) ? { ...noted, negative: true } : noted;
    if (draft) {
      kept.add(draft);
      found.push({ draft, sentence });
    }
  }
  return found
    .filter((entry) => kept.has(entry.draft))
    .sort((a, b) => a.draft.span.start - b.draft.span.start)
    .map((entry) => toSourcedMemory(entry.draft, message, entry.sentence, window.timeZone));
}
