/**
 * Chinese statements about the user (SPEC §2 kinds): 过敏/不能吃 constraints, 喜欢/讨厌/习惯
 * preferences, 我是/我住在/我在…工作 facts, 我老婆/老板… relationships, and the updates of SPEC
 * §4.4 (不对、改成、不再、换成、搬到). Summaries stay in Chinese without the first person.
 */
import { draftFor, isKnownEntity, type Rule, type RuleContext } from './context';
import type { Draft } from './draft';
import { chinesePlaces, latinTerms } from './entities';
import { CONDITIONS_ZH, FAMILY_RELATIONS_ZH, HABIT_ADVERB_ZH, JOB_ZH, RELATION_ZH, ROUTINE_ZH } from './lexicon';

const PRIORITY = { correction: 1, update: 2, constraint: 3, identity: 3, relationship: 3, preference: 4, fact: 4, habit: 5 } as const;

const HAN = '[\\u4e00-\\u9fff]';
const OBJECT_END = /[，,。！!？?；;、].*$/;

function objectOf(text: string): string {
  return text.replace(OBJECT_END, '').replace(/^(?:的|了|吃|喝|用)/, '').replace(/(?:的|了|啊|呀|哦|吧)+$/, '').trim();
}

function entities(ctx: RuleContext, ...objects: string[]): string[] {
  return [...objects.filter((o) => o !== '' && o.length <= 12), ...chinesePlaces(ctx.clause.text), ...latinTerms(ctx.clause.text)];
}

function described(ctx: RuleContext, from: number, draft: Omit<Draft, 'span' | 'hedged' | 'summary'>): Draft[] {
  const summary = ctx.describe(ctx.clause.text.slice(from));
  return summary ? [draftFor(ctx, { ...draft, summary })] : [];
}

const allergyZh: Rule = {
  name: 'allergy-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = /我(?:好像|可能|也|一直|从小)?(?:对|有)?(.{1,10}?)过敏/.exec(ctx.clause.text);
    if (!match) return [];
    const object = objectOf((match[1] ?? '').replace(/^对/, ''));
    // "一吃就过敏" says when, not what: the allergen is in the clause before.
    if (object === '' || /^[一就都会很有]|就|容易/.test(object)) return [];
    const summary = `${ctx.hedged ? '可能' : ''}对${object}过敏`;
    return [draftFor(ctx, { type: 'semantic', kind: 'constraint', summary, entities: entities(ctx, object), priority: PRIORITY.constraint })];
  },
};

const RESTRICTED_ZH = /肉|海鲜|虾|蟹|鱼|辣|酒|奶|乳|鸡蛋|蛋|花生|坚果|麸质|面筋|糖|咖啡因|香菜|葱|蒜|荤/;

const cannotEatZh: Rule = {
  name: 'cannot-eat-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const cant = /我?(?:不能|不可以|没法|不敢|不能够|不太能|不怎么能|不大能)(吃|喝|碰)(.+)|我?(吃|喝)不了(.+)/.exec(text);
    if (cant) {
      const object = objectOf(cant[2] ?? cant[4] ?? '');
      return described(ctx, cant.index, { type: 'semantic', kind: 'constraint', entities: entities(ctx, object), priority: PRIORITY.constraint });
    }
    const dont = /我(?:晚上|早上|中午|平时|现在|从来|从|一直|基本)?(?:都)?不(吃|喝)(.+)/.exec(text);
    if (dont && !/了$/.test(text.trim())) {
      const object = objectOf(dont[2] ?? '');
      if (/^(?:饭|东西|早饭|晚饭|午饭)$/.test(object) && !RESTRICTED_ZH.test(object)) {
        return described(ctx, dont.index, { type: 'semantic', kind: 'preference', entities: entities(ctx, object), priority: PRIORITY.preference });
      }
      return described(ctx, dont.index, { type: 'semantic', kind: RESTRICTED_ZH.test(object) ? 'constraint' : 'preference', entities: entities(ctx, object), priority: PRIORITY.constraint });
    }
    const veg = /我(?:是|属于)?(?:个|一个|一名)?(素食者|素食主义者|纯素食者|吃素的|吃素)/.exec(text);
    if (veg) return described(ctx, veg.index, { type: 'semantic', kind: 'constraint', entities: ['素食'], priority: PRIORITY.constraint });
    return [];
  },
};

