// Builds extraction windows for unit tests: earlier turns a minute apart, the last one(s) new.
import type { ExtractionWindow, SourceMessage } from '../../../server/memory/extraction-schema';

export type Turn = readonly ['user' | 'assistant', string];

export const AT = new Date('2026-03-05T09:00:00Z'); // a Thursday

export function windowOf(turns: readonly Turn[], options: { newCount?: number; at?: Date; timeZone?: string; knownEntities?: string[] } = {}): ExtractionWindow {
  const at = options.at ?? AT;
  const messages: SourceMessage[] = turns.map(([role, content], i) => ({
    id: `m${i + 1}`,
    role,
    content,
    createdAt: new Date(at.getTime() - (turns.length - 1 - i) * 60_000),
  }));
  const newCount = options.newCount ?? 1;
  return {
    messages,
    newMessageIds: messages.slice(-newCount).map((m) => m.id),
    timeZone: options.timeZone ?? 'Europe/London',
    knownEntities: options.knownEntities ?? [],
  };
}

/** A window with one new user message. */
export function said(content: string, context: readonly Turn[] = [], options: Parameters<typeof windowOf>[1] = {}): ExtractionWindow {
  return windowOf([...context, ['user', content]], options);
}
