/** The consolidation body on the app database and the configured models, for Inngest and the in-process timer. */
import { embeddedForeground, withSystem, withUserInBackground } from '../../db';
import { configuredEmbedder } from '../jobs/production';
import { llm } from '../llm';
import { createConsolidationBody } from './consolidate-body';

export const consolidationBody = createConsolidationBody(() => {
  const registry = llm();
  return {
    withUser: withUserInBackground,
    withSystem,
    foreground: embeddedForeground(),
    embedder: configuredEmbedder(),
    // The offline model cannot do structured output; the rule summary is its partner.
    extractionModel: registry.describe().extraction.offline ? null : registry.getExtractionModel(),
  };
});
