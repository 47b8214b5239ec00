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

export type Displaceable = Pick<MemoryRow, 'id' | 'kind' | 'type' | 'summary' | 'entities' | 'createdAt' | 'sourceMessageId'> & { quote?: string | null };

/** Said as a change of what the user does, or as a correction of what they said. */
const CHANGED =
  /\b(?:now|these days|nowadays|any ?more|no longer|switched|switching|changed|moved (?:to|into|over)|instead|quit|gave up|given up|stopped|back to|cut out|dropped)\b|现在|如今|改成|改去|改到|改为|换成|换到|不再|戒了|已经不/i;
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
// How the user gets around: "an easy ride on the green line" and "drives now" are one topic.
const COMMUTE = /\b(?:drives?|driving|rides?|riding|bikes?|biking|cycles?|cycling|bus|train|subway|metro|tram|scooter|e-scooter|walks?|walking|commutes?|commuting|tube|ferry)\b|开车|骑车|地铁|公交|打车|步行|通勤|走路/i;
// A habit said with the same verb first is the same habit: "Works nights at the distribution
// center" and "Works as a day shift supervisor now" (a verb of living, not "is" or "loves").
const HABIT_VERBS = new Set(['works', 'lives', 'drives', 'rides', 'commutes', 'drinks', 'eats', 'plays', 'runs', 'trains', 'studies', 'teaches', 'sleeps', 'wakes', 'walks', 'cycles', 'swims', 'sings']);

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
  const verb = /^\p{L}+/u.exec(text)?.[0]?.toLowerCase();
  if (verb && HABIT_VERBS.has(verb)) topic.add(`^${verb}`);
  return topic;
}

/**
 * Whether `newer`, said after `older` in another message, replaces it: `newer` is said as a change
 * (a habit) or a correction (a habit or a plan), and the two share a topic word or a habit group.
 */
export function displaces(newer: Displaceable, older: Displaceable): boolean {
  if (newer.createdAt.getTime() <= older.createdAt.getTime()) return false;
  if (newer.type === 'procedural' || older.type === 'procedural') return false;
  if (newer.sourceMessageId !== null && newer.sourceMessageId === older.sourceMessageId) return false;
  // The words said, and the summary (which keeps a "now" the extractor read in the message).
  const said = toSimplified(`${newer.quote ?? ''} ${newer.summary}`);
  const corrected = CORRECTED.test(said);
  const habitChanged = HABITS.has(older.kind) && (corrected || CHANGED.test(said));
  const planMoved = DATED.has(older.kind) && (corrected || RESCHEDULED.test(said));
  if (!habitChanged && !planMoved) return false;
  const mine = topicOf(newer);
  const theirs = topicOf(older);
  for (const t of mine) if (theirs.has(t)) return true;
  return false;
}
