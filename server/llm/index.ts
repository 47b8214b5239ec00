/**
 * The process-wide model registry, configured from the environment. Chat, extraction and
 * embeddings all come from here, so switching providers is configuration only.
 */
import { config } from '../config';
import { env } from '../env';
import { createLlmRegistry, type LlmRegistry } from './registry';

let registry: LlmRegistry | undefined;

export function llm(): LlmRegistry {
  if (!registry) {
    const e = env();
    registry = createLlmRegistry(
      {
        chatModel: e.CHAT_MODEL,
        extractionModel: e.EXTRACTION_MODEL,
        embeddingModel: e.EMBEDDING_MODEL,
        openaiApiKey: e.OPENAI_API_KEY,
        openaiBaseUrl: e.OPENAI_BASE_URL,
        llmBaseUrl: e.LLM_BASE_URL,
        llmApiKey: e.LLM_API_KEY,
        structuredOutputs: e.LLM_STRUCTURED_OUTPUTS,
        openaiApiMode: e.OPENAI_API_MODE,
      },
      { offline: { chunkDelayMs: e.OFFLINE_MODEL_CHUNK_DELAY_MS ?? config.llm.offlineChunkDelayMs } },
    );
    const d = registry.describe();
    console.info(`[llm] chat=${d.chat.id} extraction=${d.extraction.id} embedding=${d.embedding.id}`);
  }
  return registry;
}
