/** Rule-based extraction (SPEC §4.2): the offline extractor and the fast channel's item builder. */
export { extractWithRules } from './extract-with-rules';
export { extractExplicit, readStatement } from './extract-explicit';
export { sensitiveCategories, type SensitiveCategory } from './sensitivity';
