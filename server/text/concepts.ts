// A small bilingual concept table so the offline model can connect "what should I cook?" to
// "Allergic to peanuts" or "我该吃什么" to an English memory. Word overlap alone misses these.

import { cjkBigrams, contentStems, normalizeText, stem } from './text-terms';

type ConceptGroup = { readonly id: string; readonly en: readonly string[]; readonly zh: readonly string[] };

const GROUPS: readonly ConceptGroup[] = [
  {
    id: 'food',
    en: [
      'food', 'eat', 'ate', 'eaten', 'meal', 'cook', 'cooking', 'dinner', 'lunch', 'breakfast',
      'supper', 'recipe', 'snack', 'dish', 'restaurant', 'menu', 'ingredient', 'cuisine', 'diet',
      'bake', 'peanut', 'nut', 'shellfish', 'gluten', 'dairy', 'lactose', 'egg', 'soy', 'wheat',
      'fish', 'meat', 'seafood', 'vegetarian', 'vegan', 'chicken', 'beef', 'pork', 'pizza',
      'pasta', 'rice', 'noodle', 'spicy', 'sugar', 'dessert', 'fruit', 'vegetable', 'hungry', 'reflux',
      'sweet', 'sweets', 'cake', 'baking', 'bbq', 'barbecue', 'snacks', 'diabetic', 'diabetes', 'gout', 'celiac', 'coeliac',
      // Conditions that decide what someone can eat: a cooking question needs them.
      'stomach', 'ulcer', 'gastritis', 'ibs', 'cholesterol', 'hypertension',
    ],
    zh: ['吃', '饭', '菜', '食', '餐', '做饭', '烹饪', '菜谱', '食谱', '饮食', '花生', '坚果', '海鲜', '鸡蛋', '牛奶', '乳糖', '素食', '辣', '肉', '面条', '甜', '烤', '蛋糕', '甜点', '零食', '外卖', '虾', '蟹', '鱼', '奶', '撸串', '烧烤', '火锅', '糖尿病', '痛风', '胃', '血压', '血糖', '尿酸', '胆固醇'],
  },
  {
    id: 'allergy',
    en: ['allergy', 'allergic', 'allergen', 'intolerant', 'intolerance', 'avoid', 'react', 'reaction'],
    zh: ['过敏', '忌口', '避免', '避开', '不能吃', '不耐受', '不耐'],
  },
  {
    id: 'drink',
    en: ['drink', 'coffee', 'tea', 'beverage', 'alcohol', 'wine', 'beer', 'juice', 'caffeine', 'latte', 'water', 'soda', 'cola', 'coke', 'espresso', 'cappuccino', 'cortado', 'americano', 'matcha', 'kombucha', 'smoothie', 'chai', 'cocoa', 'rooibos', 'yerba', 'decaf', 'chamomile', 'oolong', 'lemonade', 'milkshake', 'boba', 'cider', 'whisky', 'whiskey', 'vodka', 'gin', 'rum', 'sake', 'soju'],
    zh: ['喝', '咖啡', '茶', '酒', '饮料', '果汁', '美式', '拿铁', '可乐', '奶茶', '豆浆', '气泡水', '苏打水', '红牛', '椰子水'],
  },
  {
    id: 'work',
    en: ['work', 'job', 'career', 'office', 'company', 'employer', 'colleague', 'boss', 'manager', 'team', 'client'],
    zh: ['工作', '公司', '上班', '同事', '老板', '客户', '职业'],
  },
  {
    id: 'writing',
    en: ['report', 'write', 'writing', 'document', 'draft', 'email', 'memo', 'essay', 'summary', 'conclusion', 'presentation'],
    zh: ['报告', '写', '文档', '邮件', '总结', '结论', '汇报'],
  },
  {
    id: 'schedule',
    en: ['meeting', 'schedule', 'calendar', 'appointment', 'deadline', 'tomorrow', 'week', 'weekend', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    zh: ['会议', '开会', '日程', '安排', '截止', '明天', '下周', '周末', '周一', '周二', '周三', '周四', '周五', '星期'],
  },
  {
    id: 'travel',
    en: ['travel', 'trip', 'flight', 'fly', 'vacation', 'holiday', 'hotel', 'airport', 'visit', 'journey'],
    zh: ['旅行', '旅游', '出差', '机票', '航班', '酒店', '度假'],
  },
  {
    id: 'family',
    en: ['family', 'wife', 'husband', 'partner', 'son', 'daughter', 'kid', 'child', 'children', 'parent', 'mother', 'father', 'mom', 'mum', 'dad', 'brother', 'sister', 'boyfriend', 'girlfriend', 'bf', 'gf', 'fiance', 'fiancee'],
    zh: ['家人', '妻子', '老婆', '丈夫', '老公', '孩子', '儿子', '女儿', '父母', '妈妈', '爸爸', '兄弟', '姐妹', '男朋友', '女朋友', '对象', '未婚夫', '未婚妻'],
  },
  {
    id: 'exercise',
    en: [
      'exercise', 'workout', 'gym', 'run', 'running', 'sport', 'yoga', 'swim', 'fitness', 'fit', 'hike', 'badminton', 'basketball', 'football', 'soccer', 'tennis', 'cycling', 'climbing',
      // How else people keep fit ("doing lengths at the pool", "pilates twice a week", "5am crossfit").
      'pilates', 'boxing', 'crossfit', 'bouldering', 'rowing', 'jog', 'jogging', 'lifting', 'weights', 'netball', 'rugby', 'volleyball', 'golf', 'hockey', 'skating', 'skiing', 'surfing', 'dancing', 'zumba', 'karate', 'judo', 'taekwondo', 'marathon', 'triathlon', 'spin', 'skipping', 'lengths',
    ],
    zh: ['运动', '健身', '跑步', '游泳', '锻炼', '瑜伽', '羽毛球', '篮球', '足球', '网球', '乒乓', '骑车', '爬山', '徒步', '攀岩', '跳绳', '快走', '健走', '普拉提', '拳击', '滑雪', '冲浪', '跳舞', '舞蹈', '高尔夫', '排球', '太极', '广场舞', '骑行', '撸铁', '举铁', '马拉松'],
  },
  {
    // Joints and injuries: what an exercise or outing question needs to know ("膝盖不太好" for 爬山).
    id: 'joint',
    en: ['knee', 'knees', 'ankle', 'ankles', 'wrist', 'shoulder', 'hip', 'injury', 'injured', 'sprain', 'sprained', 'tendon', 'ligament'],
    zh: ['膝盖', '腰疼', '腰不好', '脚踝', '手腕', '颈椎', '腰椎', '受伤', '伤过', '扭伤', '韧带'],
  },
  {
    // Ears and noise: tinnitus is what a loud concert needs to know, not a novel.
    id: 'hearing',
    en: ['tinnitus', 'ear', 'ears', 'hearing', 'deaf', 'loud', 'noise', 'noisy', 'concert', 'gig', 'festival', 'earplugs', 'nightclub'],
    zh: ['耳鸣', '耳朵', '听力', '吵', '噪音', '演唱会', '音乐节', '耳塞'],
  },
  {
    id: 'language',
    en: ['language', 'english', 'chinese', 'translate', 'translation', 'term', 'terminology'],
    zh: ['语言', '英文', '英语', '中文', '翻译', '术语'],
  },
  {
    id: 'style',
    en: ['answer', 'reply', 'response', 'short', 'brief', 'concise', 'long', 'detail', 'detailed', 'format', 'bullet', 'tone'],
    zh: ['回答', '回复', '简短', '简洁', '详细', '格式', '语气'],
  },
  {
    id: 'home',
    en: ['home', 'house', 'apartment', 'flat', 'move', 'moving', 'address', 'live', 'city', 'neighborhood'],
    zh: ['家', '房子', '公寓', '搬家', '地址', '住', '城市'],
  },
  {
    id: 'health',
    // A drug allergy is what a doctor must hear: allergy words belong here too.
    en: ['health', 'doctor', 'medicine', 'medication', 'sick', 'ill', 'pain', 'sleep', 'hospital', 'clinic', 'infection', 'pharmacy', 'prescription', 'antibiotic', 'antibiotics', 'penicillin', 'symptom', 'fever', 'flu', 'allergy', 'allergic'],
    zh: ['健康', '医生', '药', '生病', '疼', '睡眠', '医院', '诊所', '感染', '药店', '处方', '抗生素', '青霉素', '发烧', '过敏'],
  },
  {
    // Money: a budget question needs the loans and the rent, which stay back from any other topic.
    id: 'money',
    en: ['money', 'budget', 'budgeting', 'spend', 'spending', 'save', 'saving', 'savings', 'afford', 'loan', 'debt', 'mortgage', 'rent', 'salary', 'income', 'paycheck', 'payday', 'bills', 'finance', 'finances', 'financial'],
    zh: ['钱', '预算', '花销', '开销', '省钱', '存钱', '贷款', '房贷', '车贷', '工资', '收入', '理财', '房租', '账单', '买得起'],
  },
  {
    id: 'eye',
    en: ['eye', 'eyes', 'vision', 'sight', 'cataract', 'glasses', 'optician', 'ophthalmologist', 'contacts'],
    zh: ['眼', '视力', '白内障', '近视', '眼镜'],
  },
  {
    id: 'pet',
    en: ['pet', 'dog', 'cat', 'puppy', 'kitten'],
    zh: ['宠物', '狗', '猫'],
  },
  {
    id: 'name',
    en: ['name', 'call', 'nickname'],
    zh: ['名字', '称呼', '叫我'],
  },
  {
    id: 'birthday',
    en: ['birthday', 'anniversary', 'born'],
    zh: ['生日', '纪念日', '出生'],
  },
];

const EN_INDEX = new Map<string, string[]>();
for (const group of GROUPS) {
  for (const word of group.en) {
    const key = stem(word);
    EN_INDEX.set(key, [...(EN_INDEX.get(key) ?? []), group.id]);
  }
}

// Words too generic to show that a memory is about the question ("user wants ...").
const WEAK_STEMS = new Set(
  ['user', 'want', 'like', 'prefer', 'need', 'know', 'think', 'tell', 'say', 'said', 'make', 'thing', 'good', 'help', 'use', 'really', 'alway', 'never', 'usual', 'mayb', 'tonight', 'today', 'now'].map(stem),
);

/**
 * The set of "concepts" a text touches: stemmed content words, concept-group ids
 * (prefixed "#") and Chinese bigrams/characters. Two texts are related when their sets meet.
 */
export function conceptsOf(text: string): Set<string> {
  const concepts = new Set<string>();
  for (const term of contentStems(text)) {
    if (WEAK_STEMS.has(term)) continue;
    concepts.add(term);
    for (const id of EN_INDEX.get(term) ?? []) concepts.add(`#${id}`);
  }
  const normalized = normalizeText(text);
  for (const group of GROUPS) {
    if (group.zh.some((term) => normalized.includes(term))) concepts.add(`#${group.id}`);
  }
  // Single Han characters are too ambiguous on their own; they only count through groups.
  for (const gram of cjkBigrams(text)) concepts.add(gram);
  return concepts;
}

export function sharedConcepts(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((concept) => b.has(concept));
}
