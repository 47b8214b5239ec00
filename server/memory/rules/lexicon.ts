/**
 * Word lists the rule extractor and the pre-filter share (English and Chinese). Kept as data so a
 * missed phrasing is fixed by adding a word, not by touching the patterns.
 */

const alternation = (words: readonly string[]) =>
  [...words].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

/** People the user can name as "my X" (SPEC §2 kind `relationship`). */
export const RELATIONS_EN = [
  'wife', 'husband', 'partner', 'girlfriend', 'boyfriend', 'fiance', 'fiancé', 'fiancee', 'fiancée', 'spouse',
  'son', 'daughter', 'kid', 'child', 'baby', 'mom', 'mum', 'mother', 'dad', 'father', 'sister', 'brother',
  'grandma', 'grandmother', 'grandpa', 'grandfather', 'aunt', 'uncle', 'cousin', 'niece', 'nephew',
  'boss', 'manager', 'colleague', 'coworker', 'co-worker', 'cofounder', 'co-founder', 'teammate', 'team lead',
  'tech lead', 'mentor', 'client', 'friend', 'best friend', 'roommate', 'flatmate', 'landlord', 'doctor',
  'therapist', 'dog', 'cat', 'assistant', 'supervisor', 'advisor', 'in-laws', 'mother-in-law', 'father-in-law',
  // How people type them in chat.
  'bf', 'gf', 'hubby', 'wifey', 'bestie', 'bff', 'buddy', 'grandson', 'granddaughter', 'stepdad', 'stepmom', 'stepmum',
  'stepson', 'stepdaughter', 'sis', 'bro', 'twins', 'neighbour', 'neighbor', 'mam', 'mammy', 'nan', 'nana', 'granny',
  // "my boy nikau is 14", "my girl turns 6", "my mate sent this".
  'boy', 'girl', 'mate', 'son-in-law', 'daughter-in-law', 'stepbrother', 'stepsister',
  // Pets, named like people ("our bearded dragon turns 5", "my puppy hates the hoover").
  'puppy', 'pup', 'kitten', 'bunny', 'rabbit', 'hamster', 'guinea pig', 'parrot', 'budgie', 'tortoise', 'turtle',
  'lizard', 'bearded dragon', 'gecko', 'horse', 'pony', 'ferret', 'greyhound',
] as const;
export const FAMILY_RELATIONS = new Set([
  'wife', 'husband', 'partner', 'girlfriend', 'boyfriend', 'fiance', 'fiancé', 'fiancee', 'fiancée', 'spouse', 'son',
  'daughter', 'kid', 'child', 'baby', 'mom', 'mum', 'mother', 'dad', 'father', 'sister', 'brother', 'grandma',
  'grandmother', 'grandpa', 'grandfather', 'aunt', 'uncle', 'cousin', 'niece', 'nephew', 'in-laws',
  'mother-in-law', 'father-in-law', 'bf', 'gf', 'hubby', 'wifey', 'grandson', 'granddaughter', 'stepdad', 'stepmom',
  'stepmum', 'stepson', 'stepdaughter', 'sis', 'bro', 'boy', 'girl', 'son-in-law', 'daughter-in-law', 'stepbrother',
  'stepsister', 'mam', 'mammy', 'nan', 'nana', 'granny',
]);
export const RELATION_EN = alternation(RELATIONS_EN);

export const RELATIONS_ZH = [
  '老婆', '老公', '妻子', '丈夫', '太太', '先生', '爱人', '对象', '男朋友', '女朋友', '男友', '女友', '未婚妻', '未婚夫',
  '女儿', '儿子', '孩子', '闺女', '宝宝', '爸爸', '妈妈', '父亲', '母亲', '爸', '妈', '哥哥', '姐姐', '弟弟', '妹妹',
  '爷爷', '奶奶', '外公', '外婆', '老板', '领导', '上司', '经理', '同事', '室友', '导师', '合伙人', '朋友', '闺蜜', '兄弟',
  '客户', '狗', '猫',
  // Chat spellings and cousins: "我bf Marcus", "我表妹".
  'bf', 'gf', 'BF', 'GF', '男票', '女票', '老妈', '老爸', '表妹', '表姐', '表哥', '表弟', '堂妹', '堂姐', '堂哥', '堂弟',
  '舅舅', '姑姑', '阿姨', '叔叔', '婆婆', '公公', '岳母', '岳父',
] as const;
export const FAMILY_RELATIONS_ZH = new Set([
  '老婆', '老公', '妻子', '丈夫', '太太', '先生', '爱人', '对象', '男朋友', '女朋友', '男友', '女友', '未婚妻', '未婚夫',
  '女儿', '儿子', '孩子', '闺女', '宝宝', '爸爸', '妈妈', '父亲', '母亲', '爸', '妈', '哥哥', '姐姐', '弟弟', '妹妹',
  '爷爷', '奶奶', '外公', '外婆',
]);
export const RELATION_ZH = alternation(RELATIONS_ZH);

