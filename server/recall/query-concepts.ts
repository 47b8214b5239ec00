/**
 * Questions whose words name no content ("where do I live?", "what do I do for a living?",
 * 我在哪工作) ask about an attribute; this small map adds the words such memories are written
 * with, at a lower weight (config.recall.conceptWeight), so BM25 can find "Works as a nurse in
 * Lyon" for "what's my job?". Each entry: what the question looks like → the words to add.
 * Measured in the README (shipped eval sets and LoCoMo); add an entry only with a case for it.
 */

interface Concept {
  id: string;
  asks: RegExp;
  adds: string;
}

const CONCEPTS: readonly Concept[] = [
  {
    id: 'home',
    asks: /\b(?:where|which (?:city|town|country|part)|what (?:city|town|country))\s+(?:do|did)\s+i\s+(?:live|stay|grow up)|\bwhere\s+am\s+i\s+(?:based|from|living)|\b(?:my|i)\s+(?:home ?town|address|city|neighbou?rhood|apartment|flat)\b|\bwhere(?:'s| is)\s+(?:my\s+)?home\b|\bmov(?:e|ed|ing)\b|住在哪|住哪|家在哪|哪里人|哪儿人|老家|搬家|搬到/i,
    adds: 'live lives living based moved move city home apartment flat hometown from 住 搬 家 城市',
  },
  {
    id: 'work',
    asks: /\b(?:for a living|my (?:job|work|career|role|title|position|employer|company|boss|manager|colleague|coworker|office)|where\s+(?:do|did)\s+i\s+work|what\s+do\s+i\s+do\b(?!\s+(?:about|with|if|when|for fun))|what\s+i\s+do\s+for\s+work)|工作|上班|职业|公司|老板|同事|做什么的|干什么的|哪上班/i,
    adds: 'work works job role title employer company office engineer manager team colleague boss 工作 上班 公司 职位 同事',
  },
  {
    id: 'family',
    asks: /\b(?:my\s+family|my\s+(?:kids|children)|my\s+partner|family|relatives|parents)\b|家人|家里人|孩子|家庭|爸妈|父母/i,
    adds: 'wife husband partner son daughter kid kids child children mom mum dad mother father brother sister family parents 老婆 老公 妻子 丈夫 孩子 儿子 女儿 爸爸 妈妈 父母 家人',
  },
  {
    id: 'food',
    asks: /\b(?:can(?:'|no)?t\s+(?:i\s+)?eat|should\s+i\s+(?:avoid|not eat)|allerg\w*|diet|dietary|eat|food|cook|cooking|recipe|meal|dinner|lunch|breakfast|restaurant)\b|不能吃|忌口|过敏|饮食|吃什么|做饭|菜|餐厅/i,
    adds: 'allergic allergy vegetarian vegan diet intolerant eat food avoid 过敏 吃 素 忌口',
  },
  {
    id: 'drink',
    asks: /\b(?:drink|coffee|tea|beverage|order for myself)\b|喝什么|饮料|咖啡|茶/i,
    adds: 'drink coffee tea latte espresso beer wine 喝 咖啡 茶',
  },
  {
    id: 'pet',
    asks: /\b(?:my\s+pets?|pets?)\b|宠物/i,
    adds: 'dog cat puppy kitten pet 狗 猫 宠物',
  },
  {
    id: 'name',
    asks: /\bwhat(?:'s| is)\s+my\s+name\b|\bcall\s+me\b|我叫什么|我的名字/i,
    adds: 'name called call 名字 叫',
  },
  {
    id: 'hobby',
    asks: /\b(?:hobb(?:y|ies)|free time|for fun|spare time|weekends?)\b|爱好|业余|周末/i,
    adds: 'love enjoy like play hobby weekend 喜欢 爱好 周末',
  },
  {
    id: 'schedule',
    asks: /\b(?:my\s+(?:plans?|schedule|calendar|appointments?)|coming up|upcoming|what'?s\s+on)\b|安排|计划|日程/i,
    adds: 'plan appointment meeting trip flight visit 安排 计划 会',
  },
];

/** The concept ids a question asks about, and the words they add to its query. */
export function expandQuestion(text: string): { concepts: string[]; words: string } {
  const hits = CONCEPTS.filter((c) => c.asks.test(text));
  return { concepts: hits.map((c) => c.id), words: hits.map((c) => c.adds).join(' ') };
}
