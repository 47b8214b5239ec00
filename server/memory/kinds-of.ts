/**
 * A small table of "is a kind of" for the things people most often give up or switch (issue 12):
 * "I've given up coffee" revokes "Loves a flat white"; "I stopped eating meat" revokes "Loves a
 * good steak". Word overlap cannot know a flat white is coffee; an LLM extractor would. Kept short
 * and general: add a family only with a case for it.
 */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  coffee: ['flat white', 'latte', 'espresso', 'cappuccino', 'americano', 'mocha', 'macchiato', 'cortado', 'cold brew', 'caffeine', '咖啡', '拿铁', '美式', '卡布奇诺'],
  alcohol: ['beer', 'wine', 'whisky', 'whiskey', 'vodka', 'gin', 'rum', 'cocktail', 'cocktails', 'prosecco', 'champagne', 'cider', '酒', '啤酒', '红酒', '白酒'],
  meat: ['beef', 'pork', 'chicken', 'lamb', 'steak', 'bacon', 'ham', 'sausage', 'burger', 'burgers', '肉', '牛肉', '猪肉', '鸡肉', '羊肉'],
  smoking: ['cigarette', 'cigarettes', 'vape', 'vaping', 'smoke', 'smokes', '烟', '抽烟', '香烟'],
  sugar: ['soda', 'candy', 'sweets', 'dessert', 'desserts', 'chocolate', '糖', '甜食', '奶茶'],
};

// Things a person has one of at a time: switching to a Pixel replaces the iPhone.
const OWNED_ONE_AT_A_TIME: Readonly<Record<string, readonly string[]>> = {
  phone: ['iphone', 'pixel', 'galaxy', 'samsung', 'android', 'oneplus', 'xiaomi', 'huawei', 'motorola', 'nokia', '苹果手机', '华为', '小米'],
};

const named = (member: string, haystack: string) => (/[\u4e00-\u9fff]/.test(member) ? haystack.includes(member) : new RegExp(`\\b${member}\\b`).test(haystack));

/**
 * Does `text` name something of the family `hint` names ("coffee" / "Loves a flat white"), or
 * another one of a thing there is one of at a time ("pixel" / "IPhone battery dies by 3pm")?
 */
export function namesKindOf(hint: string, text: string): boolean {
  const key = hint.trim().toLowerCase();
  const haystack = ` ${text.toLowerCase()} `;
  const family = FAMILIES[key];
  if (family) return family.some((member) => named(member, haystack));
  const siblings = Object.values(OWNED_ONE_AT_A_TIME).find((members) => members.includes(key));
  return siblings !== undefined && siblings.some((member) => member !== key && named(member, haystack));
}
