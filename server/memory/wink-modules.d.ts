// Type declarations for the untyped wink packages the search index and the rules use (MIT, no types).
declare module 'wink-porter2-stemmer' {
  /** The Porter2 ("English") stemmer of the Snowball project. */
  const stem: (word: string) => string;
  export default stem;
}

declare module 'wink-lexicon/src/wn-verb-exceptions.js' {
  /** WordNet's irregular verb forms → base form ("ran" → "run", "went" → "go"). */
  const exceptions: Readonly<Record<string, string>>;
  export default exceptions;
}

declare module 'wink-lexicon/src/wn-noun-exceptions.js' {
  /** WordNet's irregular noun plurals → singular ("children" → "child"). */
  const exceptions: Readonly<Record<string, string>>;
  export default exceptions;
}

declare module 'wink-lexicon/src/lexicon.js' {
  /** wink's English lexicon (~13,500 words → part-of-speech data); used only to ask "is this an English word?". */
  const lexicon: Readonly<Record<string, unknown>>;
  export default lexicon;
}