/** Where one works inside an employer: moving "to the renal team" changes work, not home. */
export const WORK_UNIT = /\b(?:team|department|dept|unit|ward|desk|squad|division|branch|rotation|shift|night shift|day shift|office|site|project|practice)\b|(?:部门|组|团队|科室|病房|分公司|项目组)$/i;

/** Occupations for "I'm a …" (a bare "I'm a bit tired" must not become a job). */
export const JOBS_EN = [
  'engineer', 'developer', 'dev', 'programmer', 'coder', 'designer', 'teacher', 'nurse', 'doctor', 'physician',
  'surgeon', 'lawyer', 'attorney', 'accountant', 'student', 'pm', 'product manager', 'project manager', 'manager',
  'consultant', 'writer', 'author', 'researcher', 'scientist', 'analyst', 'architect', 'chef', 'cook', 'pharmacist',
  'freelancer', 'founder', 'cofounder', 'co-founder', 'cto', 'ceo', 'cfo', 'professor', 'lecturer', 'dentist', 'vet',
  'veterinarian', 'journalist', 'photographer', 'artist', 'musician', 'translator', 'marketer', 'salesperson',
  'recruiter', 'intern', 'retiree', 'stay-at-home mom', 'stay-at-home dad', 'stay-at-home parent', 'tutor',
  'paramedic', 'firefighter', 'police officer', 'electrician', 'plumber', 'mechanic', 'pilot', 'farmer', 'sre',
  'data scientist', 'tester', 'qa', 'editor', 'economist', 'banker', 'trader', 'therapist', 'psychologist',
  'social worker', 'civil servant', 'officer', 'soldier', 'driver', 'barista', 'waiter', 'waitress', 'cashier',
  'entrepreneur', 'contractor', 'librarian', 'professor', 'phd student', 'grad student', 'undergrad', 'postdoc',
  'midwife', 'carer', 'caregiver', 'administrator', 'sysadmin', 'devops engineer', 'lead', 'director', 'vp',
  // Jobs people name in passing that the list lacked (session 28): a guide, a concierge, a coordinator.
  'guide', 'tour guide', 'concierge', 'receptionist', 'coordinator', 'clerk', 'technician', 'supervisor', 'assistant',
  'secretary', 'coach', 'instructor', 'trainer', 'hairdresser', 'baker', 'courier', 'dispatcher', 'bartender',
  'cleaner', 'carpenter', 'welder', 'specialist', 'operator', 'agent', 'representative', 'hr',
] as const;
export const JOB_EN = alternation(JOBS_EN);

export const JOBS_ZH = [
  '老师', '教师', '医生', '护士', '工程师', '程序员', '设计师', '产品经理', '项目经理', '律师', '会计', '学生', '研究生', '博士生',
  '大学生', '高中生', '销售', '记者', '作家', '厨师', '司机', '经理', '创业者', '自由职业者', '公务员', '警察', '前端', '后端',
  '运营', '测试', '架构师', '分析师', '顾问', '主管', '总监', '老板', '编辑', '翻译', '教授', '研究员', '药剂师', '会计师',
  '产品', '开发', '算法工程师', '数据分析师', '全职妈妈', '全职爸爸', '退休', '实习生', '客服', '咨询师', '建筑师', '摄影师',
] as const;
export const JOB_ZH = alternation(JOBS_ZH);

/** Frequency adverbs that turn a statement into a habit (SPEC §4.1 "usually, always, never"). */
export const HABIT_ADVERBS_EN = [
  'usually', 'always', 'often', 'normally', 'typically', 'generally', 'mostly', 'never', 'rarely', 'seldom',
  'sometimes', 'regularly', 'almost always', 'almost never', 'hardly ever', 'occasionally', 'frequently',
  'tend to', 'try to', 'like to', 'prefer to',
] as const;
export const HABIT_ADVERB_EN = alternation(HABIT_ADVERBS_EN);

