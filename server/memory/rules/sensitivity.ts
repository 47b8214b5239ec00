/**
 * Which sensitive areas a piece of text touches (SPEC §2 `sensitive`: health, finances, family,
 * beliefs…). Validation also reads the categories: health items and sensitive changes enter as
 * candidates (SPEC §4.3.4).
 */

export type SensitiveCategory = 'health' | 'finances' | 'family' | 'beliefs' | 'sexuality' | 'politics';

const CATEGORIES: ReadonlyArray<readonly [SensitiveCategory, RegExp]> = [
  [
    'health',
    /\b(?:allerg\w*|intoleran\w*|celiac|coeliac|diabet\w*|asthma|pregnan\w*|blood pressure|hypertension|cholesterol|medications?|meds|prescriptions?|therapy|therapist|depress\w*|anxiety|adhd|autis\w*|cancer|chemo\w*|surger(?:y|ies)|diseases?|diagnos\w*|illness(?:es)?|disorders?|disabilit\w*|colou?r ?blind|deaf|epilep\w*|migraines?|insomnia|smok\w*|sober|sobriety|alcoholi\w*|rehab|low-sodium|low sodium|miscarriage|ivf|hiv|std|injur\w*|chronic|symptom\w*|psychiatri\w*|psycholog\w*|counsell?(?:or|ing)|mental health|eating disorder|anorexi\w*|bulimi\w*|vaccin\w*|reflux|gerd|ibs|crohn\w*|arthritis|deficien\w*|anemi\w*|anaemi\w*|sprain\w*|fractur\w*|concussion|tinnitus|herni\w*|slipped disc|sciatica|lactose|gout|eczema|psoriasis|vertigo|thyroid|inhalers?|epi-?pens?|insulin|antidepressants?|sertraline|ssris?|panic attacks?|ptsd|ocd|bipolar|seizures?|pacemaker|heart condition|burn-?out)\b|过敏|不耐受|不耐(?!烦)|乳糖|椎间盘|间盘突出|耳鸣|痔疮|结石|甲亢|甲减|反流|贫血|扭伤|扭到(?:脚|腰|手|膝)|骨折|疾病|生病|病了|药|医院(?![^，。,.!?！？]{0,4}(?:当|上班|工作|实习|值班|轮班))(?!附近|旁边|对面|门口|楼下)|怀孕|孕期|高血压|糖尿病|抑郁|焦虑|手术|癌|哮喘|戒烟|戒酒|血压|体检|复查|疫苗|失眠|确诊|症|溃疡|胃炎|胃不好|(?:膝盖|腰|颈椎|腰椎)(?:不太好|不好|有伤|受过伤|伤过|疼|痛)|受过伤|伤过|痛风|心率|关节炎|湿疹|血糖|心理咨询|心理医生|咨询师|精神科|双相|躁郁/i,
  ],
  [
    'finances',
    /\b(?:salar(?:y|ies)|income|debts?|loans?|mortgages?|bank accounts?|savings|net worth|bankrupt\w*|credit score|credit card debt|paychecks?|pay cut|pay rise|invest\w*|portfolio|stocks?|crypto|tax(?:es)? (?:return|bill)|owe|overdraft|pension|401k|inheritance)\b|工资|收入|贷款|房贷|车贷|欠|存款|负债|理财|年薪|月薪|股票|基金|债|破产|信用卡/i,
  ],
  [
    'family',
    /\b(?:wife|husband|partner|girlfriend|boyfriend|spouse|fianc[eé]e?|kids?|children|child|sons?|daughters?|mom|mum|mother|dad|father|parents?|sisters?|brothers?|siblings?|grand(?:ma|pa|mother|father|kids|children)|family|divorc\w*|married|marriage|pregnan\w*|baby|in-laws?|custody|adopt(?:ed|ing|s)?(?=\s+(?:\w+\s+){0,2}(?:bab(?:y|ies)|child|children|kids?|sons?|daughters?|boy|girl|siblings?)\b)|adoption|(?:was|were|am|is|are|being)\s+adopted)\b|老婆|老公|妻子|丈夫|太太|爱人|对象|男朋友|女朋友|女儿|儿子|孩子|闺女|宝宝|爸|妈|父亲|母亲|家人|家里|离婚|结婚|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|外公|外婆/i,
  ],
  [
    'beliefs',
    /\b(?:religio\w*|christian\w*|catholic\w*|muslim|islam\w*|jewish|judaism|buddhis\w*|hindu\w*|sikh\w*|atheis\w*|agnostic|church|mosque|synagogue|temple|pray\w*|halal|kosher|ramadan|faith)\b|信佛|佛教|基督|天主|伊斯兰|穆斯林|信教|宗教|清真|斋月|教会|吃斋/i,
  ],
  ['sexuality', /\b(?:gay|lesbian|bisexual|queer|transgender|trans|non-binary|nonbinary|asexual|sexual orientation|coming out|came out)\b|同性恋|双性恋|跨性别|性取向|出柜/i],
  [
    'politics',
    /\b(?:vote[ds]?|voting|democrat\w*|republican\w*|labou?r party|conservative party|tory|tories|liberal party|socialis\w*|communis\w*|politic\w*|election|maga|left-wing|right-wing|activist)\b|党员|政治|投票|选举|政党/i,
  ],
];

/** Sensitive areas mentioned by `text`, in a stable order. */
export function sensitiveCategories(text: string): SensitiveCategory[] {
  return CATEGORIES.filter(([, pattern]) => pattern.test(text)).map(([category]) => category);
}
