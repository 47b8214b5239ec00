/**
 * Dated plans and events (SPEC §2 episodic): a clause about the user's world that names a time
 * ("I'm flying to Tokyo next Friday", "我明天下午三点要去看牙医", "I got promoted last week").
 * Habits ("every Friday", 每周三) and recurring dates ("my birthday is May 3") are not plans.
 * Summaries keep the user's words and add the resolved date, so "next Friday" stays meaningful.
 */
import { draftFor, type Rule, type RuleContext } from './context';
import { chinesePlaces, latinTerms, objectEntity, properNouns } from './entities';
import { EVENT_NOUNS_EN, EVENT_VERBS_EN, EVENT_VERBS_ZH, FREQUENCY_EN, FREQUENCY_ZH, HABIT_ADVERB_EN, HABIT_ADVERB_ZH, PLAN_VERBS_EN, PLAN_VERBS_ZH } from './lexicon';

const PRIORITY = 6;

const FIRST_PERSON_EN = /\b(?:i|i['’]m|i['’]ve|i['’]ll|i['’]d|my|we|we['’]re|we['’]ll|our|us)\b/i;
const GERUND_START = /^(?:(?:so|and|also|oh|btw|ok|just)[\s,]+)*(?:moving|flying|heading|leaving|going|starting|travel(?:l)?ing|driving|meeting|visiting|presenting|launching|shipping|taking|seeing|having|getting|off to|back)\b/i;
const DEADLINE = /\b(?:by|before|until|due|no later than)\s+(?:next\s+|this\s+|the\s+end|end|tomorrow|tonight|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d)/i;
const DELIVERABLES = /\b(?:report|proposal|draft|slides|deck|paper|thesis|essay|assignment|homework|taxes|invoice|application|pr|code review|spec|prd|rfc|budget|plan)\b/i;
const RECURRING_DATE = /\b(?:birthday|bday|anniversary|name day)\b|生日|纪念日/i;
// "I'm getting married in June" is the future: past tense is read from the verb after the subject.
const PAST_MARKER_EN = /\b(?:ago|last|yesterday|earlier)\b/i;
const PAST_VERB_EN =
  /(?:^|\b(?:i|we|my \w+|our \w+|they|he|she)\s+(?:just\s+|finally\s+|recently\s+|already\s+|only\s+)?)(?:went|got|had|was|were|did|left|started|finished|moved|switched|quit|met|visited|bought|sold|joined|graduated|married|got promoted|hired|fired|launched|shipped|released|returned|arrived|passed|failed|won|lost|signed|completed|began|became|retired|resigned|\w+ed)\b/i;

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
    if (!FIRST_PERSON_EN.test(text) && !GERUND_START.test(text) && !ctx.explicit) return [];
    if (FREQUENCY_EN.test(text) || new RegExp(`\\b(?:${HABIT_ADVERB_EN})\\b`, 'i').test(text)) return [];
    const past = PAST_MARKER_EN.test(text) || PAST_VERB_EN.test(text.trim());
    const time = ctx.resolveTime(text, past ? 'past' : 'future');
    if (!time) return [];
    if (RECURRING_DATE.test(text) && !/\b(?:next|this|tomorrow|today|coming)\b/i.test(time.expression)) return [];
    const plan = new RegExp(`\\b(?:${PLAN_VERBS_EN})\\b`, 'i').test(text.replace(time.expression, ' '));
    const event = new RegExp(`\\b(?:${EVENT_VERBS_EN})\\b`, 'i').test(text);
    const noun = new RegExp(`\\b(?:${EVENT_NOUNS_EN})\\b`, 'i').test(text);
    const deadline = DEADLINE.test(text) && DELIVERABLES.test(text);
    // A state plus a time ("I'm so tired today", "I'm useless after 4pm") is a mood, not a plan.
    const stateOnly = /\b(?:i['’]m|i am)\s+(?:so\s+|really\s+|very\s+|kinda\s+|pretty\s+)?(?!going|flying|leaving|heading|moving|meeting|taking|having|seeing|starting|visiting|presenting|travel|off|back|due|booked|scheduled)\w+(?:\s+\w+)?\s*$/i.test(text.replace(time.expression, '').trim());
    if (!(plan || event || noun || deadline) || (stateOnly && !noun)) return [];
    const summary = ctx.describe(text);
    if (!summary) return [];
    const isPast = (time.end ?? time.start).getTime() <= ctx.message.createdAt.getTime() && (past || event);
    const borrowed = contextEntity(ctx).filter((entity) => !summary.includes(entity));
    const entities = [...properNouns(text), ...borrowed];
    const withContext = isPast && borrowed.length > 0 ? `${summary} (${borrowed.join(', ')})` : summary;
    return [
      draftFor(ctx, {
        type: 'episodic',
        kind: isPast ? 'event' : 'plan',
        summary: ctx.withDate(withContext, time),
        entities,
        time,
        validity: isPast ? 'permanent' : 'temporary',
        priority: PRIORITY,
      }),
    ];
  },
};

const OTHER_SUBJECT_ZH = /^(?:他|她|它|他们|她们|你|您|别人|人家|有人|大家|朋友|同事)/;

const datedChinese: Rule = {
  name: 'dated-plan-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    if (OTHER_SUBJECT_ZH.test(text.replace(/^(?:明天|后天|今天|下周.|周.|月底|下个月)/, ''))) return [];
    if (FREQUENCY_ZH.test(text) || new RegExp(`(?:${HABIT_ADVERB_ZH})`).test(text)) return [];
    const past = /上周|上个月|昨天|前天|去年|之前|以前|刚|已经|了$/.test(text);
    const time = ctx.resolveTime(text, past ? 'past' : 'future');
    if (!time) return [];
    if (RECURRING_DATE.test(text)) return [];
    const rest = text.replace(time.expression, '');
    const plan = new RegExp(`(?:${PLAN_VERBS_ZH})`).test(rest);
    const event = new RegExp(`(?:${EVENT_VERBS_ZH})`).test(rest);
    if (!plan && !event) return [];
    const summary = ctx.describe(text);
    if (!summary) return [];
    const isPast = (time.end ?? time.start).getTime() <= ctx.message.createdAt.getTime();
    return [
      draftFor(ctx, {
        type: 'episodic',
        kind: isPast ? 'event' : 'plan',
        summary: ctx.withDate(summary, time),
        entities: [...chinesePlaces(text), ...latinTerms(text), ...objectEntity(time.expression)],
        time,
        validity: isPast ? 'permanent' : 'temporary',
        priority: PRIORITY,
      }),
    ];
  },
};

export const DATED_RULES: readonly Rule[] = [datedEnglish, datedChinese];