export const HABIT_ADVERBS_ZH = [
  '平时', '一般', '通常', '习惯', '总是', '经常', '常常', '每天', '每周', '每晚', '每天早上', '每天晚上', '从来不', '从不', '很少',
  '尽量', '基本上', '基本', '一向', '向来', '老是', '偶尔', '每次', '天天', '一直',
] as const;
export const HABIT_ADVERB_ZH = alternation(HABIT_ADVERBS_ZH);

/** "every morning", "on weekends", "daily": a repeated activity. */
export const FREQUENCY_EN =
  /\b(?:every|each)\s+(?:other\s+)?(?:day|morning|evening|night|week|weekend|weekday|month|year|summer|winter|spring|autumn|fall|christmas|xmas|easter|thanksgiving|halloween|holiday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|time)\b|\b(?:daily|weekly|nightly|monthly)\b|\b(?:on|at)\s+(?:weekends|weekdays|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b|\b(?:once|twice|three times|\d+\s+times|\d+x)\s+(?:a|per)\s+(?:day|week|month|year)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\s+(?:nights|evenings|mornings|afternoons|lunchtimes)\b|(?<!\b(?:next|this|last|on|coming)\s+)\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\b(?:the\s+)?(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+of\s+(?:the|every|each)\s+month)?\b(?!\s+(?:in|of)\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i;
export const FREQUENCY_ZH = /每(?:天|周|星期|个?月|年|晚|早|次|逢)|周末都|天天|经常|一般|平时/;
// "店长把我的班改成周一周三晚上", "现在周四改去家附近的瑜伽": days of the week listed, or a weekday
// that something now changes to, are a routine, not one dated plan.
const WEEKDAY_ZH = '(?:周|星期|礼拜)[一二三四五六日天]';
export const ROUTINE_ZH = new RegExp(`${WEEKDAY_ZH}[、和跟与及,，]?(?:${WEEKDAY_ZH}|[一二三四五六日天](?![\\u4e00-\\u9fff]?[号点]))|(?:现在|以后|之后|今后|从[^，。]{0,8}(?:起|开始))[^，。]{0,4}${WEEKDAY_ZH}[^，。]{0,3}改`);

/** Verbs that describe things done to or with the assistant's replies: rules, not facts. */
export const RULE_VERBS_EN =
  'answer|reply|respond|write|give|show|use|keep|call|address|explain|format|avoid|stop|include|put|start|end|cite|add|skip|speak|talk|translate|summari[sz]e|list|lead|mention|ask|check|remind|refer to|spell|stick to|be';

/** Markers that an instruction is meant to last, not just for this one reply. */
export const PERSISTENT_RULE_EN =
  /\b(?:always|never|from now on|from here on(?: out)?|any ?more|every time|each time|in every (?:answer|reply|response|message)|in (?:the )?future|going forward|(?:your|all|the|future)\s+(?:replies|answers|responses|messages|explanations|code|examples|summaries)|(?:call|address) me)\b/i;

/** Nouns of things that happen at a time: appointments, trips, deadlines. */
export const EVENT_NOUNS_EN =
  'appointment|interview|meeting|flight|trip|launch|release|deadline|exam|test|wedding|anniversary|birthday|party|dinner|lunch|breakfast|call|review|presentation|demo|conference|surgery|operation|vacation|holiday|holidays|date|match|game|concert|show|class|lesson|course|checkup|check-up|visit|move|meetup|workshop|talk|recital|graduation|ceremony|funeral|retreat|offsite|standup|sync|1:1|one-on-one|performance review|due date|beta|sprint|hackathon|shift|leave|tournament|competition|race|gig|festival|camp|audition|tryouts?|playoffs?|finals?|recital|premiere|opening|reunion|christening|baptism|bar mitzvah|bat mitzvah|fundraiser|open day|parents evening|school play|sports day|vet|dentist|doctor|gp|physio|haircut|barber|optician|orthodontist|smear test|scan|mot|service';

/** Verbs that make a dated clause a plan ("I'm flying", "we're launching", "I have to submit"). */
export const PLAN_VERBS_EN =
  "doing|competing|racing|running|sitting|going|gonna|flying|fly|leaving|leave|heading|head|driving|drive|travel(?:l)?ing|travel|visiting|visit|meeting|meet|starting|start|begin|beginning|finishing|finish|submit|submitting|taking|take|having|seeing|see|presenting|present|launching|launch|releasing|release|shipping|ship|attending|attend|hosting|host|moving|move|getting|picking|dropping|booked|scheduled|planned|planning|plan|due|need to|have to|has to|got to|must|will|'ll|shall|intend|hope to|want to|expect|expecting|coming|returning|back|off|lands|landing|arrives|arriving|departs|leaves|starts|begins|ends|expires|is|are";

/** Past-tense verbs that make a dated clause an event ("I got promoted last week"). */
export const EVENT_VERBS_EN =
  'went|got|left|started|finished|moved|switched|quit|met|visited|bought|sold|joined|graduated|married|promoted|hired|fired|launched|shipped|released|returned|arrived|landed|passed|failed|won|lost|signed|completed|began|became|broke|retired|resigned|divorced|adopted|delivered|gave birth|had (?:a|an|my|our|the) (?:' +
  EVENT_NOUNS_EN +
  ')';

/** Chinese action words that make a dated clause a plan. */
export const PLAN_VERBS_ZH =
  '要|打算|准备|计划|得|会|想|将|去|回|飞|走|搬|出差|开会|见|交|考|面试|上班|放假|放|开始|结束|带|参加|看|约|办|做|买|订|出发|到|来|举行|举办|发布|上线|截止|答辩|旅游|旅行|度假|休假|请假|值班|加班|复查|体检|手术|入职|离职|报到';
export const EVENT_VERBS_ZH = '升职|入职|离职|辞职|毕业|结婚|离婚|搬家|搬到|生了|买了|卖了|换了|去了|回了|开始了|完成了|拿到了|通过了|考上了|退休';

/** Health conditions a user may state ("I have asthma", "我有高血压"). */
export const CONDITIONS_EN =
  'diabetes|type 1 diabetes|type 2 diabetes|asthma|adhd|autism|epilepsy|high blood pressure|hypertension|migraines?|anxiety|depression|celiac disease|coeliac disease|ibs|crohn\'?s(?: disease)?|arthritis|a bad back|back pain|tinnitus|insomnia|dyslexia|a heart condition|heart disease|cancer|long covid|a nut allergy|allergies|hay fever|eczema|psoriasis|gout|sleep apnea|pcos|endometriosis|high cholesterol|prediabetes|pre-diabetes|stomach ulcers?|an ulcer|gastritis|acid reflux|gerd|kidney stones|sciatica|vertigo|fibromyalgia|lupus|hypothyroidism|an underactive thyroid|anemia|anaemia';
export const CONDITIONS_ZH = '高血压|糖尿病|哮喘|心脏病|抑郁症|焦虑症|胃溃疡|胃炎|胃病|鼻炎|过敏性鼻炎|痛风|失眠|颈椎病|腰椎间盘突出|甲亢|甲减|贫血|偏头痛|乳糖不耐受|高血脂|脂肪肝|湿疹|荨麻疹|关节炎|心律不齐|肾结石';

/** Adjectives about the user that are durable constraints or facts ("I'm vegetarian"). */
export const DIET_ADJECTIVES_EN =
  'vegetarian|vegan|pescatarian|pescetarian|lactose[- ]intolerant|gluten[- ]intolerant|gluten[- ]free|dairy[- ]free|celiac|coeliac|diabetic|kosher|halal|teetotal|sober|allergic|colou?r ?blind|deaf|hard of hearing|left[- ]handed|right[- ]handed|pregnant|married|single|divorced|engaged|widowed|retired|unemployed|self[- ]employed|introverted|an introvert|an extrovert|a night owl|an early bird|a morning person|a night person';

/** One-off mood adjectives: "I'm so tired" is not a fact about the user. */
export const MOODS_EN =
  'tired|exhausted|bored|hungry|thirsty|sad|happy|glad|excited|stressed|angry|annoyed|sleepy|sick|confused|lost|stuck|frustrated|done|fine|good|great|ok|okay|sorry|busy|late|back|here|ready|curious|nervous|worried|upset';

/** Venting and heat-of-the-moment language (SPEC §4.2: not a plan). */
export const VENTING_EN =
  /\b(?:so done|i'?m done with|fed up|sick of|sick and tired|ugh+|argh+|f+u+c+k+\w*|fml|wtf|damn it|screw (?:this|it|that)|hate my life|hate everything|i give up|kill me|(?:want|wanna|going) to (?:scream|die|cry|delete (?:it|everything)|throw (?:it|my)|burn (?:it|everything)|smash|punch|quit everything)|delete it all|burn it all|this is (?:so )?(?:stupid|ridiculous|killing me)|(?:is|are) killing (?:me|us)|driving me (?:crazy|insane|nuts|mad|up the wall)|losing my mind|at my wits'? end|can'?t take (?:it|this) any ?more|i swear (?:i'?m|im|i am) (?:going to|gonna|about to)|(?:want|wanna) to (?:walk (?:out|off)|run away|disappear)|and never come back)\b/i;
export const VENTING_ZH = /累死了?|烦死了?|气死了?|崩溃|受够了|想死|真想|要疯了|无语|烦透了|太烦了|好烦|郁闷死|好累|太累了|唉|想裸辞|气炸|抓狂|心累|破防/;

/**
 * A past verb whose date is still ahead: "booked flights to porto for july 18th", "scheduled the
 * MOT for the 3rd", "got tickets for the 12th". The booking happened; the date is the trip's.
 */
export const BOOKED_AHEAD_EN =
  /\b(?:booked|scheduled|rescheduled|reserved|arranged|signed (?:up|us up)|registered|enrolled|bought (?:the\s+)?tickets|got (?:the\s+)?tickets|made (?:an?|the|my|our) (?:appointment|reservation|booking))\b.*\b(?:for|on|in)\s+(?:the\s+)?(?:\d|next|this|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

// "周末去了趟马六甲", "上个周末搬了家": a verb with 了 after it is done, so an open day such as 周末
// or 周五 is the one just gone. A booking is done now for a day ahead ("订了周五的票"), so it is not.
export const PAST_ZH = /上周|上个月|昨天|前天|去年|之前|以前|刚|已经|了$|(?:去|回|搬|买|看|吃|参加|办|考|见|跑|玩|爬|逛|生|换|辞|过|结|离|拍|修|剪|拔|补|喝|唱|打)了(?!解|不起|吧)/;
export const BOOKED_AHEAD_ZH = /订了|约了|预约|报了名|报名了|挂了号|买了票|买了.{0,6}票/;

// "…之前打错了", "上次我把城市说错了": saying one got something wrong, the marker a correction said
// after the value ends with (the clause of its own, extract-from-text.ts; the summary's tail, chinese-summary.ts).
export const SAID_WRONG_ZH = String.raw`(?:我)?(?:之前|上次|刚才|刚刚|前面|前天|昨天)?(?:我)?(?:把[\u4e00-\u9fff]{1,6})?(?:说错了|打错(?:字)?了|搞错了|记错了|写错了|弄错了)`;

// "6月7号就要高考了", "下周要搬家了": 要…了 is about to happen, not done (the 了 is no past tense).
export const IMMINENT_ZH = /(?:就要|快要|将要|马上要|马上就|要)[^，,。！!了]{1,10}了(?:[，,。！!~～]|$)/;

/**
 * "just back from 4 days in porto", "back from bali!": home from a trip, worth keeping; back from
 * work, the gym or the shops is only where one was an hour ago.
 */
export const BACK_FROM_AWAY = String.raw`back from (?!(?:work|school|uni|college|class|lunch|dinner|breakfast|church|shopping|practice|training|the (?:gym|shops?|store|supermarket|office|doctor['’]?s?|dentist['’]?s?|pub|park|pool|library|bank|hospital|school run)|a (?:run|walk|jog|swim|ride|meeting|shift|call)|my (?:run|walk|shift|break))\b)`;

/**
 * Someone's relative opening a clause: "ciarán's mam is coming too", "my bf's mum is diabetic"
 * (group 1 the whole phrase, group 2 the relation). Not "it's my…" / "that's my…".
 */
export const RELATIVE_OF_EN = new RegExp(
  String.raw`^(?:(?:also|and|but|oh|plus|so|btw)[\s,]+)*((?!(?:it|that|this|what|who|there|here|he|she|let)['’]s)(?:(?:my|our)\s+(?:${RELATION_EN})|[\p{L}-]{2,16})['’]s\s+(${RELATION_EN}))\b`,
  'iu',
);