const conditionZh: Rule = {
  name: 'condition-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = new RegExp(`我(?:有|得了|患有|确诊了?|查出了?)(${CONDITIONS_ZH})`).exec(ctx.clause.text);
    if (!match) return [];
    return described(ctx, match.index, { type: 'semantic', kind: 'fact', entities: [match[1] ?? ''], importance: 4, priority: PRIORITY.constraint });
  },
};

// "我喜欢你这个建议" reacts to the chat; it is not a lasting preference.
const REACTION_ZH = /^(?:你|您|这个|那个|这样|那样|它|他|她|这种感觉|这|那)/;

const likesZh: Rule = {
  name: 'like-dislike-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = /我(?:也|还|真的|其实|一直|从小就?)?(?:很|非常|特别|挺|比较|超|最|超级|蛮|真的|更|巨)?(喜欢|爱|热爱|偏爱|更喜欢|更爱|迷上了|爱上了|讨厌|不喜欢|受不了|反感|不爱|最怕|怕|能吃|爱吃|爱喝|吃不惯|喝不惯|用不惯)(.+)/.exec(ctx.clause.text);
    if (!match) return [];
    const object = objectOf(match[2] ?? '');
    if (object === '' || REACTION_ZH.test(object)) return [];
    // "最喜欢的歌手是周杰伦": the entity is what follows 是.
    const favourite = /^的?.{1,6}?是(.+)$/.exec(object);
    const entity = favourite?.[1] ?? object.replace(/^(?:吃|喝|用|看|听|玩)/, '');
    return described(ctx, match.index, { type: 'semantic', kind: 'preference', entities: entities(ctx, entity), priority: PRIORITY.preference });
  },
};

// Only time words may stand between 我 and the habit adverb ("我周末一般…"), not a person ("我老公每周…").
const habitZh: Rule = {
  name: 'habit-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = new RegExp(`我(?:周[一二三四五六日末]|早上|晚上|中午|下午|上午|平时|工作日|周末|现在|最近)?(?:都|也|还)?(?:${HABIT_ADVERB_ZH})(.+)`).exec(ctx.clause.text);
    if (!match || /^(?:在想|觉得|以为|搞不懂|不知道)/.test(match[1] ?? '')) return [];
    return described(ctx, match.index, { type: 'semantic', kind: 'preference', entities: entities(ctx), priority: PRIORITY.habit });
  },
};

const jobZh: Rule = {
  name: 'job-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const patterns = [
      new RegExp(`我(?:现在|目前)?是(?:一名|一个|一位|个|名)?(${HAN}{0,8}?(?:${JOB_ZH}))`),
      new RegExp(`我(?:现在|目前)?(?:在|于)(.{2,20}?)(?:工作|上班|实习|任职|打工)`),
      new RegExp(`我(?:现在|目前)?(?:在|于)((?:一家|一个|家)?.{0,12}?(?:公司|外企|国企|央企|企业|银行|医院|学校|大学|工厂|厂|机构|律所|事务所|店|集团|研究所|政府|部门))(?:做|当|干)(.{1,10})`),
      new RegExp(`我(?:现在|目前)?(?:在.{1,10}?)?(?:做|当|干)(?:一名|个|一个)?(${JOB_ZH})`),
      /我(?:是)?(?:做|搞)(.{1,10}?)的/,
      /我(?:从事|干)(.{2,12})/,
    ];
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      if (!match) continue;
      const object = objectOf(match[1] ?? '');
      return described(ctx, match.index, { type: 'semantic', kind: 'fact', entities: entities(ctx, object), importance: 3, priority: PRIORITY.identity });
    }
    return [];
  },
};

const nameZh: Rule = {
  name: 'name-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const stated = /我(?:叫|的名字是|名字叫|名叫|的名字叫)([\u4e00-\u9fffA-Za-z]{1,8}?)(?:[，,。！!]|就行|$)/.exec(text);
    if (stated?.[1]) {
      return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `名字是${stated[1]}`, entities: [stated[1]], importance: 3, priority: PRIORITY.identity })];
    }
    const callMe = /(?:叫我|称呼我|喊我)([\u4e00-\u9fffA-Za-z]{1,6}?)(?:就行|就好|吧|就可以|好了)?(?:[，,。！!]|$)/.exec(text);
    if (callMe?.[1] && !/^(?:什么|啥)/.test(callMe[1])) {
      return [draftFor(ctx, { type: 'procedural', kind: 'rule', summary: `称呼用户为${callMe[1]}`, entities: [callMe[1]], importance: 3, priority: PRIORITY.identity })];
    }
    return [];
  },
};

