/**
 * The process's configured models, built once from the environment (server/llm's registry):
 * the embedder every writer and recall share, an embedder for an older model during a re-embed,
 * and the structured-extraction model (none with the offline model). Process-wide like
 * server/database.ts; everything that needs a model gets it from server/composition.ts or here.
 */
import type { LanguageModel } from 'ai';
import { env } from './env';
import { llm } from './llm';
import { createLlmRegistry } from './llm/registry';
import { createEmbedder, type Embedder } from './memory/embedder';

let embedder: Embedder | undefined;

export function configuredEmbedder(): Embedder {
  const registry = llm();
  embedder ??= createEmbedder(registry.getEmbeddingModel(), registry.describe().embedding.id);
  return embedder;
}

const olderEmbedders = new Map<string, Embedder | null>();

/**
 * An embedder for a model that is no longer the configured one, so recall can keep using a
 * user's old vectors until their re-embed finishes. Null when it cannot be built any more.
 */
export function embedderFor(modelId: string): Embedder | null {
  if (!olderEmbedders.has(modelId)) {
    try {
      const e = env();
      const registry = createLlmRegistry({
        embeddingModel: modelId,
        openaiApiKey: e.OPENAI_API_KEY,
        openaiBaseUrl: e.OPENAI_BASE_URL,
        llmBaseUrl: e.LLM_BASE_URL,
        llmApiKey: e.LLM_API_KEY,
      });
      olderEmbedders.set(modelId, createEmbedder(registry.getEmbeddingModel(), registry.describe().embedding.id));
    } catch {
      olderEmbedders.set(modelId, null);
    }
  }
  return olderEmbedders.get(modelId) ?? null;
}

/** The model for structured extraction, or null with the offline model (the rule extractor is its partner). */
export function structuredExtractionModel(): LanguageModel | null {
  const registry = llm();
  return registry.describe().extraction.offline ? null : registry.getExtractionModel();
}
