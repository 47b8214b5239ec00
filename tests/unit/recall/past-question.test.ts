import { describe, expect, it } from 'vitest';
import { asksAboutThePast } from '@/server/recall/past-question';

describe('questions about what already happened', () => {
  it('hears a past appointment, trip or outcome asked about, in English and Chinese', () => {
    for (const q of ['remind me when i had that shopify interview', 'when did my physio appointment end up being in march?', 'how did the interview go?', 'did i ever hand in my thesis', 'mei ling 八月那次产检最后是几号', '我最近去哪玩了']) {
      expect(asksAboutThePast(q), q).toBe(true);
    }
  });

  it('not a question that looks ahead or asks for something now', () => {
    for (const q of ['any trips coming up i need to pack for?', 'when is my next physio?', 'what should i cook tonight', '我最近有啥安排', '下次复查是哪天']) {
      expect(asksAboutThePast(q), q).toBe(false);
    }
  });
});