const locationZh: Rule = {
  name: 'location-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const lives = /我(?:们)?(?:家)?(?:现在|目前|一直)?(?:住在|住|家在|定居在|生活在|人在)(.+)/.exec(text);
    if (lives) {
      const place = objectOf(lives[1] ?? '').replace(/(?:这边|那边|附近)$/, '');
      return described(ctx, lives.index, { type: 'semantic', kind: 'fact', entities: entities(ctx, place, ...cities(place)), importance: 3, priority: PRIORITY.identity });
    }
    const hometown = new RegExp(`我(?:的)?(?:老家|家乡|祖籍|籍贯)(?:是|在)(${HAN}{2,8}?)(?:的|人)?$`).exec(text.replace(/[。！!]$/, ''));
    if (hometown) {
      return described(ctx, hometown.index, { type: 'semantic', kind: 'fact', entities: [hometown[1] ?? ''], importance: 3, priority: PRIORITY.identity });
    }
    const origin = new RegExp(`我(?:是|来自)(${HAN}{2,6}?)人?$`).exec(text.replace(/[。！!]$/, ''));
    if (origin && /人$|来自/.test(origin[0])) {
      return described(ctx, origin.index, { type: 'semantic', kind: 'fact', entities: [origin[1] ?? ''], importance: 3, priority: PRIORITY.identity });
    }
    return [];
  },
};

/** "北京朝阳区" → ["北京"]: the city is the stable entity. */
function cities(place: string): string[] {
  return chinesePlaces(place).slice(0, 1);
}

const learningZh: Rule = {
  name: 'learning-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const match =
      /(?:^|我)(?:最近|目前|现在)?(?:正)?在(?:学|自学|学习|练|考|备考|准备考?)(.+)|我(?:最近|目前|现在)?(?:开始)(?:学|学习|练)(.+)/.exec(text) ??
      /我(?:最近|目前|现在)?(?:正在|在|开始)(减肥|健身|控糖|戒糖|存钱|攒钱|备孕|考研|考公|找工作|跑步训练|练车)(.*)/.exec(text);
    if (!match) return [];
    const object = objectOf(match[1] ?? match[2] ?? '');
    return described(ctx, match.index, { type: 'semantic', kind: 'goal', entities: entities(ctx, object), validity: 'phase', priority: PRIORITY.fact });
  },
};

const relationshipZh: Rule = {
  name: 'relationship-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = new RegExp(`我(?:的)?(${RELATION_ZH})(叫|名叫|是|今年|每|在|也|都|比较|很|特别|喜欢|不|对|住|有|刚|下|明|上|周|会|要|得|生日)(.+)`).exec(ctx.clause.text);
    if (!match) return [];
    // "我妈说…" relays someone else's words; "我老板让我…" is an instruction to the user.
    if (/^(?:说|觉得|问|让|叫我)/.test(`${match[2] ?? ''}${match[3] ?? ''}`)) return [];
    const relation = match[1] ?? '';
    const name = match[2] === '叫' || match[2] === '名叫' || match[2] === '是' ? objectOf(match[3] ?? '') : '';
    const namedPerson = name !== '' && name.length <= 4 ? [name] : [];
    return described(ctx, match.index, {
      type: 'semantic',
      kind: 'relationship',
      entities: [...namedPerson, relation],
      importance: FAMILY_RELATIONS_ZH.has(relation) ? 3 : 2,
      priority: PRIORITY.relationship,
    });
  },
};

/** "我是左撇子", "我是个夜猫子": durable traits. */
const traitZh: Rule = {
  name: 'trait-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = /我(?:是|属于)(?:个|一个|一名)?(左撇子|右撇子|夜猫子|早起的人|晨型人|社恐|i人|I人|e人|E人|路痴|吃货|近视眼?|色盲|色弱|独生子女?|素食者)/.exec(ctx.clause.text);
    if (!match) return [];
    const trait = match[1] ?? '';
    const kind = /夜猫子|早起|晨型|社恐|i人|I人|e人|E人|吃货/.test(trait) ? 'preference' : 'fact';
    return described(ctx, match.index, { type: 'semantic', kind, entities: [trait], priority: PRIORITY.fact });
  },
};

