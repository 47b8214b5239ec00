import { describe, expect, it } from 'vitest';

import { createLlmRegistry, LlmConfigError } from '../../../server/llm/registry';

describe('LLM registry', () => {
  it('is fully offline when nothing is configured', () => {
    const registry = createLlmRegistry({});
    expect(registry.describe()).toEqual({
      chat: { provider: 'offline', model: 'offline', offline: true, id: 'offline' },
      extraction: { provider: 'offline', model: 'offline', offline: true, id: 'offline' },
      embedding: { provider: 'local', model: 'wv-100', offline: true, id: 'local:wv-100', dimensions: 100 },
    });
    expect(registry.getChatModel().modelId).toBe('offline');
    expect(registry.getExtractionModel().modelId).toBe('offline');
    expect(registry.getEmbeddingModel().modelId).toBe('local-wv-100');
  });

  it('treats empty strings (unset env vars) as not configured', () => {
    const registry = createLlmRegistry({ chatModel: '', embeddingModel: ' ', openaiApiKey: '' });
    expect(registry.describe().chat.provider).toBe('offline');
    expect(registry.describe().embedding.provider).toBe('local');
  });

  it('defaults to OpenAI models when only an OpenAI key is given', () => {
    const registry = createLlmRegistry({ openaiApiKey: 'sk-test' });
    const description = registry.describe();
    expect(description.chat).toEqual({ provider: 'openai', model: 'gpt-4o-mini', offline: false, id: 'openai:gpt-4o-mini' });
    expect(description.extraction.id).toBe('openai:gpt-4o-mini');
    expect(description.embedding).toMatchObject({ id: 'openai:text-embedding-3-small', dimensions: 1536, offline: false });
    expect(registry.getChatModel().modelId).toBe('gpt-4o-mini');
    expect(registry.getChatModel().provider).toMatch(/^openai/);
    expect(registry.getEmbeddingModel().modelId).toBe('text-embedding-3-small');
  });

  it('builds OpenAI-compatible models from LLM_BASE_URL', () => {
    const registry = createLlmRegistry({
      chatModel: 'compatible:llama3.1',
      embeddingModel: 'compatible:nomic-embed-text',
      llmBaseUrl: 'http://localhost:11434/v1',
    });
    expect(registry.getChatModel().modelId).toBe('llama3.1');
    expect(registry.getChatModel().provider).toMatch(/^compatible/);
    expect(registry.getEmbeddingModel().modelId).toBe('nomic-embed-text');
    // Extraction follows the chat model unless EXTRACTION_MODEL says otherwise.
    expect(registry.getExtractionModel()).toBe(registry.getChatModel());
    expect(registry.describe().embedding.dimensions).toBeUndefined();
  });

  it('mixes providers per role', () => {
    const registry = createLlmRegistry({
      chatModel: 'openai:gpt-4o',
      extractionModel: 'offline',
      embeddingModel: 'local:hash-512',
      openaiApiKey: 'sk-test',
    });
    expect(registry.describe().chat.id).toBe('openai:gpt-4o');
    expect(registry.describe().extraction.offline).toBe(true);
    expect(registry.describe().embedding).toMatchObject({ id: 'local:hash-512', dimensions: 512 });
    expect(registry.getEmbeddingModel().modelId).toBe('local-hash-512');
  });

  it('rejects a spec without a provider, naming the variable', () => {
    expect(() => createLlmRegistry({ chatModel: 'foo' })).toThrow(
      'CHAT_MODEL must look like provider:model (openai:gpt-4o-mini, compatible:llama3.1, offline)',
    );
    expect(() => createLlmRegistry({ embeddingModel: 'openai:' })).toThrow(/EMBEDDING_MODEL must look like provider:model/);
  });

  it('rejects unknown providers', () => {
    expect(() => createLlmRegistry({ extractionModel: 'anthropic:claude' })).toThrow(
      /EXTRACTION_MODEL has unknown provider "anthropic"/,
    );
    expect(() => createLlmRegistry({ embeddingModel: 'local:minilm' })).toThrow(/EMBEDDING_MODEL local model must be hash-<dimensions>/);
  });

  it('requires OPENAI_API_KEY for openai:* models', () => {
    expect(() => createLlmRegistry({ chatModel: 'openai:gpt-4o-mini' })).toThrow(
      'CHAT_MODEL="openai:gpt-4o-mini" needs OPENAI_API_KEY',
    );
  });

  it('requires LLM_BASE_URL for compatible:* models', () => {
    expect(() => createLlmRegistry({ embeddingModel: 'compatible:nomic-embed-text' })).toThrow(
      'EMBEDDING_MODEL="compatible:nomic-embed-text" needs LLM_BASE_URL',
    );
  });

  it('rejects a base URL that is not http(s)', () => {
    expect(() => createLlmRegistry({ llmBaseUrl: 'localhost:11434' })).toThrow(/LLM_BASE_URL must be an http\(s\) URL/);
  });

  it('reports every problem at once as an LlmConfigError', () => {
    let error: unknown;
    try {
      createLlmRegistry({ chatModel: 'foo', embeddingModel: 'openai:text-embedding-3-small' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LlmConfigError);
    expect(String(error)).toContain('CHAT_MODEL must look like');
    expect(String(error)).toContain('EMBEDDING_MODEL="openai:text-embedding-3-small" needs OPENAI_API_KEY');
  });

  it('never exposes keys through describe()', () => {
    const registry = createLlmRegistry({ openaiApiKey: 'sk-secret-123', llmApiKey: 'other-secret' });
    expect(JSON.stringify(registry.describe())).not.toContain('secret');
  });
});
