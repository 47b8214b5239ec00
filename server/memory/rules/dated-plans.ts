/**
 * Dated plans and events (SPEC §2 episodic): a clause about the user's world that names a time
 * ("I'm flying to Tokyo next Friday", "我明天下午三点要去看牙医", "I got promoted last week").
 * Habits ("every Friday", 每周三) and recurring dates ("my birthday is May 3") are not plans.
 * Summaries keep the user's words and add the resolved date, so "next Friday" stays meaningful.
 */
import { describeResolvedTime, type ResolvedTime } from '../relative-time';
import { slotOf } from '../slots';
import { draftFor, type Rule, type RuleContext } from './context';
import type { Draft } from './draft';
import { IRREGULAR_PAST } from './english-summary';
import { chinesePlaces, latinTerms, objectEntity, properNouns } from './entities';
import { BOOKED_AHEAD_EN, BOOKED_AHEAD_ZH, EVENT_NOUNS_EN, EVENT_VERBS_EN, EVENT_VERBS_ZH, FREQUENCY_EN, FREQUENCY_ZH, HABIT_ADVERB_EN, HABIT_ADVERB_ZH, IMMINENT_ZH, PAST_ZH, PLAN_VERBS_EN, PLAN_VERBS_ZH, RELATION_EN, ROUTINE_ZH } from './lexicon';
import { knownPeople, namedSubject } from './people';

const PRIORITY = 6;

