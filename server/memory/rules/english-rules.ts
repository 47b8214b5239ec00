/**
 * English statements about the user: constraints, preferences, habits, identity facts,
 * relationships and skills (SPEC §2 kinds). Each rule reads one clause; the subject must be the
 * user ("I", "my …"), so third parties and quoted speech never become the user's facts.
 */
import englishWords from 'wink-lexicon/src/lexicon.js';
import { draftFor, type Rule, type RuleContext } from './context';
import type { Draft } from './draft';
import { describePhrase, stripFillers } from './english-summary';
import { objectEntity, properNouns } from './entities';
import { AGE_ASIDE } from './people';
import {
  CONDITIONS_EN,
  DIET_ADJECTIVES_EN,
  FAMILY_RELATIONS,
  FREQUENCY_EN,
  HABIT_ADVERB_EN,
  JOB_EN,
  MOODS_EN,
  RELATION_EN,
} from './lexicon';

const PRIORITY = { constraint: 3, identity: 3, relationship: 3, preference: 4, fact: 4, habit: 5, tool: 5 } as const;

const I = String.raw`\b(?:i|I)`;
const IM = String.raw`\b(?:i|I)(?:['’]m|\s+am)`;

function entitiesOf(ctx: RuleContext, object?: string): string[] {
  return [...(object ? objectEntity(object) : []), ...properNouns(ctx.clause.text)];
}

function summaryOf(ctx: RuleContext, fromIndex = 0): string | null {
  return ctx.describe(ctx.clause.text.slice(fromIndex));
}

/** Runs `pattern` on the clause and builds one draft from the match, or none. */
function single(
  ctx: RuleContext,
  pattern: RegExp,
  build: (match: RegExpExecArray) => Omit<Draft, 'span' | 'hedged'> | null,
): Draft[] {
  const match = pattern.exec(ctx.clause.text);
  if (!match) return [];
  const built = build(match);
  return built ? [draftFor(ctx, built)] : [];
}

const allergy: Rule = {
  name: 'allergy',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const direct = new RegExp(`${I}\\b(?:['’]m|\\s+am)?[^,.;!?]{0,30}?\\ballergic to\\s+(.+)`).exec(ctx.clause.text);
    const noun = new RegExp(`${I}\\s+(?:have|['’]ve got|have got)\\s+(?:an?\\s+)?(?:severe\\s+|mild\\s+|bad\\s+)?([\\w\\s-]{2,30}?)\\s+allerg(?:y|ies)\\b`).exec(ctx.clause.text);
    const object = direct?.[1] ?? noun?.[1];
    if (!object) return [];
    const thing = describePhrase(object);
    const summary = ctx.hedged ? `Possibly allergic to ${thing}` : `Allergic to ${thing}`;
    return [draftFor(ctx, { type: 'semantic', kind: 'constraint', summary, entities: entitiesOf(ctx, object), priority: PRIORITY.constraint })];
  },
};

const RESTRICTED_FOOD =
  /\b(?:meat|red meat|pork|beef|lamb|chicken|fish|seafood|shellfish|dairy|milk|cheese|eggs?|gluten|wheat|nuts?|peanuts?|alcohol|booze|wine|beer|sugar|caffeine|soy|spicy food|garlic|onions?|animal products|carbs)\b/i;

