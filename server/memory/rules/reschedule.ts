/**
 * A named appointment that moves (issue 12): "the dentist moved to thursday the 11th", "physio
 * got moved to friday the 20th", "moved my haircut to saturday at 11 instead of today",
 * "cancelled the physio appt for friday, rebooked it for next wednesday 10am", 牙医改到周四下午.
 * The item is the appointment at its new time; apply-memories.ts sees the same appointment slot
 * and the "moved" wording, and supersedes the old date with history.
 */
import { capitalize, stripFillers } from './english-summary';
import { draftFor, type Rule, type RuleContext } from './context';
import type { Draft } from './draft';
import { FREQUENCY_EN, FREQUENCY_ZH } from './lexicon';

const PRIORITY = 2;

const APPOINTMENT_EN = String.raw`(?:[a-z-]+\s+)?(?:review|meeting|call|presentation|session|exam|viva|lesson|class)|dentist|doctor|gp|physio|physiotherapy|therapist|therapy|haircut|hairdresser|vet|check-?up|checkup|interview|surgery|scan|eye test|optician|appointment|appt|booster|jab|vaccination|injection|flight|reservation|booking`;
const MOVE_EN = String.raw`moves|is moving|moved|rescheduled|pushed(?: back)?|postponed|brought forward|changed|shifted|bumped|rebooked`;
const NOUN_FIRST = new RegExp(
  String.raw`\b(?:my\s+|the\s+|our\s+|her\s+|his\s+)?(${APPOINTMENT_EN})(?:\s+(?:appt|appointment|visit|session))?(?:\s+with\s+[A-Z][\w-]+)?\s+(?:got\s+|was\s+|has been\s+|is\s+|been\s+)?(?:${MOVE_EN})\b(?:\s+from\s+.+?)?\s+(?:to|for|till|until)\s+(.+)$`,
  'i',
);
const VERB_FIRST = new RegExp(String.raw`\b(?:${MOVE_EN})\s+(?:my|the|our|her|his)\s+(${APPOINTMENT_EN})(?:\s+(?:appt|appointment|visit|session))?(?:\s+from\s+.+?)?\s+(?:to|for)\s+(.+)$`, 'i');
// "…cancelled the physio appt for friday, rebooked it for next wednesday": "it" is the one before.
const IT_MOVED = new RegExp(String.raw`\b(?:${MOVE_EN}|booked)\s+it\s+(?:to|for)\s+(.+)$`, 'i');
const NAMED_BEFORE = new RegExp(String.raw`\b(${APPOINTMENT_EN})\b`, 'i');

const APPOINTMENT_ZH = '牙医诊所|牙医|牙科|看牙|补牙|医生|复查|复诊|体检|产检|面试|理发|手术|检查';
const MOVE_VERB_ZH = '改到|改成|推迟到|推到|提前到|挪到|换到|延期到|调到';
const MOVE_ZH = new RegExp(`(${APPOINTMENT_ZH}).{0,12}?(?:被)?(?:${MOVE_VERB_ZH})(.+)$`);
// "牙科那边打电话说医生临时有事，改到7月1号上午十点了", "钢琴课调时间了，以后改成每周六上午十点":
// the clause that moves names nothing; what moves was named earlier in the message.
const MOVE_ONLY_ZH = new RegExp(`^(?:(?:以后|然后|所以|就|都|已经|现在|又)\\s*)*(?:被)?(?:${MOVE_VERB_ZH})(.+)$`);
const APPOINTMENT_NOUN_ZH = new RegExp(`^(?:${APPOINTMENT_ZH})$`);
const TOPIC_ZH = new RegExp(`(${APPOINTMENT_ZH}|[\\u4e00-\\u9fff]{1,3}课)`);

