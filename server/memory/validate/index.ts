/** Validation before storage (SPEC §4.3). */
export { validateExtracted, type DropReason, type DroppedItem, type ValidationResult } from './validate-extracted';
export type { ValidatedMemory } from '../extraction-schema';
export { findExternalSpans, ownWords, overlapsExternal, type ExternalSpan } from './external-content';
export { findSecrets, maskSecrets, type SecretKind } from './secrets';
export { findQuote, groundQuote } from './grounding';
