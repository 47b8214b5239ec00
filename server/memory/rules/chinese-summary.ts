/**
 * Chinese summaries stay in Chinese (the brief allows it) and drop the first person, the way
 * English summaries drop "I": "我通常晚上十一点睡觉" → "通常晚上十一点睡觉". Other first-person
 * words become 用户, and "你" (the assistant) becomes 助手.
 */
import { SAID_WRONG_ZH } from './lexicon';

const LEADING_FILLER_ZH = /^(?:(?:其实|然后|对了|另外|还有|而且|不过|但是|所以|因为|哈哈+|嗯+|啊|哦|好的?|对|是的|那个|顺便说一下|话说|说起来|补充一下|更正一下|纠正一下|不对|不是的|错了|搞错了)[\s,，。！!、]*)+/;
const LEADING_HEDGE_ZH = /^(?:我觉得|我感觉|我估计|我猜)[\s,，]*/;
// "…苏州上班，上次我把城市说错了", "…Kelvin，之前打错了 haha": the correction marker after the value.
const TRAILING_CORRECTION_ZH = new RegExp(String.raw`[，,]\s*${SAID_WRONG_ZH}[\s\S]*$`);
const TRAILING_ZH = /[\s,，。！!？?~～…、]*(?:吧|啊|呀|哦|哈+|啦|嘛|呢|哟|噢|喔)?[\s,，。！!？?~～…、]*$/;

/** Strips fillers at both ends of a Chinese clause. */
export function stripFillersZh(text: string): string {
  let result = text.trim();
  for (let i = 0; i < 3; i += 1) {
    const before = result;
    result = result.replace(LEADING_FILLER_ZH, '').replace(LEADING_HEDGE_ZH, '').replace(TRAILING_CORRECTION_ZH, '').replace(TRAILING_ZH, '').trim();
    if (result === before) break;
  }
  return result;
}

/** A subject-less, third-person Chinese summary of a first-person clause. */
export function describeChinese(clause: string, options: { hedged?: boolean } = {}): string | null {
  let text = stripFillersZh(clause);
  text = text
    .replace(/^我们(公司|团队|组|部门|家|学校|小组|项目组)/, '$1')
    .replace(/^我的/, '')
    .replace(/^我(?!们)/, '')
    // "下周三我要…", "月底之前我得…": a subject after a leading time phrase goes too.
    .replace(/^([^我，,。]{1,8}?)(?<![让给帮叫跟和对被把向替])我(?![们的])/, '$1')
    .replace(/^我们/, '')
    .replace(/我的/g, '用户的')
    .replace(/我们/g, '用户一方')
    .replace(/我/g, '用户')
    .replace(/[你您]/g, '助手')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  // "婆婆也跟我們住" cut to its last word, "住": one character with nothing else says nothing.
  if (/^[\u4e00-\u9fff][\s。！!~了啦]*$/.test(text)) return null;
  // "你好" → "助手好": a greeting to the assistant is no memory.
  if (/^(?:助手)?(?:好|早|晚上好|早上好)[\s。！!~呀啊]*$/.test(text)) return null;
  if ((options.hedged ?? false) && !/可能|也许|大概|好像|似乎|或许|考虑|说不定/.test(text)) text = `可能${text}`;
  return text;
}