// Anything the user has on can move, not only appointments: "recital got moved to april 10",
// "also porto moved, ryanair cancelled our flights so we're going sept 5-12 instead". Without a
// known appointment noun the new date supersedes whichever plan names the same thing (the item is
// a correction aimed by its hint, apply-memories.ts), so "the thing" is any noun the user used.
const OPEN_MOVE = String.raw`moved|rescheduled|postponed|pushed back|pushed|brought forward|bumped`;
const NOT_A_THING = /^(?:it|that|this|everything|something|stuff|things|we|i|they|he|she|work|life|time|day|plan|plans|date)$/i;
const OPEN_NOUN_FIRST = new RegExp(
  String.raw`^(?:(?:also|and|so|oh|btw|fyi|heads up|ok|okay|update:?|ugh|well)[\s,]+)*(?:(?:my|the|our|his|her|their|[a-z]+['’]s)\s+)?([a-z][a-z-]{2,}(?:\s+(?!(?:got|was|has|is|been|just)\b)[a-z][a-z-]{2,})?)\s+(?:(?:got|was|has been|is|been|just)\s+)*(?:${OPEN_MOVE})\s+(?:back\s+)?(?:to|till|until)\s+(.+)$`,
  'i',
);
// "the book club decided to switch to the second Wednesday": a switch that only a schedule makes.
const OPEN_SWITCH = new RegExp(
  String.raw`^(?:(?:also|and|so|oh|btw|fyi|heads up|ok|okay|update:?|well)[\s,]+)*(?:(?:my|the|our|his|her|their)\s+)?([a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?)\s+(?:(?:has|have|just|finally)\s+)*(?:decided to |is going to |are going to |will |wants? to )?(?:switch|switched|switches|switching|change|changed|changes|changing)\s+(?:it\s+)?to\s+(.+)$`,
  'i',
);
// "they pushed my cleaning to the 21st", "moved our viewing to friday": any noun after the verb.
const OPEN_VERB_FIRST = new RegExp(String.raw`\b(?:${OPEN_MOVE}|rescheduled|rebooked)\s+(?:my|the|our|his|her|their)\s+([a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?)\s+(?:back\s+)?(?:to|till|until|for)\s+(.+)$`, 'i');
// "the crossing is now saturday 25 april", "choir practice is on wednesdays now, 7pm": a thing
// said to be at a new time "now" has moved there. Only a time after it counts ("my son is now 5" is
// no schedule), and only a few words of it before "now" ("twins, shes 6) got diagnosed coeliac last
// month so her lunches are a project now" is no schedule either).
const WHEN_START = String.raw`(?:on\s+|at\s+|for\s+)?(?:(?:this|next|the)\s+)?(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|tomorrow|tonight|every|\d)`;
const OPEN_IS_NOW = new RegExp(
  String.raw`^(?:(?:also|and|so|oh|btw|fyi|heads up|ok|okay|small thing|update:?|change of plans?|well)[\s,:]+)*(?:(?:my|the|our|his|her|their)\s+)?([a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?)\s+(?:is|are)\s+(?:now\s+(${WHEN_START}.*)|(${WHEN_START}[\w:'’-]*(?:\s+[\w:'’-]+){0,3}?)\s+now\b.*)$`,
  'i',
);
const MOVED_BEFORE = new RegExp(String.raw`\b(?:(?:my|the|our|his|her|their)\s+)?([a-z][a-z-]{2,})\s+(?:(?:got|was|has been|is|just)\s+)*(?:${OPEN_MOVE}|changed|cancell?ed|is off|fell through)\b`, 'i');
const INSTEAD = /^(?:(?:so|and|but|now)\s+)*(?:(?:we|i)(?:['’]re|['’]m| are| am)?\s+)?(?:going|doing it|going instead|flying|heading|leaving|doing)?\s*(.+?\binstead)\b/i;