const cannotEat: Rule = {
  name: 'cannot-eat',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    // "I don't have garam masala" is about the cupboard; only "can't have" restricts the diet.
    const cant =
      new RegExp(`${I}\\s+(?:can['’]?t|cannot|can not|shouldn['’]?t|mustn['’]?t|am not allowed to|['’]m not allowed to)\\s+(?:eat|drink|have|consume|tolerate|digest|touch)\\s+(.+)`).exec(text) ??
      new RegExp(`${I}\\s+(?:don['’]?t|do not|never)\\s+(?:eat|drink|consume|touch)\\s+(.+)`).exec(text);
    if (cant?.[1]) {
      // "I never eat breakfast" is a habit; "I don't eat pork" is a dietary rule.
      const negativeHabit = /\b(?:don['’]?t|do not|never)\b/i.test(cant[0]) && !RESTRICTED_FOOD.test(cant[1]);
      if (/\b(?:any ?more|any longer)\b/i.test(text)) return [];
      const summary = ctx.describe(text.slice(cant.index));
      if (!summary) return [];
      return [draftFor(ctx, { type: 'semantic', kind: negativeHabit ? 'preference' : 'constraint', summary, entities: entitiesOf(ctx, cant[1]), priority: PRIORITY.constraint })];
    }
    const avoid = new RegExp(`${I}(?:['’]m|\\s+am)?\\s+(?:currently\\s+|also\\s+|strictly\\s+)?(?:avoid|avoiding|staying away from|cutting out|off)\\s+(.+)`).exec(text);
    if (avoid?.[1] && (RESTRICTED_FOOD.test(avoid[1]) || /\bavoid/i.test(avoid[0]))) {
      if (/\b(?:it|this|that|them|him|her|people|traffic)\b/i.test(avoid[1].split(/\s+/)[0] ?? '')) return [];
      const summary = ctx.describe(text.slice(avoid.index));
      if (!summary) return [];
      return [draftFor(ctx, { type: 'semantic', kind: 'constraint', summary, entities: entitiesOf(ctx, avoid[1]), priority: PRIORITY.constraint })];
    }
    const diet = new RegExp(`${IM}\\s+on\\s+(?:a|an)\\s+([\\w\\s-]{2,30}?)\\s+diet\\b`).exec(text);
    if (diet?.[1]) {
      return [draftFor(ctx, { type: 'semantic', kind: 'constraint', summary: `On a ${diet[1].trim()} diet`, entities: [diet[1].trim()], priority: PRIORITY.constraint })];
    }
    return [];
  },
};

const CONSTRAINT_ADJECTIVES = /vegetarian|vegan|pescatarian|pescetarian|lactose|gluten|dairy|celiac|coeliac|diabetic|kosher|halal|teetotal|sober|colou?r ?blind|deaf|hard of hearing/i;
const PREFERENCE_ADJECTIVES = /introvert|extrovert|night owl|early bird|morning person|night person/i;

const dietAndTraits: Rule = {
  name: 'trait-adjective',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(
      ctx,
      new RegExp(
        `${I}(?:['’]m|\\s+am|['’]ve been|\\s+have been|\\s+(?:might|may|could|must) be|\\s+(?:might|may) have been)\\s+(not\\s+)?(?:(?:also|now|strictly|fully|mostly|completely|actually|officially|still|pretty much|basically)\\s+)*(?:(?:might|may) be\\s+)?(?:a\\s+)?(${DIET_ADJECTIVES_EN})\\b`,
        'i',
      ),
      (match) => {
        const word = match[2] ?? '';
        if (/^allergic$/i.test(word)) return null;
        const kind = CONSTRAINT_ADJECTIVES.test(word) ? 'constraint' : PREFERENCE_ADJECTIVES.test(word) ? 'preference' : 'fact';
        const summary = summaryOf(ctx, match.index);
        if (!summary) return null;
        return { type: 'semantic', kind, summary, entities: [word.replace(/^an?\s+/i, '')], priority: PRIORITY.constraint };
      },
    ),
};

const condition: Rule = {
  name: 'health-condition',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(
      ctx,
      new RegExp(`${I}\\s+(?:have|['’]ve got|have got|suffer from|was diagnosed with|got diagnosed with|live with|['’]ve been diagnosed with)\\s+(${CONDITIONS_EN})\\b`, 'i'),
      (match) => {
        const summary = summaryOf(ctx, match.index);
        if (!summary) return null;
        return { type: 'semantic', kind: 'fact', summary, entities: [match[1] ?? ''], importance: 4, priority: PRIORITY.constraint };
      },
    ),
};

// "I like it / this / your idea" reacts to the conversation; it says nothing lasting.
const REACTION_OBJECT = /^(?:it|this|that|these|those|your|the idea|the suggestion|the plan|the first|the second|the last|them|him|her|you|how|what|when|where|which|the way you|both)\b/i;

const likes: Rule = {
  name: 'like-dislike',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(
      ctx,
      new RegExp(
        `${I}\\s+(?:(?:really|absolutely|also|just|kinda|kind of|totally|genuinely|do|still|actually|honestly|truly|seriously|personally|mostly|generally|secretly)\\s+)*(like|love|enjoy|adore|hate|dislike|detest|loathe|can['’]?t stand|cannot stand|don['’]?t like|do not like|don['’]?t enjoy|don['’]?t mind|prefer|stick to|stick with|go for|opt for|only drink|only eat|mostly drink|mostly eat|can['’]?t live without)\\s+(.+)`,
        'i',
      ),
      (match) => {
        const object = stripFillers(match[2] ?? '');
        if (object === '' || REACTION_OBJECT.test(object)) return null;
        if (/\b(?:would|'d|’d)\s*$/i.test(ctx.clause.text.slice(0, match.index + 1))) return null;
        const summary = summaryOf(ctx, match.index);
        if (!summary) return null;
        return { type: 'semantic', kind: 'preference', summary, entities: entitiesOf(ctx, object), priority: PRIORITY.preference };
      },
    ),
};

const into: Rule = {
  name: 'into',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(ctx, new RegExp(`${IM}\\s+(?:(?:really|not|so|very|totally|super|kinda|pretty|big time|also|just)\\s+)*into\\s+(.+)`, 'i'), (match) => {
      const object = stripFillers(match[1] ?? '');
      if (object === '' || REACTION_OBJECT.test(object)) return null;
      const summary = summaryOf(ctx, match.index);
      return summary ? { type: 'semantic', kind: 'preference', summary, entities: entitiesOf(ctx, object), priority: PRIORITY.preference } : null;
    }),
};

/** "I'm on blood thinners": medication is a health constraint the assistant must respect. */
const medication: Rule = {
  name: 'medication',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(
      ctx,
      new RegExp(`${IM}\\s+(?:currently\\s+|still\\s+|now\\s+)?(?:on|taking)\\s+((?:[\\w-]+\\s+){0,3}?(?:medication|meds|pills|thinners|insulin|antidepressants|steroids|statins|antibiotics|the pill|chemo|dialysis|hrt|ssris?|beta blockers))\\b`, 'i'),
      (match) => {
        const summary = summaryOf(ctx, match.index);
        return summary ? { type: 'semantic', kind: 'constraint', summary, entities: [match[1] ?? ''], importance: 4, priority: PRIORITY.constraint } : null;
      },
    ),
};

const rather: Rule = {
  name: 'would-rather',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(ctx, new RegExp(`${I}(?:['’]d|\\s+would)\\s+(?:much\\s+)?(?:rather|prefer)\\s+(.+)`, 'i'), (match) => {
      const summary = summaryOf(ctx, match.index);
      if (!summary) return null;
      return { type: 'semantic', kind: 'preference', summary, entities: entitiesOf(ctx, match[1]), priority: PRIORITY.preference };
    }),
};

const favourite: Rule = {
  name: 'favourite',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(ctx, /\bmy\s+(?:all[- ]time\s+)?fav(?:ou?rite|e)\s+(.+?)\s+(?:is|are|was|has to be)\s+(.+)/i, (match) => {
      const what = describePhrase(match[1] ?? '');
      const value = stripFillers(match[2] ?? '');
      if (value === '' || REACTION_OBJECT.test(value)) return null;
      return { type: 'semantic', kind: 'preference', summary: `Favourite ${what} is ${describePhrase(value)}`, entities: [...objectEntity(value), ...properNouns(value)], priority: PRIORITY.preference };
    }),
};

const fanOf: Rule = {
  name: 'fan-or-person',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(
      ctx,
      new RegExp(
        `${IM}\\s+(not\\s+)?(?:really\\s+)?(?:a|an)\\s+(?:(?:huge|big|massive|die-?hard|lifelong|total|bit of a|real|proper|complete|self-confessed|self-proclaimed)\\s+)*([\\w\\s'.&-]{1,30}?)\\s+(fan|lover|addict|enthusiast|nerd|geek|junkie|fanatic|snob|buff|person|fiend|aficionado)\\b`,
        'i',
      ),
      (match) => {
        const subject = (match[2] ?? '').trim();
        if (subject === '' || /^(?:people|good|nice|bad|busy)$/i.test(subject)) return null;
        const summary = summaryOf(ctx, match.index);
        if (!summary) return null;
        return { type: 'semantic', kind: 'preference', summary, entities: [subject, ...properNouns(subject)], priority: PRIORITY.preference };
      },
    ),
};

const habit: Rule = {
  name: 'habit',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const adverb = new RegExp(`${I}(?:['’]m|\\s+am)?\\s+(?:also\\s+|still\\s+|really\\s+|pretty much\\s+)?(?:${HABIT_ADVERB_EN})\\s+(.+)`, 'i').exec(text);
    const frequency = FREQUENCY_EN.test(text)
      ? (new RegExp(`\\b(?:i|we)\\s+(?:also\\s+|still\\s+)?(?!am\\b|was\\b|will\\b|would\\b|might\\b|could\\b|should\\b|can\\b|had\\b)([a-z]+)\\b`, 'i').exec(text) ?? new RegExp(`${IM}\\s+(\\w+ing)\\b`, 'i').exec(text))
      : null;
    const match = adverb ?? frequency;
    if (!match) return [];
    // "I like to …" is a preference rule's, "I try to remember…" is not a habit worth keeping.
    if (/\b(?:like to|prefer to)\b/i.test(match[0]) && likes.apply(ctx).length > 0) return [];
    const summary = summaryOf(ctx, match.index);
    if (!summary) return [];
    return [draftFor(ctx, { type: 'semantic', kind: 'preference', summary, entities: properNouns(text), priority: PRIORITY.habit })];
  },
};

const job: Rule = {
  name: 'job',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const patterns = [
      new RegExp(`${I}\\s+(?:currently\\s+|now\\s+|still\\s+|mainly\\s+)?work\\s+(?:as|at|for|in)\\s+(.+)`, 'i'),
      new RegExp(`${IM}\\s+(?:currently\\s+|now\\s+)?(?:working|employed)\\s+(?:as|at|for)\\s+(.+)`, 'i'),
      new RegExp(`${IM}\\s+(?:currently\\s+|now\\s+|actually\\s+)?(?:a|an|the)\\s+((?:[\\w-]+\\s+){0,3}?(?:${JOB_EN}))\\b(.*)`, 'i'),
      /\bmy\s+(?:job|role|title|position)\s+is\s+(.+)/i,
      new RegExp(`${I}\\s+(?:also\\s+)?(?:teach|run|own|manage|lead|founded|co-founded|started)\\s+((?:a|an|my|our|the)\\s+.+|[A-Z].+|(?!a\\b|an\\b)[a-z]+\\s+(?:at|in|to)\\s+.+|(?:high school|primary school|middle school|university|college)\\s+.+)`, 'i'),
      new RegExp(`${I}(?:['’]ve been|\\s+have been|['’]m|\\s+am)?\\s+work(?:ing)?\\s+((?:night|day|early|late|weekend|double)\\s+shifts?|nights|weekends|remotely|from home|part[- ]time|full[- ]time|two jobs|freelance)\\b(.*)`, 'i'),
      new RegExp(`${IM}\\s+(?:now\\s+|currently\\s+)?at\\s+([A-Z][\\w&.-]+(?:\\s+[A-Z][\\w&.-]+)*)(?:\\s+as\\s+(.+))?`),
      new RegExp(`${I}\\s+(?:study|am studying|['’]m studying)\\s+(.+?)\\s+at\\s+(.+)`, 'i'),
    ];
    return firstIdentityFact(ctx, text, patterns);
  },
};

/** The first pattern that matches states an identity fact (job, home…): one semantic item. */
function firstIdentityFact(ctx: Parameters<Rule['apply']>[0], text: string, patterns: RegExp[]): ReturnType<Rule['apply']> {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const summary = summaryOf(ctx, match.index);
    if (!summary) return [];
    return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary, entities: entitiesOf(ctx, match[1]), importance: 3, priority: PRIORITY.identity })];
  }
  return [];
}

