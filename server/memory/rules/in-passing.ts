/**
 * Facts said in passing whose object sits in a neighbouring clause or in a set phrase (issue 12):
 * "a playlist, anything but jazz pls, not a fan at all", "i got promoted!! team lead from next
 * month", "back to football on thursdays", "the long drive to my parents in ottawa", "she keeps
 * bringing home durian, i can't stand the smell". Each rule reads one shape, generically (any
 * genre, any role, any sport, any town); the generic disclosure rule would keep the clause but lose
 * what it is about.
 */
import { draftFor, type Rule } from './context';
import { CONDITIONS_EN, CONDITIONS_ZH, RELATION_EN, RELATION_ZH } from './lexicon';
import { headNoun, stripFillers } from './english-summary';

const PRIORITY = 5;
// Ahead of the like/dislike rule, which would keep "Can't stand the smell" without its object.
const SPECIFIC = 1;

const ANYTHING_BUT = /\b(?:anything|everything)\s+(?:but|except)\s+((?:[\w/&-]+\s+){0,2}?[\w/&-]+)(?=\s*(?:pls|please|plz|thanks|thx|though|really|lol)?\s*(?:[,.!;]|$))/i;

/** "anything but jazz pls": the user does not want jazz. */
const anythingBut: Rule = {
  name: 'anything-but',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    // The clause splitter cuts at "but": "anything" | "but jazz pls".
    const previous = ctx.clauses[ctx.index - 1]?.text.trim() ?? '';
    const text = /\b(?:anything|everything)$/i.test(previous) && /^(?:but|except)\b/i.test(ctx.clause.text.trim()) ? `anything ${ctx.clause.text.trim()}` : ctx.clause.text;
    const thing = ANYTHING_BUT.exec(text)?.[1];
    if (!thing || /^(?:that|this|it|those|these|them)$/i.test(thing)) return [];
    return [draftFor(ctx, { type: 'semantic', kind: 'preference', summary: `Does not like ${thing.toLowerCase()}`, entities: [thing.toLowerCase()], time: null, priority: SPECIFIC })];
  },
};

const ROLE = String.raw`(?:senior|junior|lead|principal|staff|head|chief|deputy|assistant|associate|vice)\s+[\w-]+(?:\s+[\w-]+)?|team lead|tech lead|team leader|manager|supervisor|director|head of [\w\s]{2,20}?|partner|foreman|charge nurse|head chef|sous chef`;
const PROMOTED = /\b(?:got|been|was|am being|getting)\s+promoted\b(?!\s+(?:to|as)\b)/i;
const ROLE_NEXT = new RegExp(String.raw`^(?:(?:and|so)\s+)?(?:to\s+|as\s+|now\s+)?(?:an?\s+)?(${ROLE})(?=\s+(?:from|starting|next|in|on|as of)\b|\s*[,.!]|$)`, 'i');

/** "i got promoted!! team lead from next month": the role is in the clause after. */
const promotedTo: Rule = {
  name: 'promoted-to',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    // "promoted!!" often ends its own sentence: look back in the message, not only the clause.
    const previous = ctx.clauses[ctx.index - 1]?.text ?? ctx.text.slice(Math.max(0, ctx.clause.start - 60), ctx.clause.start);
    const role = PROMOTED.test(previous) ? ROLE_NEXT.exec(ctx.clause.text.trim())?.[1] : undefined;
    if (!role) return [];
    const rest = ctx.clause.text.trim().slice(ctx.clause.text.trim().toLowerCase().indexOf(role.toLowerCase()) + role.length).replace(/[,.!].*$/, '').trim();
    const when = /^(?:from|starting|as of)\b/i.test(rest) ? ` (${rest})` : '';
    return [
      draftFor(ctx, {
        type: 'semantic',
        kind: 'fact',
        summary: `Promoted to ${role.toLowerCase()}${when}`,
        entities: [role.toLowerCase()],
        importance: 3,
        negative: true,
        conflictHint: 'job title',
        time: null,
        priority: PRIORITY,
      }),
    ];
  },
};