// "The curriculum review with Priya is on Friday": an event the conversation is about, said with
// "the" and a day; the user's own schedule even without "my".
const THE_EVENT = new RegExp(`^(?:(?:ok|so|and|also|btw|update)[\\s,:]+)*the\\s+(?:[\\w-]+\\s+){0,3}?(?:${EVENT_NOUNS_EN})\\b(?:\\s+with\\s+[A-Z][\\w-]+)?\\s+(?:is|was|has been|got|moves|moved|is moving|gets)\\b`, 'i');
// "the movers come march 27 at 9am", "internet guy comes tuesday", "the plumber's coming friday":
// someone due at the user's door on a day is on the user's calendar, not a standing fact.
const VISIT_EN = /^(?:(?:ok|so|and|also|oh|btw|plus)[\s,]+)*(?:(?:the|my|our|an?)\s+)?(?:[\w-]+\s+){0,2}?(?:movers?|removals?|removal (?:men|van|company)|plumber|electrician|builders?|cleaners?|technician|tech|engineer|installer|guy|man|lady|delivery|courier|inspector|contractor|repairman|handyman|surveyor|painters?|gardener|decorators?|fitters?|landlord)(?:\s+is|\s+are|\s+will|['’]s|['’]ll)?\s+(?:coming|comes?|arriv\w+|turning up|turns? up|be here|be round|be over|popping round|dropping by|due)\b/i;
// "vet tmrw morning", "dentist on friday at 3": an appointment said with nothing but its day.
const BARE_EVENT = new RegExp(`^(?:(?:ok|so|and|also|oh|btw|plus)[\\s,]+)*(?:(?:the|my|our)\\s+)?(?:[\\w-]+\\s+)?(?:${EVENT_NOUNS_EN})\\s+(?:is\\s+)?(?:tmrw|tmr|tomorrow|today|tonight|on|at|this|next|mon|tue|wed|thu|fri|sat|sun|\\d)`, 'i');
const FIRST_PERSON_EN = /\b(?:i|i['’]m|i['’]ve|i['’]ll|i['’]d|my|we|we['’]re|we['’]ll|our|us)\b|\bme\s+(?:and|&|n)\s+\w/i;
// "we're celebrating saturday the 16th", "kayleigh is racing on the 3rd": the present progressive
// with a date is an arrangement, whatever the verb. "Training for the half marathon in October",
// "trying to budget harder this year" are working towards a goal (the goal rule keeps it), not a second, dated copy of it.
const PROGRESSIVE = /\b(?:i['’]?m|i am|we['’]re|we are|they['’]re|they are|he['’]s|she['’]s|is|are)\s+(?:(?:just|also|finally|all|both|still)\s+)?(?!going to\b)[a-z]{3,}ing\b(?!\s+(?:for|towards?|to)\b)/i;
// "my son has a dentist appointment on the 9th", "kayleigh has her first tournament on april 18":
// a dated event of someone the user named is on the user's calendar too.
const RELATION_OPENING = new RegExp(`^(?:(?:so|and|also|oh|btw|ok)[\\s,]+)*(?:my|our)\\s+(?:(?:older|younger|little|big|eldest|youngest)\\s+)?(?:${RELATION_EN})s?\\b`, 'i');
const GERUND_START = /^(?:(?:so|and|also|oh|btw|ok|just)[\s,]+)*(?:moving|flying|heading|leaving|going|starting|travel(?:l)?ing|driving|meeting|visiting|presenting|launching|shipping|taking|seeing|having|getting|off to|back)\b/i;
const DEADLINE = /\b(?:by|before|until|due|no later than)\s+(?:next\s+|this\s+|the\s+end|end|the\s+\d|tomorrow|tonight|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d)/i;
// Something the user has to get done by a day is a to-do that ends with that day: "need to renew my
// road tax before end of april", "gotta book the mot by the 20th".
const TO_DO = /\b(?:need to|needs to|have to|has to|gotta|got to|must|supposed to)\s+\w+/i;
const DELIVERABLES = /\b(?:report|proposal|draft|slides|deck|paper|thesis|essay|assignment|homework|taxes|invoice|application|pr|code review|spec|prd|rfc|budget|plan)\b/i;
const RECURRING_DATE = /\b(?:birthday|bday|anniversary|name day)\b|生日|纪念日/i;
// "I'm getting married in June" is the future: past tense is read from the verb after the subject.
// "last" of a time ("last week", "last friday"), not the final one ("my last day at the firm is march 31").
const PAST_MARKER_EN = /\b(?:ago|yesterday|earlier|last\s+(?:week|weekend|month|year|night|time|term|semester|season|spring|summer|autumn|fall|winter|christmas|easter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|few|couple))\b(?!\s+(?:of|in)\s)/i;
// Any "-ed" word is taken as a past tense, but "need" and "proceed" are not one.
const PAST_VERB_EN = new RegExp(
  String.raw`(?:^|\b(?:i|we|my \w+|our \w+|they|he|she)\s+(?:just\s+|finally\s+|recently\s+|already\s+|only\s+)?)(?:got promoted|${[...IRREGULAR_PAST].join('|')}|started|finished|moved|switched|visited|joined|graduated|married|hired|fired|launched|shipped|released|returned|arrived|passed|failed|signed|completed|retired|resigned|(?!(?:need|feed|speed|seed|weed|bleed|breed|proceed|succeed|exceed|indeed|shed|bed|red|wed)\b)\w+ed)\b`,
  'i',
);

function contextEntity(ctx: RuleContext): string[] {
  // "I no longer work at Google, I left in January": the event's object is in the clause before.
  const previous = ctx.clauses[ctx.index - 1];
  return previous ? properNouns(previous.text).slice(0, 1) : [];
}

const datedEnglish: Rule = {
  name: 'dated-plan',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const theirs = RELATION_OPENING.test(text) || namedSubject(text, knownPeople([ctx.text, ...ctx.earlierUserTexts()], ctx.window.knownEntities)) !== null;
    // "my" in "my son has…" names whose day it is; the user is in it only if another first person is.
    const mine = FIRST_PERSON_EN.test(text.replace(RELATION_OPENING, ''));
    const visit = VISIT_EN.test(text) || BARE_EVENT.test(text);
    if (!mine && !GERUND_START.test(text) && !THE_EVENT.test(text) && !theirs && !visit && !ctx.explicit) return [];
    if (FREQUENCY_EN.test(text) || new RegExp(`\\b(?:${HABIT_ADVERB_EN})\\b`, 'i').test(text)) return [];
    const past = (PAST_MARKER_EN.test(text) || PAST_VERB_EN.test(text.trim())) && !BOOKED_AHEAD_EN.test(text);
    const time = ctx.resolveTime(text, past ? 'past' : 'future');
    if (!time) return [];
    const begins = beginsThen(ctx, text, time);
    if (begins) return [begins];
    // "my birthday is May 3" is a date that recurs; "doing cedar point on june 13 for her birthday" is a plan for this one.
    const forOccasion = /\bfor\s+(?:my|her|his|their|our|\w+['’]s)\s+(?:\w+\s+)?(?:birthday|bday|anniversary)\b/i.test(text);
    if (RECURRING_DATE.test(text) && !forOccasion && !/\b(?:next|this|tomorrow|today|coming)\b/i.test(time.expression)) return [];
    // A progressive over a whole year or season ("we're renovating this year") is a phase, not a date.
    const dayLong = time.end === undefined || time.end.getTime() - time.start.getTime() <= 3 * 86_400_000;
    const plan = new RegExp(`\\b(?:${PLAN_VERBS_EN})\\b`, 'i').test(text.replace(time.expression, ' ')) || (PROGRESSIVE.test(text) && dayLong);
    const event = new RegExp(`\\b(?:${EVENT_VERBS_EN})\\b`, 'i').test(text);
    const noun = visit || new RegExp(`\\b(?:${EVENT_NOUNS_EN})\\b`, 'i').test(text);
    const deadline = DEADLINE.test(text) && (DELIVERABLES.test(text) || TO_DO.test(text));
    // A state plus a time ("I'm so tired today", "I'm useless after 4pm") is a mood, not a plan.
    const stateOnly = /\b(?:i['’]m|i am)\s+(?:so\s+|really\s+|very\s+|kinda\s+|pretty\s+)?(?!going|flying|leaving|heading|moving|meeting|taking|having|seeing|starting|visiting|presenting|travel|off|back|due|booked|scheduled)\w+(?:\s+\w+)?\s*$/i.test(text.replace(time.expression, '').trim());
    if (!(plan || event || noun || deadline) || (stateOnly && !noun)) return [];
    // Someone else's day counts when it is an occasion ("has her first tournament", "is getting
    // married in september", "is due in november", "is raising the rent next month"), not any dated verb ("vegemite knocked a glass at 3am").
    if (theirs && !mine && !noun && !event && !PROGRESSIVE.test(text) && !/\b(?:is|are)\s+(?:due|expecting)\b/i.test(text)) return [];
    const summary = ctx.describe(text);
    if (!summary) return [];
    // Said in the past tense, a day that has begun is the past ("fell off my bike on tuesday", said
    // on a Tuesday); otherwise the day must be over.
    const isPast = past ? time.start.getTime() <= ctx.message.createdAt.getTime() : (time.end ?? time.start).getTime() <= ctx.message.createdAt.getTime() && event;
    const borrowed = contextEntity(ctx).filter((entity) => !summary.includes(entity));
    const entities = [...properNouns(text), ...borrowed];
    const withContext = isPast && borrowed.length > 0 ? `${summary} (${borrowed.join(', ')})` : summary;
    // Their dated occasion is that, not a standing fact about them ("Son has a dentist appointment on
    // the 9th"). With the user in it ("our cat vegemite knocked…") the other rules still run.
    const dated = ((theirs && !mine) || visit) && !isPast && noun ? { ...datedDraft(ctx, withContext, time, entities, PRIORITY - 4, isPast), exclusive: true } : datedDraft(ctx, withContext, time, entities, PRIORITY, isPast);
    return [dated, ...newJob(ctx, summary, entities, time), ...takingUp(ctx, text.replace(time.expression, ' '), time, entities)];
  },
};

// "from april 1 i am QA lead at Mercari", "starting in june im on days only", "I'll be head of sales
// at Brightline from next month": a state of the user's that begins on a day is how things stand
// from then on (a job, a shift pattern), not a plan that expires on that day.
const BEGINS_BEFORE = /\b(?:from|starting(?:\s+(?:from|on|in))?|as of|beginning|effective)\s*$/i;
const STATE_EN = /^(?:(?:so|and|also|oh|btw|ok)[\s,]+)*(?:i\s+am|i['’]m|im|i['’]ll be|ill be|i will be|we['’]re|we are|we['’]ll be|we will be)\s+(?!going\b|gonna\b|flying\b|leaving\b|heading\b|off\b|back\b|away\b|out\b|on (?:holiday|vacation|leave)\b)\S/i;

function beginsThen(ctx: RuleContext, text: string, time: ResolvedTime): Draft | null {
  const at = text.toLowerCase().indexOf(time.expression.toLowerCase());
  if (at < 0 || !time.expression.trim()) return null;
  const before = BEGINS_BEFORE.exec(text.slice(0, at));
  if (!before) return null;
  const rest = `${text.slice(0, before.index)} ${text.slice(at + time.expression.length)}`.replace(/\s*,\s*/g, ' ').replace(/\s+/g, ' ').trim();
  if (!STATE_EN.test(rest)) return null;
  // What will hold from then holds then: "I'll be head of sales" is "is head of sales (from …)".
  const summary = ctx.describe(rest.replace(/\b(?:i['’]ll be|ill be|i will be)\b/i, 'i am').replace(/\b(?:we['’]ll be|we will be)\b/i, 'we are').replace(/\bim\b/i, "i'm"));
  if (!summary) return null;
  return draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `${summary} (from ${describeResolvedTime(time, ctx.window.timeZone)})`, entities: properNouns(text), importance: 3, priority: PRIORITY });
}

/**
 * "starting as a data analyst at shopify on april 6": a new job is the user's job from then on,
 * not a plan that expires on its start date (issue 12). The dated item stays beside it.
 */
function newJob(ctx: RuleContext, dated: string, entities: string[], time: ResolvedTime): Draft[] {
  // "starting april 6 as a compliance analyst at …": the date may sit between the verb and the job.
  const when = time.expression.trim();
  const at = when ? dated.toLowerCase().indexOf(when.toLowerCase()) : -1;
  const summary = at > 0 && /^\S+\s+(?:on\s+|from\s+)?$/i.test(dated.slice(0, at)) ? `${dated.slice(0, at).replace(/\s+(?:on|from)\s+$/i, ' ')}${dated.slice(at + when.length).trimStart()}` : dated;
  const verb = /^(?:starting|started|start|starts|joining|joined|beginning|began)\s+(as|at|with)\b/i.exec(summary);
  if (!verb) return [];
  const slot = slotOf({ type: 'semantic', kind: 'fact', summary, entities });
  if (!slot || !['job', 'job_title', 'employer'].includes(slot.attribute)) return [];
  const from = describeResolvedTime(time, ctx.window.timeZone);
  // "starting at shopify as a data analyst": the value begins with the employer, so "at" it is.
  const atFirst = verb[1]?.toLowerCase() !== 'as' || (/\bat\b/.test(slot.value) && !/^(?:a|an|the)\b/.test(slot.value));
  const role = /^(?:as|at|with)\b/i.test(slot.value) ? slot.value : `${atFirst ? 'at ' : 'as '}${slot.value}`;
  return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `Works ${role.replace(/^as (?=at\b)/, '')} (from ${from})`, entities, importance: 3, priority: PRIORITY - 1 })];
}

