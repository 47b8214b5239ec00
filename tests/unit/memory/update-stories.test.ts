// The extraction side of SPEC §4.4's update stories: what the rules hand to dedup/update.
import { describe, expect, it } from 'vitest';

import { extractExplicit, extractWithRules } from '../../../server/memory/rules';
import { validateExtracted } from '../../../server/memory/validate';
import { said, windowOf } from './window';

const pick = (window: Parameters<typeof extractWithRules>[0]) =>
  extractWithRules(window).map(({ type, kind, summary, negative_update, conflict_hint }) => ({ type, kind, summary, negative_update, conflict_hint }));

describe('coffee → tea', () => {
  it('"I drink coffee every morning" is a preference', () => {
    expect(pick(said('I drink coffee every morning'))).toEqual([
      { type: 'semantic', kind: 'preference', summary: 'Drinks coffee every morning', negative_update: false, conflict_hint: null },
    ]);
  });

  it('"I don\'t drink coffee any more, tea now" revokes coffee and adds tea', () => {
    const window = said("I don't drink coffee any more, tea now", [
      ['user', 'I drink coffee every morning'],
      ['assistant', 'Noted!'],
    ]);
    expect(pick(window)).toEqual([
      { type: 'semantic', kind: 'preference', summary: 'No longer drinks coffee', negative_update: true, conflict_hint: 'coffee' },
      { type: 'semantic', kind: 'preference', summary: 'Drinks tea now', negative_update: true, conflict_hint: 'coffee' },
    ]);
  });
});

describe('Friday works / doesn’t work / after all', () => {
  const asked = ['assistant', 'Could we do the design review on Friday?'] as const;

  it('"Friday works" is a plan for the review, valid until Friday ends', () => {
    const [item] = extractWithRules(said('Friday works', [asked]));
    expect(item).toMatchObject({ type: 'episodic', kind: 'plan', negative_update: false, validity: 'temporary' });
    expect(item?.summary).toBe('Friday works for the design review (2026-03-06)');
    expect(item?.valid_until).toBe('2026-03-07T00:00:00.000Z');
  });

  it('"Friday doesn\'t work" revokes it', () => {
    const window = windowOf([asked, ['user', 'Friday works'], ['assistant', 'Great.'], ['user', "Friday doesn't work"]]);
    expect(pick(window)).toEqual([
      { type: 'episodic', kind: 'plan', summary: 'Friday does not work for the design review (2026-03-06)', negative_update: true, conflict_hint: 'Friday' },
    ]);
  });

  it('"Friday after all" restores it as a correction', () => {
    const window = windowOf([asked, ['user', "Friday doesn't work"], ['assistant', 'Would Monday suit you?'], ['user', 'Friday after all']]);
    expect(pick(window)).toEqual([
      { type: 'episodic', kind: 'plan', summary: 'Friday works for the design review after all (2026-03-06)', negative_update: true, conflict_hint: 'Friday' },
    ]);
  });
});

describe('switches and moves', () => {
  it('"we switched from Feishu to DingTalk" replaces Feishu', () => {
    expect(pick(said('we switched from Feishu to DingTalk'))).toEqual([
      { type: 'semantic', kind: 'fact', summary: 'Uses DingTalk (switched from Feishu)', negative_update: true, conflict_hint: 'Feishu' },
    ]);
  });

  it('a dated switch also records the event', () => {
    const items = pick(said('We switched from Feishu to DingTalk last month'));
    expect(items.map((i) => [i.type, i.kind])).toEqual([
      ['semantic', 'fact'],
      ['episodic', 'event'],
    ]);
    expect(items[1]?.summary).toBe('Switched from Feishu to DingTalk (2026-02)');
  });

  it('"I moved from Shanghai to Hangzhou" is a new state that replaces Shanghai', () => {
    expect(pick(said('I moved from Shanghai to Hangzhou'))).toEqual([
      { type: 'semantic', kind: 'fact', summary: 'Lives in Hangzhou (moved from Shanghai)', negative_update: true, conflict_hint: 'Shanghai' },
    ]);
  });

  it('"Moving from A to B next Wednesday" yields an episodic plan and a semantic new state (SPEC §2)', () => {
    const items = extractWithRules(said('Moving from Shanghai to Hangzhou next Wednesday'));
    expect(items.map((i) => [i.type, i.kind, i.summary])).toEqual([
      // Where the user lives from that day, as a new job is: it fills the home slot.
      ['semantic', 'fact', 'Lives in Hangzhou (from 2026-03-11) (moving from Shanghai)'],
      ['episodic', 'plan', 'Moving from Shanghai to Hangzhou next Wednesday (2026-03-11)'],
    ]);
    expect(items[1]?.valid_until).toBe('2026-03-12T00:00:00.000Z');
    expect(items.every((i) => i.entities.includes('Hangzhou'))).toBe(true);
  });

  it('the place ends before a date said as "end of april", lowercase and all', () => {
    const items = extractWithRules(said("ok its official, we're moving to porto end of april"));
    expect(items.map((i) => [i.kind, i.summary])).toEqual([
      ['fact', 'Lives in porto (from 2026-04)'],
      ['plan', 'Moving to porto end of april (2026-04)'],
    ]);
    expect(items.every((i) => i.entities.includes('porto'))).toBe(true);
  });

  it('下周三从上海搬到杭州 does the same in Chinese', () => {
    const items = extractWithRules(said('下周三我要从上海搬到杭州', [], { timeZone: 'Asia/Shanghai' }));
    expect(items.map((i) => [i.type, i.kind])).toEqual([
      ['semantic', 'fact'],
      ['episodic', 'plan'],
    ]);
    expect(items[0]?.conflict_hint).toBe('上海');
  });
});

