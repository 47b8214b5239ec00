/** Dates the model reads are the user's calendar days (issue 12): "today" and each memory's tag. */
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../server/chat/system-prompt';
import { formatMemoryLine } from '../../server/recall/format';

// 20:30 UTC on 1 December is already 2 December in Shanghai and still 1 December in New York.
const lateEvening = new Date('2026-12-01T20:30:00Z');

describe('dates in the user\'s time zone', () => {
  it('"Today is" names the user\'s day and zone', () => {
    expect(buildSystemPrompt({ now: lateEvening, timeZone: 'Asia/Shanghai' })).toContain('Today is 2026-12-02 (Asia/Shanghai).');
    expect(buildSystemPrompt({ now: lateEvening, timeZone: 'America/New_York' })).toContain('Today is 2026-12-01 (America/New_York).');
    expect(buildSystemPrompt({ now: lateEvening })).toContain('Today is 2026-12-01.');
  });

  it('a memory line is tagged with the day it happened where the user lives', () => {
    const memory = { summary: 'Sprained wrist', kind: 'event', importance: 3, confidence: 'high' as const, occurredAt: lateEvening, createdAt: lateEvening };
    expect(formatMemoryLine(memory, 'Asia/Shanghai')).toBe('- [2026-12-02 · event] Sprained wrist');
    expect(formatMemoryLine(memory, 'America/New_York')).toBe('- [2026-12-01 · event] Sprained wrist');
  });
});