const name: Rule = {
  name: 'name',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const stated = /\b[Mm]y name(?:['’]s| is)\s+([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)?)/u.exec(text) ?? (/^(?:[Hh]i|[Hh]ello|[Hh]ey)?[\s,!]*(?:[Ii]['’]m|[Ii] am|[Tt]his is)\s+([A-Z][a-z]+)(?=\s*(?:[,.!]|$|here\b|by the way))/.exec(text));
    if (stated?.[1] && !new RegExp(`^(?:${MOODS_EN}|${DIET_ADJECTIVES_EN})$`, 'i').test(stated[1])) {
      return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `Name is ${stated[1]}`, entities: [stated[1]], importance: 3, priority: PRIORITY.identity })];
    }
    const callMe = /\b(?:call me|you can call me|i go by|address me as)\s+([A-Z][\p{L}'’-]+)/iu.exec(text);
    if (callMe?.[1]) {
      return [draftFor(ctx, { type: 'procedural', kind: 'rule', summary: `Call the user ${callMe[1]}`, entities: [callMe[1]], importance: 3, priority: PRIORITY.identity })];
    }
    return [];
  },
};

const location: Rule = {
  name: 'location',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const patterns = [
      new RegExp(`${I}\\s+(?:currently\\s+|now\\s+|still\\s+|actually\\s+)?live\\s+(?:with\\s+[^,.;]{1,40}?\\s+)?(?:in|near|outside|close to|just outside)\\s+(.+)`, 'i'),
      new RegExp(`${IM}\\s+(?:currently\\s+|now\\s+)?(?:based|living|settled)\\s+(?:in|near|out of)\\s+(.+)`, 'i'),
      new RegExp(`${IM}\\s+(?:originally\\s+)?from\\s+([A-Z].+)`),
      new RegExp(`${I}\\s+(?:grew up|was born)\\s+in\\s+([A-Z].+)`),
    ];
    return firstIdentityFact(ctx, text, patterns);
  },
};

