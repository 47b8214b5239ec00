/**
 * Questions whose words name no content ("where do I live?", "what do I do for a living?",
 * 我在哪工作) ask about an attribute; this small map adds the words such memories are written
 * with, at a lower weight (config.recall.conceptWeight), so BM25 can find "Works as a nurse in
 * Lyon" for "what's my job?". Each entry: what the question looks like → the words to add.
 * Measured in the README (shipped eval sets and LoCoMo); add an entry only with a case for it.
 */

import { toSimplified } from '../text/chinese-script';
import { PARTNER_NAME_SLOTS } from '../memory/slots';

interface Concept {
  id: string;
  asks: RegExp;
  adds: string;
  /**
   * The single-valued attributes (memories.slot, server/memory/slots.ts) the question asks for:
   * recall reads the user's memories in them whatever words they were said with, in either
   * language ("where do i work?" → "刚从 Google 跳槽到 Shopee 做 data scientist").
   */
  slots?: readonly string[];
}

const CONCEPTS: readonly Concept[] = [
  {
    id: 'home',
    asks: /\b(?:where|which (?:city|town|country|part)|what (?:city|town|country))\s+(?:do|did)\s+i\s+(?:live|stay|grow up)|\b(?:what|which) (?:city|town|country|area|neighbou?rhood) am i (?:in|based|living)\b|\bwhere\s+am\s+i\s+(?:based|from|living)|\b(?:my|i)\s+(?:home ?town|address|city|neighbou?rhood|apartment|flat)\b|\bwhere(?:'s| is)\s+(?:my\s+)?home\b|\b(?:which|what)\s+(?:city|town|country|suburb|area|part|neighbou?rhood)\b[^?]*\b(?:i|we)\s+(?:live|stay|am based)\b|\bwhere\s+(?:i|we)\s+(?:live|stay)\b|\bmov(?:e|ed|ing)\b|\bnear (?:me|my (?:place|flat|house|home|apartment))\b|\b(?:around|close to) (?:me|my place|home)\b|住在哪|住哪|家在哪|哪里人|哪儿人|老家|搬家|搬到|我(?:现在)?(?:在|住)(?:哪个|哪座|哪一个)(?:城市|区)/i,
    adds: 'live lives living based moved move city home apartment flat unit condo house stay stays hometown from 住 搬 家 城市',
    slots: ['home'],
  },
  {
    id: 'work',
    asks: /\b(?:for a living|my (?:job|work|career|role|title|position|employer|company|boss|manager|colleague|coworker|office)|where\s+(?:do\s+|did\s+)?i\s+work|what\s+do\s+i\s+do\b(?!\s+(?:about|with|if|when|for fun|on|in the|at the weekend|after|before|during|this|next|tonight|today|tomorrow))|what\s+i\s+do\s+for\s+work|\b(?:what|which)\s+(?:company|firm|employer)\s+(?:am|do|did|is|was)\s+(?:i|my)\b|\bwho\s+(?:do\s+)?i\s+work\s+for\b|\bwhere\s+am\s+i\s+working\b|\b(?:which|what)\s+(?:hospital|school|clinic|ward|team|store|shop|branch|office|site|restaurant|firm)\s+(?:am|do|did)\s+i\b)|\b(?:current|present)\s+(?:employer|job|role|position|company)\b|\b(?:extra|side)\s+(?:money|cash|income)\b|\bside\s+(?:hustle|gig|job)s?\b|工作|上班|职业|公司|老板|同事|做什么的|干什么的|哪上班|副业|兼职/i,
    adds: 'work works job role title employer company office engineer manager team colleague boss freelance self-employed 工作 上班 公司 职位 同事 兼职',
    slots: ['job', 'job_title', 'employer'],
  },
  {
    id: 'family',
    asks: /\b(?:my\s+family|my\s+(?:kids|children)|my\s+partner|family|relatives|parents)\b|家人|家里人|孩子|家庭|爸妈|父母/i,
    adds: 'wife husband partner son daughter kid kids child children mom mum dad mother father brother sister family parents 老婆 老公 妻子 丈夫 孩子 儿子 女儿 爸爸 妈妈 父母 家人',
  },
  {
    id: 'partner',
    asks: /\bmy\s+(?:partner|spouse|other half|significant other|gf|bf|girlfriend|boyfriend|wife|husband|hubby|fianc[eé]e?)(?:s|['’]s)?\b|\b(?:seeing (?:any|some)one|dating (?:any|some)one|am i (?:still )?single|in a relationship)\b|老婆|老公|对象|男朋友|女朋友|男友|女友|爱人|另一半|单身|交往/i,
    adds: 'partner wife husband gf bf girlfriend boyfriend hubby fiance fiancee spouse single dating 老婆 老公 对象 男朋友 女朋友 爱人 单身 分手',
    slots: ['relationship_status', ...PARTNER_NAME_SLOTS, 'name:男朋友', 'name:女朋友', 'name:老公', 'name:老婆', 'name:对象', 'name:未婚夫', 'name:未婚妻'],
  },
  {
    id: 'children',
    asks: /\b(?:my|the|our)\s+(?:son|daughter|kids?|children|child|boy|girl|little one|toddler|baby)\b|\b(?:looks? after|babysit\w*|childcare|school run)\b|儿子|女儿|孩子|闺女|宝宝|带娃|接送/i,
    adds: 'son daughter kid kids child children boy girl baby 儿子 女儿 孩子 闺女 宝宝',
  },
  {
    id: 'study',
    asks: /\b(?:study|studying|studied|learn|learning|course|courses|class|classes|lessons?|degree|school|uni|university|major|masters|phd|thesis|dissertation|research)\b|学什么|在学|学习|课程|上课|报了|专业|读研|读博|读的|论文|研究/i,
    adds: 'learning learn study studying course class classes lessons degree masters phd thesis research university major 学 学习 课 报 专业 硕士 博士 论文 研究 大学',
  },
  {
    id: 'instrument',
    // "我钢琴课现在是星期几" about "Piano lessons moved to sunday": the instrument in the other script too.
    asks: /\b(?:instruments?|play (?:an|any) instrument|piano|guitar|violin|cello|ukulele|drums)\b|乐器|钢琴|吉他|小提琴|大提琴|尤克里里|架子鼓/i,
    adds: 'guitar piano violin drums ukulele cello saxophone flute keyboard 吉他 钢琴 小提琴 鼓 尤克里里 古筝 乐器',
  },
  {
    id: 'baby',
    asks: /\b(?:the baby|baby due|due date|pregnan\w*|expecting)\b|宝宝什么时候|预产期|怀孕/i,
    adds: 'pregnant due expecting baby 怀孕 预产期 宝宝',
  },
  {
    id: 'birthday',
    asks: /\b(?:birthday|bday|b-day|year older|how old)\b|生日|几岁/i,
    adds: 'birthday bday 生日',
  },
  {
    id: 'trip',
    asks: /\b(?:trips?|travel\w*|vacation|holidays?|getaway|going away|flights?)\b|旅行|旅游|出差|度假|出去玩/i,
    adds: 'trip travel flight flying vacation holiday visiting heading going to 去 旅行 旅游 出差 机票',
  },
  {
    id: 'health',
    asks: /\b(?:medications?|meds|medicine|pills?|prescri\w*|doctor|urgent care|hospital|clinic|gp|pharmacy|dentist)\b|吃什么药|药|医生|医院|看病|诊所/i,
    adds: 'allergic allergy medication meds medicine prescribed doctor diagnosed 药 医生 过敏 血糖 血压',
  },
  {
    id: 'food',
    asks: /\b(?:can(?:'|no)?t\s+(?:i\s+)?eat|should\s+i\s+(?:avoid|not eat)|allerg\w*|diet|dietary|eat|food|cook|cooking|recipes?|meals?|dinners?|lunch(?:es)?|breakfasts?|restaurants?|snacks?)\b|不能吃|忌口|过敏|饮食|吃什么|做饭|菜|餐厅/i,
    adds: 'allergic allergy vegetarian vegan pescatarian keto paleo mediterranean carb fasting diet intolerant intolerance coeliac celiac gluten lactose dairy halal kosher eat food avoid 过敏 吃 素 忌口 不耐受',
    slots: ['diet'],
  },
  {
    id: 'drink',
    asks: /\b(?:drink|coffee|tea|beverage|order for myself)\b|喝什么|饮料|咖啡|茶/i,
    adds: 'drink coffee tea latte espresso beer wine 喝 咖啡 茶',
  },
  {
    id: 'visitors',
    asks: /\b(?:coming to (?:stay|visit|see me)|come (?:to )?(?:stay|visit)|visiting me|visitors?|guests?|staying with (?:me|us)|anyone coming)\b|来看我|来住|来玩|客人/i,
    adds: 'visit visiting visits coming stay staying guest flying in 来 看 住',
  },
  {
    id: 'devices',
    asks: /\b(?:what|which)\s+(?:phone|laptop|computer|car|bike|camera|watch)\b|\bmy\s+(?:phone|laptop|computer|car)\b|\b(?:recommend|suggest|pick|choose|buy|get)\b[^?.]{0,20}\b(?:phone|laptop|computer|pc)\b|什么手机|哪款手机|我的手机|什么电脑|什么车/i,
    adds: 'phone iphone pixel galaxy samsung android laptop macbook thinkpad car bike camera watch uses 手机 电脑 车',
  },
  {
    id: 'pet',
    asks: /\b(?:my\s+pets?|pets?|animals?|my\s+(?:dog|cat|puppy|kitten)s?['’]?s?)\b|宠物|狗|猫|动物/i,
    adds: 'dog cat puppy kitten pet retriever labrador corgi poodle terrier spaniel beagle husky greyhound dachshund tabby rabbit bunny hamster parrot budgie tortoise turtle lizard gecko dragon snake ferret horse pony goldfish 狗 猫 宠物 柯基 金毛 柴犬 泰迪 橘猫 狗狗 猫咪 兔子 仓鼠 鹦鹉 乌龟',
  },
  {
    id: 'exercise',
    asks: /\b(?:10k|5k|half marathon|marathon|race|running|run|jog\w*|gym|workouts?|exercis\w*|training|sports?|hik\w*|swim\w*|yoga|cycling|football|tennis|keep fit|stay fit|fitness|in shape)\b|运动|健身|跑步|锻炼|游泳|瑜伽|爬山|马拉松|减肥|养生/i,
    adds: 'run running jog gym exercise sport race 10k 5k marathon football yoga swim pool lengths laps cycle climbing bouldering pilates hike 运动 健身 跑步 锻炼 游泳 羽毛球 瑜伽 快走 散步 骑车',
  },
  {
    // "what night is game night again": the game the user plays is the memory, by its name.
    id: 'games',
    asks: /\b(?:game nights?|board games?|gaming night|games night)\b|桌游|打牌|麻将/i,
    adds: 'dnd d&d dungeons campaign board games poker mahjong chess catan game 桌游 麻将 打牌 狼人杀',
  },
  {
    // "我之前是怎么受的伤", "how did i hurt my wrist": what happened to the user, by its words.
    id: 'injury',
    asks: /\b(?:injur\w*|hurt(?!\s+(?:my|your|his|her|their)\s+feelings)|sprain\w*|broke|broken|fractur\w*)\b|受伤|受的伤|伤到|怎么伤|骨折|扭伤/i,
    adds: 'injury injured hurt sprained broke fractured fell crash 受伤 摔 骨折 扭 伤 骨裂',
  },
  {
    // "am i still doing nights?", "我现在上什么班": the shift one works.
    id: 'shifts',
    asks: /\b(?:shifts?|nights(?!\s+out)|night shift|day shift|days or nights|on days|rota)\b|夜班|白班|倒班|上什么班/i,
    adds: 'shift shifts nights days night day rota 夜班 白班 倒班',
  },
  {
    id: 'name',
    asks: /\bwhat(?:'s| is)\s+my\s+(?:[\w-]+(?:s|['’]s)?\s+)?name\b|\bcall\s+me\b|我叫什么|我的名字/i,
    adds: 'name called call 名字 叫',
  },
  {
    id: 'hobby',
    asks: /\b(?:hobb(?:y|ies)|free time|for fun|spare time|weekends?)\b|爱好|业余|周末/i,
    adds: 'love enjoy like play hobby weekend class classes lessons club 喜欢 爱好 周末 课',
  },
  {
    id: 'schedule',
    // "am i travelling anywhere soon?", "do i need to ask for any days off", 我接下来有什么行程.
    asks: /\b(?:my\s+(?:plans?|schedule|calendar|appointments?)|coming up|upcoming|what'?s\s+on|(?:time|days?) off)\b|\b(?:any\w*|am i|are we|do i|have i|will i)\b[^.!?]{0,40}\bsoon\b|安排|计划|日程|行程|要(?:提前)?准备|接下来(?:有|几)/i,
    adds: 'plan appointment meeting trip flight visit 安排 计划 会',
  },
];

/** The concept ids a question asks about, the words they add to its query, and the slots they ask for. */
export function expandQuestion(text: string): { concepts: string[]; words: string; slots: string[] } {
  // Chat drops apostrophes: "whats my girlfriends name" asks what "what's my girlfriend's name" does.
  const simple = toSimplified(text).replace(/\b(what|where|who|when|how|that|it|there)s\b/gi, "$1's");
  const hits = CONCEPTS.filter((c) => c.asks.test(simple));
  // Words in both scripts: a bilingual user asks in one language about what they said in the other
  // ("我在学什么乐器" → "Started learning guitar"); for everyone else the other script's words
  // match nothing (measured in the README: session 18).
  return { concepts: hits.map((c) => c.id), words: hits.flatMap((c) => c.adds.split(/\s+/)).join(' '), slots: [...new Set(hits.flatMap((c) => c.slots ?? []))] };
}
