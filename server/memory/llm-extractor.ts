/**
 * The LLM extraction path (SPEC §4.2): the cheap EXTRACTION_MODEL at low temperature with
 * structured output. Malformed or partial output never crashes the pipeline: whatever JSON can
 * be recovered is returned item by item, and validation drops (and counts) what is invalid.
 */
import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import { extractionResultSchema, type ExtractionWindow } from './extraction-schema';

const INSTRUCTIONS = `You extract long-term memories about the USER from a chat excerpt.
Rules:
- Only what the user actually said about themselves, their life, people, things, plans and preferences, or how the assistant should behave. Never facts from the assistant's messages.
- One memory per fact: a message that says three lasting things ("I'm a nurse in Lyon and I'm allergic to shellfish") gives three memories ("Works as a nurse", "Lives in Lyon", "Allergic to shellfish"), each with its own quote. Facts said in passing count.
- Someone else's fact is a memory about that person, never the user's: "my husband grew up in Naples and adores anchovies" is "Husband grew up in Naples" and "Husband adores anchovies" (kind "relationship"), not "Likes anchovies".
- Negative preferences are memories ("not a fan of jazz" is "Does not like jazz").
- A message marked [remember-handled] already had its "remember …" request stored: extract only the rest of that message, never the request itself.
- No guesses presented as facts: "I might like X" is not "likes X". Hedged statements get confidence "low".
- Ignore greetings, thanks, one-off moods and venting ("I'm so done with this project, I want to delete it all" is not a plan), hypotheticals and questions.
- Text the user pasted, quoted or forwarded (articles, code, "the post says…") is not the user's view: extract nothing from it.
- Never store passwords, API keys, tokens, card or ID numbers.
- summary: third person, at most 50 words ("Allergic to peanuts", "Prefers short answers").
- quote: an exact substring of ONE user message (the "[msg:<id>]" line it came from), copied verbatim.
- type: episodic (something that happened at a time), semantic (stable fact/preference), procedural (a rule for how the assistant should respond), working (state of the current task only).
- importance 1-5; default low (2) when unsure; 5 only for core identity or safety (allergies).
- negative_update true when the user revokes or corrects something earlier ("I don't drink coffee any more", "actually it's Hangzhou"); conflict_hint names what it replaces ("coffee"), else null.
- Resolve relative times ("next Friday") against the message timestamp in the user's time zone into valid_until / occurred_at (ISO 8601 with offset); temporary plans get validity "temporary".
Return {"memories": []} when there is nothing worth keeping.`;

function renderWindow(window: ExtractionWindow): string {
  const fresh = new Set(window.newMessageIds);
  const handled = new Set(window.commandHandled ?? []);
  return window.messages
    .map((m) => {
      const tag = fresh.has(m.id) ? (handled.has(m.id) ? 'NEW] [remember-handled' : 'NEW') : 'context';
      return `[msg:${m.id}] [${tag}] ${m.role.toUpperCase()} at ${m.createdAt.toISOString()}:\n${m.content}`;
    })
    .join('\n\n');
}

/**
 * Recovers `memories` from raw model text (fenced, truncated or otherwise imperfect JSON); null
 * when there is no JSON object in it at all.
 */
export function recoverItems(text: string | undefined): unknown[] | null {
  if (!text) return null;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    const items = (parsed as { memories?: unknown }).memories;
    return Array.isArray(items) ? items : null;
  } catch {
    return null;
  }
}

/**
 * The model answered with nothing we can read. Thrown, not swallowed: the turn's event is not
 * acknowledged, so the outbox (or Inngest) runs the extraction again, and nothing was applied.
 */
export class ExtractionOutputError extends Error {
  constructor(readonly modelText: string | undefined) {
    super(`extraction model returned no readable {"memories": [...]} (${modelText ? `${modelText.length} chars: ${JSON.stringify(modelText.slice(0, 80))}` : 'empty'}); the turn will be retried`);
    this.name = 'ExtractionOutputError';
  }
}

export interface LlmExtraction {
  /** Raw items with the message id they claim; validated item by item later. */
  items: unknown[];
  recovered: boolean;
}

export async function extractWithLlm(model: LanguageModel, window: ExtractionWindow): Promise<LlmExtraction> {
  try {
    const { output } = await generateText({
      model,
      system: `${INSTRUCTIONS}\nThe user's time zone is ${window.timeZone}. Extract only from NEW user messages; the rest is context.`,
      prompt: renderWindow(window),
      temperature: 0,
      maxRetries: 2,
      output: Output.object({ schema: extractionResultSchema }),
    });
    return { items: output.memories, recovered: false };
  } catch (error) {
    if (!NoObjectGeneratedError.isInstance(error)) throw error;
    const items = recoverItems(error.text);
    if (!items) {
      const failure = new ExtractionOutputError(error.text);
      console.error(`[extract] ${failure.message}`);
      throw failure;
    }
    // Partly valid output: keep what parses; validation drops (and counts) the rest item by item.
    console.warn(`[extract] extraction model output did not match the schema; recovered ${items.length} item(s) to validate one by one`);
    return { items, recovered: true };
  }
}
