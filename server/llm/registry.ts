// The one place that turns model settings into AI SDK model objects. Everything else asks the
// registry for "the chat model" or "the embedding model" and never names a provider, so
// switching between offline, OpenAI and an OpenAI-compatible server is configuration only.

import type { EmbeddingModelV4, LanguageModelV4 } from '@ai-sdk/provider';
import { createOpenAI, type OpenAIProvider } from '@ai-sdk/openai';
import { createOpenAICompatible, type OpenAICompatibleProvider } from '@ai-sdk/openai-compatible';

import { createLocalEmbedder } from './local-embedder';
import { createHybridEmbedder, createWordVectorEmbedder, parseWordVectorModelName } from './word-vectors';
import {
  resolveLlmSettings,
  type EmbeddingModelSpec,
  type LanguageModelSpec,
  type LlmSettings,
  type ResolvedLlmSettings,
} from './model-spec';
import { createOfflineModel, type OfflineModelOptions } from './offline-model';
import { withChatCompletionsFallback } from './responses-fallback';

export { LlmConfigError, type LlmSettings } from './model-spec';

export type ModelDescription = {
  provider: 'openai' | 'compatible' | 'offline' | 'local';
  model: string;
  /** True when no network call is made (offline chat model, local embedder). */
  offline: boolean;
  /** Canonical `provider:model` (e.g. "local:hash-256"); record this next to stored vectors. */
  id: string;
};

export type EmbeddingDescription = ModelDescription & {
  /** Vector length when known in advance (unknown for OpenAI-compatible servers). */
  dimensions: number | undefined;
};

export type LlmDescription = {
  chat: ModelDescription;
  extraction: ModelDescription;
  embedding: EmbeddingDescription;
};

export type LlmRegistry = {
  getChatModel(): LanguageModelV4;
  getExtractionModel(): LanguageModelV4;
  getEmbeddingModel(): EmbeddingModelV4;
  describe(): LlmDescription;
};

export type LlmRegistryOptions = {
  offline?: OfflineModelOptions;
};

const OPENAI_EMBEDDING_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

function describeLanguage(spec: LanguageModelSpec): ModelDescription {
  if (spec.provider === 'offline') return { provider: 'offline', model: 'offline', offline: true, id: 'offline' };
  return { provider: spec.provider, model: spec.model, offline: false, id: `${spec.provider}:${spec.model}` };
}

function describeEmbedding(spec: EmbeddingModelSpec): EmbeddingDescription {
  const id = `${spec.provider}:${spec.model}`;
  if (spec.provider === 'local') return { provider: 'local', model: spec.model, offline: true, id, dimensions: spec.dimensions };
  const dimensions = spec.provider === 'openai' ? OPENAI_EMBEDDING_DIMENSIONS[spec.model] : undefined;
  return { provider: spec.provider, model: spec.model, offline: false, id, dimensions };
}

class Providers {
  private openai: OpenAIProvider | undefined;
  private compatible: OpenAICompatibleProvider | undefined;

  constructor(private readonly settings: ResolvedLlmSettings) {}

  openAI(): OpenAIProvider {
    const { openaiApiKey, openaiBaseUrl } = this.settings;
    this.openai ??= createOpenAI({
      ...(openaiApiKey !== undefined && { apiKey: openaiApiKey }),
      ...(openaiBaseUrl !== undefined && { baseURL: openaiBaseUrl }),
    });
    return this.openai;
  }

  openAICompatible(): OpenAICompatibleProvider {
    const baseURL = this.settings.llmBaseUrl;
    // model-spec rejects compatible:* without LLM_BASE_URL, so this is a programming error.
    if (baseURL === undefined) throw new Error('LLM_BASE_URL is required for compatible:* models');
    this.compatible ??= createOpenAICompatible({
      name: 'compatible',
      baseURL,
      ...(this.settings.llmApiKey !== undefined && { apiKey: this.settings.llmApiKey }),
      includeUsage: true,
      // json_schema response formats (Ollama, vLLM, llama.cpp, LM Studio take them); extraction
      // drops the schema for good if this server refuses it (server/memory/llm-extractor.ts).
      supportsStructuredOutputs: this.settings.structuredOutputs === 'on',
    });
    return this.compatible;
  }
}

/** Builds the registry; throws LlmConfigError naming the variable when a setting is invalid. */
export function createLlmRegistry(settings: LlmSettings = {}, options: LlmRegistryOptions = {}): LlmRegistry {
  const resolved = resolveLlmSettings(settings);
  const providers = new Providers(resolved);

  const languageModel = (spec: LanguageModelSpec): LanguageModelV4 => {
    if (spec.provider === 'openai') {
      const openai = providers.openAI();
      if (resolved.openaiApiMode === 'chat') return openai.chat(spec.model);
      return withChatCompletionsFallback(openai.responses(spec.model), () => openai.chat(spec.model));
    }
    if (spec.provider === 'compatible') return providers.openAICompatible().chatModel(spec.model);
    return createOfflineModel(options.offline);
  };
  const embeddingModel = (spec: EmbeddingModelSpec): EmbeddingModelV4 => {
    if (spec.provider === 'local') {
      const wordVectors = parseWordVectorModelName(spec.model);
      if (wordVectors?.kind === 'word-vectors') return createWordVectorEmbedder();
      if (wordVectors?.kind === 'hybrid') return createHybridEmbedder({ weight: wordVectors.weight });
      return createLocalEmbedder({ dimensions: spec.dimensions });
    }
    if (spec.provider === 'openai') return providers.openAI().embeddingModel(spec.model);
    return providers.openAICompatible().embeddingModel(spec.model);
  };

  const chat = languageModel(resolved.chat);
  const extraction = resolved.extraction === resolved.chat ? chat : languageModel(resolved.extraction);
  const embedding = embeddingModel(resolved.embedding);
  const description: LlmDescription = {
    chat: describeLanguage(resolved.chat),
    extraction: describeLanguage(resolved.extraction),
    embedding: describeEmbedding(resolved.embedding),
  };

  return {
    getChatModel: () => chat,
    getExtractionModel: () => extraction,
    getEmbeddingModel: () => embedding,
    describe: () => structuredClone(description),
  };
}