const ageAndFamily: Rule = {
  name: 'age-family',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const age = new RegExp(`${IM}\\s+(\\d{1,3})(?:\\s*(?:years old|yrs old|yo|y/o))?(?=\\s*(?:$|[,.!]|and\\b|but\\b|so\\b|now\\b))`, 'i').exec(text) ?? new RegExp(`${IM}\\s+turning\\s+(\\d{1,3})\\b`, 'i').exec(text);
    if (age) {
      return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `Is ${age[1] ?? ''} years old`, entities: [], importance: 2, priority: PRIORITY.fact })];
    }
    const pet = /\b(?:have|got|adopted|bought|rescued|own)\s+(?:a|an)\s+(?:new\s+)?(?:little\s+)?(puppy|dog|cat|kitten|rabbit|bunny|hamster|parrot|bird|horse|tortoise|turtle|guinea pig)\s+(?:named|called)\s+([A-Z][\w'-]+)/i.exec(text);
    if (pet) {
      const summary = `Has a ${pet[1] ?? 'pet'} named ${pet[2] ?? ''}`;
      return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary, entities: [pet[2] ?? '', pet[1] ?? ''], importance: 2, priority: PRIORITY.fact })];
    }
    const family = new RegExp(
      `${I}\\s+(?:have|['’]ve got|have got)\\s+(an?|one|two|three|four|five|six|\\d+)\\s+(?:(?:little|young|grown-up|adult|teenage|small|lovely)\\s+)?(kids?|children|child|sons?|daughters?|dogs?|cats?|brothers?|sisters?|siblings?|grandkids|grandchildren|pets?|twins|stepkids|stepchildren)\\b`,
      'i',
    ).exec(text);
    if (family) {
      const summary = summaryOf(ctx, family.index);
      return summary ? [draftFor(ctx, { type: 'semantic', kind: 'fact', summary, entities: entitiesOf(ctx), importance: 3, priority: PRIORITY.fact })] : [];
    }
    return [];
  },
};