const BACK_TO = /^(?:(?:and|but|so|anyway|now)[\s,]+)*(?:i['’]?m\s+|im\s+|i am\s+)?back to\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+((?:on|every)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|mornings|evenings|nights))\b/i;

/** "back to football on thursdays": a habit resumed. */
const backTo: Rule = {
  name: 'back-to-habit',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const match = BACK_TO.exec(ctx.clause.text.trim());
    if (!match?.[1] || !match[2]) return [];
    const activity = match[1].toLowerCase();
    return [draftFor(ctx, { type: 'semantic', kind: 'preference', summary: `Back to ${activity} ${match[2].toLowerCase()}`, entities: [activity], time: null, priority: PRIORITY })];
  },
};

const PLURAL = new Set(['parents', 'grandparents', 'in-laws', 'inlaws', 'folks', 'kids', 'family']);
const PERSON_IN = /\bmy\s+(parents|folks|mum|mom|mother|dad|father|sister|brother|grandparents|grandma|grandpa|gran|nan|in-laws|inlaws|aunt|uncle|cousin|family)\s+in\s+([A-Za-z][\w-]+(?:\s+[A-Z][\w-]+)?)/i;
// "my sister in law", "my kids in school": not a place.
const NOT_A_PLACE = /^(?:law|laws|school|bed|class|college|hospital|town|person|general|particular|mind|time|trouble|charge|love|touch|the|a|an|my|our|their|his|her|this|that|next|law's)$/i;

/** "the long drive to my parents in ottawa": where the user's people live. */
const personIn: Rule = {
  name: 'person-lives-in',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const match = PERSON_IN.exec(ctx.clause.text);
    const who = match?.[1]?.toLowerCase();
    const place = match?.[2]?.split(/\s+/)[0];
    if (!who || !place || NOT_A_PLACE.test(place) || /^(?:next|last|this)$/i.test(place)) return [];
    const town = place.charAt(0).toUpperCase() + place.slice(1);
    const verb = PLURAL.has(who) ? 'live' : 'lives';
    return [
      draftFor(ctx, {
        type: 'semantic',
        kind: 'relationship',
        summary: `${who.charAt(0).toUpperCase()}${who.slice(1)} ${verb} in ${town}`,
        entities: [who, town],
        time: null,
        priority: PRIORITY,
      }),
    ];
  },
};

// "were doing it at my flat in hackney", "the boiler at my apartment in leith is broken again":
// the user's own home, named in passing.
const OWN_HOME_IN = /\bmy\s+(?:(?:little|new|tiny|small|own|shared|rented)\s+)?(flat|apartment|house|condo|studio|townhouse|bungalow)\s+in\s+([a-z][\w'’-]+)/i;

/** "at my flat in hackney": where the user lives. */
const ownHomeIn: Rule = {
  name: 'own-home-in',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const match = OWN_HOME_IN.exec(ctx.clause.text);
    const place = match?.[2];
    if (!match?.[1] || !place || NOT_A_PLACE.test(place)) return [];
    const dwelling = match[1].toLowerCase();
    return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `Has ${/^[aeiou]/.test(dwelling) ? 'an' : 'a'} ${dwelling} in ${place}`, entities: [place], time: null, importance: 3, priority: PRIORITY })];
  },
};

// "…still nursing obvs but day shifts finally", "…at shoppers downtown, 9-5 finally!!": the hours a
// job is worked, said as a fragment with "finally" or "now".
const HOURS_NOW_EN = /^(?:(?:and|but|so|also|plus|oh)[\s,]+)*((?:\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:-|–|to)\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)?)|(?:(?:day|night|early|late|morning|evening|weekend|split)\s+shifts?)|days|nights|weekends|(?:part|full)[- ]time)(?:\s+only)?\s+(?:finally|now|again|from now on)\b[\s!.]*$/i;

/** "day shifts finally": the hours the user works now. */
const hoursNow: Rule = {
  name: 'hours-now',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const hours = HOURS_NOW_EN.exec(ctx.clause.text.trim())?.[1];
    return hours ? [draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `Works ${hours.toLowerCase()} now`, entities: [], time: null, priority: PRIORITY })] : [];
  },
};

