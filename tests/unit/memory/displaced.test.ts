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
});