const skills: Rule = {
  name: 'skills-goals',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const speak = new RegExp(`${I}\\s+(?:can\\s+|also\\s+)?speak\\s+(.+)`, 'i').exec(text);
    if (speak) {
      const summary = summaryOf(ctx, speak.index);
      return summary ? [draftFor(ctx, { type: 'semantic', kind: 'skill', summary, entities: entitiesOf(ctx, speak[1]), priority: PRIORITY.fact })] : [];
    }
    const learning =
      new RegExp(`${IM}\\s+(?:currently\\s+|also\\s+|slowly\\s+|still\\s+|now\\s+)?(?:learning|studying|taking (?:a\\s+)?(?:course|class(?:es)?|lessons) (?:in|on))\\s+(.+)`, 'i').exec(text) ??
      new RegExp(`${I}\\b.*?\\b(?:just\\s+|recently\\s+)?(?:started|began|am|['’]m)\\s+(?:learning|studying)\\s+(.+)`, 'i').exec(text) ??
      new RegExp(`${IM}\\s+(?:currently\\s+|really\\s+)?(?:trying|training|saving(?:\\s+up)?)\\s+(?:to|for)\\s+(.+)`, 'i').exec(text);
    if (learning) {
      const summary = ctx.describe(learning[0].replace(/^.*?\b(?=(?:just\s+|recently\s+)?(?:started|began)\s+(?:learning|studying))/i, 'I '));
      return summary ? [draftFor(ctx, { type: 'semantic', kind: 'goal', summary, entities: entitiesOf(ctx, learning[1]), validity: 'phase', priority: PRIORITY.fact })] : [];
    }
    const goal = /\bmy\s+(?:goal|dream|plan|aim|new year'?s resolution)\s+(?:for\s+\w+(?:\s+\w+)?\s+)?is\s+to\s+(.+)/i.exec(text);
    if (goal) {
      const summary = `Goal: ${describePhrase(goal[1] ?? '')}`;
      return [draftFor(ctx, { type: 'semantic', kind: 'goal', summary, entities: entitiesOf(ctx, goal[1]), priority: PRIORITY.fact })];
    }
    const play = new RegExp(`${I}\\s+(?:also\\s+)?play\\s+(?:the\\s+)?(guitar|piano|violin|drums|bass|cello|flute|saxophone|sax|ukulele|chess|tennis|football|soccer|basketball|badminton|golf|volleyball|squash|table tennis|ping pong|rugby|cricket|baseball|hockey|video games|go)\\b`, 'i').exec(text);
    if (play) {
      const summary = summaryOf(ctx, play.index);
      return summary ? [draftFor(ctx, { type: 'semantic', kind: 'preference', summary, entities: [play[1] ?? ''], priority: PRIORITY.fact })] : [];
    }
    return [];
  },
};

