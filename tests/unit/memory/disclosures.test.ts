/**
 * The offline extractor's redesign (issue 12): extract generously — every lasting disclosure,
 * several per message, others' facts as theirs — and validate strictly. Each case is a shape of
 * everyday speech, not a sentence the rules were written for.
 */
import { describe, expect, it } from 'vitest';
import { parseExplicitCommand } from '@/server/memory/explicit-command';
import { extractWithRules } from '@/server/memory/rules';
import { validateExtracted } from '@/server/memory/validate';
import { AT, said } from './window';

const items = (text: string, at = AT) => {
  const window = said(text, [], { at });
  return validateExtracted(extractWithRules(window), window).accepted;
};
const summaries = (text: string, at = AT) => items(text, at).map((i) => i.summary.toLowerCase());

describe('extract generously', () => {
  it('keeps each fact of a message that states several, said in passing', () => {
    const found = summaries("can u fix my cover letter, i'm 34, live in glasgow and work in insurance. boring i know lol");
    expect(found.some((s) => s.includes('34'))).toBe(true);
    expect(found.some((s) => s.includes('glasgow'))).toBe(true);
    expect(found.some((s) => s.includes('insurance'))).toBe(true);
    expect(found.filter((s) => s.includes('glasgow') && s.includes('insurance'))).toEqual([]);
  });

  it("keeps someone else's facts as theirs, and the user's own fact beside them", () => {
    const found = items('my husband grew up in naples and he adores anchovies, i\'m allergic to shellfish though');
    const anchovies = found.filter((i) => i.summary.toLowerCase().includes('anchov'));
    expect(anchovies.map((i) => [i.kind, i.summary.toLowerCase().startsWith('husband')])).toEqual([['relationship', true]]);
    expect(found.some((i) => i.kind === 'constraint' && /shellfish/i.test(i.summary))).toBe(true);
  });

  it('keeps nothing of a groan whose every word but the subject is venting', () => {
    expect(summaries('my mom is so annoying lol')).toEqual([]);
    expect(summaries('my sister is getting married in june. my mum is so annoying lol').join(' | ')).not.toMatch(/\bis$|\bis \|/);
  });

  it('reads a past weekday as the past: an injury last sunday is an event, not a plan that expires', () => {
    const [fall] = items('sprained my wrist on sunday playing 5-a-side, any tips for typing?');
    expect(fall?.type).toBe('episodic');
    expect(fall?.kind).toBe('event');
    expect(fall?.valid_until).toBeNull();
    expect(fall?.occurred_at?.slice(0, 10)).toBe('2026-03-01'); // the Sunday before Thursday 5 March
  });

  it('keeps a new job as a lasting fact with its whole title', () => {
    const job = items('I GOT IT!!! starting as a data analyst at shopify on april 6. can u help me write a goodbye note').find((i) => /shopify/i.test(i.summary));
    expect(job?.summary).toMatch(/data analyst at shopify/i);
  });

  it('keeps a state that begins on a day as how things stand from then, not a plan that expires that day', () => {
    for (const [text, summary] of [
      ['from april 1 i am QA lead at Mercari, new linkedin headline time', /^Is QA lead at Mercari \(from 2026-04-01\)$/],
      ["I'll be head of sales at Brightline from next month", /^Is head of sales at Brightline \(from 2026-0\d\)$/],
      ['starting in june im on days only, thank god', /^Is on days only \(from 2026-06\)$/],
    ] as const) {
      const found = items(text);
      expect(found.map((i) => i.summary), text).toContainEqual(expect.stringMatching(summary));
      expect(found.filter((i) => i.kind === 'plan'), text).toEqual([]);
    }
    // Going away from a day is still a trip, and lowercase "i'm" is "they're", never "they'm".
    const away = items("from next week i'm on holiday in crete");
    expect(away.some((i) => i.kind === 'plan')).toBe(true);
    expect(away.map((i) => i.summary).join(' ')).not.toMatch(/they'm/);
  });

  it('someone coming over on a day is an occasion that is over once that day has passed, whatever kind the rule gave it', () => {
    const visit = items('also my cousin akinyi is coming over from kisumu next weekend, need to clean the spare room lol');
    const akinyi = visit.filter((i) => /akinyi/i.test(i.summary));
    expect(akinyi.length).toBeGreaterThan(0);
    for (const i of akinyi) {
      // Thursday 5 March: next weekend is 14–15 March, and the memory says so in its own words.
      expect(i.valid_until?.slice(0, 10), i.summary).toBe('2026-03-16');
      expect(i.summary).toContain('2026-03-14');
    }
    // A state that begins then, or an occasion that is over, keeps no end.
    for (const text of ['im starting at google next month!!', 'the big family meal was last saturday, so much food']) {
      expect(items(text).map((i) => i.valid_until), text).toEqual(items(text).map(() => null));
    }
  });

  it('hears a weekly routine in Chinese as a habit, not one dated plan; a moved appointment stays a plan', () => {
    for (const text of ['店长把我的班改成周一周三晚上六点到十点了', '现在周四改去家附近的瑜伽']) {
      const found = items(text);
      expect(found.length, text).toBeGreaterThan(0);
      expect(found.filter((i) => i.kind === 'plan'), text).toEqual([]);
    }
    expect(items('牙医改到周四下午了').some((i) => i.kind === 'plan')).toBe(true);
    expect(items('这周五到周日去杭州玩').some((i) => i.kind === 'plan')).toBe(true);
  });

  it('hears standing instructions said in passing, in both languages', () => {
    for (const text of ['also pls use celsius when u tell me weather stuff', 'keep ur answers short, like 5 lines max', '回答简短点，别每次都给我列一大堆要点']) {
      expect(items(text).some((i) => i.type === 'procedural'), text).toBe(true);
    }
    // A one-off task about the reply at hand is not a standing rule.
    expect(items('Write a short poem about autumn in Kyoto.')).toEqual([]);
  });

  it('hears a standing instruction after the task it came with: a dislike of long answers, "in general", "pls always"', () => {
    const rules = (text: string) => items(text).filter((i) => i.type === 'procedural').map((i) => i.summary);
    expect(rules("oh and dan's allergic to cashews so none of those creamy cashew sauces pls. and keep it short, i hate long replies")).toEqual(['Keep answers short']);
    expect(rules('make it less polite tbh. and in general pls keep stuff short when u write for me')).toHaveLength(1);
    expect(rules('need a grocery list for the week, and pls always group my grocery lists by aisle, saves me so much time')).toEqual(["Always group the user's grocery lists by aisle"]);
    expect(rules('ok cool and can you keep things super practical like step by step lists cause im reading one handed at 3am')).toHaveLength(1);
    expect(rules('pls never assume im free on sundays')).toEqual(['Never assume the user is free on sundays']);
    // The task at hand stays a task: a list asked for now, "keep it short" with a reason about now.
    expect(rules('can you make a list of 5 dinner ideas')).toEqual([]);
    expect(rules('keep it short, i have to go')).toEqual([]);
  });

  it('hears a standing instruction asked as a polite question, and keeps a quoted sign-off whole', () => {
    const rules = items("That is very nice. Might I ask you to always finish my letters with 'Warm regards, Margaret'? I find 'Cheers' too casual.").filter((i) => i.type === 'procedural');
    expect(rules.map((r) => [r.summary, r.status])).toEqual([["Always finish the user's letters with 'Warm regards, Margaret'", 'active']]);
    expect(items("I'd appreciate it if you would always use metric units.").some((i) => i.type === 'procedural')).toBe(true);
    expect(items('could I ask you to check this draft?')).toEqual([]);
  });

  it('splits "… and the bus is dreadful" from the home, and keeps a relative clause with what it describes', () => {
    const found = summaries("I live in Lindisfarne and the bus into the city is dreadful on a Sunday, so I shall simply pop the note through Joan's door myself.");
    expect(found).toContain('lives in lindisfarne');
    expect(found.some((s) => s.includes('lindisfarne') && s.includes('bus'))).toBe(false);
    // "on a Sunday" is a habit: nothing here is a plan.
    expect(items("I live in Lindisfarne and the bus into the city is dreadful on a Sunday.").filter((i) => i.kind === 'plan')).toEqual([]);
    expect(summaries('Instead I have joined a book club at the Kingston library, which meets on the first Tuesday of each month.')).toEqual([
      'has joined a book club at the kingston library, which meets on the first tuesday of each month',
    ]);
    expect(summaries('my sister, who lives in cork, is a nurse')).toEqual(['sister, who lives in cork, is a nurse']);
    // "in X now" beside the boxes of a move is the new home.
    expect(summaries("We're in Coimbra now; boxes everywhere.")).toContain('lives in coimbra');
  });

  it('in Chinese: a rule after 但是, a job title said with 做, a trip with its dates, a knee that is health, and 想裸辞 is a groan', () => {
    expect(items('要 但是以后你回答我先给结论 别铺垫那么多').filter((i) => i.type === 'procedural').map((i) => i.summary)).toEqual(['助手回答先给结论']);
    const trip = items('五一跟阿杰去厦门玩 5月1号到4号 酒店订好了 帮我做个攻略', new Date('2026-04-18T02:00:00Z')).find((i) => i.summary.includes('厦门'));
    expect(trip).toMatchObject({ kind: 'plan' });
    // Valid through the whole holiday, not only its first day.
    expect(new Date(trip!.valid_until!).getTime()).toBeGreaterThan(new Date('2026-05-05T00:00:00Z').getTime());
    expect(items('我膝盖不太好 之前打羽毛球伤过').find((i) => i.summary.includes('膝盖'))?.sensitive).toBe(true);
    expect(summaries('救命 今天又加班到十点 老板真的离谱 我想裸辞').filter((s) => s.includes('裸辞'))).toEqual([]);
  });

  it('keeps nothing from moods, mishaps, reactions, forwarded text or what would be', () => {
    for (const text of [
      "lol I'm such an idiot, I locked myself out again",
      'I forgot my umbrella today, typical.',
      "forwarding this from the group chat: 'anyone free saturday? i'm bringing snacks' — funny reply?",
      '我朋友朋友圈发的：\'我要辞职去大理开民宿了！\' 帮我想句评论',
      "That's hilarious 😂 my brother would love that joke",
      'if I ever moved to Japan I would learn Japanese',
      'I see, thanks, I will try that',
      'Well, I have finally done it.',
      'I thought as much.',
      'I shall try that.',
    ]) {
      expect(summaries(text), text).toEqual([]);
    }
  });

  it('splits Chinese typed with spaces for commas, and a message with no 我 still tells the user\'s life', () => {
    const found = summaries('周日打羽毛球把脚崴了 现在肿得像馒头 上班还得走路 怎么消肿快');
    expect(found.some((s) => s.includes('羽毛球') && s.includes('崴'))).toBe(true);
    const moves = summaries('我入职字节啦！！现在是高级UI设计师 上个月刚搬到上海 房子在徐汇');
    expect(moves.some((s) => s.includes('字节'))).toBe(true);
    expect(moves.some((s) => s.includes('上海'))).toBe(true);
  });

  it('reads Traditional Chinese with the same rules and keeps the user\'s own characters', () => {
    const found = items('搬到台北一個月了 住在大安區 兩隻狗狗不太習慣公寓');
    const home = found.find((i) => i.summary.includes('大安'));
    expect(home?.summary).toContain('大安區');
    expect(home?.quote).toBe('住在大安區');
    expect(found.every((i) => !i.summary.includes('台北') || !i.summary.includes('臺'))).toBe(true);
  });
});

describe('"remember …" and the rest of the message', () => {
  it('the request covers its own sentence; what follows is extracted like any other words', () => {
    const text = "remember that my mum's birthday is march 3rd. also she hates lilies so never suggest lily bouquets";
    const command = parseExplicitCommand(text);
    expect(command?.kind === 'remember' && command.content).toBe("my mum's birthday is march 3rd");
    const found = items(text);
    expect(found.some((i) => i.kind === 'relationship' && /mum hates lilies/i.test(i.summary))).toBe(true);
    expect(found.some((i) => i.type === 'procedural' && /lil/i.test(i.summary))).toBe(true);
    // The tail is not folded into the high-importance explicit item.
    expect(found.filter((i) => i.importance >= 4 && /lil/i.test(i.summary))).toEqual([]);
  });

  it('after the fast channel stored the request, the slow channel drops only items quoting it', () => {
    const text = 'remember my sister is called Clara. also i started piano last month';
    const window = { ...said(text), commandHandled: ['m1'] };
    const { accepted, dropped } = validateExtracted(extractWithRules(window), window);
    expect(accepted.map((i) => i.summary.toLowerCase())).toEqual(expect.arrayContaining([expect.stringContaining('piano')]));
    expect(accepted.some((i) => /clara/i.test(i.summary))).toBe(false);
    expect(dropped.map((d) => d.reason)).toContain('handled_by_fast_channel');
  });
});

describe('what a fact is about, when it sits in the next clause (issue 12)', () => {
  it('keeps the object a set phrase or the clause before names', () => {
    expect(summaries('need some music for the gym, anything but country pls')).toContain('does not like country');
    expect(summaries('got promoted!! senior analyst from june, still in shock')).toEqual(expect.arrayContaining([expect.stringMatching(/^promoted to senior analyst/)]));
    expect(summaries('we drove up to see my grandparents in leeds, long day')).toContain('grandparents live in leeds');
    expect(summaries('my flatmate keeps cooking mackerel, i can\'t stand the smell')).toContain("can't stand the smell of mackerel");
    // "my sister in law" names a person, not a town.
    expect(summaries('my sister in law is visiting')).not.toContain('sister lives in law');
  });

  it('a new role after "promoted" replaces the job title, not the employer', () => {
    const [role] = items('i got promoted!! team lead from next month');
    expect(role).toMatchObject({ kind: 'fact', negative_update: true, conflict_hint: 'job title' });
  });

  it('Chinese: 他/她 after someone is named is that someone; their own news is theirs; a doctor\'s finding is the user\'s', () => {
    const husband = items('我老公生日快到了 他是广东人特别爱吃甜的');
    expect(husband.filter((i) => i.summary.includes('爱吃甜')).map((i) => [i.kind, i.summary.startsWith('老公')])).toEqual([['relationship', true]]);
    const daughter = summaries('我女儿说她下周要去北京比赛');
    expect(daughter.some((s) => s.startsWith('女儿下周要去北京比赛'))).toBe(true);
    expect(summaries('医生说我血糖偏高 要少吃甜的').some((s) => s.includes('血糖偏高'))).toBe(true);
    // Someone else's opinion stays out.
    expect(summaries('我朋友说这家店的火锅特别好吃')).toEqual([]);
    // Where she lives is hers: the clause without a subject goes on about the person just named.
    expect(summaries('我妈是湖南人 住在长沙')).toContain('妈住在长沙');
    expect(summaries('daniel的妈妈是马来西亚人 住在槟城 下个月我们要去看她').filter((s) => s.includes('槟城'))).toEqual(['daniel的妈妈住在槟城']);
    expect(summaries('我是湖南人 住在长沙')).toContain('住在长沙');
    // A named person with their people: what follows is theirs, not only the name.
    expect(summaries("My daughter Karen and her family are moving to Denver in June. I'm sad they're going")).toContain('daughter karen and her family are moving to denver in june');
  });

  it('a job whose start date comes first, and a last day that is still ahead', () => {
    const job = items('GOT THE JOB!!! starting april 6 as a compliance analyst at Prairie State Credit Union. my last day at the firm is march 31');
    expect(job.find((i) => i.type === 'semantic' && /compliance analyst/.test(i.summary))?.summary).toBe('Works as a compliance analyst at prairie state credit union (from 2026-04-06)');
    // "last day" is the final one, not last week: March 31 is ahead of March 5.
    expect(job.find((i) => /last day/i.test(i.summary))).toMatchObject({ kind: 'plan', summary: expect.stringContaining('2026-03-31') as unknown });
  });

  it('Chinese: pets named in the clause after them, a groan taints only what follows it', () => {
    expect(summaries('家里养了三只猫 一只叫可乐一只叫雪碧一只叫芬达')).toContain('三只猫叫可乐和雪碧和芬达');
    expect(summaries('我不吃香菜 每次点外卖都要备注 好崩溃').some((s) => s.includes('不吃香菜'))).toBe(true);
    expect(summaries('累死了 我想辞职')).toEqual([]);
  });

  it('"帮我记住 …" keeps its opening clause even when no rule reads it, and the rest as well', () => {
    const found = summaries('帮我记住 我妈的生日是五月三号 还有我下周要去深圳出差');
    expect(found.some((s) => s.includes('生日是五月三号'))).toBe(true);
    expect(found.some((s) => s.includes('深圳出差'))).toBe(true);
  });

  it('a rescheduled appointment in month/day form is that date', () => {
    const [moved] = items('牙医改到3/19周四上午了');
    expect(moved?.occurred_at?.slice(0, 10)).toBe('2026-03-19');
  });

  it('knows the people chat names in lower case, and keeps what they do as theirs', () => {
    const window = said('ugh kai broke his ankle at footy on saturday, hes on crutches for 6 weeks', [['user', 'me and my husband kai are off to fiji in june']]);
    const found = validateExtracted(extractWithRules(window), window).accepted;
    const ankle = found.find((i) => /ankle/i.test(i.summary));
    expect(ankle).toMatchObject({ kind: 'event' });
    expect(ankle?.summary).toMatch(/^Kai broke his ankle/);
    expect(ankle?.entities).toContain('kai');
    // A name the memory already holds counts too, from an earlier chat.
    const later = said('nora starts her new school in september', [], { knownEntities: ['nora'] });
    expect(validateExtracted(extractWithRules(later), later).accepted.map((i) => i.summary)).toEqual(['Nora starts her new school in september']);
    // …but a word that only looks like a name is not someone: "work is killing me" stays out.
    expect(summaries('work is killing me this week')).toEqual([]);
  });

  it('"X and i …" is the user\'s news, shared; "she …" with no one named is no one\'s', () => {
    expect(summaries('sam and i adopted a kitten last weekend!!')).toEqual(['adopted a kitten with sam last weekend (2026-02-28 – 2026-03-01)']);
    expect(summaries('what should i get her tho, shes super into pottery and jazz')).toEqual([]);
    expect(summaries('my sister is visiting. she loves pottery and jazz').some((s) => s.includes('pottery'))).toBe(true);
  });

  it('a thing that moves supersedes by name, not only appointments from a list', () => {
    const [recital] = items('the recital got moved to march 20 bc the hall flooded lol');
    expect(recital).toMatchObject({ kind: 'plan', negative_update: true, conflict_hint: 'recital' });
    expect(recital?.occurred_at?.slice(0, 10)).toBe('2026-03-20');
    const trip = items('also lisbon moved, the airline cancelled so we go april 2-6 instead').find((i) => i.kind === 'plan');
    expect(trip).toMatchObject({ negative_update: true, conflict_hint: 'lisbon' });
  });

  it('Chinese: 那边 is the place just named; a nickname or a code-switched name is a subject', () => {
    expect(summaries('下个月要回成都探亲 我爸住那边').some((s) => s.includes('住成都'))).toBe(true);
    expect(summaries('阿明说他下个月要去杭州工作').some((s) => s.startsWith('阿明说'))).toBe(true);
    expect(summaries('btw 我bf Tom 是英国人 他超爱吃辣').some((s) => s.includes('超爱吃辣'))).toBe(true);
    expect(summaries('btw Lily 8岁生日 5月3号 want a party idea').some((s) => s.includes('生日 5月3号'))).toBe(true);
  });

  it('Chinese: what a person said ends with its clause; the user\'s own news after it is kept', () => {
    const found = summaries('我姐来了 她说想多住几天 所以机票改签了 3月20号回上海');
    expect(found.some((s) => s.includes('3月20号回上海'))).toBe(true);
    expect(found.some((s) => s.includes('多住几天'))).toBe(false);
  });
});

describe('session 9: names, health in passing, standing schedules, answers from now on', () => {
  it('keeps a name with its accents and a name given in apposition', () => {
    expect(summaries('my dog rené keeps stealing socks')).toContain('dog is rené');
    expect(summaries('Anouk, my wife, only eats fish on fridays lol').some((s) => s.startsWith('wife anouk'))).toBe(true);
    expect(summaries('new roommate is called ilka, she works nights').some((s) => s.includes('ilka'))).toBe(true);
  });

  it('reads family named without 我 as the user’s, and 要…了 as still to come', () => {
    const found = summaries('女儿朵朵三岁了，老公阿峰是程序员');
    expect(found.some((s) => s.includes('女儿朵朵'))).toBe(true);
    expect(found.some((s) => s.includes('老公阿峰'))).toBe(true);
    const [exam] = items('儿子下个月10号就要考驾照了');
    expect(exam?.kind).toBe('plan');
  });

  it('keeps a health condition said in a groan, and never makes someone else’s condition the user’s', () => {
    expect(summaries('asthma is the worst man, anyway whats a good indoor workout').some((s) => s.includes('asthma'))).toBe(true);
    expect(summaries('医生说是胃炎，烦死了').some((s) => s.includes('胃炎'))).toBe(true);
    expect(summaries('my brother has gout').filter((s) => s === 'has gout')).toEqual([]);
    expect(summaries('我爸有痛风').filter((s) => s === '有痛风')).toEqual([]);
  });

  it('keeps a weekly schedule as a lasting fact, and its move as the new schedule', () => {
    const [choir] = items('fyi my choir is wednesday evenings');
    expect([choir?.type, choir?.valid_until ?? null]).toEqual(['semantic', null]);
    const [moved] = items('heads up choir got moved to monday evenings');
    expect(moved?.summary.toLowerCase()).toContain('monday evenings');
    expect(moved?.valid_until ?? null).toBeNull();
  });

  it('keeps how answers should look, asked politely or after a topic', () => {
    expect(items('could you please not use acronyms without spelling them out').map((i) => i.kind)).toContain('rule');
    expect(items('and abeg always give prices in cedis').map((i) => i.summary)).toContain('Always give prices in cedis');
    expect(items('以后数学题你用中文讲，但公式保持英文').filter((i) => i.kind === 'rule')).toHaveLength(2);
  });
});

describe('session 10: the 我 Chinese chat drops', () => {
  it('keeps what the user does when the clause starts with a time word or a verb of their life', () => {
    expect(summaries('最近在字节上班 天天开会').some((s) => s.includes('字节'))).toBe(true);
    expect(summaries('已经在深圳落脚了 住南山 通勤半小时').some((s) => s.includes('南山'))).toBe(true);
    expect(summaries('酒我早就不碰了 现在只喝气泡水').some((s) => s.includes('气泡水'))).toBe(true);
    expect(summaries('周六一般去西湖边骑车 风景不错').some((s) => s.includes('骑车'))).toBe(true);
  });

  it('leaves a clause that goes on about someone else, and 去年 is no verb', () => {
    expect(summaries('他最近很忙 现在在腾讯上班').filter((s) => s.includes('腾讯') && !s.includes('他'))).toEqual([]);
    expect(summaries('去年冬天特别冷').filter((s) => s.startsWith('我去'))).toEqual([]);
  });
});

describe('session 10: a new job said as news', () => {
  it('keeps the employer of "去X报到" and of "到X上班" after news of a change, in Chinese', () => {
    expect(summaries('终于换工作了 下周三去小红书报到')).toContain('在小红书上班');
    expect(summaries('辞职了 月底到美团上班')).toContain('在美团上班');
    expect(summaries('明天到公司上班')).not.toContain('在公司上班');
  });

  it('"starting at X as Y" works at X, not as X', () => {
    expect(summaries('starting at canva as a content designer on may 4').some((s) => s.startsWith('works at canva as a content designer'))).toBe(true);
  });
});

describe('session 10: "do" as a verb and as emphasis', () => {
  it('rewrites "I do X" as "Does X" and drops an emphatic do', () => {
    expect(summaries('i do late shifts at the bakery on weekends')[0]).toMatch(/^does late shifts/);
    expect(summaries('i do pilates twice a week')[0]).toMatch(/^does pilates/);
    expect(summaries('i really do enjoy baking bread')[0]).toBe('really enjoys baking bread');
  });
});

describe('session 12: who "he" and "she" are', () => {
  it('names the person a clause opens with, chat spellings ("shes", "hes") included', () => {
    expect(summaries("my partner mele is bringing dessert, shes a nurse at the city hospital")).toContain('partner mele is a nurse at the city hospital');
    expect(summaries('my brother kai moved in, hes a plumber')).toContain('brother kai is a plumber');
    // "shed" and "hell" are words, not "she'd" and "he'll".
    expect(summaries('my sister ana visited, shed is where she keeps her bikes').some((s) => s.includes('ana would'))).toBe(false);
  });

  it('a sentence that states nothing (reported speech) still says who comes next', () => {
    expect(summaries('My wife Ingrid says I snore. She is a pilot for a cargo airline.')).toContain('wife ingrid is a pilot for a cargo airline');
  });

  it('a person the user named earlier is the he of a later clause', () => {
    const window = said('we found a flat, tomas will look for work there, hes a carpenter', [['user', 'my boyfriend tomas hates moving'], ['assistant', 'Moving is hard.']]);
    const found = validateExtracted(extractWithRules(window), window).accepted.map((i) => i.summary.toLowerCase());
    expect(found).toContain('tomas is a carpenter');
  });
});

describe('session 12: changes said in passing', () => {
  const after = (earlier: string, text: string) => {
    const window = said(text, [['user', earlier], ['assistant', 'Noted.']]);
    return validateExtracted(extractWithRules(window), window).accepted;
  };

  it('a thing moved "to" a date, or "is now" on one, is the thing at its new time', () => {
    expect(summaries('the dentist called, they pushed my cleaning to the 21st')).toContain('cleaning moved to the 21st (2026-03-21)');
    expect(summaries('change of plans, the crossing is now saturday 25 april')).toContain('crossing moved to saturday 25 april (2026-04-25)');
    expect(summaries('small thing, choir practice is on wednesdays now')).toContain('choir practice is now wednesdays');
    // A number is not a time to move to.
    expect(summaries('my son is now 5').some((s) => s.includes('moved'))).toBe(false);
  });

  it('a diet taken up is the diet one has now, for the user and for someone they named', () => {
    expect(items('food update: i went fully vegetarian, no seafood anymore').map((i) => [i.kind, i.summary])).toContainEqual(['constraint', 'Is vegetarian now']);
    expect(after('my boy nikau is 14', "ALSO he's decided he's vegetarian now?? a rugby player??").map((i) => i.summary)).toContain('Boy Nikau is vegetarian now');
    // "went to the vegan place" is an outing.
    expect(summaries('we went to the vegan place').some((s) => s.includes('is vegan'))).toBe(false);
  });

  it('"got the X job" is the job the user has now', () => {
    expect(summaries('big news i got the day shift supervisor job!! starts june 1')).toContain('works as a day shift supervisor now');
  });

  it('a correction marker says nothing itself, and what follows it corrects', () => {
    const found = after('my partner mele is a nurse', "oh and i told u wrong the other day, mele's actually a midwife haha she'd be so offended");
    expect(found.map((i) => i.summary)).toEqual(['Mele is actually a midwife']);
  });

  it('keeps nothing from a request for now, a passing state or relief', () => {
    expect(summaries('i need a dairy free dessert for a shared lunch')).toEqual([]);
    expect(summaries('bubba ate a whole block of butter, hes fine')).not.toContain("he's fine");
    expect(summaries('same school so no moving thank god')).toEqual([]);
    // …but a need that says who someone is still does.
    expect(summaries('need a birthday present idea for my sister Ellie').some((s) => s.includes('ellie'))).toBe(true);
  });
});

describe("session 14: dated occasions, the user's and their people's", () => {
  const after = (earlier: string, text: string) => {
    const window = said(text, [['user', earlier], ['assistant', 'Noted.']]);
    return validateExtracted(extractWithRules(window), window).accepted;
  };
  const kinds = (found: ReturnType<typeof items>) => found.map((i) => [i.kind, i.summary]);

  it('a present progressive with a day is an arrangement; working towards something is a goal, not a second dated copy', () => {
    expect(kinds(items("we're celebrating saturday the 16th"))).toContainEqual(['plan', 'Celebrating saturday the 16th (2026-03-16)']);
    expect(items("I'm training for the Lyon half marathon in October").map((i) => i.kind)).toEqual(['goal']);
    const budget = items("I'm still paying off about 40k in student loans, so I'm trying to budget harder this year.");
    expect(budget.filter((i) => i.kind === 'plan')).toEqual([]);
    expect(budget.map((i) => i.kind)).toContain('goal');
  });

  it("someone the user named has an occasion on a date: one plan, not also a standing fact about them", () => {
    expect(kinds(items('my son has a dentist appointment on the 9th'))).toEqual([['plan', 'Son has a dentist appointment on the 9th (2026-03-09)']]);
    expect(kinds(after('my daughter kayleigh is 9', 'kayleigh has her first tournament on april 18'))).toEqual([
      ['plan', 'Kayleigh has her first tournament on april 18 (2026-04-18)'],
    ]);
    expect(items('my bestie jo is getting married in bali in september').map((i) => i.summary)).toContain('Bestie jo is getting married in bali in september (2026-09)');
  });

  it("a dated anecdote about someone else's doings is no plan, and their name is still kept", () => {
    expect(kinds(items('our cat vegemite knocked a glass off the bench at 3am. why are cats like this'))).toEqual([['relationship', 'Cat is Vegemite']]);
  });

  it('booked "in" a month is the trip, not the booking', () => {
    const found = items('just booked 10 days in bahia in august!!');
    expect(found.filter((i) => i.kind === 'plan').map((i) => i.summary)).toEqual([expect.stringContaining('(2026-08)')]);
  });
});

describe('session 15: requests asked as questions, jobs one was hired into', () => {
  const rules = (text: string) => items(text).filter((i) => i.type === 'procedural').map((i) => i.summary);

  it('a question asking for how every answer looks is a standing instruction; one about the task at hand is not', () => {
    expect(rules('can u start answering me in portuguese from now on?')).toEqual(['Answer the user in portuguese from now on']);
    expect(rules('could you use australian spelling pls')).toEqual(['Use australian spelling']);
    expect(rules('would you keep answers short pls?')).toEqual(['Keep answers short']);
    expect(rules('can you use british spelling in this letter?')).toEqual([]);
    expect(rules('can you use metric for the recipe?')).toEqual([]);
    expect(rules('can you explain it in french?')).toEqual([]);
  });

  it('being hired somewhere is the job one has now, with its title when said', () => {
    expect(summaries('got hired at a freight company last week, still learning the ropes')).toContain('works at freight company');
    expect(summaries('i was hired by the county library as an archivist')).toContain('works as archivist at county library');
    expect(summaries('so i got hired at Pret lol')).toContain('works at pret');
    expect(summaries('my cousin got hired at a bank').filter((s) => s.startsWith('works'))).toEqual([]);
  });
});

describe("session 16: people named by what they are, requests for every answer, asides that belong to the clause before", () => {
  const rules = (text: string) => items(text).filter((i) => i.type === 'procedural').map((i) => i.summary);

  it("a lower-case name before what only a person is or does is that person, never the user", () => {
    const found = items('can u suggest lunchbox ideas, ruairi (7) is allergic to peanuts');
    expect(found.map((i) => [i.kind, i.summary])).toEqual([['relationship', 'Ruairi (7) is allergic to peanuts']]);
    expect(items('my son ruairi (7) is allergic to peanuts').map((i) => i.summary)).toContain('Son Ruairi is allergic to peanuts');
    // A product before a state is no person.
    expect(items('figma is down again')).toEqual([]);
  });

  it('asks for how every answer should be, not only the next one', () => {
    expect(rules('keep it brief pls, i mostly read these on my phone')).toEqual(['Keep answers brief']);
    expect(rules('keep it short, the email is for my boss')).toEqual([]);
    expect(rules('ok and skip the caveats')).toEqual(['Skip the caveats']);
    expect(rules('talk to me casual like a friend pls')).toEqual(['Talk to the user casual like a friend']);
    expect(rules('for any excel stuff, use the uk date format')).toEqual(['For any excel stuff, use the uk date format']);
    expect(rules('please stop recommending podcasts')).toEqual(['Stop recommending podcasts']);
    expect(rules('when i ask for workouts keep them under 30 min')).toEqual(['When the user asks for workouts keep them under 30 min']);
    expect(rules('麻烦以后都用繁體回我')).toHaveLength(1);
  });

  it('a date or a habitual aside after a comma belongs to the clause before it', () => {
    const wedding = items('my cousin priya is getting married in goa, 3 february');
    expect(wedding.find((i) => i.kind === 'plan')?.occurred_at?.slice(0, 10)).toBe('2027-02-03');
    expect(items('pushed my eye test to friday, the 13th').map((i) => i.occurred_at?.slice(0, 10))).toEqual(['2026-03-13']);
    expect(summaries('back to running in the mornings, usually 5k')).toEqual(['is back to running in the mornings, usually 5k']);
  });

  it("what 'it' or 'them' is in a dislike, a diagnosis someone else gave, a job begun", () => {
    expect(summaries("no coriander pls, can't stand it")).toEqual(["can't stand coriander"]);
    expect(summaries("anyway can't stand reggaeton lol")).toEqual(["can't stand reggaeton"]);
    expect(summaries('gp said it\'s tendonitis, ugh')).toEqual(['has tendonitis (gp says)']);
    expect(summaries('my doctor says i have high blood pressure')).toEqual(['has high blood pressure (doctor says)']);
    expect(summaries('my friend says it\'s a great film')).toEqual([]);
    const job = items('handed in my notice!! starting an apprenticeship with Kelly Joinery on monday');
    expect(job.filter((i) => i.type === 'semantic').map((i) => i.summary)).toEqual(['Works at Kelly Joinery (apprenticeship)']);
    expect(summaries("i'm starting a new job at Deloitte next month as a tax consultant")).toContain('works as tax consultant at deloitte');
  });

  it("Chinese: what a person named in the clause before eats or is; a monthly habit with no verb of its own", () => {
    expect(summaries('我同事 Wes 是澳洲人，不吃猪肉').some((s) => s.includes('wes') && s.includes('不吃猪肉'))).toBe(true);
    expect(summaries('每个月定投标普500 两千块')).toEqual(['每个月定投标普500']);
    // What kind of animal a pet is, and a liking said as an idiom, after a space typed as a comma;
    // a nickname (阿杰, 小敏) after the relation word is the same person.
    expect(summaries('我家猫叫年糕 是只英短 最近掉毛掉得超厉害')).toContain('我家猫是只英短');
    expect(summaries('男朋友阿杰是重庆人 无辣不欢')).toContain('男朋友阿杰无辣不欢');
    expect(summaries('室友小敏是重庆人，无辣不欢')).toContain('室友小敏无辣不欢');
    // The user's own dislike beside it stays the user's, and the idiom is not made the user's.
    const found = summaries('我不吃辣 但是男朋友阿杰是重庆人 无辣不欢');
    expect(found).toContain('不吃辣');
    expect(found.filter((s) => s.includes('无辣不欢') && !s.includes('阿杰'))).toEqual([]);
  });
});

describe('fragments that belong to the clause before, and days on the calendar', () => {
  it('a stretch of time on its own is when the clause before happens', () => {
    const trip = items('thx!! also tasha and i are driving to denver for her sisters wedding, weekend of june 20. need a cheap hotel near downtown, any tips');
    expect(trip.map((i) => [i.kind, i.summary.toLowerCase().includes('denver') && i.summary.includes('june 20')])).toEqual([['plan', true]]);
    const course = summaries('signed up for my builders licence course at tafe, tues and thurs nights');
    expect(course.filter((s) => s.includes('tafe') && s.includes('tues and thurs nights'))).toHaveLength(1);
    expect(course.filter((s) => !s.includes('tafe'))).toEqual([]);
    // A weekday with a clock time recurs: it says when, and dates nothing.
    const swim = items('ty. also lila started swim lessons, saturdays at 9am, so my weekend mornings are gone lol');
    const lessons = swim.filter((i) => i.summary.toLowerCase().includes('swim lessons'));
    expect(lessons.map((i) => i.summary)).toEqual(['Lila started swim lessons, saturdays at 9am']);
  });

  it('a reaction with no subject says what the short phrase before it does to the user', () => {
    expect(summaries('just sesame, makes my throat go itchy')).toEqual(['sesame, makes their throat go itchy']);
    expect(summaries('shellfish - gives me hives').some((s) => s.includes('shellfish') && s.includes('hives'))).toBe(true);
  });

  it('"no coriander pls i cant stand it": the dislike names coriander', () => {
    expect(summaries('no coriander pls i cant stand it, tastes like soap to me')).toContain('cant stand coriander');
  });

  it('a request for now is no memory: "need a cheap hotel near downtown", "need lunchbox ideas"', () => {
    expect(summaries('need a cheap hotel near downtown, any tips')).toEqual([]);
    expect(summaries('mate my son ollie is dairy free. need lunchbox ideas for school that arent sandwiches')).toEqual(['son ollie is dairy free']);
  });

  it('someone due at the door on a day is a plan that expires, not a standing fact', () => {
    for (const text of ['ok the movers come march 27 at 9am', 'fibre is sorted, internet guy comes tuesday tho', "the plumber's coming on friday morning", 'vet tmrw morning']) {
      const found = items(text);
      expect(found.map((i) => i.kind), text).toEqual(['plan']);
      expect(found[0]?.valid_until, text).toBeTruthy();
    }
    // Without a day it is no plan: "the plumber is coming" says nothing to keep.
    expect(items('the plumber is a nice guy').filter((i) => i.kind === 'plan')).toEqual([]);
  });

  it('a name with "(my gf)" after it is that person, not the user', () => {
    expect(items('Priya (my gf) is vegan so ill prob do a separate pot for her').map((i) => [i.kind, i.summary])).toEqual([['relationship', 'Gf Priya is vegan so ill prob do a separate pot for her']]);
    expect(summaries('Tom (my flatmate) hates cilantro')).toEqual(['flatmate tom hates cilantro']);
  });

  it('"she" next is the person named last inside the clause before, not the user', () => {
    const found = summaries('going to porto with my friend aisha in july!! shes terrified of flying tho');
    expect(found).toContain('friend aisha is terrified of flying');
    expect(found.filter((s) => s.startsWith('is terrified'))).toEqual([]);
  });

  it('a holiday or a to-do with a deadline is a plan that ends with its day, not a fact that stays upcoming', () => {
    for (const text of ['going to montreal for memorial day weekend', 'my grandson oliver is coming to stay over the easter holidays', 'need to renew my road tax before end of april', '过年要回老家看爸妈']) {
      const found = items(text);
      expect(found.map((i) => i.kind), text).toEqual(['plan']);
      expect(found[0]?.valid_until, text).toBeTruthy();
    }
    // "need" is no past tense: the road tax is this April's, not last year's.
    expect(items('need to renew my road tax before end of april')[0]?.summary).toContain('(2026-04)');
    // A holiday every year is a habit.
    expect(items('every christmas we go to my in-laws in cork').filter((i) => i.kind === 'plan')).toEqual([]);
    expect(items('每年过年都回老家').filter((i) => i.kind === 'plan')).toEqual([]);
  });

  it('"she" after someone\'s relative is that relative: "ciarán\'s mam … she doesnt eat pork", "my bf\'s mum … she\'s diabetic"', () => {
    expect(summaries("ciarán's mam is coming for sunday dinner too, she doesnt eat pork. what can i make thats not a faff")).toContain("ciarán's mam doesn't eat pork");
    const diabetic = summaries("my bf's mum is staying with us, she's diabetic");
    expect(diabetic).toContain("bf's mum is diabetic");
    expect(diabetic).not.toContain('bf is diabetic');
    // 她 is the one named last: the wife, not the child.
    expect(summaries('孩子主要是我老婆陈静在管 她是中学英语老师')).toContain('老婆是中学英语老师');
  });

  it('where one stands, said in a word or two, is kept: "我分手了 現在單身", "我是川大大二的，学会计"', () => {
    const single = summaries('跟你說 我分手了 現在單身 其實滿自由的XD');
    expect(single.some((s) => s.includes('分手'))).toBe(true);
    expect(single.some((s) => s.includes('單身'))).toBe(true);
    expect(summaries('我是川大大二的，学会计。每个周六周日还要在学校旁边的咖啡店打工')).toContain('学会计');
    // A later clause that only goes on about the first still stays out.
    expect(summaries('我是川大大二的，尤其是周末')).not.toContain('尤其是周末');
  });

  it('a condition in a run of Chinese clauses makes what follows it hypothetical, not what came before', () => {
    expect(summaries('豆浆可以 我住杭州滨江 楼下就有早餐店 哈哈主要是懒。')).toContain('住杭州滨江');
    const rain = summaries('我住北京 如果下雨我就不去了');
    expect(rain).toContain('住北京');
    expect(rain.filter((s) => s.includes('不去'))).toEqual([]);
    expect(summaries('如果我搬去上海 我就买车')).toEqual([]);
  });

  it('a Chinese date written with spaces dates the plan as it does written close ("下个月 4 号我要飞 Hobart")', () => {
    // AT is Thursday 5 March.
    const hobart = items('下个月 4 号我要飞 Hobart 做 field trip 采样，一周左右。What gear should I pack?');
    expect(hobart.map((i) => [i.kind, i.summary])).toEqual([['plan', '下个月 4 号要飞 Hobart 做 field trip 采样（2026-04-04）']]);
    expect(items('7 月 10 号飞上海，待两周').map((i) => [i.kind, i.summary])).toEqual([['plan', '7 月 10 号飞上海（2026-07-10）']]);
    // A move to a weekday with the date after it is that date.
    expect(summaries('confirmation review 挪到 Tuesday 了，6 月 16 号')).toEqual(['confirmation review 挪到 tuesday 了，6 月 16 号（2026-06-16）']);
  });

  it('a reply\'s opening words hide no fact: "nah i drive my own ranger", "oh and no wait the gym is called ironside", "so runs are…"', () => {
    expect(summaries('nah i drive my own ranger, 2014, paid it off last year')).toContain('drives their own ranger');
    expect(summaries('nah im good. oh and no wait the gym is called ironside, idk why i said the other name')).toEqual(['the gym is called ironside']);
    expect(summaries('so runs are in the evening now after school pickup, usually a loop around princes park')).toEqual(['runs are in the evening now after school pickup, usually a loop around princes park']);
    // "no more energy drinks" is the statement itself, not a "no" to cut off.
    expect(summaries('no i live in leeds not york')).toEqual(['lives in leeds not york']);
    // Having read something wrong is about what was said, not news.
    expect(summaries('wait no i read the flyer wrong, the recital is thursday the 14th. same time').filter((s) => s.includes('flyer'))).toEqual([]);
  });

  it('back from a trip is kept; back from work or the gym is not', () => {
    expect(summaries('just back from 4 days in porto, ate my body weight in pastéis de nata 😂 anyway need a chicken curry recipe for tonight')).toContain('is just back from 4 days in porto');
    expect(summaries('back from bali! twins loved it')).toContain('is back from bali');
    expect(summaries('just got back from the gym, what should i eat')).toEqual([]);
  });

  it("someone's relative is their own person: \"mariana's mum … she's vegan\" is hers, not the user's", () => {
    const found = items("mariana's mum is visiting next weekend, she's vegan and hates anything spicy so i need recipe ideas");
    expect(found.filter((i) => i.summary.includes('vegan')).map((i) => [i.kind, i.summary])).toEqual([['relationship', "Mariana's mum is vegan and hates anything spicy"]]);
  });

  it('"remember no peanuts anywhere" keeps its "no"; "kofi my son is allergic" is the son\'s', () => {
    expect(summaries('nice. and pls remember no peanuts anywhere, kofi my son is allergic. he\'s 4')).toEqual(expect.arrayContaining(['no peanuts anywhere', 'son kofi is allergic']));
    expect(summaries('jess, my sister, hates flying')).toEqual(['sister jess hates flying']);
  });

  it('chat\'s "lol" between two statements ends the first: "i disagree lol i have matcha every single morning"', () => {
    expect(summaries('my friend sent me this tiktok caption like its gospel: "matcha is overrated, hojicha is better in every way". i disagree lol i have matcha every single morning')).toContain('has matcha every single morning');
  });

  it('asked to start doing something is asked to do it from now on; an announcement alone is nothing', () => {
    expect(items('and can u start answering me in portuguese? brazilian portuguese pls, not pt-pt 😂').map((i) => [i.type, i.summary])).toEqual([['procedural', 'Answer the user in portuguese']]);
    expect(items('can you start calling me Mo?').map((i) => i.summary)).toEqual(['Call the user Mo']);
    expect(items('can u start the timer')).toEqual([]);
    expect(summaries('BIG news, i got the deputy principal job!!! starting term 3')).not.toContain('big news');
  });

  it('what a person called by name wears, loves or has is theirs ("阿杰穿43码"); 小时候 and 老家 are no names', () => {
    expect(items('小雅对芒果过敏').map((i) => [i.kind, i.summary])).toEqual([['relationship', '小雅对芒果过敏']]);
    expect(items('老王有两个孩子').map((i) => i.kind)).toEqual(['relationship']);
    expect(items('小时候住在上海').map((i) => i.kind)).toEqual(['fact']);
    expect(items('老家在湖南 小时候住在长沙').map((i) => [i.kind, i.summary])).toEqual([['fact', '老家在湖南'], ['fact', '小时候住在长沙']]);
  });

  it('以后帮我写… is a standing rule; 吃啥比较好 asks; 6月3号走 is when the user leaves', () => {
    expect(items('以后帮我写东西都用中文 但是专业术语保留英文').map((i) => i.type)).toEqual(['procedural']);
    expect(items('以后帮我看看这个')).toEqual([]);
    expect(summaries('面试那天中午吃啥比较好 我吃素 但是蛋和奶可以')).toEqual(['吃素']);
    expect(items('机票改签了 有门final挪到了6月初 所以现在是6月3号走').filter((i) => i.kind === 'plan').map((i) => i.summary)).toEqual(['现在是6月3号走（2026-06-03）']);
  });

  it('something taken up on a day goes on after it: a lasting fact from then beside the plan that expires', () => {
    const erhu = items('帮我记住 老伴生日是农历八月十五 正好中秋 我老忘 另外我下个月开始学拉二胡了');
    expect(erhu.map((i) => [i.kind, i.summary, i.valid_until === null])).toEqual(expect.arrayContaining([['fact', '开始学拉二胡（2026-04起）', true]]));
    expect(erhu.filter((i) => i.kind === 'plan').map((i) => i.valid_until !== null)).toEqual([true]);
    expect(items('starting guitar lessons in june, any tips?').map((i) => [i.kind, i.summary])).toEqual([
      ['plan', 'Starting guitar lessons in june (2026-06)'],
      ['fact', 'Starting guitar lessons (from 2026-06)'],
    ]);
    // A one-off is no new habit.
    expect(items('i have a guitar gig next friday').filter((i) => i.kind === 'fact')).toEqual([]);
  });

  it('names listed with their ages are people, even a name that is a word: "ollie\'s 7 and ruby\'s 10 … ruby eats anything"', () => {
    expect(items("yeah two, ollie's 7 and ruby's 10. ollie cant have dairy, ruby eats anything").map((i) => [i.kind, i.summary])).toEqual([
      ['relationship', "Ollie can't have dairy"],
      ['relationship', 'Ruby eats anything'],
    ]);
    expect(items("the meeting's 9 tomorrow, and the meeting is boring")).toEqual([]);
  });
});


describe('what is done is the past (issue 12)', () => {
  it('周末去了趟马六甲 is the weekend just gone, an event that stays; 订了周五的票 books a Friday ahead', () => {
    const [trip] = items('周末去了趟马六甲 cendol太好吃了');
    expect([trip?.kind, trip?.valid_until, trip?.occurred_at?.slice(0, 10)]).toEqual(['event', null, '2026-02-28']); // Saturday, the weekend before Thursday 5 March
    const [ticket] = items('订了周五的票去上海');
    expect([ticket?.kind, ticket?.occurred_at?.slice(0, 10)]).toEqual(['plan', '2026-03-06']);
  });

  it('an aside in brackets stays in its clause: a diagnosis last month is a fact about that child, not a schedule', () => {
    const found = items('also mila (one of my twins, shes 6) got diagnosed coeliac last month so her school lunches are a whole project now');
    expect(found.map((i) => [i.kind, i.valid_until])).toEqual([['event', null]]);
    expect(found[0]?.summary).toMatch(/^Mila \(one of their twins/);
    expect(items('choir practice is on wednesdays now, 7pm').map((i) => i.summary)).toEqual(['Choir practice is now wednesdays']);
  });
});

describe('a message typed without punctuation (issue 12)', () => {
  it('a new subject with its verb starts a new statement; a question at the end does not swallow the rest', () => {
    const found = summaries('hey so our baby girl was born on january 20th her name is Anaya she was 3.2 kilos and my wife Meera is still recovering from the c-section so im doing all the night feeds and im so tired can you tell me how much formula a newborn should have');
    expect(found).toEqual(expect.arrayContaining(["their baby girl's name is anaya", 'wife meera is still recovering from the c-section']));
    expect(found.filter((s) => /formula|tired/.test(s))).toEqual([]);
    expect(summaries('my parental leave ends march 30 and then im back at work im a mortgage underwriter at a bank downtown so the commute is like an hour each way ugh').some((s) => s.includes('mortgage underwriter at a bank'))).toBe(true);
  });

  it('but not after a word that leads into it, nor after a name alone; and "should have" + a noun is no regret', () => {
    // Split after "i think", the hedge would be lost and the guess stored as certain.
    expect(items('i think im a bit of a night owl honestly').map((i) => i.confidence)).toEqual(['low']);
    expect(summaries('kofi my son is allergic to peanuts')).toEqual(['son kofi is allergic to peanuts']);
    expect(summaries('i should have gone to the gym more')).toEqual([]);
    expect(summaries('my sister lives in cork, if i won the lottery i\'d move there')).toEqual(['sister lives in cork']);
    expect(summaries('haha what if we just moved to porto altogether, if i ever did id open a little piano workshop')).toEqual([]);
  });
});

describe('who and what, however it is said (issue 12)', () => {
  it('a groan about someone still says who they are, and nothing of the grievance', () => {
    expect(summaries('also my coworker neha keeps taking credit for my work im so fed up i could scream')).toEqual(['coworker is neha']);
  });

  it('a statement after "i think" is kept with low confidence; "i guess im … now" is a change settled on', () => {
    const found = items('also jess has got me eating fish again so i guess im pescatarian now. quick salmon dinner?').filter((i) => /pescatarian/.test(i.summary));
    expect(found.map((i) => [i.kind, i.confidence, i.summary])).toEqual([['constraint', 'high', 'Is pescatarian now']]);
    expect(items('i think im pescatarian').map((i) => [i.kind, i.confidence])).toEqual([['constraint', 'low']]);
  });

  it('a name set off by commas names the noun before it: one memory, not a bare name', () => {
    const found = summaries('I work as software tester in a game company, Kitsune Games, so I cannot wait home all day');
    expect(found).toContain('works as software tester in a game company, kitsune games');
    expect(found).not.toContain('kitsune games');
  });

  it('跳槽了 … 下个月去字节跳动 is the new workplace, beside the dated plan', () => {
    const found = items('跟你说个好消息，我跳槽了！下个月去字节跳动，还是做后端');
    expect(found.filter((i) => i.kind === 'fact' && i.valid_until === null).map((i) => i.summary)).toContain('在字节跳动上班');
    expect(items('下个月去北京玩').filter((i) => i.kind === 'fact')).toEqual([]);
  });
});

describe('the user\'s home, named in passing (issue 12)', () => {
  it('"at my flat in hackney" is where the user lives; "were doing it" typed for "we\'re" states, it does not ask', () => {
    expect(summaries("lol perfect. its my 30th on the 22nd, were doing it at my flat in hackney and my boyfriend rohan is doing the cooking")).toContain('has a flat in hackney');
    expect(summaries('the boiler at my apartment in Leith is broken again')).toEqual(['has an apartment in leith']);
    expect(summaries('my house in the countryside')).not.toContain('has a house in the');
    expect(items('were you at the party')).toEqual([]);
  });
});

describe('a standing instruction typed in two languages (issue 12)', () => {
  it('"以后 reply 我用 English 就好" is how to answer from now on; "我用English写日记" is the user\'s own habit', () => {
    expect(items('以后 reply 我用 English 就好').map((i) => [i.type, i.summary])).toEqual([['procedural', 'reply 用 English 就好']]);
    expect(items('我用English写日记').map((i) => i.type)).toEqual(['semantic']);
  });
});

describe('a correction said before or after what it corrects (issue 12)', () => {
  it('the marker is stored as nothing, and what it corrects is a correction', () => {
    for (const text of [
      "also i need to correct something, the vet's name is dr Halberg. i had it wrong before lol",
      'small correction btw, my therapy sessions are every other thursday, i mixed up the days',
      'oh and no wait the gym is called ironside, idk why i said the other name',
    ]) {
      const found = items(text);
      expect(found.map((i) => i.negative_update), text).toEqual([true]);
      expect(found.map((i) => i.summary).join(' '), text).not.toMatch(/correct|wrong|mixed up|said the other/i);
    }
    expect(items('更正一下，我男朋友的名字是 Kelvin，之前打错了 haha。').map((i) => [i.summary, i.negative_update])).toEqual([['男朋友的名字是 Kelvin', true]]);
    expect(items('纠正一下，小雅其实在苏州上班，上次我把城市说错了').map((i) => i.summary)).toEqual(['小雅其实在苏州上班']);
  });
});

describe('a standing instruction asked politely in Chinese (issue 12)', () => {
  it('以後回我的時候都用繁體中文好嗎 is how to answer from now on, not a question', () => {
    expect(items('以後回我的時候都用繁體中文好嗎，簡體我看得有點累').filter((i) => i.type === 'procedural').map((i) => i.summary)).toEqual(['回用戶的時候都用繁體中文']);
    expect(items('明天能帮我写封信吗')).toEqual([]);
  });
});

describe('the hours worked, said as a fragment (issue 12)', () => {
  it('"…but day shifts finally", "…, 9-5 finally!!" are the hours the user works now', () => {
    expect(summaries('and i started at leeds general on monday, still nursing obvs but day shifts finally so i feel human again')).toContain('works day shifts now');
    expect(summaries('started my new job at shoppers downtown last week, 9-5 finally!! no more 5am alarms')).toContain('works 9-5 now');
    expect(summaries('the meeting is 9-5 tomorrow')).not.toContain('works 9-5 now');
  });
});

describe('every request in a message, and what is said beside a secret (issue 12)', () => {
  it('a later "and remember …" is a request too, after a sentence or a comma', () => {
    const both = summaries('ok. remember this: my dog is called Rex. and remember also my passport expires 3 august');
    expect(both.map((s) => s.replace(/ \(.*\)$/, ''))).toEqual(['dog is rex', 'passport expires 3 august']);
    const birthday = items("my health card is in the drawer, and remember liam's birthday is august 2");
    expect(birthday.map((i) => [i.summary.toLowerCase(), i.kind])).toContainEqual(["liam's birthday is august 2", 'fact']);
    // Not a request: remembering said as a state, or a question about the past.
    expect(items("i can't remember his name, and my dog is called Rex").filter((i) => i.importance >= 4)).toEqual([]);
    // After a request, advice to someone is no second request.
    const advice = items("remember my passport expires 3 august. and don't forget to take breaks when you need them. and remember, i'm always here for you");
    expect(advice.filter((i) => i.importance >= 4).map((i) => i.summary.toLowerCase().replace(/ \(.*\)$/, ''))).toEqual(['passport expires 3 august']);
  });

  it('drops the secret, what repeats it ("… is the same") and what forgets it, and keeps the real fact', () => {
    expect(summaries('remember my wave pin is 4471 and my orange money is the same, i always forget')).toEqual([]);
    const found = summaries('ok. remember this: password for our tour booking system is Saperavi!2024 . and remember also my passport expires 3 august');
    expect(found.join(' | ')).not.toMatch(/saperavi|password/i);
    expect(found.join(' | ')).toMatch(/passport expires 3 august/);
  });

  it("a birthday after a relation and a name is the name's; a year said is that year", () => {
    expect(items("my son Liam's birthday is august 2nd").map((i) => i.summary)).toEqual(["Son Liam's birthday is august 2nd"]);
    expect(items("liam's birthday party is august 2 at the park").map((i) => i.kind)).toEqual(['plan']);
    expect(summaries('we got married on june 3 2015').join(' | ')).toContain('(2015-06-03)');
    expect(summaries('i graduated on may 5, 2018').join(' | ')).toContain('(2018-05-05)');
  });

  it('"and" before "my dog" is no name set beside the relation', () => {
    expect(summaries('i love pasta, and my dog is called Rex')).toContain('dog is rex');
  });
});

describe("someone's job news, then the title on its own (issue 12)", () => {
  it('"duarte got the job!!! sous chef at …" is his job, not the user\'s', () => {
    const window = said('duarte got the job!!! sous chef at a place in ribeira', [['user', 'my boyfriend duarte will eat literally anything lol']]);
    const found = validateExtracted(extractWithRules(window), window).accepted.map((i) => [i.kind, i.summary]);
    expect(found).toContainEqual(['relationship', 'Duarte is sous chef at a place in ribeira']);
    expect(found.filter(([, s]) => /^sous chef/i.test(s ?? ''))).toEqual([]);
    // With no one's news before it, a title with a workplace is the user's own.
    expect(summaries('kaarel here, 26, qa tester at baltic reefer')).toContain('qa tester at baltic reefer');
  });
});

describe('"we moved!" and then the place (issue 12)', () => {
  it('the place praised right after a bare "we moved!" is the new home; a house or a couch is not', () => {
    expect(summaries('We moved! Lunenburg is lovely, the house is yellow with a red door')).toContain('lives in lunenburg');
    expect(summaries('moved! kallio is sick, 2 min to the tram')).toContain('lives in kallio');
    expect(summaries('we moved! the house is lovely').join(' | ')).not.toMatch(/lives in/);
    expect(summaries('I moved the couch. Berlin is great').join(' | ')).not.toMatch(/lives in/);
  });
});
