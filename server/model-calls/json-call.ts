/**
 * One model call for a JSON answer that works on any provider, used by extraction and by
 * consolidation. The JSON schema is sent where the provider takes it (OpenAI; the compatible
 * provider built with supportsStructuredOutputs) and dropped for good for a model whose server
 * refused it with a 400, logged once; either way the caller's prompt describes the format itself.
 * The answer is read by the caller's `read` (lenient about <think>, fences and prose); an answer
 * it cannot use is sent back once with the problem in words, and a second miss is returned as
 * `ok: false` for the caller's offline fallback.
 */
import { APICallError, generateText, NoObjectGeneratedError, Output, type LanguageModel, type ModelMessage } from 'ai';
import type { z } from 'zod';
import { providerOptions } from './call-options';
import { countHealth, warnOnce } from './health';

export type Reading<T> = { ok: true; value: T } | { ok: false; problem: string };

export type JsonAnswer<T> = { ok: true; value: T; retried: boolean } | { ok: false; problem: string };

export interface JsonCall<T> {
  /** Names this call in log lines ("extract", "consolidate"). */
  label: string;
  system: string;
  prompt: string;
  schema: z.ZodType;
  maxOutputTokens: number;
  read: (text: string | undefined) => Reading<T>;
}

// Models whose provider refused the JSON schema once (HTTP 400): plain JSON from then on.
const schemaRefused = new WeakSet<object>();

function sendsSchema(model: LanguageModel): boolean {
  if (typeof model === 'string' || schemaRefused.has(model)) return false;
  // The compatible provider says whether it was configured for json_schema; OpenAI itself and
  // test models take it.
  return (model as { supportsStructuredOutputs?: boolean }).supportsStructuredOutputs !== false;
}

async function answerText<T>(model: LanguageModel, call: JsonCall<T>, messages: ModelMessage[]): Promise<string | undefined> {
  const common = { model, system: call.system, messages, temperature: 0, maxRetries: 2, maxOutputTokens: call.maxOutputTokens, providerOptions: providerOptions() };
  if (!sendsSchema(model)) return (await generateText(common)).text;
  try {
    const { output } = await generateText({ ...common, output: Output.object({ schema: call.schema }) });
    return JSON.stringify(output);
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) return error.text;
    if (APICallError.isInstance(error) && error.statusCode === 400 && typeof model !== 'string') {
      schemaRefused.add(model);
      countHealth('structured_output_refused');
      warnOnce(
        'structured-output-refused',
        `[${call.label}] the provider refused a JSON schema (HTTP 400: ${error.message.slice(0, 120)}); asking for JSON in the prompt only from now on. Set LLM_STRUCTURED_OUTPUTS=off to skip the first attempt.`,
      );
      return (await generateText(common)).text;
    }
    throw error;
  }
}

export async function askForJson<T>(model: LanguageModel, call: JsonCall<T>): Promise<JsonAnswer<T>> {
  const messages: ModelMessage[] = [{ role: 'user', content: call.prompt }];
  const first = await answerText(model, call, messages);
  const reading = call.read(first);
  if (reading.ok) return { ok: true, value: reading.value, retried: false };
  console.warn(`[${call.label}] the model's answer could not be used (${reading.problem}); asking once more`);
  messages.push(
    { role: 'assistant', content: first ?? '' },
    { role: 'user', content: `That answer could not be used: ${reading.problem}. Reply again with only the JSON object, every field present as described.` },
  );
  const second = call.read(await answerText(model, call, messages));
  return second.ok ? { ok: true, value: second.value, retried: true } : { ok: false, problem: second.problem };
}