const OTHER_SUBJECT_ZH = /^(?:他|她|它|他们|她们|你|您|别人|人家|有人|大家|朋友|同事)/;

const datedChinese: Rule = {
  name: 'dated-plan-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    if (OTHER_SUBJECT_ZH.test(text.replace(/^(?:明天|后天|今天|下周.|周.|月底|下个月)/, ''))) return [];
    if (FREQUENCY_ZH.test(text) || new RegExp(`(?:${HABIT_ADVERB_ZH})`).test(text) || ROUTINE_ZH.test(text)) return [];
    const past = PAST_ZH.test(text) && !IMMINENT_ZH.test(text) && !BOOKED_AHEAD_ZH.test(text);
    const time = ctx.resolveTime(text, past ? 'past' : 'future');
    if (!time) return [];
    if (RECURRING_DATE.test(text)) return [];
    const rest = text.replace(time.expression, '');
    const plan = new RegExp(`(?:${PLAN_VERBS_ZH})`).test(rest);
    const event = new RegExp(`(?:${EVENT_VERBS_ZH})`).test(rest);
    if (!plan && !event) return [];
    const summary = ctx.describe(text);
    if (!summary) return [];
    const entities = [...chinesePlaces(text), ...latinTerms(text), ...objectEntity(time.expression)];
    return [datedDraft(ctx, summary, time, entities, PRIORITY), ...takingUp(ctx, rest, time, entities)];
  },
};