const CANT_STAND_SENSE = /\b(?:i\s+)?(?:can['’]?t|cannot|cant)\s+stand\s+the\s+(smell|taste|texture|sound|sight)\s*(?:of\s+it)?[.!]*$/i;

/** "she keeps bringing home durian, i can't stand the smell": the smell of what the clause before named. */
const cantStandThe: Rule = {
  name: 'cant-stand-the',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const sense = CANT_STAND_SENSE.exec(ctx.clause.text.trim())?.[1];
    const previous = ctx.clauses[ctx.index - 1]?.text;
    if (!sense || !previous) return [];
    const thing = headNoun(stripFillers(previous.replace(/[.!?]+$/, ''))).toLowerCase();
    if (thing.length < 3 || /^(?:it|this|that|them|home|me|us|her|him)$/.test(thing)) return [];
    return [draftFor(ctx, { type: 'semantic', kind: 'preference', summary: `Can't stand the ${sense.toLowerCase()} of ${thing}`, entities: [thing], time: null, priority: SPECIFIC })];
  },
};

const PET_ZH = /(柯基|金毛|柴犬|泰迪|哈士奇|拉布拉多|边牧|比熊|橘猫|布偶|英短|美短|狸花猫|狗狗|猫咪|小狗|小猫|狗|猫|兔子|仓鼠)/;
const PET_NAME_ZH = /(?:一只|一个|老大|老二|大的|小的|另一只)?叫([\u4e00-\u9fff]{1,3}?)(?=一只|一个|老二|小的|另一只|[，,、。！!\s]|$)/g;

/** "家里两只柯基 一只叫麻糬一只叫布丁": the names of the pets the clause before named. */
const petNamesZh: Rule = {
  name: 'pet-names-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const previous = ctx.clauses[ctx.index - 1]?.text ?? '';
    const pet = PET_ZH.exec(previous)?.[1];
    const names = [...ctx.clause.text.matchAll(PET_NAME_ZH)].map((m) => m[1] ?? '').filter(Boolean);
    if (!pet || names.length === 0 || !/(?:家|我|养)/.test(previous)) return [];
    const count = /([两二三四五几一]只)/.exec(previous)?.[1] ?? '';
    return [draftFor(ctx, { type: 'semantic', kind: 'relationship', summary: `${count}${pet}叫${names.join('和')}`, entities: [pet, ...names], time: null, priority: PRIORITY })];
  },
};

const NEW_JOB_ZH = /(?:去|到)([\u4e00-\u9fffA-Za-z]{1,12}?)(?:当|做|担任)([\u4e00-\u9fffA-Za-z]{0,6}?(?:经理|工程师|设计师|师|员|总监|主管|老师|医生|护士|律师|会计|编辑|顾问|实习生))/;

// "下周一去阿里云报到", "跳槽了 下个月到美团上班": a new employer (报到/入职 say so alone; 上班 with news of a change).
const NEW_EMPLOYER_ZH = /(?:去|到)([\u4e00-\u9fffA-Za-z]{2,12}?)(报到|入职|上班)/;
// "换工作了！下个月开始去台北一间建筑事务所": after news of a change, going to a workplace is the new job.
const NEW_WORKPLACE_ZH = /(?:开始|要)?(?:去|到)((?:[\u4e00-\u9fff]{2,4}(?:一|的)?(?:间|家|个))?[\u4e00-\u9fffA-Za-z]{0,8}?(?:公司|事务所|医院|诊所|学校|银行|工厂|集团|研究所|工作室|总部))/;
// "我跳槽了！下个月去字节跳动": after news of a change, going somewhere on a day is the new job too.
const GOING_ON_A_DAY_ZH = /^(?:[^去]{0,8}?(?:月|周|号|日|天|年|底|初|中|下|明|后|就|要|会|准备))?去([\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{1,11}?)了?$/;
// ctx.text is the message as typed: Traditional forms too.
const JOB_CHANGE_ZH = /跳槽|offer|[换換](?:了)?工作|新工作|[转轉]岗|[转轉]崗|[离離]职|[离離]職|[辞辭]职|[辞辭]職/i;

/** "下个月去台北一家新创当产品经理": a new job, not only a plan for next month. */
const newJobZh: Rule = {
  name: 'new-job-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = NEW_JOB_ZH.exec(ctx.clause.text);
    const employer = match ? null : NEW_EMPLOYER_ZH.exec(ctx.clause.text);
    const changing = JOB_CHANGE_ZH.test(ctx.text);
    const place = employer?.[1] && (employer[2] !== '上班' || changing) ? employer : changing ? (NEW_WORKPLACE_ZH.exec(ctx.clause.text) ?? (match ? null : GOING_ON_A_DAY_ZH.exec(ctx.clause.text.trim()))) : null;
    const workplace = place?.[1];
    if (place && workplace) {
      // "去MOE总部做课程设计": what they do there stays with it.
      const role = /^(?:做|当|担任)[\u4e00-\u9fffA-Za-z]{2,10}/.exec(ctx.clause.text.slice(place.index + place[0].length))?.[0];
      return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `在${workplace}上班${role ? `，${role}` : ''}`, entities: [workplace], importance: 3, time: null, priority: PRIORITY })];
    }
    if (!match?.[1] || !match[2]) return [];
    return [
      draftFor(ctx, {
        type: 'semantic',
        kind: 'fact',
        summary: `去${match[1]}当${match[2]}`,
        entities: [match[2], ...(match[1].length <= 6 ? [match[1]] : [])],
        importance: 3,
        time: null,
        priority: PRIORITY,
      }),
    ];
  },
};

