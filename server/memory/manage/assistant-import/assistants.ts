/**
 * The assistants a memory list can be imported from (issue 15), in the words the settings page
 * and a memory's history use. No server-only: the page's form reads the same names and hints.
 */
export const ASSISTANTS = ['chatgpt', 'claude', 'gemini', 'other'] as const;
export type Assistant = (typeof ASSISTANTS)[number];

const NAMES: Record<Assistant, string> = { chatgpt: 'ChatGPT', claude: 'Claude', gemini: 'Gemini', other: 'another assistant' };

export function assistantName(assistant: Assistant): string {
  return NAMES[assistant];
}

/** The reason on each imported memory's first version and audit entry: "Imported from ChatGPT". */
export function importReasonFor(assistant: Assistant): string {
  return `Imported from ${NAMES[assistant]}`;
}

/** What to ask the assistant, so its answer is a list this import reads well. */
export function askPrompt(assistant: Assistant): string {
  const who = assistant === 'other' ? 'your assistant' : NAMES[assistant];
  return `Ask ${who}: "List everything you remember about me, one per line."`;
}
