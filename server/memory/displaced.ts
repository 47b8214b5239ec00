/**
 * What a change displaces. Slots (slots.ts) replace the values of attributes known by name —
 * home, job, diet, an appointment's date. People change everything else too, between chats: "its
 * unsweet iced tea for me now" after "practically lives on mountain dew", "just water and black
 * coffee on shift now" after "lives on monster energy during night shifts", "说错了 是下周三出发"
 * after "下周四要去上海出差". When both come back for one question, the older one is most likely
 * what the user has since changed, and the model should not have to guess.
 *
 * Recall asks this of two memories it would inject together (select.ts): being relevant to the
 * same question is half the evidence that they are about the same thing; sharing a topic word,
 * and the newer one being said as a change, is the rest. The older one stays stored and visible;
 * the ledger says why it was left out.
 */
import { conceptsOf } from '../text/concepts';
import { stem } from '../text/text-terms';
import { toSimplified } from '../text/chinese-script';
import type { MemoryRow } from './memory-types';
import { slotOf } from './slots';
import { RELATION_EN, RELATION_ZH } from './rules/lexicon';

export type Displaceable = Pick<MemoryRow, 'id' | 'kind' | 'type' | 'summary' | 'entities' | 'createdAt' | 'sourceMessageId'> & { quote?: string | null; occurredAt?: Date | null };

/** Said as a change of what the user does, or as a correction of what they said. */
const CHANGED =
  /\b(?:now|these days|nowadays|any ?more|no longer|switched|switching|changed|moved (?:to|into|over)|instead|quit|gave up|given up|stopped|back to|cut out|dropped|from (?:next|this) (?:week|month|term|year)|going forward|starting (?:next|this) (?:week|month|term))\b|现在|如今|改成|改去|改到|改为|换成|换到|不再|戒了|已经不|从下(?:周|个?月|学期)/i;
const CORRECTED = /\b(?:actually|correction|i meant|autocorrect|typo|got it wrong|had it wrong|mixed up)\b|其实|说错|纠正|更正|打错|记错/i;
// A date moved: says that a plan changed, never a habit ("the shots got pushed to friday" says
// nothing about which vet the dog sees).
const RESCHEDULED = /\b(?:moved|rescheduled|pushed|postponed|brought forward|shifted|bumped)\b|改到|推迟|提前|挪到|延期/i;

// How the user lives: a newer habit replaces an older one. A constraint (an allergy, a condition),
// a past event, a standing rule or someone's relationship to the user is not replaced this way.
const HABITS = new Set(['fact', 'preference', 'goal', 'skill']);
// A plan or an appointment is replaced only by a correction or a move ("it's the 24th now, the
// venue got double booked"), never by another plan said with "now".
const DATED = new Set(['plan']);

// Topic groups a change stays within. Wider ones (food, schedule, family, work, home) would let a
// new liking displace any old one: "vegetarian now" must never hide "allergic to peanuts".
const TOPIC_GROUPS = new Set(['#drink', '#exercise']);

// Words that say when or how, not what: "every thursday evening" and "wednesdays now" share no
// topic by these, nor do "cannot wait at home" and "cannot eat raw fish", "home every night now"
// and "home base is columbus".
const NOT_A_TOPIC = new Set(
  (
    'day daily week weekly weekend month year time times morning evening night tonight today tomorrow hour minute ' +
    'usually always often every start started back instead still anymore quit change changed switch switched stop ' +
    'stopped move moved moving correct correction actually meant now these nowadays new old first last next ago since ' +
    'really just pretty lol tbh pls ok okay yeah cannot can get got make made take took want like love need keep ' +
    'user thing stuff lot bit way one two go going went come coming came say said tell told think feel look see seem ' +
    'end till until home work place people ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays'
  )
    .split(' ')
    .map(stem),
);
// Characters of time, place and grammar: a bigram holding one says when or where, not what
// ("现在每天…" and "现在每周…" share 在每; "禮拜六騎車" and "改到禮拜四" share 礼拜).
const NOT_A_TOPIC_HAN = /[在每天周晚早上下午中了去改成现的是一个有和跟我你他她们年月日号点礼拜星期还都也就很太那这说时候最近已经以后开始用户其实]/u;
// Where the user lives is a topic in Chinese by one character: "现在住Neukölln" after "住Moabit的WG".
const LIVES = /住/;
// A shift pattern: "the rota is 4 nights on 4 off" → "from next week im on 3 days then 3 nights".
const SHIFTS = /\b(?:rota|(?:on|doing|working) (?:days|nights)|\d+ (?:days|nights) (?:on|then)|(?:days|nights) only|night shifts|day shifts)\b|夜班|白班|倒班/i;
// How the user gets around: "an easy ride on the green line" and "drives now" are one topic.
const COMMUTE = /\b(?:drives?|driving|rides?|riding|bikes?|biking|cycles?|cycling|bus|train|subway|metro|tram|scooter|e-scooter|walks?|walking|commutes?|commuting|tube|ferry)\b|开车|骑车|地铁|公交|打车|步行|通勤|走路/i;
// A habit said with the same verb first is the same habit: "Works nights at the distribution
// center" and "Works as a day shift supervisor now" (a verb of living, not "is" or "loves").
const HABIT_VERBS = new Set(['works', 'lives', 'drives', 'rides', 'commutes', 'drinks', 'eats', 'plays', 'runs', 'trains', 'studies', 'teaches', 'sleeps', 'wakes', 'walks', 'cycles', 'swims', 'sings']);

