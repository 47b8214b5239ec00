/**
 * Memory types in the words a person uses (issue 15): the pipeline's semantic / episodic /
 * procedural / working stay in the database and the API; the UI says fact, preference,
 * instruction, event, plan or task note.
 */
type MemoryType = 'semantic' | 'episodic' | 'procedural' | 'working';

/** A type as a whole, for filters and the edit form's choice. */
export const TYPE_LABEL: Record<MemoryType, string> = {
  semantic: 'Fact or preference',
  episodic: 'Event or plan',
  procedural: 'Instruction (how to answer)',
  working: 'Task note',
};

/** One memory, from its type and kind: "preference", "plan", "instruction (how to answer)"… */
export function memoryWord(type: string, kind: string): string {
  switch (type) {
    case 'procedural':
      return 'instruction (how to answer)';
    case 'working':
      return 'task note';
    case 'episodic':
      return kind === 'plan' ? 'plan' : 'event';
    default:
      if (kind === 'preference') return 'preference';
      if (kind === 'relationship') return 'fact about someone';
      return 'fact';
  }
}
