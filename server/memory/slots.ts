/**
 * Single-valued attributes (SPEC §4.4, issue 12): where the user lives, their job, their diet,
 * their relationship status and the date of a named appointment can each hold one current value.
 * Detected from the memory's own words, generically (any city, any job), so a new value can
 * supersede the old one with history, and the memories that depended on the old value can be
 * sent for review. Pure: the apply step (apply-memories.ts) does the writing.
 */
import { toSimplified } from '../text/chinese-script';
import { JOB_EN as JOB_EN_WORDS, RELATION_EN as RELATION_EN_WORDS, RELATION_ZH as RELATION_ZH_WORDS, WORK_UNIT } from './rules/lexicon';

/**
 * `job` holds a title and an employer ("data analyst at Shopify"); `job_title` only a title ("a
 * nurse"), `employer` only a workplace ("the stroke unit at Charité"): a new workplace does not
 * make the user stop being a nurse.
 */
export type SlotAttribute = 'home' | 'job' | 'job_title' | 'employer' | 'diet' | 'relationship_status' | `appointment:${string}` | `name:${string}`;

export interface Slot {
  attribute: SlotAttribute;
  /** The value in the memory's words, lower-cased ("berlin", "data analyst at shopify"). */
  value: string;
}

export interface SlotInput {
  type: string;
  kind: string;
  summary: string;
  entities: readonly string[];
}

