import { describe, expect, it } from 'vitest';
import { searchTerms } from '@/server/memory/search-text';
import { buildRecallQuery } from '@/server/recall/query';
import { expandQuestion } from '@/server/recall/query-concepts';
import { questionWindow } from '@/server/recall/time-window';

const now = new Date('2026-06-10T10:00:00Z');
const weightOf = (terms: { term: string; weight: number }[], word: string) => terms.find((t) => t.term === searchTerms(word)[0])?.weight;

describe('the recall query (issue 13)', () => {
  it('weights the message’s words 1, the last turns’ 0.5 and the concept map’s 0.4', () => {
    const query = buildRecallQuery({ message: 'Where do I live?', recentTurns: [{ role: 'user', content: 'planning a dinner party' }], now });
    expect(weightOf(query.terms, 'live')).toBe(1);
    expect(weightOf(query.terms, 'dinner')).toBe(0.5);
    expect(weightOf(query.terms, 'moved')).toBe(0.4);
    expect(weightOf(query.terms, 'city')).toBe(0.4);
    expect(query.concepts).toEqual(['home']);
    expect(query.text).toBe('Where do I live?\nplanning a dinner party');
  });

  it('maps questions with no content words to what they ask about, in English and Chinese', () => {
    expect(expandQuestion('what do i do for a living').concepts).toContain('work');
    expect(expandQuestion('我在哪上班来着').concepts).toContain('work');
    expect(expandQuestion('plan a weekend for my family').concepts).toEqual(expect.arrayContaining(['family', 'hobby']));
    expect(expandQuestion('我老家是哪里的').concepts).toContain('home');
    expect(expandQuestion('Tell me a joke').concepts).toEqual([]);
    expect(expandQuestion('what company am i with these days').concepts).toContain('work');
    expect(expandQuestion('who do i work for again').concepts).toContain('work');
    expect(expandQuestion('which company makes the iphone').concepts).toEqual([]);
    expect(expandQuestion('remind me what suburb we live in').concepts).toContain('home');
  });

  it('names the single-valued attributes a question asks for (the slot route)', () => {
    expect(expandQuestion('where do i work these days?').slots).toEqual(['job', 'job_title', 'employer']);
    expect(expandQuestion('我现在住哪个城市来着').slots).toEqual(['home']);
    expect(expandQuestion('am i still single lol').slots).toContain('relationship_status');
    expect(expandQuestion('我男朋友叫啥').slots).toContain('name:男朋友');
    expect(expandQuestion('Tell me a joke').slots).toEqual([]);
    expect(expandQuestion('what part of dublin do i live in').concepts).toContain('home');
    expect(expandQuestion('我现在在哪个城市').concepts).toContain('home');
    expect(expandQuestion('推荐一个适合旅游的城市').concepts).not.toContain('home');
    expect(expandQuestion('which hospital am i at now').concepts).toContain('work');
    // A game night is the game the user plays by its name; a laptop to buy is the one they use.
    expect(expandQuestion('what night is game night again').concepts).toContain('games');
    expect(expandQuestion('can you recommend a laptop for me').concepts).toContain('devices');
    // What one studies, plays or is expecting, and a birthday said as "a year older".
    expect(expandQuestion('我读的是什么专业来着').concepts).toContain('study');
    expect(expandQuestion('whats my research on').concepts).toContain('study');
    expect(expandQuestion('我在学什么乐器').concepts).toEqual(expect.arrayContaining(['study', 'instrument']));
    expect(expandQuestion("when's the baby coming").concepts).toContain('baby');
    expect(expandQuestion('when do i turn a year older').concepts).toContain('birthday');
    expect(expandQuestion('who looks after the kid at home?').concepts).toContain('children');
    // Somewhere "near me" is near where the user lives.
    expect(expandQuestion('whats a decent supermarket near me').concepts).toContain('home');
    expect(expandQuestion('any good gyms near my place?').concepts).toContain('home');
    // What is planned, asked without "coming up": "soon", days off, 行程, 要准备.
    expect(expandQuestion('am i travelling anywhere soon?').concepts).toContain('schedule');
    expect(expandQuestion('do i need to ask for any days off soon?').concepts).toContain('schedule');
    expect(expandQuestion('anything i need to sort out or book soon').concepts).toContain('schedule');
    expect(expandQuestion('我接下来有什么行程').concepts).toContain('schedule');
    expect(expandQuestion('最近有啥要提前准备的事吗').concepts).toContain('schedule');
    expect(expandQuestion('the bus is coming soon, what should i read').concepts).not.toContain('schedule');
    expect(expandQuestion('how soon should i water a new cactus').concepts).not.toContain('schedule');
    // Everyday words for what the memory holds: fitness, shifts, dating, an employer on a form,
    // a side income, an injury, an instrument named in the other script, animals.
    expect(expandQuestion('how do i keep fit these days').concepts).toContain('exercise');
    expect(expandQuestion('am i still doing nights?').concepts).toContain('shifts');
    expect(expandQuestion('nights out in dublin, any tips?').concepts).not.toContain('shifts');
    expect(expandQuestion('my mum keeps asking if im seeing anyone').concepts).toContain('partner');
    expect(expandQuestion('what should i put for current employer on this form').concepts).toContain('work');
    expect(expandQuestion('how do i make extra money these days').concepts).toContain('work');
    expect(expandQuestion('我之前是怎么受的伤').concepts).toContain('injury');
    expect(expandQuestion('that really hurt my feelings').concepts).not.toContain('injury');
    expect(expandQuestion('我钢琴课现在是星期几').words.split(' ')).toContain('piano');
    expect(expandQuestion('how many animals am i looking after').concepts).toContain('pet');
    expect(expandQuestion('which herb should you never put in recipes for me').words.split(' ')).toContain('coeliac');
  });

  it('adds the words in both scripts: a bilingual user asks in one language about the other', () => {
    expect(expandQuestion('我在学什么乐器').words.split(' ')).toEqual(expect.arrayContaining(['guitar', '吉他']));
    expect(expandQuestion('whats my research on').words.split(' ')).toEqual(expect.arrayContaining(['thesis', '论文']));
  });

  it('takes a named time out of the words and keeps it as a window', () => {
    const query = buildRecallQuery({ message: 'What did I achieve in September 2025?', now });
    expect(query.window?.from.toISOString()).toBe('2025-09-01T00:00:00.000Z');
    expect(query.window?.to.toISOString()).toBe('2025-10-01T00:00:00.000Z');
    expect(weightOf(query.terms, 'september')).toBeUndefined();
    expect(weightOf(query.terms, 'achieve')).toBe(1);
  });
});

