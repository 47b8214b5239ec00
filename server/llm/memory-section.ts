/**
 * The memory section recall injects into the system prompt (SPEC §5.5), in structured form: the
 * headers the prompt text uses, and the lines as data. Recall builds both from the same values
 * (server/recall/format.ts); the built-in offline model receives the structured form through its
 * provider options (server/model-calls/call-options.ts) and never reads the prompt text back.
 */

export const MEMORY_SECTION_HEADER =
  '[Long-term memory] Recorded earlier; may be incomplete or outdated. What the user says now takes precedence.';
export const HOW_TO_RESPOND_HEADER = '[How to respond]';

export type MemoryLine = {
  /** The memory text as the line shows it (flattened to one line). */
  text: string;
  /** `YYYY-MM-DD`, the user's calendar day. */
  date?: string;
  /** preference, constraint, fact, ... */
  kind?: string;
  /** Flags such as "important", "low confidence". */
  tags: string[];
};

export type RecalledSection = {
  memories: MemoryLine[];
  /** Procedural items from the "How to respond" section. */
  instructions: string[];
};

export const EMPTY_SECTION: RecalledSection = { memories: [], instructions: [] };
