// Reads back the memory block that recall injects into the system prompt (SPEC §5.5). The
// offline model has no other way to see memories, so the parser is tolerant of spacing and
// separators but keys on the exact section header.

export const MEMORY_SECTION_HEADER =
  '[Long-term memory] Recorded earlier; may be incomplete or outdated. What the user says now takes precedence.';
export const HOW_TO_RESPOND_HEADER = '[How to respond]';

export type MemoryLine = {
  /** The memory text without the bracketed metadata. */
  text: string;
  /** `YYYY-MM-DD` when the line carries a date. */
  date?: string;
  /** preference, constraint, fact, ... (the first non-date, non-flag field). */
  kind?: string;
  /** Remaining metadata fields, e.g. "important". */
  tags: string[];
  /** The full line after "- ". */
  raw: string;
};

export type ParsedMemorySection = {
  memories: MemoryLine[];
  /** Procedural items from the "How to respond" section. */
  instructions: string[];
};

const MEMORY_HEADER = /^\s*\[long-term memory\]/i;
const RESPOND_HEADER = /^\s*(?:#+\s*)?\[?how to respond\]?(?:\s*[:：]|\s|$)/i;
const BULLET = /^\s*[-*•]\s+(.*\S)\s*$/;
const META = /^\[([^\]]*)\]\s*(.*)$/;
const DATE = /^\d{4}-\d{2}-\d{2}/;
const FLAGS = new Set(['important', 'pinned', 'core', 'sensitive', 'low confidence', 'low-confidence', 'inferred']);

export function parseMemoryLine(raw: string): MemoryLine {
  const match = META.exec(raw);
  if (!match) return { text: raw.trim(), tags: [], raw };
  const fields = (match[1] ?? '')
    .split(/\s*[·•|]\s*/)
    .map((field) => field.trim())
    .filter((field) => field.length > 0);
  const line: MemoryLine = { text: (match[2] ?? '').trim(), tags: [], raw };
  for (const field of fields) {
    const date = DATE.exec(field);
    if (date && line.date === undefined) line.date = date[0];
    else if (line.kind === undefined && !FLAGS.has(field.toLowerCase())) line.kind = field;
    else line.tags.push(field);
  }
  return line;
}

function bulletsAfter(lines: string[], headerIndex: number): string[] {
  const items: string[] = [];
  for (let i = headerIndex + 1; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const bullet = BULLET.exec(line);
    if (bullet) {
      items.push(bullet[1] ?? '');
      continue;
    }
    if (line.trim() === '' && items.length === 0) continue;
    break;
  }
  return items;
}

export function parseMemorySection(system: string): ParsedMemorySection {
  const lines = system.split(/\r?\n/);
  const result: ParsedMemorySection = { memories: [], instructions: [] };
  lines.forEach((line, index) => {
    if (MEMORY_HEADER.test(line)) {
      result.memories.push(...bulletsAfter(lines, index).map(parseMemoryLine).filter((m) => m.text !== ''));
    } else if (RESPOND_HEADER.test(line)) {
      result.instructions.push(
        ...bulletsAfter(lines, index)
          .map((item) => parseMemoryLine(item).text)
          .filter((text) => text !== ''),
      );
    }
  });
  return result;
}