// "我下个月开始学拉二胡了", "starting guitar lessons in june": something taken up on a day goes on
// after it; the dated plan expires with its day, so a lasting fact from then stands beside it.
const TAKING_UP_ZH = /开始(?:学|练|上.{0,4}课|健身|跑步|游泳|打|弹|拉|读)/;
const TAKING_UP_EN = /\b(?:start(?:ing|s)?|taking up|take up|begin(?:ning|s)?)\s+(?:to\s+learn\b|learning\b|(?:[\w-]+\s+){0,2}(?:lessons|classes|course|training)\b)/i;

function takingUp(ctx: RuleContext, rest: string, time: ResolvedTime, entities: string[]): Draft[] {
  const isPast = (time.end ?? time.start).getTime() <= ctx.message.createdAt.getTime();
  if (isPast || !(ctx.chinese ? TAKING_UP_ZH : TAKING_UP_EN).test(rest)) return [];
  const said = ctx.describe(rest.replace(/\s+/g, ' ').trim());
  if (!said) return [];
  const from = describeResolvedTime(time, ctx.window.timeZone);
  const summary = ctx.chinese ? `${said.replace(/了$/, '')}（${from}起）` : `${said} (from ${from})`;
  return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary, entities, priority: PRIORITY - 1 })];
}

