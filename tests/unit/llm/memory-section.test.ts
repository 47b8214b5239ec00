import { describe, expect, it } from 'vitest';

import { MEMORY_SECTION_HEADER, parseMemoryLine, parseMemorySection } from '../../../server/llm/memory-section';

const SYSTEM = `You are Mindbase, a helpful assistant.

[Long-term memory] Recorded earlier; may be incomplete or outdated. What the user says now takes precedence.
- [2025-06-12 · preference · important] Wants reports to lead with the conclusion.
- [2025-06-10 · constraint] Allergic to peanuts.

[How to respond]
- Put the conclusion first.
- Keep English terms when translating.

Answer in the user's language.
- this bullet belongs to no section`;

describe('parseMemorySection', () => {
  it('reads memory lines with date, kind and flags', () => {
    const { memories } = parseMemorySection(SYSTEM);
    expect(memories).toEqual([
      {
        text: 'Wants reports to lead with the conclusion.',
        date: '2025-06-12',
        kind: 'preference',
        tags: ['important'],
        raw: '[2025-06-12 · preference · important] Wants reports to lead with the conclusion.',
      },
      {
        text: 'Allergic to peanuts.',
        date: '2025-06-10',
        kind: 'constraint',
        tags: [],
        raw: '[2025-06-10 · constraint] Allergic to peanuts.',
      },
    ]);
  });

  it('reads the How to respond section and ignores bullets outside both sections', () => {
    expect(parseMemorySection(SYSTEM).instructions).toEqual([
      'Put the conclusion first.',
      'Keep English terms when translating.',
    ]);
  });

  it('returns empty lists when there is no memory section', () => {
    expect(parseMemorySection('You are a helpful assistant.\n- be nice')).toEqual({ memories: [], instructions: [] });
  });

  it('accepts the exported header and lines without metadata', () => {
    const parsed = parseMemorySection(`${MEMORY_SECTION_HEADER}\n- Lives in Berlin.\n- [2024-01-02] Has a cat named Mo.`);
    expect(parsed.memories.map((m) => m.text)).toEqual(['Lives in Berlin.', 'Has a cat named Mo.']);
    expect(parsed.memories[1]?.date).toBe('2024-01-02');
    expect(parsed.memories[1]?.kind).toBeUndefined();
  });

  it('tolerates other separators in the metadata', () => {
    expect(parseMemoryLine('[2025-06-12 | fact] Works in finance.')).toMatchObject({
      date: '2025-06-12',
      kind: 'fact',
      text: 'Works in finance.',
    });
  });
});