const clean = (value: string) =>
  value
    .toLowerCase()
    .replace(/\s*\((?:\d{4}-\d{2}(?:-\d{2})?(?: \d{2}:\d{2})?|\d{4}年.*?)\)\s*$/u, '')
    .replace(/[.,!?;:。！？，；：]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

// A value ends before a time, a reason or a second fact ("Lives in Leeds now since May", "…and works…").
const VALUE_END = String.raw`(?=\s+(?:now|since|for|from|with|w/?|is|are|was|and|but|because|so|after|before|last|next|this|these|in\s+(?:\d{4}|january|february|march|april|may|june|july|august|september|october|november|december|the\b))\b|\s+\d|\s*[,;.!?(（]|$)`;

// "Still living at their parents' place in Mississauga", "Stays in Petaling Jaya" (habitual "stay"
// is where one lives; "staying at my mum's this week" is a visit, so not "staying"), "Got a little
// condo in Liberty Village", "Is in a little unit in Geelong now": a home acquired or lived in is
// where one lives now.
const HOME_EN = new RegExp(
  String.raw`^(?:(?:now|currently|still|finally|just|actually|recently)\s+)*(?:(?:lives|living|live|is based|based|has moved|moved|relocated|settled|is settled|has settled|stays|stay|has lived|have lived|has been living|have been living)\s+(?:back\s+)?(?:in|to|near|out of)|(?:lives|living|live)\s+at)\s+(?:the\s+)?(.+?)` +
    VALUE_END +
    String.raw`|^(?:(?:has|have|just|finally|now|already|recently)\s+)*(?:got|bought|rented|rents|rent|renting|moved into|found|has|have|owns|own|(?:is|are)\s+(?:now\s+)?in)\s+(?:(?:a|an|our|my|their)\s+|(?<=found\s))(?:(?:little|new|small|tiny|nice|own|first|cute|cheap|\d[- ]?bed(?:room)?)\s+)*(?:condo|flat|apartment|house|place|studio|home|townhouse|bungalow|unit|houseshare|house share|flatshare|flat share|dorm|\d[- ]?bed(?:room)?)\s+(?:in|near)\s+(?:the\s+)?(.+?)` +
    VALUE_END +
    // "The new place in stoneybatter w ciarán is class", "Is officially in porto": a new home said in passing.
    String.raw`|^(?:the|their|our|my)\s+new\s+(?:place|flat|apartment|house|home|condo|studio)\s+(?:is\s+)?(?:in|near)\s+(?:the\s+)?(.+?)` +
    VALUE_END +
    String.raw`|^(?:is|are)\s+(?:now\s+)?(?:officially|finally|properly)\s+(?:living\s+)?in\s+(?!(?:a|an|the|my|their|love|charge|trouble|pain|bed|hospital|labou?r)\b)(.+?)` +
    VALUE_END,
  'i',
);
const DWELLING_IN = /^(?:a|an)\s+(?:[\w-]+\s+){0,2}(?:condo|flat|apartment|house|place|studio|home|townhouse|bungalow|unit|cottage)\s+(?:in|near)\s+(?:the\s+)?(.+)$/i;
// "住totem park宿舍", "现在跟阿凯一起在kitsilano合租", "已经在成都安顿下来了": a Latin name may hold spaces.
// "竹北新家離公司很近", "将搬到台南善化住": a new home named first, a move said ahead.
const HOME_ZH =
  /^(?:现在|目前|已经|刚|上个月|去年|最近|将)*(?:(?:住在|住|搬到|搬去|搬来|定居在?|家在)\s*([\u4e00-\u9fffA-Za-z](?:[\u4e00-\u9fffA-Za-z]|(?<=[A-Za-z]) (?=[A-Za-z])){1,13}?)(?:了|啦|市|区)?(?=[，,。！!\s了啦（(]|住|[一二三四五六七八九十几两半\d]+(?:个|年|天|周|星期)|$)|(?:跟[\u4e00-\u9fffA-Za-z]{1,6}(?:一起)?)?在([\u4e00-\u9fffA-Za-z]{2,12}?)(?:合租|租房|租了|安顿|落脚|定居)|^(?!我)([\u4e00-\u9fffA-Za-z]{2,6}?)的?新家|^(?:新家|新房子?|现在住的地方|新公寓)(?:在|是)\s*([\u4e00-\u9fffA-Za-z](?:[\u4e00-\u9fffA-Za-z]|(?<=[A-Za-z]) (?=[A-Za-z])){1,13}?)(?:那边|那儿|这边|附近|一带)?(?=[，,。！!\s]|$))/;

const JOB_EN = new RegExp(
  String.raw`^(?:is\s+|has\s+)?(?:now\s+|officially\s+|finally\s+)?(retired)\b|^(?:(?:now|currently|still|just|recently|finally)\s+)*(?:works|working|is working|has started|started|starting|starts|began|joined|got a job|got promoted|was promoted|promoted|has worked|has been working)\s+(?:(?:my|their|a|the)\s+(?:new\s+)?(?:job|role|position)\s+)?(?:\d{1,2}(?::\d\d)?\s*[-–]\s*\d{1,2}(?::\d\d)?\s+)?(?:(?:nights|days|weekends|evenings|shifts|part[- ]time|full[- ]time|remotely|freelance|mostly|weekend shifts|night shifts)\s+)?(?:as|at|for|with|to|(?:on|in)(?=\s+the\s+.+\bat\b)|(?:like|the)(?=\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:${JOB_EN_WORDS}|desk|counter|office|till|register)\b))\s+(.+?)(?=\s+(?:since|from|on|in\s+\d|starting|next|this|last)\b|\s*[,;.!?(（]|$)` +
    String.raw`|^(?:is|was)\s+(?:now\s+)?an?\s+(.+?\s(?:at|for)\s+.+?)(?=\s*[,;.!?(（]|$)` +
    // "Qa tester at baltic reefer", "Test automation engineer at nordkod": a self-introduction's
    // title and workplace, said with no verb ("kaarel here, 26, qa tester at baltic reefer").
    String.raw`|^((?:[\w-]+\s+){0,2}?(?:${JOB_EN_WORDS})\s+(?:at|for|with|in)\s+(?!(?:work|home|school|night|the moment|the weekend|weekends)\b)(?!.*\b(?:is|was|were|are|has|had|did|does|said|says)\b)[\w&'’.-]+(?:\s+[\w&'’.-]+){0,3}?)(?=\s*[,;.!?(（]|\s+and\s|$)` +
    // "Is PM for the payments team at payloop": a title from the list needs no article.
    String.raw`|^(?:is|was)\s+(?:now\s+)?((?:[\w-]+\s+){0,2}?(?:${JOB_EN_WORDS})\s+(?:at|for|on|in)\s+.+?)(?=\s*[,;.!?(（]|\s+and\s|$)` +
    String.raw`|^(?:is|was)\s+(?:now\s+)?an?\s+((?:[\w-]+\s+){0,3}?(?:${JOB_EN_WORDS}))\b` +
    // "Drives otr for redline freight", "cooks at nando's": a working verb and whom it is for.
    String.raw`|^(?:(?:still|currently|now)\s+)?(?:drives|delivers|dispatches|cooks|cleans|bartends|waitresses|waits tables|nannies|tutors|codes|designs|consults|freelances|writes|reports|edits|nurses|teaches|coaches|serves)\s+(?:(?:otr|trucks?|long[- ]haul|local|full[- ]time|part[- ]time|nights|days|shifts|weekends)\s+)?(?:for|at)\s+(?!(?:my|our|his|her|their|the kids|fun|free|a living|myself|themselves|work)\b)(\w[\w&'’.-]*(?:\s+[\w&'’.-]+){0,3}?)(?=\s*[,;.!?(（]|\s+(?:and|but|so|now|since|because|which|on|in|every|doing|from)\b|$)` +
    // "Dispatches for a towing company", "drives for a delivery firm": the work said by its verb.
    String.raw`|^(?:(?:still|currently|now)\s+)?[a-z]{3,}(?:es|s)\s+(?:for|at)\s+((?:an?|the)\s+(?:[\w'’-]+\s+){0,3}?(?:company|firm|agency|startup|hospital|clinic|school|restaurant|bakery|cafe|café|shop|store|bank|utility|council|practice|studio|lab|warehouse|factory|airline|hotel|garage|charity|newspaper|magazine))\b`,
  'i',
);
const JOB_ZH = /^(?:现在|目前|已经|刚|新工作)*(?:做|当)([\u4e00-\u9fffA-Za-z]{0,6}?(?:经理|主管|总监|运营|开发|设计师|设计|工程师|会计|老师|护士|医生|销售|客服|编辑|记者|律师|顾问|分析师|实习生|助理|程序员|测试|运维|财务|人事|行政|产品))(?:了|的)?$|^去[\u4e00-\u9fffA-Za-z]{1,12}?(?:当|做|担任)([\u4e00-\u9fffA-Za-z]{2,8})$|^(?:现在|目前|已经|刚|下个月|下周.)?(?:在|去)([\u4e00-\u9fffA-Za-z0-9]{1,12}?)(?:工作|上班|当|教书|教)|^(?:现在|目前|已经|刚|周末|平时|晚上|白天|每周.)*(?:在|去)\s*([\u4e00-\u9fffA-Za-z0-9][\u4e00-\u9fffA-Za-z0-9 ]{1,20}?)\s*(?:打工|兼职|实习|上班|工作|做(?:夜班|白班|晚班|兼职|全职)?[\u4e00-\u9fff]{0,3}?(?:理货|收银|客服|销售|前台|会计|设计|助理|经理|主管|服务员|产品|运营|开发|研发|技术|市场|财务|人事|HR|[员师工]))|^(?:现在|目前)?(?:是|当)\s*([\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{1,20}?)(?:了)?$|(?:入职|跳槽到|升职为?|升任)\s*([\u4e00-\u9fffA-Za-z]{2,10})|(退休)|^(?:现在|目前|已经|刚)*在\s*([\u4e00-\u9fffA-Za-z0-9 ]{1,14}?(?:公司|工厂|医院|学校|银行|餐厅|超市|事务所|集团|研究所|机构|工作室|诊所|酒店|药店|咖啡店|书店|便利店))\s*(?:上班|工作|打工|做|写|当|教|搞|干)|(?:调到|调去|转到|换到|去了)([\u4e00-\u9fffA-Za-z]{0,10}?(?:学校|小学|中学|初中|高中|大学|学院|幼儿园|医院|诊所|公司|银行|事务所|工厂|集团|研究所))/;

// A diet is one at a time: "doing mediterranean now" or "eating normal again" ends keto.
const DIET_EN = /\b(vegetarian|vegan|pescatarian|pescetarian|keto|paleo|carnivore|atkins|whole30|mediterranean(?= (?:diet|now|these days|instead)|$)|low[- ]carb|plant[- ]based|eat(?:s|ing)? (?:[a-z]+ (?:and|&) )?(?:meat|fish|eggs|dairy|chicken) again|eats? meat|eats? fish|eat(?:s|ing)? (?:normal(?:ly)?|everything) (?:again|now))\b/i;
const DIET_ZH = /(蛋奶素|吃素|素食者?|开始吃肉|又吃肉|不吃肉)/;

const STATUS_EN = /^(?:is|are|got|just got|now|has been|have been)?\s*(?:now\s+)?(married|engaged|single|divorced|separated|widowed)\b|^(?:broke up|split up)\b/i;
const STATUS_ZH = /^(?:已经|刚|现在)?(结婚了|订婚了|单身|离婚了|分手了)/;

const RELATION_NAME = new RegExp(String.raw`^(?:(?:new|older|younger|big|little|best)\s+)?(${RELATION_EN_WORDS})(?:['’]s name is\s+|\s+is\s+(?:called\s+|named\s+)?|\s+)([A-Z][\p{L}'’-]+)\b(?!['’]s)`, 'iu');

/** The relation a name memory says, as said ("Wife is Ana" → "wife", which its slot files as partner; "Best friend is Noor" → "friend"). */
export function relationSaid(summary: string): string | null {
  return RELATION_NAME.exec(summary.trim())?.[1]?.toLowerCase() ?? null;
}

// "女儿的小名叫果果", "儿子叫豆豆": the name of one of the user's people, in Chinese.
// "男朋友的名字是 Kelvin": a name in Latin letters too.
const RELATION_NAME_ZH = new RegExp(`^(${RELATION_ZH_WORDS})(?:的)?(?:小名|名字|大名|英文名)?(?:叫|是)\\s*([\\u4e00-\\u9fff]{1,3}|[A-Za-z][A-Za-z'’-]{1,15})$`);

const SPECIFIC_APPOINTMENTS = /\b(booster|jab|vaccination|filling|root canal|surgery|scan|mri|x-?ray|blood test|eye test)\b|(补牙|拔牙|洗牙|手术|复查|产检)/i;
// Appointments named by what they are for; "dentist appointment" is the dentist, not an appointment.
const APPOINTMENT_NOUNS = String.raw`dentist|doctor|gp|physio|physiotherapy|therapist|therapy|haircut|hairdresser|vet|check-?up|interview|surgery|scan|eye test|optician`;
// "embassy appointment", "doc appt": an appointment is named by the word before it, when there is one.
const APPOINTMENTS = new RegExp(
  String.raw`\b((?:(?!(?:${APPOINTMENT_NOUNS})\s+(?:appointment|appt)\b)[a-z-]+\s+)?(?:review|meeting|presentation|exam|viva|appointment|appt)|${APPOINTMENT_NOUNS})\b|(牙医|牙科|医生|复查|体检|产检|面试|理发|复诊|看牙|手术|[\u4e00-\u9fff]{1,3}课)`,
  'i',
);

// One role, several words: a new manager replaces the boss.
const SAME_ROLE: Record<string, string> = { boss: 'manager', supervisor: 'manager', 'line manager': 'manager', 'team lead': 'manager', wife: 'partner', husband: 'partner', spouse: 'partner', hubby: 'partner', wifey: 'partner', bf: 'boyfriend', gf: 'girlfriend' };

/** The slot a memory fills, if it states one of the single-valued attributes. */
export function slotOf(memory: SlotInput): Slot | null {
  const summary = toSimplified(memory.summary.trim());
  if (memory.type === 'procedural') return null;
  if (memory.type === 'episodic' && memory.kind === 'plan') {
    // The most specific noun names the appointment: "the vet … his booster is due 10 july" and
    // "booster moved to 31 july" are the same booster.
    const appointment = SPECIFIC_APPOINTMENTS.exec(summary) ?? APPOINTMENTS.exec(summary);
    const noun = appointment?.[1] ?? appointment?.[2];
    return noun ? { attribute: `appointment:${noun.toLowerCase().replace(/-/g, '').replace(/\bappt$/, 'appointment')}`, value: clean(summary) } : null;
  }
  // Someone else's facts ("Sister lives in Oslo") are theirs, not the user's slots; only the name
  // of one of the user's people is ("Sister is Clara", "Manager's name is Priya").
  // "男朋友的名字是 Kelvin" is about that person whatever kind a correction gave it.
  if (memory.kind === 'relationship' || (memory.kind === 'fact' && RELATION_NAME_ZH.test(summary))) {
    const zh = RELATION_NAME_ZH.exec(summary);
    if (zh?.[1] && zh[2]) return { attribute: `name:${zh[1]}`, value: zh[2].toLowerCase() };
    const named = RELATION_NAME.exec(memory.summary.trim());
    // The pattern is case-insensitive for the relation word; the name itself must be capitalised
    // ("Husband grew up in Naples" names no one).
    return named?.[1] && named[2] && /^\p{Lu}/u.test(named[2]) ? { attribute: `name:${SAME_ROLE[named[1].toLowerCase()] ?? named[1].toLowerCase()}`, value: named[2].toLowerCase() } : null;
  }
  const home = HOME_EN.exec(summary) ?? HOME_ZH.exec(summary);
  const named = home?.slice(1).find((group) => group !== undefined);
  // "settled in a little unit in Kingston": the home is Kingston (a "unit" here is a flat).
  const place = (named && DWELLING_IN.exec(named)?.[1]) ?? named;
  // "Moved to the renal team at St Thomas'": a team or a ward is where one works, not lives.
  if (place && WORK_UNIT.test(place)) return { attribute: 'employer', value: clean(place) };
  if (place) return { attribute: 'home', value: clean(place) };
  const job = JOB_EN.exec(summary) ?? JOB_ZH.exec(summary);
  const title = job?.slice(1).find((group) => group !== undefined);
  if (title) return { attribute: jobAttribute(clean(title), summary), value: clean(title) };
  if (memory.kind === 'constraint' || memory.kind === 'fact' || memory.kind === 'preference') {
    const diet = DIET_EN.exec(summary) ?? DIET_ZH.exec(summary);
    if (diet?.[1]) return { attribute: 'diet', value: clean(diet[1]) };
  }
  const status = STATUS_EN.exec(summary) ?? STATUS_ZH.exec(summary);
  if (status) return { attribute: 'relationship_status', value: clean(status[1] ?? status[0]) };
  return null;
}

const TITLE = new RegExp(String.raw`\b(?:${JOB_EN_WORDS})\b`, 'i');
const EMPLOYER = /\b(?:at|for|with)\s+\S/i;

function jobAttribute(value: string, summary: string): SlotAttribute {
  // Retired is no title beside a workplace: it ends the job, title and workplace alike.
  if (value === 'retired' || value === '退休') return 'job';
  // "在成都一所小学教三年级数学" → "调到高新区一所初中了": both say where they work.
  if (/[\u4e00-\u9fff]/.test(value) || /[\u4e00-\u9fff]/.test(summary)) {
    // "在一家做跨境电商的公司做运营": where and what, so a new title or a new employer replaces it.
    if (/在.+(?:公司|医院|学校|银行|工厂|店|所|集团).*(?:做|当)[\u4e00-\u9fffA-Za-z]{2,6}$/.test(summary)) return 'job';
    return /在.+(?:工作|上班|教|打工|兼职|实习|做)|入职|跳槽|调到|调去|转到|换到|去了/.test(summary) ? 'employer' : 'job_title';
  }
  const title = TITLE.test(value) || /^(?:works|working)\s+as\b/i.test(summary);
  const employer = EMPLOYER.test(value) || /^(?:an?|the)\s.*\b(?:company|firm|agency|startup|hospital|clinic|school|restaurant|bakery|cafe|café|shop|store|bank|utility|council|practice|studio|lab|warehouse|factory|airline|hotel|garage|charity|newspaper|magazine)$/i.test(value) || /^(?:works|working|is working|(?:still\s+|currently\s+|now\s+)?(?:drives|delivers|dispatches|cooks|cleans|bartends|tutors|consults|freelances|writes|nurses|teaches|coaches|serves))\s+(?:[\w-]+\s+){0,2}?(?:at|for)\b/i.test(summary) || /^(?:joined|started (?:at|on)|(?:started|starting|began) (?:my|their|a|the) (?:new )?(?:job|role|position) (?:at|with)\b)/i.test(summary);
  return title && employer ? 'job' : employer ? 'employer' : 'job_title';
}

/** People there is one of at a time: a new name replaces the old; a sister's only on a correction. */
/** The name slots of a partner said in English (SAME_ROLE files wife, husband and hubby as partner). */
export const PARTNER_NAME_SLOTS = ['name:partner', 'name:girlfriend', 'name:boyfriend', 'name:fiance', 'name:fiancé', 'name:fiancee', 'name:fiancée', 'name:spouse'] as const;
export const ONE_AT_A_TIME = new Set<string>(['name:manager', ...PARTNER_NAME_SLOTS, 'name:landlord', 'name:therapist', 'name:doctor']);

/** What a new value of `attribute` replaces: a title and a workplace replace each other's halves. */
export function replacedAttributes(attribute: SlotAttribute): SlotAttribute[] {
  if (attribute === 'job') return ['job', 'job_title', 'employer'];
  if (attribute === 'job_title' || attribute === 'employer') return [attribute, 'job'];
  return [attribute];
}

/** Words a slot's memories are found by, whatever they say ("Started on the stroke unit at Charité" is about work). */
export function slotWords(attribute: string | null): string {
  if (!attribute) return '';
  if (attribute === 'home') return 'live home 住 家';
  if (attribute === 'job' || attribute === 'job_title' || attribute === 'employer') return 'work job 工作 上班';
  if (attribute === 'diet') return 'diet eat 饮食 吃';
  if (attribute === 'relationship_status') return 'relationship 感情';
  return 'appointment 预约';
}

/** Words of a value that name a place or employer another memory can depend on ("lyon", "shopify"). */
export function anchorWords(slot: Slot, entities: readonly string[]): string[] {
  if (slot.attribute !== 'home' && slot.attribute !== 'job' && slot.attribute !== 'employer') return [];
  const value = slot.value;
  const named = entities.map((e) => e.toLowerCase()).filter((e) => (e.length >= 3 || /[\u4e00-\u9fff]{2}/.test(e)) && value.includes(e));
  if (named.length > 0) return named;
  // Without an entity, the last word of a place ("leeds") or the employer after "at" ("shopify").
  const employer = /\b(?:at|for|with)\s+(?:the\s+)?([\p{L}\d&'-]+(?:\s+[\p{L}\d&'-]+)?)$/u.exec(value)?.[1];
  if (slot.attribute !== 'home') return employer && employer.length >= 3 ? [employer] : [];
  return value.length >= 2 ? [value] : [];
}

/** `memories.slot`: the attribute only (the value is read from the summary when it matters). */
export function slotColumn(memory: SlotInput): string | null {
  return slotOf(memory)?.attribute ?? null;
}