/** A dated item: an event once its day is over (or as the rule judged it), else a plan that expires with it. */
function datedDraft(ctx: RuleContext, summary: string, time: ResolvedTime, entities: string[], priority: number, isPast = (time.end ?? time.start).getTime() <= ctx.message.createdAt.getTime()): Draft {
  return draftFor(ctx, {
    type: 'episodic',
    kind: isPast ? 'event' : 'plan',
    summary: ctx.withDate(summary, time),
    entities,
    time,
    validity: isPast ? 'permanent' : 'temporary',
    priority,
  });
}

// "can u help me prep for an interview, it's on friday the 13th": the event is named in a request,
// its date in the clause after it.
const IT_IS_ON = /^(?:(?:and|so|oh|btw)[\s,]+)*(?:it|that|which)(?:['’]s|\s+is|\s+was)\s+(?:on|at|this|next|tomorrow|today|tonight|in|due)\b/i;
const NAMED_EVENT = new RegExp(`\\b(?:an?|the|my|our)\\s+((?:[\\w-]+\\s+){0,2}?(?:${EVENT_NOUNS_EN}))\\b`, 'i');

const itIsOn: Rule = {
  name: 'event-named-before',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const previous = ctx.clauses[ctx.index - 1]?.text ?? '';
    const named = IT_IS_ON.test(text) ? NAMED_EVENT.exec(previous)?.[1] : undefined;
    if (!named) return [];
    const time = ctx.resolveTime(text, 'future');
    if (!time) return [];
    const rest = text.replace(/^(?:(?:and|so|oh|btw)[\s,]+)*(?:it|that|which)(?:['’]s|\s+is|\s+was)\s+/i, '');
    const summary = ctx.describe(`${named} ${rest}`);
    if (!summary) return [];
    return [datedDraft(ctx, summary, time, [named.toLowerCase(), ...properNouns(text)], PRIORITY - 1)];
  },
};

export const DATED_RULES: readonly Rule[] = [datedEnglish, datedChinese, itIsOn];