// One job at a time, however each is said: "Is a product manager at swiggy" then "Joined flipkart
// on 1 april", "在腾讯做后端开发" then "5月4号入职grab", "Is a ux designer at pennywise" then "Going
// freelance from june". The slots (slots.ts) catch a job said in their shapes; these words catch
// the rest of how people say where they work, and how they say they started somewhere new.
const JOB_SLOTS = new Set(['job', 'job_title', 'employer']);
const ABOUT_WORK = /\b(?:works?\s+(?:at|for|as|in|on|with|nights|days|weekends|shifts|remotely|from home)|working\s+(?:at|for|as|in|on)|(?:day|full[- ]time|part[- ]time|their|a|the) job|employer|employed|joined|freelanc\w*|self-employed|hired|shifts? at|drives? (?:\w+ )?for)\b|上班|工作|入职|跳槽|公司|单位|外包|自由职业|打工/i;
// Working for oneself is a job said without an employer.
const ON_THEIR_OWN = /\b(?:freelanc\w*|self-employed|contractor|own business)\b|外包|自由职业|自己干|自己开/i;
// "Is full-time at LinguaBridge agency (from 2026-03-23)": a state that began on a day (dated-plans.ts).
const STARTED_WORK = /\b(?:joined|new (?:job|role|position|company|employer|gig)|start(?:ed|ing|s)? (?:at|with|in|on|as|a new)|began (?:at|with|as)|(?:went|going|gone) freelance|got the job|hired (?:at|by|as)|left|quit)\b|\(from \d{4}-\d{2}|入职|跳槽|新公司|新工作|新单位|换工作|辞职|接外包|自由职业/i;
// Employed somewhere, said by how: "Is full-time at LinguaBridge", "part-time with the council".
const EMPLOYED_AT = /\b(?:full[- ]time|part[- ]time|permanent|on staff)\s+(?:at|with|for)\s+\S/i;
// "Joined flipkart on 1 april", "5月4号入职grab": a place joined by its name (not "the choir", "a gym") is an employer.
const JOINED_NAMED = /^(?:(?:just|finally|officially)\s+)?(?:joined|got hired (?:at|by)|hired (?:at|by)|started (?:at|with))\s+(?!(?:the|a|an|my|their|our|some|this|that)\b)[\p{L}\d]|(?:入职|跳槽到|跳槽去)\s*[\p{L}\d]/iu;
// A second job beside the first is not a change of job.
const BESIDE = /\b(?:side (?:job|gig|hustle)|volunteer\w*|also|on the side|second job|extra (?:cash|money))\b|兼职|副业|志愿/i;
// Someone else's job ("Marcus换工作到North Sydney", "小雅其实在苏州上班") is no change of the user's.
const SOMEONE_ELSE = new RegExp(`^(?:${RELATION_EN})\\b|^(?:${RELATION_ZH})|^(?:他|她)`, 'i');

function isJob(memory: Displaceable): boolean {
  const slot = slotOf(memory);
  return slot !== null && JOB_SLOTS.has(slot.attribute);
}

function aboutSomeoneElse(memory: Displaceable): boolean {
  const summary = toSimplified(memory.summary);
  // Said with the person first: the extractor keeps the name at the start of someone else's fact.
  return SOMEONE_ELSE.test(summary) || memory.entities.some((e) => e.length >= 2 && summary.length > e.length && summary.startsWith(toSimplified(e)));
}

/** The newer memory says where or as what the user works now, and the older one is their work. */
function jobChanged(newer: Displaceable, older: Displaceable, said: string, now: Date | undefined): boolean {
  if (!HABITS.has(older.kind) || newer.kind === 'relationship' || newer.kind === 'constraint') return false;
  // A new job that has not started yet is not the job the user has now.
  if (newer.kind === 'plan' && (!now || !newer.occurredAt || newer.occurredAt.getTime() > now.getTime())) return false;
  if (BESIDE.test(said) || BESIDE.test(older.summary)) return false;
  const newSummary = toSimplified(newer.summary);
  if (!(isJob(newer) || ON_THEIR_OWN.test(newSummary) || JOINED_NAMED.test(newSummary) || EMPLOYED_AT.test(newSummary)) || aboutSomeoneElse(newer)) return false;
  if (!isJob(older) && !ABOUT_WORK.test(toSimplified(older.summary))) return false;
  return STARTED_WORK.test(said) || CHANGED.test(said) || CORRECTED.test(said);
}

// A relationship that ended: "Is single again as of last night" after "Boyfriend Rohan is doing
// the cooking", "分手了" after "男朋友阿凯…". What was said about the partner is about an ex now; a
// divorce or a separation ends a marriage too.
const DATING = String.raw`(?:new\s+)?(?:boyfriend|girlfriend|bf|gf|partner|fianc[eé]e?)\b|男朋友|女朋友|男友|女友|对象|男票|女票|未婚妻|未婚夫`;
const MARRIED = String.raw`(?:husband|wife|hubby|wifey|spouse)\b|老公|老婆|丈夫|妻子|太太|爱人`;
const ENDED_DATING = /^(?:is\s+|are\s+|now\s+|been\s+)*single\b|\b(?:broke up|split up|dumped|called it off|breakup)\b|单身|分手/i;
const ENDED_MARRIAGE = /\b(?:divorced?|divorcing|separated)\b|离婚|分居/i;
const A_PARTNER = new RegExp(`^(?:${DATING})`, 'i');
const A_PARTNER_OR_SPOUSE = new RegExp(`^(?:${DATING}|${MARRIED})`, 'i');

function partnerGone(newer: Displaceable, older: Displaceable): boolean {
  if (older.kind !== 'relationship' || newer.kind === 'relationship' || newer.kind === 'procedural' || aboutSomeoneElse(newer)) return false;
  const said = toSimplified(newer.summary);
  const was = toSimplified(older.summary);
  if (ENDED_MARRIAGE.test(said)) return A_PARTNER_OR_SPOUSE.test(was);
  return ENDED_DATING.test(said) && A_PARTNER.test(was);
}

function topicOf(memory: Displaceable): Set<string> {
  const text = toSimplified(`${memory.summary}`);
  // A name is no topic ("Lucas" in both), but what it is counts ("瑜伽" as an entity is exercise).
  const names = new Set(memory.entities.flatMap((e) => [...conceptsOf(toSimplified(e))].filter((c) => !c.startsWith('#'))));
  const topic = new Set<string>();
  for (const concept of conceptsOf(text)) {
    if (names.has(concept)) continue;
    if (concept.startsWith('#')) {
      if (TOPIC_GROUPS.has(concept)) topic.add(concept);
    } else if (/\p{Script=Han}/u.test(concept)) {
      if (!NOT_A_TOPIC_HAN.test(concept)) topic.add(concept);
    } else if (concept.length >= 3 && !/^\d/.test(concept) && !NOT_A_TOPIC.has(concept)) topic.add(concept);
  }
  if (LIVES.test(text)) topic.add('#lives');
  if (COMMUTE.test(text)) topic.add('#commute');
  if (SHIFTS.test(text)) topic.add('#shifts');
  const verb = /^\p{L}+/u.exec(text)?.[0]?.toLowerCase();
  if (verb && HABIT_VERBS.has(verb)) topic.add(`^${verb}`);
  return topic;
}

/**
 * Whether `newer`, said after `older` in another message, replaces it: `newer` is said as a change
 * (a habit) or a correction (a habit or a plan), and the two share a topic word or a habit group.
 */
export function displaces(newer: Displaceable, older: Displaceable, now?: Date): boolean {
  if (newer.createdAt.getTime() <= older.createdAt.getTime()) return false;
  if (newer.type === 'procedural' || older.type === 'procedural') return false;
  if (newer.sourceMessageId !== null && newer.sourceMessageId === older.sourceMessageId) return false;
  // The words said, and the summary (which keeps a "now" the extractor read in the message).
  const said = toSimplified(`${newer.quote ?? ''} ${newer.summary}`);
  if (jobChanged(newer, older, said, now) || partnerGone(newer, older)) return true;
  const corrected = CORRECTED.test(said);
  const habitChanged = HABITS.has(older.kind) && (corrected || CHANGED.test(said));
  const planMoved = DATED.has(older.kind) && (corrected || RESCHEDULED.test(said));
  if (!habitChanged && !planMoved) return false;
  const mine = topicOf(newer);
  const theirs = topicOf(older);
  for (const t of mine) if (theirs.has(t)) return true;
  return false;
}
