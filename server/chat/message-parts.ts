/**
 * A message as AI SDK UI message parts (issue 16, item 4): its text, and the tool calls a real
 * model made while answering (memory search, update, forget) with their results, so a reloaded
 * conversation shows what the model did, as the live stream did. Stored in `messages.parts`;
 * validated here on the way in and on the way out, since the column is free JSON.
 */
import { z } from 'zod';
import { maskValues } from '../memory/validate/secrets';

const textPart = z.object({ type: z.literal('text'), text: z.string() });
// The UI's generic tool part: a stored conversation is rendered without the tool definitions.
const toolPart = z.object({
  type: z.literal('dynamic-tool'),
  toolName: z.string().max(100),
  toolCallId: z.string().max(200),
  state: z.enum(['output-available', 'output-error']),
  input: z.unknown(),
  output: z.unknown().optional(),
  errorText: z.string().optional(),
});
export const storedPart = z.discriminatedUnion('type', [textPart, toolPart]);
export type StoredPart = z.infer<typeof storedPart>;
export type StoredToolPart = z.infer<typeof toolPart>;

export const textParts = (text: string): StoredPart[] => (text === '' ? [] : [{ type: 'text', text }]);

/** The stored parts, or the text alone for a row whose parts are missing or malformed. */
export function readParts(value: unknown, content: string): StoredPart[] {
  const parsed = z.array(storedPart).safeParse(value);
  return parsed.success && parsed.data.length > 0 ? parsed.data : textParts(content);
}

/** Secret values the user typed this turn, masked inside a tool call's input and output too. */
function maskJson(value: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0 || value === undefined) return value;
  return JSON.parse(maskValues(JSON.stringify(value), secrets)) as unknown;
}

/** Secret values the user typed this turn masked everywhere in the parts (texts, tool inputs and outputs). */
export function maskParts(parts: readonly StoredPart[], secrets: readonly string[]): StoredPart[] {
  return parts.map((part) =>
    part.type === 'text'
      ? { type: 'text' as const, text: maskValues(part.text, secrets) }
      : {
          ...part,
          input: maskJson(part.input, secrets),
          ...(part.output !== undefined ? { output: maskJson(part.output, secrets) } : {}),
          ...(part.errorText !== undefined ? { errorText: maskValues(part.errorText, secrets) } : {}),
        },
  );
}

/**
 * Collects a reply's parts from its UI stream chunks, in the order they happened: a text part per
 * text block, a tool part per finished tool call.
 */
export function createPartsCollector() {
  const parts: StoredPart[] = [];
  const texts = new Map<string, { type: 'text'; text: string }>();
  const calls = new Map<string, { toolName: string; input: unknown }>();
  return {
    text(id: string, delta: string) {
      let part = texts.get(id);
      if (!part) {
        part = { type: 'text', text: '' };
        texts.set(id, part);
        parts.push(part);
      }
      part.text += delta;
    },
    toolInput(toolCallId: string, toolName: string, input: unknown) {
      calls.set(toolCallId, { toolName, input });
    },
    toolOutput(toolCallId: string, output: unknown) {
      const call = calls.get(toolCallId);
      if (call) parts.push({ type: 'dynamic-tool', toolName: call.toolName, toolCallId, state: 'output-available', input: call.input, output });
    },
    toolError(toolCallId: string, errorText: string) {
      const call = calls.get(toolCallId);
      if (call) parts.push({ type: 'dynamic-tool', toolName: call.toolName, toolCallId, state: 'output-error', input: call.input, errorText });
    },
    /** The parts so far, empty texts left out. */
    parts(): StoredPart[] {
      return parts.filter((part) => part.type !== 'text' || part.text.trim() !== '').map((part) => ({ ...part }));
    },
  };
}