/** "我刚从腾讯离职了": leaving a job or school changes who the user is. */
const leftZh: Rule = {
  name: 'left-job-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = /我(?:已经|刚|刚刚|上个月|去年)?(?:从(.{1,12}?))?(离职|辞职|退休|毕业|退学|被裁|下岗)了?/.exec(ctx.clause.text);
    if (!match) return [];
    const place = match[1] ? objectOf(match[1]) : null;
    return described(ctx, match.index, { type: 'semantic', kind: 'fact', entities: place ? [place] : [], importance: 3, negative: true, conflictHint: place ?? '工作', priority: PRIORITY.update, exclusive: true });
  },
};

/** "回复的时候别用太多专业术语": a lasting instruction without 以后. */
const instructionZh: Rule = {
  name: 'instruction-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = /^(?:请|麻烦)?(?:你)?(?:回复|回答|回应|解释|写东西|说话|跟我说话|和我说话|给我讲)(?:问题)?(?:的时候|时)?[，,]?\s*(?:请|要|都|尽量|别|不要|不用|一律|少|多|先|记得)(.+)/.exec(ctx.clause.text);
    if (!match) return [];
    const summary = ctx.describe(ctx.clause.text);
    return summary ? [draftFor(ctx, { type: 'procedural', kind: 'rule', summary, entities: latinTerms(ctx.clause.text), priority: PRIORITY.identity })] : [];
  },
};

const birthdayZh: Rule = {
  name: 'birthday-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = /我的?生日(?:是|在)?(.+)/.exec(ctx.clause.text);
    if (!match) return [];
    return described(ctx, match.index, { type: 'semantic', kind: 'fact', entities: [objectOf(match[1] ?? '')], importance: 3, priority: PRIORITY.identity });
  },
};

// "Marcus 30岁生日 7月5号", "我妈生日是3月8号", "阿杰下周六生日": someone's birthday, kept as theirs.
const THEIR_BIRTHDAY_ZH = new RegExp(`([A-Z][a-z]+|我(?:的)?(?:${RELATION_ZH})|(?:阿|小|老)[\\u4e00-\\u9fff])\\s*(?:的)?\\s*(?:\\d{1,3}岁)?\\s*生日\\s*(?:是|在)?\\s*(\\d{1,2} ?月 ?\\d{1,2} ?[号日]?)`);

const theirBirthdayZh: Rule = {
  name: 'their-birthday-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    // The date may open the next clause: "Lily 8岁生日 5月3号 want a party idea".
    const next = ctx.clauses[ctx.index + 1]?.text.match(/^\d{1,2} ?月 ?\d{1,2} ?[号日]?/)?.[0];
    const text = next && !/\d{1,2}月\d{1,2}/.test(ctx.clause.text) ? `${ctx.clause.text} ${next}` : ctx.clause.text;
    const match = THEIR_BIRTHDAY_ZH.exec(text);
    if (!match?.[1] || !match[2]) return [];
    const who = match[1].replace(/^我的?/, '');
    const summary = text.slice(match.index, match.index + match[0].length).replace(/^我的?/, '').replace(/\s+/g, ' ');
    return [draftFor(ctx, { type: 'semantic', kind: 'relationship', summary, entities: [who], importance: 3, priority: PRIORITY.identity })];
  },
};

const familyCountZh: Rule = {
  name: 'family-count-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = /我有(一|两|二|三|四|五|\d)个(孩子|女儿|儿子|哥哥|姐姐|弟弟|妹妹|娃|宝宝)/.exec(ctx.clause.text);
    if (!match) return [];
    return described(ctx, match.index, { type: 'semantic', kind: 'fact', entities: [match[2] ?? ''], importance: 3, priority: PRIORITY.fact });
  },
};

// ---------------------------------------------------------------------------------------------
// Updates (SPEC §4.4)

