import { describe, expect, it } from 'vitest';
import { displaces, type Displaceable } from '@/server/memory/displaced';

let n = 0;
function memory(summary: string, over: Partial<Displaceable> = {}): Displaceable {
  n += 1;
  return {
    id: `m${n}`,
    type: 'semantic',
    kind: 'fact',
    summary,
    entities: [],
    // Each memory is said a day after the one before.
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000),
    sourceMessageId: `msg${n}`,
    quote: null,
    ...over,
  };
}

describe('displaces: a change said later replaces the older memory on the same topic', () => {
  it('a drink habit said as a change replaces the old one (a word or the drinks group in common)', () => {
    const old = memory('Basically lives on monster energy during night shifts');
    const next = memory('Just water and black coffee on shift now', { quote: 'just water and black coffee on shift now.' });
    expect(displaces(next, old)).toBe(true);
    const latte = memory('每天早上得灌两杯美式才醒得过来', { kind: 'preference' });
    const tea = memory('现在天天喝大麦茶', { kind: 'preference' });
    expect(displaces(tea, latte)).toBe(true);
  });

  it('a job held from a day replaces the freelance work said before', () => {
    const freelance = memory('Works freelance, mostly Ukrainian-Polish');
    expect(displaces(memory('Is full-time at LinguaBridge agency (from 2026-03-23)', { entities: ['LinguaBridge'] }), freelance)).toBe(true);
  });

  it('a pattern that changes "from next week" replaces the old one', () => {
    const rota = memory('The rota is 4 nights on 4 off which is brutal tbh');
    expect(displaces(memory('From next week im on 3 days then 3 nights'), rota)).toBe(true);
    // What one drinks on shift is no shift pattern.
    const days = memory('Is on days only from april');
    expect(displaces(memory('Just water and black coffee on shift now'), days)).toBe(false);
    const tuesdays = memory('每周二晚上练琴');
    expect(displaces(memory('从下个月开始每周三晚上练琴'), tuesdays)).toBe(true);
  });

  it('a weekly habit in Chinese, and where the user lives, by a shared topic character', () => {
    const gym = memory('每周二四晚上雷打不动去健身');
    expect(displaces(memory('现在每周二四晚上改去攀岩馆健身了'), gym)).toBe(true);
    const moabit = memory('现在住Moabit的一个WG', { entities: ['Moabit'] });
    expect(displaces(memory('现在住Neukölln 离学校有点远', { entities: ['Neukölln'] }), moabit)).toBe(true);
  });

  it('a plan moves only by a correction or a reschedule, and the older one is the one replaced', () => {
    const may = memory('Parent teacher interviews are may 28 from 3:30', { kind: 'plan', type: 'episodic' });
    const june = memory('Parent teacher interviews got pushed to june 4', { kind: 'event', type: 'episodic' });
    expect(displaces(june, may)).toBe(true);
    expect(displaces(may, june)).toBe(false);
    // Another plan on the same topic said plainly is a second plan, not a move.
    expect(displaces(memory('Parent teacher interviews for year 9 are june 11 now', { kind: 'plan' }), may)).toBe(false);
  });

  it('needs the newer one to be said as a change', () => {
    expect(displaces(memory('Drinks green tea at work'), memory('Loves a strong black coffee'))).toBe(false);
  });

  it('never across topics, by a time word, a name, a month or a weekday alone', () => {
    // "now" and a shared month or weekday are no topic.
    expect(displaces(memory('Review moved to monday 4 may', { kind: 'plan' }), memory('Signed up for the great manchester run 10k in may', { kind: 'plan' }))).toBe(false);
    expect(displaces(memory('Home every night now'), memory('Home base is columbus ohio'))).toBe(false);
    expect(displaces(memory('Goes bouldering w lucas twice a week now', { entities: ['Lucas'] }), memory('Lucas does not like cilantro', { entities: ['Lucas'] }))).toBe(false);
    expect(displaces(memory('牙医改到10/8礼拜四下午', { kind: 'plan' }), memory('礼拜六骑脚踏车摔了一下', { kind: 'plan' }))).toBe(false);
    // A rescheduled appointment says nothing about who the vet is.
    expect(displaces(memory('Clinic called and the shots got pushed to friday the 29th'), memory('Biscuit’s vet is Dr Okafor at the animal clinic'))).toBe(false);
  });

  it('never hides a constraint, a past event, someone else or a standing rule', () => {
    const allergy = memory('Allergic to peanuts', { kind: 'constraint' });
    expect(displaces(memory('Is vegetarian now, no peanuts in the house either', { kind: 'constraint' }), allergy)).toBe(false);
    expect(displaces(memory('Runs in the evening now'), memory('Ran the city half marathon', { kind: 'event', type: 'episodic' }))).toBe(false);
    expect(displaces(memory('Partner runs in the evening now'), memory('Partner Sam runs at dawn', { kind: 'relationship' }))).toBe(false);
    expect(displaces(memory('Answers in bullet points now'), memory('Answer in bullet points', { type: 'procedural', kind: 'other' }))).toBe(false);
  });

  it('two facts of one message do not displace each other', () => {
    const a = memory('Quit coffee', { sourceMessageId: 'same' });
    const b = memory('Drinks rooibos tea now instead of coffee', { sourceMessageId: 'same' });
    expect(displaces(b, a)).toBe(false);
  });
});

