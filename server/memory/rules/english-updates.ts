/**
 * English statements that change what is already known (SPEC §4.4): corrections ("no, it's A not
 * B"), revocations ("I don't drink coffee any more"), switches and moves, and availability that
 * flips ("Friday works" / "Friday doesn't work" / "Friday after all"). They set `negative_update`
 * and name what they replace in `conflict_hint`, and hide weaker readings of the same words.
 */
import { draftFor, isKnownEntity, type Rule, type RuleContext } from './context';
import type { Draft } from './draft';
import { capitalize, describeEnglish, describePhrase, headNoun, stripFillers, thirdPerson } from './english-summary';
import { objectEntity, properNouns } from './entities';
import { WORK_UNIT } from './lexicon';
import { describeResolvedTime } from '../relative-time';

const PRIORITY = { correction: 1, update: 2 } as const;

const TIME_WORD =
  String.raw`(?:next\s+|this\s+|on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|the weekend|this weekend|next week|\d{1,2}(?::\d{2})?\s*(?:am|pm)|noon|the morning|the afternoon|the evening)`;

/**
 * What is being arranged: the clause's own "for the review meeting", else the nearest "the design
 * review" / "our call" the assistant or user was arranging.
 */
function arrangedTopic(ctx: RuleContext): string | null {
  const sources = [ctx.clause.text, ...ctx.earlierTexts()];
  const topic =
    /\b(?:the|our|a|your|this)\s+((?:[\w-]+\s+){0,2}?(?:review|meeting|call|sync|standup|interview|demo|dinner|lunch|breakfast|appointment|session|catch-up|chat|presentation|workshop|party|trip|launch|release|check-in|1:1|one-on-one|viewing|visit|game|class|lesson|flight|deadline))\b/i;
  for (const source of sources) {
    const match = topic.exec(source);
    if (match?.[1]) return match[1].toLowerCase();
  }
  return null;
}