function moved(ctx: RuleContext, noun: string, newTime: string, chinese: boolean, open = false): Draft[] {
  // "april 10 bc the school gym flooded lol": the reason is not the date; "the 21st, 9am" keeps its
  // hour and "thursday, the 25th" its day.
  const when = stripFillers(newTime.replace(/\s+(?:instead of|rather than)\b.*$/i, '').replace(/\s+(?:bc|because|cos|cuz|since|so|as|lol|but|and)\b.*$/i, '').replace(/[,，](?!\s*(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b)[\s\S]*$/i, '').replace(/([,，]\s*\d{1,2}(?::\d\d)?\s*(?:am|pm))\b[\s\S]*$/i, '$1'));
  // "bowling got moved to thursday nights", "book club switches to the second Wednesday": a
  // standing schedule changes; it is a lasting fact that replaces the old one, not a one-day plan.
  if (chinese ? FREQUENCY_ZH.test(when) : FREQUENCY_EN.test(when)) {
    const said = when.replace(/\s+(?:from now on|going forward|starting (?:this|next) \w+|from (?:this|next) \w+ on)\b.*$/i, '');
    return [
      draftFor(ctx, {
        type: 'semantic',
        kind: 'fact',
        summary: chinese ? `${noun}改到${said}` : `${capitalize(noun.toLowerCase())} is now ${said}`,
        entities: [noun.toLowerCase()],
        time: null,
        validity: 'permanent',
        conflictHint: noun.toLowerCase(),
        negative: true,
        priority: PRIORITY,
        exclusive: true,
      }),
    ];
  }
  const time = ctx.resolveTime(when, 'future');
  if (!time) return [];
  const summary = chinese ? `${noun}改到${when}` : `${capitalize(noun.toLowerCase())} moved to ${when}`;
  return [
    draftFor(ctx, {
      type: 'episodic',
      kind: 'plan',
      summary: ctx.withDate(summary, time),
      entities: [noun.toLowerCase()],
      time,
      validity: 'temporary',
      conflictHint: noun.toLowerCase(),
      // No appointment slot to carry the change: the hint aims it at the plan it moves.
      ...(open ? { negative: true } : {}),
      priority: PRIORITY,
      exclusive: true,
    }),
  ];
}

const english: Rule = {
  name: 'reschedule',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text.trim();
    const match = NOUN_FIRST.exec(text) ?? VERB_FIRST.exec(text);
    if (match?.[1] && match[2]) return moved(ctx, match[1].replace(/^appt$/i, 'appointment'), match[2], false);
    const it = IT_MOVED.exec(text);
    const before = ctx.clauses.slice(0, ctx.index).map((c) => c.text).join(' ');
    const named = NAMED_BEFORE.exec(before)?.[1];
    if (it?.[1] && named) return moved(ctx, named.replace(/^appt$/i, 'appointment'), it[1], false);
    const open = OPEN_NOUN_FIRST.exec(text);
    if (open?.[1] && open[2] && !NOT_A_THING.test(open[1])) return moved(ctx, open[1], open[2], false, true);
    const verbFirst = OPEN_VERB_FIRST.exec(text);
    if (verbFirst?.[1] && verbFirst[2] && !NOT_A_THING.test(verbFirst[1])) return moved(ctx, verbFirst[1], verbFirst[2], false, true);
    const isNow = OPEN_IS_NOW.exec(text);
    const nowWhen = isNow?.[2] ?? isNow?.[3];
    if (isNow?.[1] && nowWhen && !NOT_A_THING.test(isNow[1])) return moved(ctx, isNow[1], nowWhen.replace(/^(?:on|at|for)\s+/i, ''), false, true);
    const switched = OPEN_SWITCH.exec(text);
    if (switched?.[1] && switched[2] && !NOT_A_THING.test(switched[1]) && FREQUENCY_EN.test(switched[2])) return moved(ctx, switched[1], switched[2], false, true);
    // "porto moved, … so we're going sept 5-12 instead": the thing was named clauses before.
    const instead = INSTEAD.exec(text);
    const thing = MOVED_BEFORE.exec(before)?.[1];
    return instead?.[1] && thing && !NOT_A_THING.test(thing) ? moved(ctx, thing, instead[1], false, true) : [];
  },
};

const chinese: Rule = {
  name: 'reschedule-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = MOVE_ZH.exec(ctx.clause.text);
    if (match?.[1] && match[2]) return moved(ctx, match[1].replace('诊所', ''), match[2], true);
    const only = MOVE_ONLY_ZH.exec(ctx.clause.text.trim());
    const before = ctx.clauses.slice(0, ctx.index).map((c) => c.text).join(' ');
    const topic = TOPIC_ZH.exec(before)?.[1];
    // "钢琴课" has no appointment slot to carry the change: like the open nouns in English, the hint aims it.
    return only?.[1] && topic ? moved(ctx, topic.replace('诊所', ''), only[1], true, !APPOINTMENT_NOUN_ZH.test(topic)) : [];
  },
};

export const RESCHEDULE_RULES: readonly Rule[] = [english, chinese];
