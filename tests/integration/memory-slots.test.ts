/**
 * Single-valued attributes through the real chat turn (issue 12): a move, a new job, a diet change
 * and a moved appointment replace the old value with history; A → B → A ends at A; what depended on
 * the old place waits in the review inbox as "may be outdated", where the user can keep or drop it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { memoriesOf, versionsOf } from '../helpers/memories';
import { callerFor } from '../helpers/trpc';

describe('slots: one current value, with history', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  async function story(lines: string[]) {
    const user = await seedUser(t.db, 'slots');
    const jobs = testJobs(t);
    for (const line of lines) await chatTurn(t, jobs, user, crypto.randomUUID(), line);
    return user;
  }
  const active = async (userId: string) => (await memoriesOf(t, userId, 'active')).map((m) => m.summary.toLowerCase());
  const withStatus = async (userId: string, status: 'superseded' | 'conflicted') => (await memoriesOf(t, userId, status)).map((m) => m.summary.toLowerCase());

  it('a move replaces the city, keeps it in history, and sends what depended on it for review', async () => {
    const user = await story(['I live in Lyon.', 'My favourite bakery is Chez Paul in Lyon.', 'we finally moved to Berlin last month, still unpacking']);
    const now = await active(user.id);
    expect(now.some((s) => s.includes('berlin'))).toBe(true);
    expect(now.filter((s) => s.includes('lyon'))).toEqual([]);
    expect((await withStatus(user.id, 'superseded')).some((s) => s.includes('lives in lyon'))).toBe(true);
    const [bakery] = await memoriesOf(t, user.id, 'conflicted');
    expect(bakery?.summary).toMatch(/bakery/i);
    expect(bakery?.statusReason).toMatch(/^May be outdated: .*berlin.*lyon/i);
    const history = await versionsOf(t, bakery!.id);
    expect(history.at(-1)?.reason).toMatch(/may be outdated/i);

    // "Still true" in the review inbox brings it back; it is the user's call.
    const caller = callerFor(t, user);
    expect((await caller.memories.reviewCount()).conflicted).toBe(1);
    await caller.memories.confirm({ id: bakery!.id });
    expect((await memoriesOf(t, user.id, 'active')).some((m) => m.id === bakery!.id)).toBe(true);
  });

  it('Lyon → Berlin → Lyon ends at Lyon, each step in history', async () => {
    const user = await story(['I live in Lyon.', 'I moved to Berlin.', 'I moved back to Lyon.']);
    const homes = (await active(user.id)).filter((s) => /\b(?:lives?|moved)\b/.test(s) && /lyon|berlin/.test(s));
    expect(homes.filter((s) => s.includes('berlin'))).toEqual([]);
    expect(homes.some((s) => s.includes('lyon'))).toBe(true);
    expect((await withStatus(user.id, 'superseded')).filter((s) => /lyon|berlin/.test(s)).length).toBeGreaterThanOrEqual(2);
  });

  it('a new job replaces the old one; a new workplace keeps the title', async () => {
    const user = await story(['I work as a teacher at Maple Primary.', 'I GOT IT!!! starting as a data analyst at shopify on april 6.']);
    const now = await active(user.id);
    expect(now.some((s) => s.includes('data analyst at shopify'))).toBe(true);
    expect(now.filter((s) => s.includes('teacher'))).toEqual([]);

    const nurse = await story(["I'm a nurse.", 'also i started on the stroke unit at charité']);
    const nurseNow = await active(nurse.id);
    expect(nurseNow).toEqual(expect.arrayContaining([expect.stringContaining('nurse'), expect.stringContaining('charité')]));
  });

  it('a diet changes: vegetarian, then eating fish again', async () => {
    const user = await story(["I'm vegetarian.", "fun fact i've started eating fish again, doctor said my iron was low"]);
    expect((await active(user.id)).filter((s) => s.includes('vegetarian'))).toEqual([]);
    expect((await withStatus(user.id, 'superseded')).some((s) => s.includes('vegetarian'))).toBe(true);
  });

  it('going vegan sends a love of steak to review as may be outdated; a dislike and oat milk stay', async () => {
    const user = await story([
      'i live for a good steak tho, medium rare or nothing',
      "i can't stand salmon",
      'i always get oat milk in my coffee',
      "ok big change, i've gone fully vegan since the start of may 🌱",
    ]);
    const review = await memoriesOf(t, user.id, 'conflicted');
    expect(review.map((m) => m.summary.toLowerCase())).toEqual([expect.stringContaining('steak')]);
    expect(review[0]?.statusReason).toMatch(/^May be outdated: .*vegan/i);
    const now = await active(user.id);
    expect(now.some((s) => s.includes('salmon'))).toBe(true);
    expect(now.some((s) => s.includes('oat milk'))).toBe(true);
    expect(now.some((s) => s.includes('vegan'))).toBe(true);
  });

  it('going vegetarian also sends the dishes meat is in to review: tacos al pastor, 毛肚', async () => {
    const user = await story(['fave food on earth = tacos al pastor from the stand by my building', 'and i love a good veggie lasagne', 'big news: im vegetarian now']);
    expect((await memoriesOf(t, user.id, 'conflicted')).map((m) => m.summary.toLowerCase())).toEqual([expect.stringContaining('al pastor')]);
    expect((await active(user.id)).some((s) => s.includes('lasagne'))).toBe(true);
    const zh = await story(['吃火锅每次必点毛肚', '最近开始吃素了']);
    expect((await memoriesOf(t, zh.id, 'conflicted')).map((m) => m.summary)).toEqual([expect.stringContaining('毛肚')]);
  });

  it('a moved appointment replaces its date; a second appointment of another kind stays', async () => {
    const user = await story(['I have a dentist appointment on the 12th at 3pm.', 'I have a physio appointment on the 20th.', 'the dentist moved to thursday the 19th btw']);
    const dentist = (await memoriesOf(t, user.id, 'active')).filter((m) => /dentist/i.test(m.summary));
    expect(dentist).toHaveLength(1);
    expect(dentist[0]?.summary).toMatch(/19th/);
    expect(dentist[0]?.occurredAt?.getUTCDate()).toBe(19);
    expect((await active(user.id)).some((s) => s.includes('physio'))).toBe(true);
  });

  it('"they moved my review" moves the physio review: an appointment named partly is the latest one so named', async () => {
    const user = await story(['physio review is booked for 30 april btw', 'I have a dentist appointment on 2 may too', "physio rang, they've moved my review to 4 may"]);
    const now = await active(user.id);
    expect(now.some((s) => s.includes('review') && s.includes('4 may'))).toBe(true);
    expect(now.filter((s) => s.includes('30 april'))).toEqual([]);
    expect(now.some((s) => s.includes('dentist'))).toBe(true);
  });

  it('"my appointment is moved" moves the one appointment named before, whatever word named it', async () => {
    const user = await story(['in august we fly to berlin. embassy appointment for the visa is 11 june at 10am', 'embassy sent an email, my appointment is moved to 16 june, 9:30 in the morning']);
    const now = await active(user.id);
    expect(now.some((s) => s.includes('16 june'))).toBe(true);
    expect(now.filter((s) => s.includes('11 june'))).toEqual([]);
    expect((await withStatus(user.id, 'superseded')).some((s) => s.includes('11 june'))).toBe(true);
  });

  it("what is said about a person just named is new, not the name heard again; a correction of what they are leaves their name", async () => {
    const gf = await story(['sometimes my gf tasha if shes up early. shes vegetarian tho so the turkey thing is out for her']);
    const now = await active(gf.id);
    expect(now.some((s) => s.includes('tasha') && s.includes('vegetarian'))).toBe(true);

    const partner = await story(['perfect. my partner mele is bringing her famous otai, shes a nurse at rotorua hospital so shes on till 3 but she will come after', "oh and i told u wrong the other day, mele's actually a midwife haha"]);
    const after = await active(partner.id);
    expect(after.some((s) => s.includes('midwife'))).toBe(true);
    expect(after.filter((s) => s.includes('nurse'))).toEqual([]);
    expect(after).toContain('partner is mele');
  });

  it('a new value said plainly in a later conversation replaces the old; in the same conversation it waits beside it', async () => {
    const later = await story(['I live in Lyon.', 'I live in Leeds.']);
    expect((await active(later.id)).filter((s) => s.includes('lyon'))).toEqual([]);
    expect((await withStatus(later.id, 'superseded')).some((s) => s.includes('lyon'))).toBe(true);

    const user = await seedUser(t.db, 'slots');
    const jobs = testJobs(t);
    const conversation = crypto.randomUUID();
    for (const line of ['I live in Lyon.', 'I live in Leeds.']) await chatTurn(t, jobs, user, conversation, line);
    expect((await active(user.id)).some((s) => s.includes('lyon'))).toBe(true);
    expect((await withStatus(user.id, 'conflicted')).some((s) => s.includes('leeds'))).toBe(true);
  });

  it('said the way people say it: a start date before the job, a flat got, a diet dropped', async () => {
    const job = await story(["I'm a paralegal at Brandt & Loew.", 'GOT THE JOB!!! 🎉 starting april 6 as a compliance analyst at Prairie State Credit Union']);
    expect((await active(job.id)).some((s) => s.includes('compliance analyst at prairie state credit union'))).toBe(true);
    expect((await active(job.id)).filter((s) => s.includes('paralegal'))).toEqual([]);

    const home = await story(['still living at my parents place in mississauga', 'i MOVED OUT. got a little condo in liberty village, 10 min walk to the office']);
    expect((await active(home.id)).filter((s) => s.includes('mississauga'))).toEqual([]);
    expect((await withStatus(home.id, 'superseded')).some((s) => s.includes('mississauga'))).toBe(true);

    const diet = await story(['doing keto at the moment, day 20, feeling good', 'ok the low carb thing is dead, im doing mediterranean now']);
    expect((await active(diet.id)).filter((s) => s.includes('keto'))).toEqual([]);
    expect((await active(diet.id)).some((s) => s.includes('mediterranean'))).toBe(true);
  });

  it("where someone's mother lives is hers, in Chinese too: the user's home stays", async () => {
    const user = await story(['我住在望京', '我妈是湖南人 住在长沙', 'Daniel的妈妈是马来西亚人 住在槟城 下个月我们要去看她']);
    expect((await active(user.id)).some((s) => s.includes('望京'))).toBe(true);
    expect(await withStatus(user.id, 'superseded')).toEqual([]);
  });

  it('a correction that gives only the right value replaces the statement it corrects', async () => {
    const user = await seedUser(t.db, 'slots');
    const jobs = testJobs(t);
    const conversation = crypto.randomUUID();
    for (const line of ["I've joined a book club at the library! We meet the first Tuesday of every month", "Oh wait, I had that wrong, it's the first Wednesday. Silly me."]) {
      await chatTurn(t, jobs, user, conversation, line);
    }
    const now = await active(user.id);
    expect(now.filter((s) => s.includes('tuesday'))).toEqual([]);
    expect(now).toContain('meets the first wednesday of every month');
    expect((await withStatus(user.id, 'superseded')).some((s) => s.includes('tuesday'))).toBe(true);
  });

  it("someone else's move is theirs: the user's home stays", async () => {
    const user = await story(['I live in Lyon.', 'My sister lives in Oslo and she just moved to Bergen.']);
    expect((await active(user.id)).some((s) => s.includes('lives in lyon'))).toBe(true);
  });

  it("people's names: a new manager replaces the old one, a second sister does not, a correction does", async () => {
    const user = await story([
      'My manager is Priya.',
      'my new manager is Tom, Priya left',
      'My sister is called Clara.',
      'My sister is called Anna.',
      'Actually my sister is Clare, not Clara, autocorrect',
    ]);
    const now = await active(user.id);
    expect(now.filter((s) => s.includes('manager'))).toEqual([expect.stringContaining('tom')]);
    expect((await withStatus(user.id, 'superseded')).some((s) => s.includes('priya'))).toBe(true);
    const sisters = now.filter((s) => s.includes('sister'));
    expect(sisters.some((s) => s.includes('anna'))).toBe(true);
    expect(sisters.some((s) => s.includes('clare'))).toBe(true);
    expect(sisters.filter((s) => /\bclara\b/.test(s) && !s.includes('clare'))).toEqual([]);
  });

  it('a name spelled right by the user is respelled in what was said before, with a version; another person with a near name stays', async () => {
    const user = await story([
      'my little guy lucas starts kindergarten in the fall, kinda emotional abt it',
      'my sister lucy is a nurse in leeds',
      "actually my son's name is luca, my phone keeps autocorrecting it lol",
    ]);
    const now = await memoriesOf(t, user.id, 'active');
    const kindergarten = now.find((m) => /kindergarten/i.test(m.summary));
    expect(kindergarten?.summary).toMatch(/\bluca\b/i);
    expect(now.filter((m) => /\blucas\b/i.test(m.summary))).toEqual([]);
    expect(now.some((m) => /\blucy\b/i.test(m.summary))).toBe(true);
    const history = await versionsOf(t, kindergarten!.id);
    expect(history.at(-1)?.reason).toMatch(/^Name spelled "luca"/i);
  });

  it('a correction said after the name ("…Kelvin，之前打错了") respells it, a letter left out early included; the marker is stored as nothing', async () => {
    const user = await story(['男朋友 Kevin 在 Sydney 做 software engineer', '更正一下，我男朋友的名字是 Kelvin，之前打错了 haha。']);
    const now = await active(user.id);
    expect(now.filter((s) => /\bkevin\b/.test(s))).toEqual([]);
    expect(now.some((s) => /kelvin/.test(s) && s.includes('sydney'))).toBe(true);
    expect(now.filter((s) => s.includes('打错'))).toEqual([]);
  });
});
