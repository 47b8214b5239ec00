import { describe, expect, it } from 'vitest';
import { echoMask } from '@/server/chat/echo-mask';

/** Feeds the deltas through the mask the way stream-reply does; returns what the browser saw. */
function streamed(values: string[], deltas: string[]): string[] {
  const mask = echoMask(values);
  const shown = deltas.map((delta) => mask.push('t', delta));
  shown.push(mask.end('t'));
  return shown;
}

describe('echo mask (a reply never repeats a secret the user just typed)', () => {
  it('masks a value split over several deltas, and shows nothing of it in between', () => {
    const shown = streamed(['sunflower42'], ['Got it, your wifi password is sun', 'flow', 'er4', '2 — noted.']);
    expect(shown.join('')).toBe('Got it, your wifi password is [redacted] — noted.');
    for (const piece of shown) expect(piece).not.toMatch(/sunf|flower|er42/);
  });

  it('shows text as it comes when there is nothing to hide', () => {
    expect(streamed([], ['Hello', ' there'])).toEqual(['Hello', ' there', '']);
  });

  it('holds back only the tail that could start a value', () => {
    const shown = streamed(['7391'], ['The code you gave me is long gone', ' from my notes.']);
    expect(shown[0]).toBe('The code you gave me is long g');
    expect(shown.join('')).toBe('The code you gave me is long gone from my notes.');
  });

  it("a reply stopped mid-value shows no part of it", () => {
    const mask = echoMask(['Tr0ub4dor&3']);
    const shown = mask.push('t', 'Your pass is Tr0ub4');
    expect(shown + mask.drain().map((p) => p.text).join('')).toBe('Your pass is [redacted]');
    const whole = echoMask(['Tr0ub4dor&3']);
    expect(whole.push('t', 'Your pass is Tr0ub4dor&3') + whole.drain().map((p) => p.text).join('')).toBe('Your pass is [redacted]');
  });
});