describe('running and allergies', () => {
  it('"remember I\'m allergic to peanuts" is an explicit, important constraint', () => {
    const [item] = extractWithRules(said("remember I'm allergic to peanuts"));
    expect(item).toMatchObject({ type: 'semantic', kind: 'constraint', summary: 'Allergic to peanuts', confidence: 'high', sensitive: true, quote: "I'm allergic to peanuts" });
    expect(item?.importance).toBeGreaterThanOrEqual(4);
  });

  it('"I usually run in the morning" is a habit; "actually I switched to evening runs" corrects it', () => {
    expect(pick(said('I usually run in the morning'))).toEqual([
      { type: 'semantic', kind: 'preference', summary: 'Usually runs in the morning', negative_update: false, conflict_hint: null },
    ]);
    const correction = said('actually I switched to evening runs', [['user', 'I usually run in the morning']]);
    expect(pick(correction)).toEqual([
      { type: 'semantic', kind: 'preference', summary: 'Switched to evening runs', negative_update: true, conflict_hint: 'runs' },
    ]);
  });

  it('"no, it\'s A not B" restates the assistant’s wrong assumption with the right value', () => {
    const window = said("No, it's Hangzhou, not Suzhou.", [['assistant', 'Since you live in Suzhou, the high-speed train is your best option.']]);
    expect(pick(window)).toEqual([{ type: 'semantic', kind: 'fact', summary: 'Lives in Hangzhou', negative_update: true, conflict_hint: 'Suzhou' }]);
  });
});

describe('where the user is now, in a message about moving', () => {
  it('is the new home; a week away or a town word is not', () => {
    expect(pick(said("update we're in leeds now!! moved last weekend, flat is tiny but i love it"))).toContainEqual({
      type: 'semantic',
      kind: 'fact',
      summary: 'Lives in leeds',
      negative_update: true,
      conflict_hint: 'previous home',
    });
    expect(pick(said('im in berlin this week for work')).filter((i) => i.summary.startsWith('Lives'))).toEqual([]);
    expect(pick(said("we're in town now, moved the car")).filter((i) => i.summary.startsWith('Lives'))).toEqual([]);
  });
});

