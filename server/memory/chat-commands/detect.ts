/**
 * Memory management by natural language in chat (SPEC §7, "In chat"): "what do you remember
 * about me?", "lower the priority of my coffee preference", "that's wrong, I live in Hangzhou".
 * "Remember …" and "forget …" have their own detector (../explicit-command.ts); together they
 * make the fast channel's command set. Like that detector this one favours precision: a missed
 * command is an ordinary chat turn, a false one changes a memory the user did not mean.
 */

export type ManagementCommand =
  | { kind: 'list' }
  | { kind: 'reprioritize'; target: string; direction: 'lower' | 'raise'; level: number | null }
  | { kind: 'correct'; statement: string };

const LIST = [
  /\bwhat (?:do|did|else do|all do) (?:you|u) (?:actually |really )?(?:know|remember|recall|have (?:stored|saved|noted)|have on record)(?:\s+\w+)? (?:about|abt) me\b/i,
  /\bwhat have you (?:remembered|learned|learnt|stored|saved|noted)(?:\s+\w+)? about me\b/i,
  // "tell me everything you know" alone is about the world ("… about Rust lifetimes"), so it
  // lists only when it ends there or says "about me".
  /\b(?:tell|show|list) me (?:what|everything) you (?:know|remember)(?: about me\b|[\s.!?]*$)/i,
  // "show me everything you've saved about me", "summarize what you know about me", "everything you remember about me — go"
  /\b(?:what|everything|anything)\s+you(?:'ve|’ve| have)?\s+(?:\w+\s+)?(?:know|remember|recall|saved|stored|kept|memori[sz]ed|noted|learned|learnt)\s+about me\b/i,
  // "what info do you have stored about me?", "what details about me have you kept?", "which memories do you have about me?"
  /\b(?:what|which)\s+(?:personal\s+)?(?:info|information|details|facts|memories|data)\b[^.?!]{0,30}\b(?:do you have|have you|are you|you(?:'ve| have))\s+(?:\w+\s+)?(?:about me|of me|on me|saved|stored|kept|keeping|noted|got)\b/i,
  /\b(?:what|which)\s+(?:personal\s+)?(?:info|information|details|facts)\s+(?:about me\s+)?have you (?:saved|stored|kept|noted)\b/i,
  /\b(?:any|what|which|your) memories (?:about|of) me\b/i,
  /\bwhat (?:have you|do you have|you) got on me\b/i,
  /\b(?:show|list|what are) (?:me )?(?:my|your) (?:saved |stored )?memor(?:y|ies)\b/i,
  /\bwhat(?:'s| is) in your memory\b/i,
  /\bdo you (?:know|remember) anything about me\b/i,
  /你(?:都|还)?记得(?:关于)?我(?:的)?(?:什么|哪些|些什么|啥)/,
  /关于我你(?:都|还)?(?:知道|记得|了解)(?:些|哪些)?(?:什么|啥)/,
  /你(?:都|还)?(?:知道|了解)(?:关于)?我(?:的)?(?:什么|哪些|啥)/,
  /你对我(?:有)?(?:了解|知道)(?:多少|什么|些什么)/,
  /(?:列出|看看|显示)(?:一下)?(?:我的|你的)?记忆/,
  // 你记住了我什么 / 你存了关于我的哪些东西 / 你现在记得我什么 ("你知道我什么时候…" asks something else)
  /你(?:都|还|现在|目前)?(?:记得|记住了|记住|存了|保存了)(?:关于)?我(?:的)?(?:哪些|什么|啥|些什么)(?!时候|地方)/,
  // 你关于我都知道些什么 / 你脑子里关于我的都有啥 / 关于我，你记得些什么
  /关于我(?:的)?[，,]?\s*(?:你)?(?:都)?(?:知道|记得|记住了?|了解|存了?|有)(?:些)?(?:什么|哪些|啥)/,
  /你(?:记得|记住|存|保存)的关于我的(?:事|信息|东西)/,
  // 列出你关于我的所有记忆 / 你目前对我有哪些记忆 / 查看你对我的记忆
  /你.{0,4}(?:关于我|对我)(?:的)?(?:有)?(?:哪些|所有|全部)?(?:的)?记忆(?!力)/,
  /我的记忆(?:列表|清单)/,
];

/** "What do you remember about me?" — asked in English or Chinese. */
export function isListQuestion(text: string): boolean {
  return LIST.some((pattern) => pattern.test(text));
}

const POLITE = /^(?:(?:ok(?:ay)?|hey|hi|so|also|and|actually|please|pls|can you|could you|would you|will you|i want you to|i'd like you to|mindbase)[\s,:;!.\-—]*)+/i;
const ZH_POLITE = /^(?:(?:好的?|嗯|对了|另外|还有|请|麻烦|帮我|你)[\s,，:：。!！]*)+/;
const END = /[\s.!。！?？]*$/u;

const LOWER_WORDS = 'lower|reduce|decrease|drop|lessen|downgrade|turn down';
const RAISE_WORDS = 'raise|increase|bump up|bump|boost|upgrade|turn up|up';
const PRIORITY = '(?:priority|importance)';

// "lower the priority of my coffee preference", "raise the importance of the peanut allergy"
const EN_CHANGE_OF = new RegExp(`^(${LOWER_WORDS}|${RAISE_WORDS}) (?:the )?${PRIORITY} of (.+?)(?: to (\\d))?${END.source}`, 'i');
// "lower my coffee preference's priority", "lower the coffee memory's importance"
const EN_CHANGE_POSSESSIVE = new RegExp(`^(${LOWER_WORDS}|${RAISE_WORDS}) (.+?)(?:'s|’s)? ${PRIORITY}(?: to (\\d))?${END.source}`, 'i');
// "make my coffee preference less important"
const EN_MAKE = new RegExp(`^make (.+?) (less|more) important${END.source}`, 'i');
// "deprioritize my coffee preference", "prioritise the allergy"
const EN_PRIORITIZE = new RegExp(`^(de-?prioriti[sz]e|prioriti[sz]e) (.+?)${END.source}`, 'i');
// "set the priority of my coffee preference to 2", "set my coffee preference's importance to 2"
const EN_SET = new RegExp(`^(?:set|change) (?:the )?(?:${PRIORITY} of (.+?)|(.+?)(?:'s|’s)? ${PRIORITY}) to (\\d)${END.source}`, 'i');
// "set my coffee preference to priority 1", "put my vegan diet at importance 5"
const EN_SET_LEVEL = new RegExp(`^(?:set|put|move) (.+?) (?:to|at) ${PRIORITY}(?: level)? (\\d)${END.source}`, 'i');
// "make my coffee preference a lower priority", "give my wife's birthday a higher priority",
// "treat my preference for dark mode as low priority", "mark my shellfish allergy as very important"
const EN_GIVE = new RegExp(
  `^(?:make|give|treat|mark) (.+?) (?:as )?(?:an? )?(?:(lower|higher|low|high|top|less of a|more of a) priority|(very|really|more|less|not) important)${END.source}`,
  'i',
);
// "my peanut allergy is really important, please prioritize it", "the fact that I like jazz isn't that important, lower it"
const EN_IS_IT = new RegExp(
  `^(.+?) (?:is|isn't|is not|isn’t)(?: \\w+)? important(?: anymore| any more)?[,.;—–-]+\\s*(?:so\\s+)?(?:please\\s+)?(${LOWER_WORDS}|${RAISE_WORDS}|de-?prioriti[sz]e|prioriti[sz]e) it${END.source}`,
  'i',
);
// "my coffee preference is less important", "the gym plan isn't that important"
const EN_IS = new RegExp(`^(.+?) (?:is|isn't|is not|matters) (less important|not (?:that|very|so) important|more important|less|more)${END.source}`, 'i');

// 降低我喝咖啡偏好的优先级 / 把咖啡偏好的重要性调低一点 / 咖啡那条没那么重要
const ZH_CHANGE_OF = /^(降低|调低|减少|下调|提高|调高|提升|增加|上调)(?:一下)?(.+?)的(?:优先级|重要性|重要程度)(?:到(\d))?[\s。！!]*$/;
const ZH_BA = /^把(.+?)的?(?:优先级|重要性|重要程度)(降低|调低|减少|下调|提高|调高|提升|增加|上调|改成|调到|设为|设成|降到|升到)(\d)?(?:一点|一些|一下)?[\s。！!]*$/;
// 把糖尿病那条设为最重要 / 把关于我吃药的记忆设为高优先级
const ZH_BA_LEVEL = /^把(.+?)的?(?:优先级|重要性)?(?:设为|设成|调到|改成|改为|调成)(最重要|最高|高优先级|很重要|最低|低优先级|不重要)[\s。！!]*$/;
// 我的牛奶过敏很重要，重要性调到最高 / 我学西班牙语这件事不重要了，降低优先级
const ZH_IS_THEN = /^(.+?)(很重要|非常重要|特别重要|没那么重要|不那么重要|不太重要|不重要了?)[\s，,。]*(?:把它|请|所以)?(?:的)?(?:优先级|重要性)?(调高|调低|提高|降低|调到最高|调到最低|提到最高|降到最低)(?:它)?(?:的)?(?:优先级|重要性)?(?:一点|一些|一下)?[\s。！!]*$/;
// A loose phrasing names a memory only when it says what kind of thing about the user it is:
// "my peanut allergy", "the fact that I like jazz", 我的素食习惯, 糖尿病那条 (not 我的周报, "my calendar event").
const LOOSE_NAMES_MEMORY =
  /^(?:my|the (?:memory|note|fact|thing))\b.*\b(?:allerg\w*|intoleran\w*|preferences?|habits?|routines?|diet|hobby|birthday|name|job|memory|note|fact|thing|love of|interest in)\b|^the (?:memory|note|fact|thing) (?:about|that)\b/i;
const ZH_NAMES_MEMORY = /过敏|偏好|习惯|爱好|生日|名字|记忆|这条|那条|这件事/;
const ZH_IS = /^(.+?)(没那么重要|不那么重要|不是很重要|没有那么重要|不太重要|不用太重视|更重要|比较重要了)[\s。！!]*$/;

const ZH_LOWER = /降低|调低|减少|下调|降到|没那么|不那么|不是很|没有那么|不太|不用太|不重要|最低|低优先级/;

// What names the memory, without the words that only say "a memory": "my coffee preference" → "coffee".
const FILLER_EN = /\b(?:my|the|your|that|this|a|an|memory|memories|preference|preferences|thing|stuff|fact|info|information|note|one|about|of|on|item|entry)\b/gi;
const FILLER_ZH = /^我|我的|你的|那条|这条|关于|偏好|记忆|这件事|那件事|的事|信息|那个|这个/g;

function cleanTarget(raw: string): string {
  const stripped = raw.replace(FILLER_EN, ' ').replace(FILLER_ZH, ' ').replace(/[\s"'“”‘’「」,，.。]+/g, ' ').trim();
  // A target made only of filler ("lower that memory's priority") keeps its words.
  return stripped === '' ? raw.trim() : stripped;
}

function level(digit: string | undefined): number | null {
  if (digit === undefined) return null;
  const value = Number(digit);
  return value >= 1 && value <= 5 ? value : null;
}

// Work items have priorities too: "lower the priority of the login bug to P3", 把这个工单的优先级调低.
const WORK_ITEM =
  /\b(?:tickets?|bugs?|issues?|tasks?|todos?|to-dos?|stories|story|epics?|PRs?|pull requests?|merge requests?|MRs?|commits?|branch(?:es)?|builds?|threads?|process(?:es)?|pods?|containers?|jobs? queue|queries|query|requests?|emails?|e-mails?|messages?|notifications?|incidents?|alerts?|features?|backlog|sprint|P[0-4])\b|工单|任务|需求|进程|线程|邮件|通知|缺陷|待办|bug/i;
// "this ticket", 这个需求: a demonstrative points at something in the conversation, not a memory.
const DEMONSTRATIVE = /^(?:this|these|those)\b(?!\s+(?:memory|memories|note|fact|preference))|^(?:这个|这张|这些|该)(?!记忆|条)/i;
// A target that runs on into another clause ("… this ticket? It's not blocking anyone") was not
// a name for a memory.
const CLAUSE_BREAK = /[?？!！;；,，。]|\.\s|\s(?:in|on|for|from|below|above)\s+(?:the|this|my)\s/i;

function namesAMemory(target: string): boolean {
  const t = target.trim();
  return !WORK_ITEM.test(t) && !DEMONSTRATIVE.test(t) && !CLAUSE_BREAK.test(t);
}

function reprioritize(target: string, lower: boolean, digit?: string): ManagementCommand | null {
  if (!namesAMemory(target)) return null;
  const cleaned = cleanTarget(target);
  if (cleaned === '') return null;
  return { kind: 'reprioritize', target: cleaned, direction: lower ? 'lower' : 'raise', level: level(digit) };
}

const isLowerWord = (word: string) => new RegExp(`^(?:${LOWER_WORDS})$`, 'i').test(word);

function detectReprioritize(body: string): ManagementCommand | null {
  const set = EN_SET.exec(body);
  if (set) {
    const value = level(set[3]);
    return value === null ? null : { kind: 'reprioritize', target: cleanTarget(set[1] ?? set[2] ?? ''), direction: value <= 2 ? 'lower' : 'raise', level: value };
  }
  const setLevel = EN_SET_LEVEL.exec(body);
  if (setLevel) {
    const value = level(setLevel[2]);
    return value === null ? null : reprioritize(setLevel[1] ?? '', value <= 2, setLevel[2]);
  }
  // Loose phrasings ("make my presentation a high priority") name a memory only when they say
  // what kind of thing about the user it is.
  const give = EN_GIVE.exec(body);
  if (give && LOOSE_NAMES_MEMORY.test(give[1] ?? '')) {
    return reprioritize(give[1] ?? '', /^(?:lower|low|less|not)/i.test(give[2] ?? give[3] ?? ''));
  }
  const isIt = EN_IS_IT.exec(body);
  if (isIt && LOOSE_NAMES_MEMORY.test(isIt[1] ?? '')) {
    return reprioritize(isIt[1] ?? '', isLowerWord(isIt[2] ?? '') || /^de/i.test(isIt[2] ?? ''));
  }
  const of = EN_CHANGE_OF.exec(body) ?? EN_CHANGE_POSSESSIVE.exec(body);
  if (of) return reprioritize(of[2] ?? '', isLowerWord(of[1] ?? ''), of[3]);
  const make = EN_MAKE.exec(body);
  if (make) return reprioritize(make[1] ?? '', make[2]?.toLowerCase() === 'less');
  const prioritize = EN_PRIORITIZE.exec(body);
  if (prioritize) return reprioritize(prioritize[2] ?? '', /^de/i.test(prioritize[1] ?? ''));
  const is = EN_IS.exec(body);
  // "X is less important" names a memory only when X says so ("my … preference", "the … memory").
  if (is && /\b(?:my|the)\b/i.test(is[1] ?? '') && /\b(?:preference|memory|fact|rule|plan|allergy|note)\b/i.test(is[1] ?? '')) {
    return reprioritize(is[1] ?? '', /less|not/i.test(is[2] ?? ''));
  }
  const zhOf = ZH_CHANGE_OF.exec(body);
  if (zhOf) return reprioritize(zhOf[2] ?? '', ZH_LOWER.test(zhOf[1] ?? ''), zhOf[3]);
  const zhBa = ZH_BA.exec(body);
  if (zhBa) {
    const value = level(zhBa[3]);
    const lower = value !== null ? value <= 2 : ZH_LOWER.test(zhBa[2] ?? '');
    if (value === null && /改成|调到|设为|设成/.test(zhBa[2] ?? '')) return null;
    return reprioritize(zhBa[1] ?? '', lower, zhBa[3]);
  }
  const zhBaLevel = ZH_BA_LEVEL.exec(body);
  if (zhBaLevel && ZH_NAMES_MEMORY.test(zhBaLevel[1] ?? '')) return reprioritize(zhBaLevel[1] ?? '', ZH_LOWER.test(zhBaLevel[2] ?? ''));
  const zhIsThen = ZH_IS_THEN.exec(body);
  if (zhIsThen && ZH_NAMES_MEMORY.test(zhIsThen[1] ?? '')) return reprioritize(zhIsThen[1] ?? '', ZH_LOWER.test(zhIsThen[3] ?? ''));
  const zhIs = ZH_IS.exec(body);
  if (zhIs && /偏好|记忆|那条|这条|过敏|计划|规则/.test(zhIs[1] ?? '')) return reprioritize(zhIs[1] ?? '', ZH_LOWER.test(zhIs[2] ?? ''));
  return null;
}

// "That's wrong, I live in Hangzhou", "you've got that wrong — I'm vegetarian", "correction: …"
const EN_LEAD = /^(?:(?:no|nope|wait|hmm|oh)[,.!]*\s+)?/.source;
const EN_WRONG = new RegExp(
  `${EN_LEAD}(?:(?:that'?s|that is|this is|it'?s|it is)\\s+)?(?:wrong|not right|not true|incorrect|not correct|not quite|outdated|out of date|old info|old news|not accurate|inaccurate|a mistake|no longer true|not the case)\\s*[,.;:!—–-]+\\s*(?:actually[\\s,]+)?(.+)$`,
  'i',
);
const EN_YOU_WRONG = new RegExp(
  `${EN_LEAD}(?:you'?re|you are|you'?ve got (?:that|it|this|my \\w+)|you have (?:that|it|this|my \\w+)|you got (?:that|it|this|my \\w+)|you remembered (?:that|it|this|my \\w+))\\s+(?:wrong|mistaken)\\s*[,.;:!—–-]+\\s*(?:actually[\\s,]+)?(.+)$`,
  'i',
);
const EN_CORRECTION = /^(?:correction|to correct you|no,? actually)[\s:,;—–-]+(.+)$/i;
const ZH_WRONG =
  /^(?:(?:不对|不是的|不是这样的?|错了|错啦|你记错了|记错了|你记得不对|记得不对|这条记错了|那条记错了|你搞错了|搞错了|你弄错了|弄错了|这不对|那不对|这个不对|那个不对|这是错的|那是错的|说错了|你说错了|过时了|这个过时了|那个过时了|这条过时了|更正一下|纠正一下)(?:哦|啊|呀|吧)?[\s，,。！!：:；;—-]*)+(?:其实|实际上)?[\s，,]*(.+)$/;

// A memory correction states a lasting fact about the user: where they live, who they are, what
// they have, like or eat, who their family are. "That's wrong, the answer is 42" corrects the
// answer, and "that's wrong, I think it's 12" or 不对，我试了还是不行 talk about this turn; the
// correction path would store either as a memory about the user when nothing matches it.
const EN_PERSONAL_FACT =
  /^(?:(?:actually|now|these days)[\s,]+)?(?:i(?:'m|’m| am)\b(?!\s+(?:going|trying|asking|looking|hoping|sure|not sure|thinking|wondering|talking|saying|just))|i (?:have|had|live|lived|work|worked|moved|drive|speak|prefer|like|love|hate|don'?t|do not|never|quit|graduated|switched|changed|take|eat|drink|was born|grew up|study|studied|own|use|play)\b|i(?:'ve|’ve) (?:got|been|moved|switched|changed|quit|never)\b|my (?!(?:question|request|point|code|test|answer|message|prompt|draft|file|original)\b)[\w'’-]+(?:\s+[\w'’-]+)?\s+(?:is|are|was|lives|works|name)\b)/i;
const ZH_PERSONAL_FACT =
  /^(?:其实|实际上)?[\s，,]*我(?!问的|说的|要的|想要的|指的|的意思|是说|是问)(?:现在|已经|其实|今年|去年|一直|本来)?(?:住|是|在\S{0,6}(?:上班|工作|读书|上学|办公)|有|叫|喜欢|不喜欢|爱|吃|喝|对.{1,8}过敏|养|开|戒|老家|家在|出生|生日|搬|换|\d|不(?:吃|喝|抽|住|是|在|养|喜欢|会|用)|的?[\u4e00-\u9fff]{1,4}叫|的?(?:生日|名字|职业|工作|血型|女儿|儿子|孩子|老婆|老公|妻子|丈夫|妈妈|爸爸|女朋友|男朋友)是|咖啡)/;

function detectCorrection(body: string): ManagementCommand | null {
  const match = EN_WRONG.exec(body) ?? EN_YOU_WRONG.exec(body) ?? EN_CORRECTION.exec(body) ?? ZH_WRONG.exec(body);
  const statement = match?.[1]?.trim();
  // The statement is what gets stored; a question ("that's wrong, isn't it?") states nothing.
  if (!statement || /[?？]\s*$/.test(statement)) return null;
  return EN_PERSONAL_FACT.test(statement) || ZH_PERSONAL_FACT.test(statement) ? { kind: 'correct', statement } : null;
}

export function detectManagementCommand(text: string): ManagementCommand | null {
  if (isListQuestion(text)) return { kind: 'list' };
  const trimmed = text.trim();
  const body = trimmed.replace(POLITE, '').replace(ZH_POLITE, '');
  if (body === '') return null;
  return detectCorrection(body) ?? detectReprioritize(body);
}