const correctionZh: Rule = {
  name: 'correction-zh',
  scope: 'sentence',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const marked = /^(?:不对|不是的|错了|搞错了|说错了|更正一下|纠正一下|不不)[，,！!。\s]*(.+)/.exec(text);
    const contrast = /(?:是|在)([^，,。！!]+?)[，,]?\s*(?:而)?不是([^，,。！!]+)/.exec(text);
    if (!marked && !contrast) return [];
    const statement = marked?.[1] ?? text;
    const right = objectOf(contrast?.[1] ?? statement);
    const wrong = contrast ? objectOf(contrast[2] ?? '') : null;
    // "错了，答案是42" corrects the assistant, not a fact about the user: a correction is a memory
    // when it speaks about the user (我…) or fixes something their memory already holds.
    if (!/我/.test(statement) && !(wrong && isKnownEntity(ctx, wrong))) return [];
    const time = ctx.resolveTime(right);
    const summary = ctx.describe(statement);
    if (!summary) return [];
    return [
      draftFor(ctx, {
        type: time ? 'episodic' : 'semantic',
        kind: time ? 'plan' : 'fact',
        summary: time ? ctx.withDate(summary, time) : summary,
        entities: entities(ctx, right),
        time,
        negative: true,
        conflictHint: wrong ?? null,
        priority: PRIORITY.correction,
        exclusive: true,
      }),
    ];
  },
};

const moveZh: Rule = {
  name: 'move-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const match = /(?:从(.{1,10}?))?搬(?:家)?(?:到|去)了?(.{1,12}?)(?:了|去|住|来)?(?:[，,。！!]|$)/.exec(text);
    if (!match) return [];
    const from = match[1] ? objectOf(match[1]) : null;
    const to = objectOf(match[2] ?? '');
    if (to === '') return [];
    const past = /了|已经|上周|上个月|去年|刚/.test(text);
    const time = ctx.resolveTime(text, past ? 'past' : 'future');
    const future = !past;
    const when = time ? `（${ctx.withDate('', time).replace(/^（|）$/g, '')}起）` : '';
    const drafts: Draft[] = [
      draftFor(ctx, {
        type: 'semantic',
        kind: 'fact',
        summary: future ? `将搬到${to}住${when}${from ? `（从${from}搬出）` : ''}` : `住在${to}${from ? `（从${from}搬来）` : ''}`,
        entities: [to, ...(from ? [from] : [])],
        importance: 3,
        negative: !future,
        conflictHint: from ?? '原住址',
        priority: PRIORITY.update,
        exclusive: true,
      }),
    ];
    if (time) {
      const summary = ctx.describe(text) ?? `搬到${to}`;
      drafts.push(draftFor(ctx, { type: 'episodic', kind: future ? 'plan' : 'event', summary: ctx.withDate(summary, time), entities: [to, ...(from ? [from] : [])], time, priority: PRIORITY.update, exclusive: true }));
    }
    return drafts;
  },
};

const RECURRING_ZH = /每(?:周|星期|礼拜|天|日|晚|早|个|月|年)/;

const switchZh: Rule = {
  name: 'switch-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const match = /(?:从(.{1,12}?))?(?:换成|改成|换到|转到|改用|换用|改到|调到|挪到|推迟到|提前到|改为|换为)了?(.+)/.exec(text);
    if (!match) return [];
    const from = match[1] ? objectOf(match[1]) : null;
    const to = objectOf(match[2] ?? '');
    if (to === '') return [];
    const topic = objectOf(text.slice(0, match.index).replace(/^(?:我们|我)(?:的)?/, '').replace(/(?:现在|已经|最近|都|也|就|还是)+$/, '').replace(/^(?:现在|已经|最近)+/, '')) || null;
    // "改成每周六去游泳了" is a new habit, not one Saturday's plan. The date is read from the whole
    // rest of the clause: "挪到 Tuesday 了，6月16号" is the 16th, though the object ends at 了.
    const time = RECURRING_ZH.test(to) || ROUTINE_ZH.test(text) ? null : ctx.resolveTime(match[2] ?? to);
    const summary = ctx.describe(text);
    if (!summary) return [];
    const hint = from ?? topic;
    if (time) {
      return [draftFor(ctx, { type: 'episodic', kind: 'plan', summary: ctx.withDate(summary, time), entities: entities(ctx, to, ...(topic ? [topic] : [])), time, negative: true, conflictHint: hint, priority: PRIORITY.update, exclusive: true })];
    }
    return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary, entities: entities(ctx, to, ...(from ? [from] : [])), negative: true, conflictHint: hint, priority: PRIORITY.update, exclusive: true })];
  },
};