const tools: Rule = {
  name: 'tools',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(
      ctx,
      /\b(?:I|we|my team|our team|our company|the team|at work we)\s+(?:mostly\s+|mainly\s+|primarily\s+|currently\s+|now\s+|all\s+|still\s+|only\s+)?(?:use|uses|are using|['’]re using|am using|['’]m using|work (?:in|with)|code in|write in|program in|run|runs|don['’]?t (?:really\s+)?use|never use|rarely use|drive|ride|own)\s+(.+)/i,
      (match) => {
        const object = match[1] ?? '';
        if (!/[A-Z]/.test(object) || REACTION_OBJECT.test(object)) return null;
        const summary = summaryOf(ctx, match.index);
        if (!summary) return null;
        return { type: 'semantic', kind: 'fact', summary, entities: entitiesOf(ctx, object), priority: PRIORITY.tool };
      },
    ),
};

// A name ends where its letters end: `\b` is ASCII-only in JavaScript, so "Feijão" would be cut to
// "Feij" (the boundary between j and ã). The relation may be "our" or "new" too ("our beagle
// Duke", "new flatmate is called zoe").
const NAME_END = String.raw`(?![\p{L}\p{N}'’-])`;
const OWNER_EN = String.raw`(?:[Mm]y|[Oo]ur|(?:(?:[Mm]y|[Oo]ur)\s+)?[Nn]ew)`;
// "…and her family are moving to Denver in June": what follows the name with its people is theirs too.
const NAMED_RELATION = new RegExp(
  `\\b${OWNER_EN}\\s+(${RELATION_EN})(?:['’]s name is\\s+|\\s+is\\s+(?:called|named)\\s+|,\\s*|\\s+(?:is\\s+)?)([A-Z][\\p{L}'’-]+(?:\\s+[A-Z][\\p{L}'’-]+)?)${NAME_END}${AGE_ASIDE}(,?\\s+(?:is|was|lives|works|has|just|loves|likes|hates|can['’]?t|doesn['’]?t|started|starts|goes|plays|studies|turns|turned|got|gets|adores|eats|grew|only|never|always|reads|made|and\\s+(?:her|his|their)\\s+\\w+\\s+(?:are|is|were|have|live))\\b.*)?`,
  'u',
);
// Chat is typed in lower case: "me n my wife carla r taking the kids…". A lower-case word after
// the relation is a name only when it is no English word (wink's lexicon) and no chat shorthand.
const LOWERCASE_NAMED = new RegExp(
  `\\b${OWNER_EN}\\s+(${RELATION_EN})(?:['’]s name is\\s+|\\s+is\\s+(?:called|named)\\s+|,\\s*|\\s+)(\\p{Ll}[\\p{Ll}'’-]{2,14})${NAME_END}${AGE_ASIDE}(,?\\s+(?:is|was|lives|works|has|just|loves|likes|hates|can['’]?t|cant|doesn['’]?t|started|starts|goes|plays|studies|turns|turned|got|gets|adores|eats|grew|only|never|always|reads|made|and\\s+(?:her|his|their)\\s+\\w+\\s+(?:are|is|were|have|live))\\b.*)?`,
  'u',
);
// "Graham, my husband, only reads war history": the name first, the relation in apposition.
const APPOSITION_NAMED = new RegExp(`^(?:\\S+\\s+)?(\\p{L}[\\p{L}'’-]{1,20}),\\s*(?:my|our)\\s+(${RELATION_EN}),\\s*(.+)$`, 'iu');
const CHAT_SHORTHAND = new Set(['lol', 'lmao', 'btw', 'tbh', 'imo', 'tho', 'pls', 'plz', 'abt', 'rn', 'tmrw', 'tmr', 'bc', 'cuz', 'coz', 'gonna', 'wanna', 'gotta', 'kinda', 'sorta', 'prob', 'def', 'defs', 'obv', 'omg', 'idk', 'ngl', 'irl', 'asap', 'fyi', 'haha', 'hahaha', 'hehe', 'wont', 'cant', 'dont', 'didnt', 'doesnt', 'isnt', 'wasnt', 'im', 'ive', 'youre', 'thats', 'whats', 'gets', 'keeps', 'says', 'thinks', 'wants', 'needs', 'also', 'literally', 'basically', 'totally', 'actually', 'finally', 'recently', 'apparently']);

/** [whole, relation, name, rest] from "Graham, my husband, only reads …", as the other patterns give. */
function appositionNamed(text: string): string[] | null {
  const match = APPOSITION_NAMED.exec(text);
  if (!match || !match[1] || !match[2]) return null;
  const name = match[1];
  if (!/^\p{Lu}/u.test(name) && (CHAT_SHORTHAND.has(name.toLowerCase()) || name.toLowerCase() in englishWords)) return null;
  return [match[0], match[2], name, ` ${match[3] ?? ''}`];
}

function lowercaseNamed(text: string): RegExpExecArray | null {
  const match = LOWERCASE_NAMED.exec(text);
  const word = match?.[2];
  if (!match || !word || CHAT_SHORTHAND.has(word) || word in englishWords || /(?:ing|ed|ly|s)$/.test(word)) return null;
  return match;
}

const relationship: Rule = {
  name: 'relationship',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const named = NAMED_RELATION.exec(text) ?? lowercaseNamed(text);
    const relationWord = (named?.[1] ?? '').toLowerCase();
    if (named && relationWord !== '' && !/^(?:I|A|The|It|So|And|But|Is)$/.test(named[2] ?? '')) {
      // "my son Liam's birthday is august 2nd": the name owns what follows; the fact is about Liam's birthday.
      if (/['’]s$/.test(named[2] ?? '')) {
        const summary = ctx.describe(text.slice(named.index));
        return summary ? [relationDraft(ctx, summary, relationWord, [capitalizeWord((named[2] ?? '').replace(/['’]s$/, ''))])] : [];
      }
      const personName = capitalizeWord(named[2] ?? '');
      const said = named[3]?.replace(/^,?\s*/, '') ?? '';
      // "and her family are moving…" keeps its "and" (the fillers would strip it).
      const rest = /^and\s/i.test(said) ? `and ${describePhrase(said.slice(4))}` : said ? describePhrase(said) : '';
      const summary = rest ? `${capitalizeWord(relationWord)} ${personName} ${rest}` : `${capitalizeWord(relationWord)} is ${personName}`;
      return [relationDraft(ctx, summary, relationWord, [personName])];
    }
    const possessive = new RegExp(`\\bmy\\s+(${RELATION_EN})['’]s\\s+(birthday|name|school|job|work|office|wedding|graduation|surgery|anniversary)\\s+(is|was)\\s+(.+)`, 'i').exec(text);
    if (possessive) {
      const summary = ctx.describe(text.slice(possessive.index));
      return summary ? [relationDraft(ctx, summary, (possessive[1] ?? '').toLowerCase(), [])] : [];
    }
    const described = new RegExp(
      `\\bmy\\s+(${RELATION_EN})(?:\\s+|['’](?=s\\b))(is|s|lives|works|has|loves|likes|hates|can['’]?t|doesn['’]?t|studies|goes|runs|owns|speaks|teaches)\\b\\s*(.*)`,
      'i',
    ).exec(text);
    if (described) {
      const rest = (described[3] ?? '').trim();
      const moody = new RegExp(`^(?:so\\s+|really\\s+|very\\s+|being\\s+|kinda\\s+)*(?:${MOODS_EN}|annoying|mad|angry|coming|here|away|out|sick|home)\\b`, 'i');
      // "My landlord is raising the rent" is something happening, not a fact about the person.
      if (rest === '' || moody.test(rest) || (/^i?s$/.test(described[2] ?? '') && /^\w+ing\b/i.test(rest))) return [];
      // "my mom's old house", "my mom's cat" own something; "my mom's a nurse" / "'s in Oslo" is.
      if (described[2] === 's' && !/^(?:a|an|the|so|very|really|not|still|now|always|never|in|at|from|on|\d|\w+ed|\w+ing|\w+ful|\w+ous|\w+ive|\w+able|allergic|vegan|vegetarian|retired|married|single|pregnant|sick|older|younger|bigger|taller)\b/i.test(rest)) return [];
      const summary = ctx.describe(text.slice(described.index).replace(/['’]s\b/, ' is'));
      return summary ? [relationDraft(ctx, summary, (described[1] ?? '').toLowerCase(), [])] : [];
    }
    return [];
  },
};

/** "Graham, my husband, only reads war history": the commas that set off the relation also split clauses, so this reads the sentence. */
const relationshipApposition: Rule = {
  name: 'relationship-apposition',
  scope: 'sentence',
  lang: 'en',
  apply: (ctx) => {
    const named = appositionNamed(ctx.clause.text.trim());
    if (!named) return [];
    const [, relationWord = '', personName = '', rest = ''] = named;
    const said = describePhrase(rest.trim().replace(/\s+(?:so|but|lol|haha\w*)\b.*$/i, ''));
    const summary = said ? `${capitalizeWord(relationWord.toLowerCase())} ${capitalizeWord(personName)} ${said}` : `${capitalizeWord(relationWord.toLowerCase())} is ${capitalizeWord(personName)}`;
    return [relationDraft(ctx, summary, relationWord.toLowerCase(), [capitalizeWord(personName)])];
  },
};

/** "Our anniversary is on 14 February", "my birthday is May 3": recurring dates are facts, not plans. */
const recurringDate: Rule = {
  name: 'recurring-date',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) =>
    single(ctx, /\b(?:my|our)\s+(?:wedding\s+)?(birthday|anniversary|name day|bday)\s+(?:is|falls)\s+(?:on\s+)?(.+)/i, (match) => {
      // "Our anniversary is next Saturday" is this year's occurrence: a plan, not the date itself.
      if (/\b(?:next|this|tomorrow|today|tonight|coming|in \d+ days)\b/i.test(match[2] ?? '')) return null;
      const summary = summaryOf(ctx, match.index);
      if (!summary) return null;
      return { type: 'semantic', kind: 'fact', summary, entities: [match[1] ?? '', ...objectEntity(match[2] ?? '')], importance: 3, priority: PRIORITY.fact };
    }),
};

function capitalizeWord(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function relationDraft(ctx: RuleContext, summary: string, relation: string, names: string[]): Draft {
  return draftFor(ctx, {
    type: 'semantic',
    kind: 'relationship',
    summary,
    entities: [...names, relation, ...properNouns(ctx.clause.text)],
    importance: FAMILY_RELATIONS.has(relation) ? 3 : 2,
    priority: PRIORITY.relationship,
  });
}

export const ENGLISH_RULES: readonly Rule[] = [
  allergy,
  cannotEat,
  dietAndTraits,
  condition,
  likes,
  into,
  medication,
  rather,
  favourite,
  fanOf,
  habit,
  job,
  name,
  location,
  ageAndFamily,
  skills,
  tools,
  relationship,
  relationshipApposition,
  recurringDate,
];
