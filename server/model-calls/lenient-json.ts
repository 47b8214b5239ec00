/**
 * Reads the JSON a model meant to send out of what it actually sent. Local and OpenAI-compatible
 * models often wrap it: a <think>…</think> block first (reasoning models), a ```json fence, a
 * sentence before or after it. The first balanced {…} (or […]) that parses wins; strings are
 * respected, so a brace inside a quoted value does not end the object early.
 */

const THINK_BLOCK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;
// A reasoning block the model never closed (cut off, or a server that strips the opening tag's pair).
const OPEN_THINK = /^\s*<(think|thinking|reasoning)>[\s\S]*?(?=[{[])/i;
// …and one with nothing after it: all of it was thinking.
const UNCLOSED_THINK = /^\s*<(think|thinking|reasoning)>[\s\S]*$/i;
const FENCE = /```[a-z]*\s*\n?([\s\S]*?)```/i;

/** The end index (exclusive) of the balanced value starting at `start`, or -1. */
function balancedEnd(text: string, start: number): number {
  const open = text[start];
  const close = open === '{' ? '}' : ']';
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === open) depth += 1;
    else if (ch === close) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function firstValue(text: string): unknown {
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] !== '{' && text[i] !== '[') continue;
    const end = balancedEnd(text, i);
    if (end < 0) continue;
    try {
      return JSON.parse(text.slice(i, end)) as unknown;
    } catch {
      // Not JSON after all ("{like this}" in prose): try the next opening brace.
    }
  }
  return undefined;
}

/** The text without reasoning blocks: what a model said to the user, not what it thought. */
export function stripReasoning(text: string): string {
  return text.replace(THINK_BLOCK, '').replace(OPEN_THINK, '').replace(UNCLOSED_THINK, '').trim();
}

/** The JSON value in a model's answer, or undefined when there is none. */
export function parseModelJson(text: string | undefined | null): unknown {
  if (!text) return undefined;
  const visible = stripReasoning(text);
  const fenced = FENCE.exec(visible)?.[1];
  return (fenced !== undefined ? firstValue(fenced) : undefined) ?? firstValue(visible);
}
