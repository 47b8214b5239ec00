/**
 * The slow channel (SPEC §4.1–4.4) as one background function body, written against the step
 * interface so Inngest and the in-process runner execute the very same code:
 *   load-window → extract (pre-filter, LLM or rules, validation) → embed → apply.
 * Each step's result is memoised by the runner; the apply step is idempotent on its own.
 */
import type { LanguageModel } from 'ai';
import type { WithUser } from '../../../db/boundary';
import type { TurnCompletedData } from '../../events/contracts';
import type { Steps } from '../../steps';
import { embeddingText, type Embedder } from '../embedder';
import type { ExtractionWindow, ValidatedMemory } from '../extraction-schema';
import { extractWithLlm } from '../llm-extractor';
import { prefilter } from '../prefilter';
import { extractWithRules } from '../rules';
import { validateExtracted } from '../validate';
import { providerSecretValues } from '../validate/provider-secrets';
import { applyExtraction, type ApplySummary } from './apply-extraction';
import { loadExtractionWindow, type LoadedWindow } from './load-window';

export interface ExtractionDeps {
  withUser: WithUser;
  /** null: the rule extractor (the offline default). */
  extractionModel: LanguageModel | null;
  embedder: Embedder;
}

export interface ExtractionOutcome {
  status: LoadedWindow['status'];
  /** `llm-fallback`: the model's answer was unusable twice, so the offline rules extracted the turn. */
  extractor: 'rules' | 'llm' | 'llm-fallback' | 'none';
  signals: string[];
  accepted: number;
  dropped: Record<string, number>;
  result: ApplySummary | null;
}

export function toExtractionWindow(loaded: LoadedWindow): ExtractionWindow {
  return {
    messages: loaded.messages.map((m) => ({ id: m.id, role: m.role, content: m.content, createdAt: new Date(m.createdAt) })),
    newMessageIds: loaded.newMessageIds,
    timeZone: loaded.timeZone,
    knownEntities: loaded.knownEntities,
    commandHandled: loaded.commandHandled ?? [],
  };
}

async function extract(loaded: LoadedWindow, deps: ExtractionDeps) {
  const window = toExtractionWindow(loaded);
  const gate = prefilter(window);
  let extractor: ExtractionOutcome['extractor'] = 'none';
  let raw: unknown[] = [];
  if (!deps.extractionModel) {
    extractor = 'rules';
    raw = extractWithRules(window);
  } else if (gate.callLlm) {
    const answer = await extractWithLlm(deps.extractionModel, window);
    extractor = answer.ok ? 'llm' : 'llm-fallback';
    raw = answer.ok ? answer.items : extractWithRules(window);
  }
  const known = await providerSecretValues(window.messages.filter((m) => m.role === 'user').map((m) => m.content));
  const { accepted, dropped } = validateExtracted(raw, window, known);
  const droppedByReason: Record<string, number> = {};
  for (const d of dropped) droppedByReason[d.reason] = (droppedByReason[d.reason] ?? 0) + 1;
  return { extractor, signals: gate.signals, accepted, dropped: droppedByReason };
}

export async function extractTurn(steps: Steps, data: TurnCompletedData, deps: ExtractionDeps): Promise<ExtractionOutcome> {
  const loaded = (await steps.run('load-window', () => loadExtractionWindow(deps.withUser, data.userId, data.conversationId))) as LoadedWindow;
  const base = { extractor: 'none' as const, signals: [], accepted: 0, dropped: {} };
  if (loaded.status !== 'ready' || loaded.newMessageIds.length === 0) {
    // Nothing to extract (memory off, conversation excluded, or assistant-only): still move the
    // watermark so these messages are never picked up later.
    const result = loaded.through
      ? ((await steps.run('apply', () => applyExtraction(deps.withUser, data.userId, loaded, [], [], deps.embedder.modelId))) as ApplySummary)
      : null;
    return { status: loaded.status === 'ready' ? 'nothing_new' : loaded.status, ...base, result };
  }
  const extraction = await steps.run('extract', () => extract(loaded, deps));
  const accepted = extraction.accepted as ValidatedMemory[];
  const vectors = (await steps.run('embed', () => deps.embedder.embed(accepted.map(embeddingText)))) as number[][];
  const result = (await steps.run('apply', () =>
    applyExtraction(deps.withUser, data.userId, loaded, accepted, vectors, deps.embedder.modelId),
  )) as ApplySummary;
  return {
    status: 'ready',
    extractor: extraction.extractor,
    signals: extraction.signals,
    accepted: accepted.length,
    dropped: extraction.dropped,
    result,
  };
}