describe('question windows', () => {
  it('reads a month said without a year as the last one, not the next', () => {
    expect(questionWindow('what did i do in march', new Date('2026-01-15T10:00:00Z'), 'UTC')?.from.toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });

  it('reads it as the coming one when the question asks what is on', () => {
    const may = new Date('2026-05-10T09:00:00Z');
    expect(questionWindow('whats going on for me in june', may, 'UTC')?.from.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(questionWindow('anything on in june?', may, 'UTC')?.from.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(questionWindow('what did i do in june', may, 'UTC')?.from.toISOString()).toBe('2025-06-01T00:00:00.000Z');
  });

  it('widens a day to the week before it and prefers a date with a year over a relative phrase', () => {
    const window = questionWindow('What project did I finish last week before 23 January, 2026?', now, 'UTC');
    expect(window?.expression).toBe('23 January, 2026');
    expect(window?.from.toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(window?.to.toISOString()).toBe('2026-01-24T00:00:00.000Z');
  });

  it('resolves weekdays and Chinese periods in the user’s time zone, and keeps future windows for plans', () => {
    expect(questionWindow('我上个月干嘛了', now, 'Asia/Shanghai')?.from.toISOString()).toBe('2026-04-30T16:00:00.000Z');
    const next = questionWindow("what's on next week?", now, 'UTC');
    expect(next!.from.getTime()).toBeGreaterThan(now.getTime());
    expect(questionWindow('Where do I live?', now, 'UTC')).toBeNull();
  });

  it('looks ahead when the question does, and reads "tonight" in a question about now as no window', () => {
    const june = new Date('2026-06-20T10:00:00Z');
    expect(questionWindow('what am i doing in september?', june, 'UTC')?.from.toISOString()).toBe('2026-09-01T00:00:00.000Z');
    expect(questionWindow('what did i do in september?', june, 'UTC')?.from.toISOString()).toBe('2025-09-01T00:00:00.000Z');
    expect(questionWindow('ordering pizza tonight, anything to leave off?', june, 'UTC')).toBeNull();
    expect(questionWindow('what did i eat today?', june, 'UTC')).not.toBeNull();
  });

  it('reads "now" and "the day after" as no calendar date (chrono did: "what\'s my job now" preferred last week\'s memories)', () => {
    for (const question of ["what's my job now?", 'who am i working for right now', 'any tips for sleeping during the day after a night shift?']) {
      expect(questionWindow(question, now, 'UTC')).toBeNull();
    }
    // A date said outright still is one, in the user's zone.
    expect(questionWindow('what did i do on 3 may?', now, 'Asia/Shanghai')?.expression).toBe('on 3 may');
  });
});