const GOT_JOB =
  /\bi\s+(?:just\s+|finally\s+|officially\s+|actually\s+)?(?:got|landed|accepted|took)\s+(?:a|an|the|that)\s+(?:new\s+)?((?:[\w-]+\s+){0,3}?)(?:job|position|role|offer)\s+(?:at|with)\s+(.+?)(?:\s+as\s+(?:an?\s+)?([\w\s-]{2,30}?))?\s*(?=[!.,;]|\s+(?:and|but|so|starting|from|next|on|in)\b|$)/i;
// "got hired at a logistics firm last week", "i was hired by the council as a planner".
const HIRED =
  /\bi\s+(?:just\s+|finally\s+|officially\s+|actually\s+)?(?:got|was|have been|['’]ve been|ve been)\s+(?:just\s+|finally\s+|officially\s+)?(?:hired|taken on|brought on)\s+(?:at|by|with)\s+()(.+?)(?:\s+as\s+(?:an?\s+)?([\w\s-]{2,30}?))?\s*(?=[!.,;]|\s+(?:and|but|so|starting|from|next|on|in|last|this|yesterday|today)\b|$)/i;
// "starting an electrical apprenticeship with Voltek on monday", "i start my new role at the council
// next week": a job begun is the user's job, not a plan that expires the day after.
const STARTING_JOB =
  /(?:^|\bi['’]?m\s+|\bi am\s+|\bi\s+|[,.!]\s*)(?:just\s+|finally\s+|officially\s+)?(?:starting|beginning|start|begin)\s+(?:a|an|my|the)\s+(?:new\s+)?((?:(?!job|role|position)[\w-]+\s+){0,3}?)(job|role|position|gig|apprenticeship|internship|traineeship|placement|residency)\s+(?:at|with)\s+(.+?)(?:\s+as\s+(?:an?\s+)?([\w\s-]{2,30}?))?\s*(?=[!.,;]|\s+(?:and|but|so|starting|from|next|on|in|this|tomorrow)\b|$)/i;
const CALLED = /\b(?:called|named)\s+([\w&'’.-]+(?:\s+[A-Z][\w&'’.-]*)*)/i;

/**
 * "i got the junior designer job at a lil branding studio called fieldnote", "landed a job with
 * shopify as a data analyst": the user's job from now on (it replaces the old one), not an event.
 */
const gotJob: Rule = {
  name: 'got-job',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const starting = STARTING_JOB.exec(ctx.clause.text);
    // An apprenticeship or internship names what the job is; "job"/"role" leave the title to "as …".
    const training = starting?.[2] && !/^(?:job|role|position|gig)$/i.test(starting[2]) ? `${starting[1] ?? ''}${starting[2]}`.trim().toLowerCase() : null;
    const later = starting ? /\bas\s+(?:an?\s+)?([a-z][\w\s-]{1,30}?)\s*(?=[!.,;]|$)/i.exec(ctx.clause.text.slice((starting.index ?? 0) + starting[0].length))?.[1] : undefined;
    const match = starting ? [starting[0], training ? '' : (starting[1] ?? ''), starting[3], starting[4] ?? later] : GOT_JOB.exec(ctx.clause.text) ?? HIRED.exec(ctx.clause.text.replace(/^\s*(?=(?:just\s+|finally\s+)?got\s+hired\b)/i, 'i '));
    if (!match?.[2]) return [];
    const title = (match[1] ?? '').trim() || (match[3] ?? '').trim();
    const place = match[2].trim().replace(/\s+(?:lol|lmao|haha\w*|rofl|tbh|btw)$/i, '');
    const employer = CALLED.exec(place)?.[1] ?? place.replace(/^(?:a|an|the)\s+/i, '');
    if (/^(?:it|that|this|them|home|last|work)$/i.test(employer)) return [];
    return [
      draftFor(ctx, {
        type: 'semantic',
        kind: 'fact',
        summary: title ? `Works as ${title.toLowerCase()} at ${employer}` : training ? `Works at ${employer} (${training})` : `Works at ${employer}`,
        entities: [employer, ...(title ? [title.toLowerCase()] : [])],
        importance: 3,
        negative: true,
        conflictHint: 'job',
        time: null,
        priority: PRIORITY,
      }),
    ];
  },
};

const AFTER_ALL = 50;
// "我儿子豆豆下个月满三岁", "我女儿朵朵": a child's nickname is usually a doubled character or 小/阿 + one.
const NICKNAME_ZH = new RegExp(`我(?:的)?(${RELATION_ZH})((.)\\3|[小阿][\\u4e00-\\u9fff])(?![\\u4e00-\\u9fff]{0,1}[的])`);

/** The name of one of the user's people said in passing: a lasting fact beside whatever the clause says. */
const nicknameZh: Rule = {
  name: 'nickname-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = NICKNAME_ZH.exec(ctx.clause.text);
    if (!match?.[1] || !match[2]) return [];
    // Weighed last: the clause's own item ("儿子豆豆下个月满三岁") stays, and where that item is
    // already a lasting fact about them with the name in it ("老婆小林是幼儿园老师") this one yields.
    return [draftFor(ctx, { type: 'semantic', kind: 'relationship', summary: `${match[1]}叫${match[2]}`, entities: [match[1], match[2]], importance: 3, time: null, priority: AFTER_ALL, span: { start: ctx.clause.start + match.index, end: ctx.clause.start + match.index + match[0].length, text: match[0] } })];
  },
};

// A health condition named in passing, in a groan as often as not: "type 2 diabetes sucks man",
// "关键是我胃不好，医生说是胃溃疡". It is the user's unless the clause is about someone else.
const CONDITION_EN = new RegExp(String.raw`\b(${CONDITIONS_EN})(?![\w-])`, 'i');
const SOMEONE_ELSES_EN = new RegExp(String.raw`\b(?:he|she|they|his|her|their|${RELATION_EN})(?:s|es)?\b|\b[A-Z][a-z]+\s+(?:has|had|is|was|got)\b`, 'i');
const FIRST_PERSON_EN = /\b(?:i|i['’]m|im|i['’]ve|ive|my|me|doc|doctor|dr|gp)\b/i;
const CONDITION_ZH = new RegExp(`(${CONDITIONS_ZH}|(?:胃|肠胃|腰|膝盖|心脏|肝|肾)(?:一直|也|有点|特别|很)?不(?:太)?好|血糖(?:偏|有点)?高|血压(?:偏|有点)?高|心率偏快)`);
const SOMEONE_ELSES_ZH = new RegExp(`(?:他|她|${RELATION_ZH})(?:的)?(?:也|还|一直|有|得了|患有|查出)?[^，,。我]{0,4}$`);

const conditionInPassing = (lang: 'en' | 'zh'): Rule => ({
  name: lang === 'en' ? 'condition-in-passing' : 'condition-in-passing-zh',
  scope: 'clause',
  lang,
  apply: (ctx) => {
    const text = ctx.clause.text;
    const match = (lang === 'en' ? CONDITION_EN : CONDITION_ZH).exec(text);
    if (!match?.[1] || match.index === undefined) return [];
    const before = text.slice(0, match.index);
    // "asthma is the worst man": the condition as the subject of a groan is the user's own.
    const ownGroan = lang === 'en' && before.trim() === '';
    if (lang === 'en' ? SOMEONE_ELSES_EN.test(before) || (!FIRST_PERSON_EN.test(ctx.text) && !ownGroan) : SOMEONE_ELSES_ZH.test(before)) return [];
    if (lang === 'en' && /\b(?:no|not|never|don['’]?t have|doesn['’]?t have|without)\b/i.test(before)) return [];
    if (lang === 'zh' && /没有|不是|没得/.test(before)) return [];
    const condition = match[1].replace(/^(?:an?|my)\s+/i, '');
    const summary = lang === 'en' ? `Has ${condition.toLowerCase()}` : /不(?:太)?好|高|快$/.test(condition) ? condition : `有${condition}`;
    // The clause may carry a borrowed subject ("我…"): find the words in the message itself.
    const at = ctx.text.indexOf(match[0], ctx.clause.start);
    const span = at >= 0 ? { start: at, end: at + match[0].length, text: match[0] } : undefined;
    return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary, entities: [condition.toLowerCase()], importance: 3, time: null, priority: AFTER_ALL, ...(span ? { span } : {}) })];
  },
});

export const IN_PASSING_RULES: readonly Rule[] = [conditionInPassing('en'), conditionInPassing('zh'), nicknameZh, anythingBut, promotedTo, gotJob, backTo, personIn, ownHomeIn, hoursNow, cantStandThe, petNamesZh, newJobZh];