describe('a correction that gives only the right value', () => {
  const accepted = (text: string, before: string) => {
    const window = said(text, [['user', before], ['assistant', 'Noted!']]);
    return validateExtracted(extractWithRules(window), window).accepted.map(({ type, kind, summary, negative_update, conflict_hint }) => ({ type, kind, summary, negative_update, conflict_hint }));
  };

  it('a day corrected in a dated month keeps the month, and a birthday stays a fact: "wait no sorry its the 21st"', () => {
    expect(accepted('wait no sorry its the 21st. i always mix it up with her mums', "remember my wife jen's birthday is 19 april")).toContainEqual({
      type: 'semantic',
      kind: 'fact',
      summary: "Wife jen's birthday is 21st april",
      negative_update: true,
      conflict_hint: '19',
    });
  });

  it('restates the statement it corrects, with the value swapped, aimed at the old value', () => {
    expect(accepted("Oh wait, I had that wrong, it's the first Wednesday. Silly me.", 'We meet the first Tuesday of every month')).toContainEqual({
      type: 'semantic',
      kind: 'fact',
      summary: 'Meets the first Wednesday of every month',
      negative_update: true,
      conflict_hint: 'Tuesday',
    });
    expect(accepted('哦不对 疫苗是10号 我看错了', '6月8号带豆豆去打疫苗')).toContainEqual({
      type: 'episodic',
      kind: 'plan',
      summary: '6月10号带豆豆去打疫苗（2026-06-10）',
      negative_update: true,
      conflict_hint: '8号',
    });
    // "下周三" keeps its 下周 when only the weekday changes; "HR" changed it, HR is not the topic.
    expect(accepted('wait 不对 HR刚改成周四了 lol 多一天准备', '下周三有个grab的面试 好紧张啊').map((i) => i.summary)).toContainEqual(expect.stringMatching(/^下周四有个grab的面试.*（2026-03-12）$/));
  });

  it('a corrected birthday with its month: restated when the old date is in view, said as the right value when it was another chat; a new date with 改成 is a move', () => {
    const restated = accepted('还有阿杰生日我记错了 是6月19号 差点搞错', 'ok 对了阿杰生日6月9号 到时候提醒我准备礼物').find((i) => i.negative_update);
    // A birthday comes round every year: a fact (recall brings it when it is near), not a plan that expires.
    expect(restated).toMatchObject({ kind: 'fact', conflict_hint: '9号' });
    expect(restated?.summary).toMatch(/阿杰生日6月19号/);
    // The old date was said in an earlier conversation: the correction names its topic.
    expect(accepted('还有阿杰生日我记错了 是6月19号 差点搞错', '今天好冷')).toContainEqual({ type: 'semantic', kind: 'fact', summary: '阿杰生日是6月19号', negative_update: true, conflict_hint: '阿杰生日' });
    // Another month than the sentence it would correct: not that sentence's day swapped.
    expect(accepted('阿杰生日我记错了 是7月19号', 'ok 对了阿杰生日6月9号').map((i) => i.summary)).not.toContainEqual(expect.stringMatching(/6月19号/));
    expect(accepted('对了牙医那个改了 改成7月2号上午 医生那天下午有手术', '牙医约在6月25号下午 帮我记着').map((i) => i.summary)).toContainEqual(expect.stringMatching(/^牙医改到7月2号上午/));
  });

  it('needs the value to open what follows, and a date to be one', () => {
    expect(accepted("actually that's fine, see you monday", 'dinner is on friday').filter((i) => i.negative_update)).toEqual([]);
    expect(accepted("actually it's the 3rd time this week lol", 'my birthday is on the 12th').filter((i) => i.negative_update)).toEqual([]);
  });
});

describe('the fast channel', () => {
  it('turns "from now on" into a procedural rule with importance ≥ 4', () => {
    const window = said('From now on, answer in British English.');
    const message = window.messages[0];
    if (!message) throw new Error('no message');
    const items = extractExplicit('answer in British English', message, window);
    expect(items).toEqual([expect.objectContaining({ type: 'procedural', kind: 'rule', summary: 'Answer in British English', confidence: 'high', importance: 4, quote: 'answer in British English' })]);
    expect(validateExtracted(items, window).accepted[0]?.status).toBe('active');
  });

  it('keeps a recognised statement’s kind and stores anything else as a fact', () => {
    const window = said('remember: the staging server is called bluebird');
    const message = window.messages[0];
    if (!message) throw new Error('no message');
    expect(extractExplicit('the staging server is called bluebird', message, window)).toEqual([
      expect.objectContaining({ type: 'semantic', kind: 'fact', summary: 'The staging server is called bluebird', importance: 4, confidence: 'high' }),
    ]);
  });

  it('makes 以后… a rule and 帮我记一下 with a time a plan', () => {
    const rule = said('以后注意回答简短一点', [], { timeZone: 'Asia/Shanghai' });
    const plan = said('帮我记一下：明天下午三点开会', [], { timeZone: 'Asia/Shanghai' });
    expect(extractWithRules(rule)).toEqual([expect.objectContaining({ type: 'procedural', kind: 'rule', summary: '回答简短一点', importance: 4 })]);
    expect(extractWithRules(plan)).toEqual([expect.objectContaining({ type: 'episodic', kind: 'plan', summary: '明天下午三点开会（2026-03-06 15:00）', validity: 'temporary' })]);
  });

  it('stores nothing for a forget request', () => {
    expect(extractWithRules(said('forget that I like coffee'))).toEqual([]);
  });
});