/** "我不再喝咖啡了" / "我已经戒烟半年了" / "现在改喝茶". */
const revokedZh: Rule = {
  name: 'revocation-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const stopped = /(?:我)?(?:已经|现在|早就)?(?:不再|不怎么|没再|已经不|再也不)(.+?)了?$/.exec(text.replace(/[。！!]$/, ''));
    // "烟已经戒了两个月了": the thing before 戒, and what follows 戒了 is how long, not what.
    const quitBefore = /(烟|酒|糖|咖啡|奶茶|可乐|游戏|甜食|夜宵)(?:我)?(?:已经|早就|都|也)?戒(?:掉)?了/.exec(text);
    const quitAfter = /(?:我)?(?:其实)?(?:已经|早就)?戒(?:掉|了)?(烟|酒|糖|咖啡|奶茶|游戏|(?![一二两三四五六七八九十几半\d])[\u4e00-\u9fff]{1,3}?)(?:了|半年|一年|[\u4e00-\u9fff]*)/.exec(text);
    const quit = quitBefore ?? quitAfter;
    const replaced = /(?:现在|已经|开始)?(?:改|换)(喝|吃|用|玩|听|看|穿|开|骑|坐|跑)(.+)/.exec(text);
    const hintFromSibling = (): string | null => {
      const previous = ctx.clauses[ctx.index - 1]?.text ?? '';
      const sibling = /(?:不再|不|戒了?)(?:喝|吃|用|抽)?(.{1,6}?)了?$/.exec(previous.replace(/[。！!，,]$/, ''));
      return sibling?.[1] ? objectOf(sibling[1]) : null;
    };
    if (stopped) {
      const object = objectOf((stopped[1] ?? '').replace(/^(?:喝|吃|用|抽|去|玩|看)/, ''));
      const kind = /工作|上班|住/.test(stopped[1] ?? '') ? 'fact' : 'preference';
      return described(ctx, stopped.index, { type: 'semantic', kind, entities: entities(ctx, object), negative: true, conflictHint: object || null, priority: PRIORITY.update, exclusive: true });
    }
    if (quit) {
      const object = quit[1] ?? '';
      return described(ctx, quit.index, { type: 'semantic', kind: 'preference', entities: [object], negative: true, conflictHint: object, priority: PRIORITY.update, exclusive: true });
    }
    if (replaced) {
      const object = objectOf(replaced[2] ?? '');
      return described(ctx, replaced.index, { type: 'semantic', kind: 'preference', entities: entities(ctx, object), negative: true, conflictHint: hintFromSibling(), priority: PRIORITY.update, exclusive: true });
    }
    return [];
  },
};

const promotionZh: Rule = {
  name: 'promotion-zh',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => {
    const match = /(?:升职|升)(?:成|为|到)了?(.{2,10}?)(?:了|[，,。！!]|$)|当上了?(.{2,10}?)(?:了|[，,。！!]|$)/.exec(ctx.clause.text);
    const role = objectOf(match?.[1] ?? match?.[2] ?? '');
    if (!match || role === '') return [];
    return [draftFor(ctx, { type: 'semantic', kind: 'fact', summary: `现任${role}`, entities: [role], importance: 3, negative: true, conflictHint: '职位', priority: PRIORITY.update })];
  },
};

export const CHINESE_RULES: readonly Rule[] = [
  correctionZh,
  moveZh,
  switchZh,
  revokedZh,
  promotionZh,
  allergyZh,
  cannotEatZh,
  conditionZh,
  likesZh,
  habitZh,
  jobZh,
  nameZh,
  locationZh,
  learningZh,
  relationshipZh,
  birthdayZh,
  theirBirthdayZh,
  // Code-switched chat can tip the clause to English ("also remind me Lily 8岁生日 5月3号").
  { ...theirBirthdayZh, name: 'their-birthday-zh-in-en', lang: 'en' },
  familyCountZh,
  traitZh,
  leftZh,
  instructionZh,
];