const availability: Rule = {
  name: 'availability',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const statement =
      new RegExp(`\\b(${TIME_WORD})\\s+(?:(?:still|also|actually|really|definitely|totally)\\s+)?(works|is fine|is good|is ok|is okay|suits me|is perfect|is great|would work|doesn['’]?t work|does not work|won['’]?t work|isn['’]?t good|is not good|is bad|is no good|is out|is tough|is difficult|is impossible)\\b`, 'i').exec(text) ??
      new RegExp(`\\b(?:let['’]?s (?:do|go with|say|make it|keep|stick with)|make it|go with|i can do|i can make|i['’]?m free|i['’]?m available)\\s+(${TIME_WORD})\\b()`, 'i').exec(text) ??
      new RegExp(`\\b(?:i can['’]?t do|i cannot do|i['’]?m not free|i['’]?m busy|i['’]?m not available|i can['’]?t make)\\s+(${TIME_WORD})\\b()`, 'i').exec(text) ??
      new RegExp(`^(?:(?:ok(?:ay)?|so|fine|actually|then)[\\s,]+)*(?:back to\\s+)?(${TIME_WORD})\\s+(?:it is|after all|again|then|instead)\\b()`, 'i').exec(text.trim());
    if (!statement) return [];
    const when = (statement[1] ?? '').trim();
    const negative = /\b(?:doesn|does not|won|isn|is not|bad|no good|out|tough|difficult|impossible|can['’]?t|cannot|not free|busy|not available)/i.test(statement[0]);
    const afterAll = /\bafter all\b/i.test(text);
    const previouslyRefused = ctx.earlierUserTexts().some((earlier) => new RegExp(`\\b${when}\\b[^.?!]*\\b(?:doesn['’]?t|does not|won['’]?t|can['’]?t|cannot)\\b`, 'i').test(earlier));
    const topic = arrangedTopic(ctx);
    const day = capitalize(when.replace(/^(?:on)\s+/i, ''));
    const base = negative ? `${day} does not work` : `${day} works`;
    const summary = `${base}${topic ? ` for the ${topic}` : ''}${afterAll ? ' after all' : ''}`;
    const time = ctx.resolveTime(when);
    return [
      draftFor(ctx, {
        type: 'episodic',
        kind: 'plan',
        summary: ctx.withDate(summary, time),
        entities: [day, ...(topic ? [topic] : [])],
        time,
        negative: negative || afterAll || previouslyRefused,
        conflictHint: negative || afterAll || previouslyRefused ? day : null,
        priority: PRIORITY.correction,
        exclusive: true,
      }),
    ];
  },
};

/** "you live in Suzhou" → "Lives in Hangzhou" when the user answers "no, it's Hangzhou, not Suzhou". */
function correctedStatement(ctx: RuleContext, right: string, wrong: string): string | null {
  const source = [ctx.previousAssistant(), ...ctx.earlierUserTexts()].find((text) => text !== null && text.toLowerCase().includes(wrong.toLowerCase()));
  if (!source) return null;
  const sentence = source.split(/(?<=[.!?])\s+|\n/).find((part) => part.toLowerCase().includes(wrong.toLowerCase())) ?? '';
  const clause = sentence.split(/,\s*|;\s*/).find((part) => part.toLowerCase().includes(wrong.toLowerCase())) ?? sentence;
  const core = clause.replace(/^\s*(?:since|as|because|if|so|given that|now that|when)\s+/i, '').trim();
  if (!/\byou(?:r|['’]re)?\b/i.test(core)) return null;
  const firstPerson = core.replace(/\byou['’]re\b/gi, "I'm").replace(/\byou are\b/gi, 'I am').replace(/\byour\b/gi, 'my').replace(/\byou\b/gi, 'I');
  if (!/^(?:I|my)\b/.test(firstPerson)) return null;
  const replaced = firstPerson.replace(new RegExp(wrong.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), right);
  return describeEnglish(replaced);
}

const correction: Rule = {
  name: 'correction',
  scope: 'sentence',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const match =
      /^(?:(?:no|nope|nah|not quite|actually|sorry|correction|wait|oops)[\s,!.-]+)*(?:it['’]?s|it is|that['’]?s|i said|i meant|i mean|i live in|it was)\s+(.+?)[,\s]+(?:not|rather than|instead of)\s+(.+?)[\s.!]*$/i.exec(text) ??
      /^(?:(?:no|nope|nah|actually|sorry)[\s,!.-]+)+not\s+(.+?)[,\s]+(?:it['’]?s|but)\s+(.+?)[\s.!]*$/i.exec(text) ??
      /^(?:(?:no|nope|actually|sorry|oh|wait|ok(?:ay)?)[\s,!.-]+)*(?:(?:can you\s+|please\s+)?(?:make|change|move|switch|put)\s+(?:it|that|this|the \w+)\s+(?:to\s+)?)(.+?)\s+(?:instead of|rather than|not)\s+(.+?)[\s.!?]*$/i.exec(text);
    if (!match) return [];
    const swapped = /^(?:(?:no|nope|nah|actually|sorry)[\s,!.-]+)+not\s/i.test(text);
    const right = stripFillers(swapped ? (match[2] ?? '') : (match[1] ?? ''));
    const wrong = stripFillers(swapped ? (match[1] ?? '') : (match[2] ?? ''));
    if (right === '' || wrong === '') return [];
    const time = ctx.resolveTime(right);
    const topic = time ? arrangedTopic(ctx) : null;
    const restated = time ? null : correctedStatement(ctx, right, wrong);
    // "That's wrong, I asked for Python, not JavaScript" corrects the assistant's work, not a fact
    // about the user: without a restated fact or a plan, it is a memory only when the wrong value
    // is something the user's memory already holds.
    if (!restated && !topic && !isKnownEntity(ctx, wrong)) return [];
    const summary = restated ?? (topic ? `${capitalize(topic)}: ${right}, not ${wrong}` : `Corrected: ${right}, not ${wrong}`);
    return [
      draftFor(ctx, {
        type: time ? 'episodic' : 'semantic',
        kind: time ? 'plan' : 'fact',
        summary: time ? ctx.withDate(summary, time) : summary,
        entities: [right, ...properNouns(right)],
        time,
        negative: true,
        conflictHint: wrong,
        priority: PRIORITY.correction,
        exclusive: true,
      }),
    ];
  },
};

// A capitalised run that stops before a date word ("Hangzhou next Wednesday" → "Hangzhou"; the
// rule is case-insensitive, so "porto end of april" stops at "end of" too).
const PLACE = String.raw`([A-Z][\p{L}'’.-]*(?:\s+(?!(?:Next|This|Last|On|In|By|End|Beginning|Start|Middle|Early|Late|Mid|For|From|Around|Before|After|Until|Till|Soon|Asap|Later|Sometime|At|With|And|But|Because|So|Once|When|Over|During|Within|Right|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Tomorrow|Today|Tonight)\b)[A-Z][\p{L}'’.-]*)*)`;

const move: Rule = {
  name: 'move',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const match = new RegExp(
      `(?:\\b(?:i|we|(?:our|my)\\s+(?:office|company|team|school|lab|studio|startup|shop|store))(?:['’]m|['’]re|\\s+am|\\s+are|\\s+is|['’]s|\\s+have|\\s+has|['’]ve|\\s+will be|['’]ll be)?\\s+(?:just\\s+|finally\\s+|recently\\s+|officially\\s+|actually\\s+)*|^\\s*(?:(?:so|and|also|oh|btw|actually)[\\s,]+)*)(mov(?:ed|ing|e)|relocat(?:ed|ing|e))\\s+(?:house\\s+|back\\s+|over\\s+)?(?:from\\s+${PLACE}\\s+)?to\\s+${PLACE}`,
      'iu',
    ).exec(text);
    if (!match) return [];
    const from = match[2]?.trim().replace(/\.$/, '') ?? null;
    const to = (match[3] ?? '').trim().replace(/\.$/, '');
    // "moved to the renal team": a change at work, not a new home (the job slot reads it).
    if (to === '' || /^(?:I|The|A)$/.test(to) || WORK_UNIT.test(to)) return [];
    const past = /^(?:moved|relocated)$/i.test(match[1] ?? '');
    const time = ctx.resolveTime(text, past ? 'past' : 'future');
    const future = !past && (time === null || time.start.getTime() >= ctx.message.createdAt.getTime() - 86_400_000);
    const when = time ? ` on ${ctx.withDate('', time).trim().replace(/^\(|\)$/g, '')}` : '';
    // "Our office moved to Canary Wharf" moves a place of the user's, not the user.
    const thing = /\b(?:our|my)\s+(office|company|team|school|lab|studio|startup|shop|store)\b/i.exec(match[0])?.[1]?.toLowerCase();
    const settled = thing ? `Their ${thing} is in ${to}${from ? ` (moved from ${from})` : ''}` : `Lives in ${to}${from ? ` (moved from ${from})` : ''}`;
    const livesFrom = time ? `Lives in ${to} (from ${describeResolvedTime(time, ctx.window.timeZone)})${from ? ` (moving from ${from})` : ''}` : '';
    const drafts: Draft[] = [
      draftFor(ctx, {
        type: 'semantic',
        kind: 'fact',
        // A move on a known day is where the user lives from then, as a new job is (dated-plans.ts):
        // "Lives in porto (from 2026-04)" fills the home slot and answers "where am i based" once
        // the day has come; the dated plan beside it expires with the day.
        summary: !future ? settled : time && !thing ? livesFrom : `${thing ? `Their ${thing} is moving` : 'Moving'} to ${to}${when}${from ? ` (from ${from})` : ''}`,
        entities: [to, ...(from ? [from] : [])],
        time: future ? time : null,
        importance: 3,
        negative: !future,
        conflictHint: from ?? (thing ? `${thing} location` : 'previous home'),
        priority: PRIORITY.update,
        exclusive: true,
      }),
    ];
    if (time) {
      const summary = describeEnglish(text.slice(match.index)) ?? `Moving to ${to}`;
      drafts.push(draftFor(ctx, { type: 'episodic', kind: future ? 'plan' : 'event', summary: ctx.withDate(summary, time), entities: [to, ...(from ? [from] : [])], time, priority: PRIORITY.update, exclusive: true }));
    }
    return drafts;
  },
};

/** Cuts a trailing time expression or "and never looked back" off a switch target. */
function switchTarget(ctx: RuleContext, raw: string): string {
  const time = ctx.resolveTime(raw);
  let target = raw;
  if (time) {
    const at = raw.toLowerCase().indexOf(time.expression.toLowerCase().split(' ')[0] ?? '');
    // "the tuesday night class": a weekday that names the thing is kept, not cut off as a time.
    if (at > 0 && !/^(?:the|a|an|my|our)\s*$/i.test(raw.slice(0, at))) target = raw.slice(0, at);
  }
  return stripFillers(target.split(/\s+(?:and|but|because|since|so|which)\s+|[,;]/i)[0] ?? target).replace(/\s+(?:last|this|next|a|in|on|at)$/i, '');
}

const switched: Rule = {
  name: 'switch',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const match = /\b(?:(?:i|we|my team|our team|the team|my company|our company|the company)(?:\s+|(?=['’]ve\b))(?:have\s+|['’]ve\s+|just\s+|recently\s+|finally\s+|already\s+|actually\s+|all\s+)*|^\s*(?:(?:actually|so|and|oh)[\s,]+)*)(switched|changed|migrated|converted|moved over|went over)\s+(?:over\s+|back\s+)?(?:from\s+(.+?)\s+)?to\s+(.+)/i.exec(text);
    if (!match) return [];
    const from = match[2] ? stripFillers(match[2]) : null;
    const to = switchTarget(ctx, match[3] ?? '');
    if (to === '' || /^(?:it|that|this|them)$/i.test(to)) return [];
    const named = /[A-Z]/.test(to);
    const kind = named && !/\b(?:runs?|running|tea|coffee|decaf|mornings?|evenings?|nights?)\b/i.test(to) ? 'fact' : 'preference';
    const summary = named && kind === 'fact' ? `Uses ${describePhrase(to)}${from ? ` (switched from ${from})` : ''}` : `Switched to ${describePhrase(to)}${from ? ` from ${from}` : ''}`;
    const time = ctx.resolveTime(text.slice(match.index), 'past');
    const drafts: Draft[] = [
      draftFor(ctx, {
        type: 'semantic',
        kind,
        summary,
        entities: [...objectEntity(to), ...properNouns(to), ...(from ? [from] : [])],
        negative: true,
        conflictHint: from ?? headNoun(to),
        priority: PRIORITY.update,
        exclusive: true,
      }),
    ];
    if (time) {
      const event = `Switched ${from ? `from ${from} ` : ''}to ${describePhrase(to)}`;
      drafts.push(draftFor(ctx, { type: 'episodic', kind: 'event', summary: ctx.withDate(event, time), entities: [to, ...(from ? [from] : [])], time, priority: PRIORITY.update, exclusive: true }));
    }
    return drafts;
  },
};

const WORK_VERBS = /^(?:work|live|study|use|own|have|belong|attend|rent)/i;

/** "…, tea now" / "…; decaf instead": the replacement that follows a revocation. */
function replacementAfter(ctx: RuleContext, verb: string, object: string): Draft | null {
  const next = ctx.clauses[ctx.index + 1];
  if (!next) return null;
  const replacement = /^(?:(?:and|but|just|only|mostly)\s+)*(?:(?:i\s+)?(?:\w+\s+)?)?(.{1,40}?)\s+(?:now|instead|these days|nowadays)\b|^(?:(?:and|but)\s+)?(?:now|instead)\s+(.{1,40})$/i.exec(next.text.replace(/[.!]+$/, ''));
  const value = stripFillers(replacement?.[1] ?? replacement?.[2] ?? '');
  if (value === '' || /\b(?:i|it|that|this)$/i.test(value)) return null;
  const words = value.split(/\s+/);
  const hasVerb = words.length > 1 && /^(?:i\s+)?(?:drink|eat|use|play|run|do|go|take|prefer|have|like)/i.test(value);
  const summary = hasVerb ? describeEnglish(`I ${value.replace(/^i\s+/i, '')} now`) : `${capitalize(thirdPerson(verb))} ${describePhrase(value)} now`;
  if (!summary) return null;
  return {
    ...draftFor(ctx, { type: 'semantic', kind: 'preference', summary, entities: objectEntity(value), negative: true, conflictHint: object, priority: PRIORITY.update, exclusive: true }),
    span: next,
  };
}

const revoked: Rule = {
  name: 'revocation',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    // [pattern, shape, needs an explicit "no longer / any more" to count as a revocation]
    const patterns: ReadonlyArray<readonly [RegExp, 'verb-object' | 'object', boolean]> = [
      [/\b(?:i|we)\s+(?:don['’]?t|do not|dont)\s+(?:really\s+)?(\w+)\s+(.+?)\s+(?:any ?more|any longer|these days)\b/i, 'verb-object', false],
      [/\b(?:i|we)\s+no longer\s+(\w+)\s*(.*)/i, 'verb-object', false],
      [/\b(?:i|we)(?:['’]m|['’]re|\s+am|\s+are)\s+(?:no longer|not)\s+(.+?)(?:\s+any ?more|\s+any longer|$)/i, 'object', true],
      [/\b(?:i|we)(?:['’]ve|\s+have)?\s+(?:finally\s+|just\s+|recently\s+|already\s+)*(?:stopped|quit|gave up|given up|kicked|ditched|dropped|cancell?ed|left)\s+(.+)/i, 'object', false],
    ];
    for (const [pattern, shape, needsNoLonger] of patterns) {
      const match = pattern.exec(text);
      if (!match) continue;
      if (needsNoLonger && !/\b(?:no longer|any ?more|any longer)\b/i.test(text)) continue;
      const verb = shape === 'verb-object' ? (match[1] ?? '') : '';
      const rawObject = shape === 'verb-object' ? (match[2] ?? '') : (match[1] ?? '');
      const time = ctx.resolveTime(text, 'past');
      const object = time ? rawObject.replace(new RegExp(`\\s*${time.expression.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*$`, 'i'), '') : rawObject;
      const cleaned = stripFillers(object);
      // "I left in January" names no object; the dated-event rule reads it with its context.
      if (cleaned === '') continue;
      const hint = cleaned === '' ? verb : headNoun(cleaned);
      const kind = WORK_VERBS.test(verb) || /^(?:my job|(?:at|for)\s)/i.test(cleaned) || /\bjob\b/i.test(cleaned) ? 'fact' : 'preference';
      const summary =
        shape === 'verb-object'
          ? `No longer ${thirdPerson(verb)}${cleaned ? ` ${describePhrase(cleaned)}` : ''}`
          : (describeEnglish(
              text
                .slice(match.index)
                .replace(time ? new RegExp(`\\s*${time.expression.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*$`, 'i') : /$^/, '')
                // "…the physio appt for [friday]": no dangling preposition once the time is out.
                .replace(/\s+(?:for|on|at|in|by|from|to|until|this|next)\s*$/i, ''),
            ) ?? `No longer ${describePhrase(cleaned)}`);
      const drafts: Draft[] = [
        draftFor(ctx, {
          type: 'semantic',
          kind,
          summary,
          entities: [...objectEntity(cleaned), ...properNouns(cleaned)],
          negative: true,
          conflictHint: hint || null,
          priority: PRIORITY.update,
          exclusive: true,
        }),
      ];
      if (time && /\b(?:stopped|quit|gave up|given up|left|cancell?ed)\b/i.test(match[0])) {
        const event = describeEnglish(text.slice(match.index)) ?? summary;
        drafts.push(draftFor(ctx, { type: 'episodic', kind: 'event', summary: ctx.withDate(event, time), entities: objectEntity(cleaned), time, priority: PRIORITY.update, exclusive: true }));
      }
      const replacement = shape === 'verb-object' ? replacementAfter(ctx, verb, hint) : null;
      if (replacement) drafts.push(replacement);
      return drafts;
    }
    return [];
  },
};

/** The state a change leads to: "got promoted to senior engineer" → "Is a senior engineer". */
const newState: Rule = {
  name: 'new-state',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const match = /\b(?:i|I)\s+(?:just\s+|finally\s+|recently\s+)?(?:got|was|have been|['’]ve been|became|am now|['’]m now)\s+(?:promoted|made|appointed)?\s*(?:to|as)?\s*(?:a\s+|an\s+)?((?:senior|junior|lead|principal|staff|head|chief|deputy|assistant|associate|vice)\s+[\w\s-]{2,30}|(?:team lead|tech lead|manager|director|partner|head of [\w\s]+|vp[\w\s]*))/i.exec(text);
    if (!match || !/\b(?:promoted|made|appointed|became|now)\b/i.test(match[0])) return [];
    const role = switchTarget(ctx, match[1] ?? '').replace(/\s+(?:last|this|next|yesterday|today)\b.*$/i, '');
    if (role === '') return [];
    return [replacingDraft(ctx, `Is a ${role}`, role, 'job title')];
  },
};

/** "It's green tea for me now", "oat milk for me these days": the user's current choice. */
const forMeNow: Rule = {
  name: 'for-me-now',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const match = /^(?:(?:so|and|but|yeah)[\s,]+)*(?:it['’]?s|its|it is|strictly|only)\s+((?:[\w-]+\s+){0,3}?[\w-]+)\s+for me(?:\s+(now|these days|nowadays|from now on))?[\s.!]*$/i.exec(ctx.clause.text.trim());
    const choice = match?.[1] && stripFillers(match[1]);
    if (!choice || /^(?:too|so|very|a bit|kind of|not|hard|easy|fine|ok|okay|good|great|nice|the same|same|enough|too much|a lot)\b/i.test(choice)) return [];
    return [
      draftFor(ctx, {
        type: 'semantic',
        kind: 'preference',
        summary: `Has ${choice}${match[2] ? ` ${match[2].toLowerCase()}` : ''}`,
        entities: [choice.toLowerCase()],
        time: null,
        priority: PRIORITY.update,
      }),
    ];
  },
};

/** A new value of something the user has one of (a title, a home), replacing the old one. */
function replacingDraft(ctx: RuleContext, summary: string, entity: string, conflictHint: string): Draft {
  return draftFor(ctx, { type: 'semantic', kind: 'fact', summary, entities: [entity], importance: 3, negative: true, conflictHint, time: null, priority: PRIORITY.update });
}

// "update we're in leeds now!! moved last weekend": where the user is "now", in a message about
// moving, is the new home (a trip says "this week", not "now" beside "moved").
const IN_PLACE_NOW = /^(?:(?:update|so|and|yeah|well|ok|omg|finally)[\s,:!]+)*(?:we['’]?re|were|we are|i['’]?m|im|i am)\s+(?:now\s+|finally\s+|officially\s+)*(?:living\s+|based\s+|settled\s+)?in\s+([a-z][\p{L}'’.-]*(?:\s+[a-z][\p{L}'’.-]*)?)\s+now\b/iu;
const MOVING_WORDS = /\b(?:moved|moving|move|relocated|new (?:flat|place|house|apartment|home)|unpacking|boxes|moved in)\b/i;
const settledNow: Rule = {
  name: 'settled-now',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const match = IN_PLACE_NOW.exec(ctx.clause.text.trim());
    const place = match?.[1];
    if (!place || !MOVING_WORDS.test(ctx.text) || /^(?:the|a|an|my|our|town|bed|hospital|class|school|work|office|meeting|line|love|trouble|charge)$/i.test(place.split(/\s+/)[0]!)) return [];
    return [{ ...replacingDraft(ctx, `Lives in ${place}`, place, 'previous home'), exclusive: true }];
  },
};

export const ENGLISH_UPDATE_RULES: readonly Rule[] = [correction, availability, move, settledNow, switched, revoked, newState, forMeNow];