describe('displaces: topics beyond shared words', () => {
  it('how the user gets around, the same verb of living, a sport in Chinese', () => {
    const train = memory('Downtown is an easy ride on the green line for them');
    expect(displaces(memory('Drives now, the office is out in schaumburg'), train)).toBe(true);
    const nights = memory('Works nights at the distribution center');
    expect(displaces(memory('Works as a day shift supervisor now'), nights)).toBe(true);
    const yoga = memory('下班还能去练瑜伽');
    expect(displaces(memory('现在每周二四晚上改去攀岩馆了'), yoga)).toBe(true);
  });

  it('a verb that is no habit ("is", "loves") is no topic', () => {
    const jazz = memory('Loves jazz records');
    expect(displaces(memory('Loves trail running now'), jazz)).toBe(false);
    const nurse = memory('Is a nurse at the county hospital');
    expect(displaces(memory('Is on the pta board now'), nurse)).toBe(false);
  });

  it('one job at a time: a new employer, a new title or going freelance replaces the old job, however each is said', () => {
    const swiggy = memory('Is a product manager at swiggy fyi');
    expect(displaces(memory('Joined flipkart on 1 april (2026-04-01)', { kind: 'event', type: 'episodic', quote: 'joined flipkart on 1 april btw' }), swiggy)).toBe(true);
    const pennywise = memory('Is a ux designer at pennywise (fintech startup)');
    expect(displaces(memory('Going freelance from june, mostly ux audits for small online shops', { quote: 'i quit my job!!! going freelance from june' }), pennywise)).toBe(true);
    const redline = memory('Drives otr for redline freight');
    expect(displaces(memory('Works at buckeye dairy doing local delivery routes', { quote: 'got hired at buckeye dairy doing local delivery routes' }), redline)).toBe(true);
    const pingan = memory('在深圳平安科技上班');
    expect(displaces(memory('我现在自己接外包'), pingan)).toBe(true);
  });

  it('not a job that has not started yet, a side job, someone else\'s job, or a workplace said without a new job', () => {
    const now = new Date(Date.UTC(2026, 2, 20));
    const tencent = memory('在腾讯做后端开发');
    const grab = memory('5月4号入职grab（2026-05-04）', { kind: 'plan', type: 'episodic', occurredAt: new Date(Date.UTC(2026, 4, 4)) });
    expect(displaces(grab, tencent, now)).toBe(false);
    // Once the day has come, the plan is the job the user has now.
    expect(displaces(grab, tencent, new Date(Date.UTC(2026, 5, 1)))).toBe(true);
    const nurse = memory('Works as a nurse at the county hospital');
    expect(displaces(memory('Started a side gig at the bakery on saturdays', { quote: 'started a side gig at the bakery on saturdays' }), nurse)).toBe(false);
    const accountant = memory('是accountant');
    expect(displaces(memory('Marcus换工作到North Sydney 那边近', { entities: ['Marcus', 'North Sydney'] }), accountant)).toBe(false);
    expect(displaces(memory('男朋友现在在Atlassian上班'), accountant)).toBe(false);
    const analyst = memory('Works as a data analyst at shopify');
    expect(displaces(memory('First month at the new job done', { kind: 'event', type: 'episodic' }), analyst)).toBe(false);
    expect(displaces(memory('Goes bouldering w lucas twice a week after work now'), analyst)).toBe(false);
    // Joining a club is no new employer.
    expect(displaces(memory('Joined the climbing club now'), analyst)).toBe(false);
  });

  it('a relationship that ended: what was said about the partner is about an ex', () => {
    const rohan = memory('Boyfriend Rohan is doing the cooking', { kind: 'relationship' });
    expect(displaces(memory('Is single again as of last night'), rohan)).toBe(true);
    const akai = memory('男朋友阿凯喜欢打篮球', { kind: 'relationship' });
    expect(displaces(memory('上个月跟他分手了', { kind: 'event', type: 'episodic' }), akai)).toBe(true);
    const wife = memory('Wife jen loves gardening', { kind: 'relationship' });
    // A breakup is about dating; a marriage ends by a divorce.
    expect(displaces(memory('Is single again as of last night'), wife)).toBe(false);
    expect(displaces(memory('Got divorced last year', { kind: 'event', type: 'episodic' }), wife)).toBe(true);
    // Someone else's breakup, or another person altogether, is not the user's.
    expect(displaces(memory('Sister broke up with her boyfriend', { kind: 'relationship' }), rohan)).toBe(false);
    const mum = memory('Mum lives in Leeds', { kind: 'relationship' });
    expect(displaces(memory('Is single again'), mum)).toBe(false);
  });
});
