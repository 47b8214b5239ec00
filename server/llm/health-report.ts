import 'server-only';
import { healthCounters } from '../model-calls/health';
import { llm } from './index';

/** The model ids (never keys or URLs) and the counters of server/model-calls/health.ts. */
export function healthReport() {
  const d = llm().describe();
  return { ok: true, models: { chat: d.chat.id, extraction: d.extraction.id, embedding: d.embedding.id }, ...healthCounters() };
}
