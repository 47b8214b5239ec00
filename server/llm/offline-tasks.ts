// Title and summary helpers for the offline model (the side tasks named in provider options,
// server/model-calls/call-options.ts). Both are extractive: without a real model, reusing the user's own words
// is the only way to stay accurate.

import { cjkBigrams, contentStems, isMostlyChinese, isStopWord } from '../text/text-terms';

const TITLE_MAX_WORDS = 8;
const TITLE_MAX_CJK_CHARS = 12;
const SUMMARY_MAX_SENTENCES = 3;
const SUMMARY_MAX_WORDS = 60;

// Openers that say nothing about the topic ("ok so", "thanks! quick question:").
const TITLE_OPENER = /^(?:(?:hi|hello|hey|yo|ok(?:ay)?|so|um+|uh+|well|btw|hmm+|basically|honestly|actually|literally|quick question|question|thanks|thank you|(?:yo)?u know what)\b[\s,!.:;-]*)+/i;
// Chat noise at a clause's end.
const TITLE_TRAILER = /(?:\s+(?:lol|lmao|haha+|hehe|pls|plz|thx|thanks))+$/i;
// A request's wrapping around what it asks for ("can you help me plan" → "plan"), applied until
// nothing changes; "help with my script" keeps its "help".
const TITLE_REQUEST =
  /^(?:(?:can|could|would|will) you\s+(?:please\s+)?|please\s+|i\s+(?:want|need|would like|'d like|wanna)\s+(?:you\s+)?to\s+|i\s+need\s+(?=help\b)|help me(?:\s+to)?\s+(?!with\b)|i(?:'m|\s+am)\s+(?:wondering|curious)\s+(?:if|whether|about)\s+|i\s+was\s+wondering\s+(?:if|whether)\s+|do you know\s+(?=(?:how|what|where|when|why|who|if|whether)\b)|tell me\s+(?=(?:how|what|where|when|why|who|about)\b))/i;
// Where a first clause ends: the title is that clause's words.
const TITLE_CLAUSE_END = /[,;:()\u2013\u2014]|\s-\s|\s(?:because|since|but|so that|and then|which|though)\s/i;
const TITLE_WORD_CHARS = /[\p{L}\p{N}]/u;

const ZH_TITLE_PREFIX = /^(?:请问|请|你好|您好|嗨|哈喽|那个|能不能|可不可以|可以|你能|您能|你可以|麻烦|帮忙|帮我|给我|我想|我要|我需要|想)+/;

function firstSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s*|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

function chineseTitle(message: string): string {
  for (const sentence of firstSentences(message)) {
    const clause = (sentence.split(/[，,；;：:]/)[0] ?? '')
      .replace(ZH_TITLE_PREFIX, '')
      .replace(/[吗呢吧啊呀]?[。！？!?.\s]*$/u, '')
      .trim();
    if (clause.length >= 2) return Array.from(clause).slice(0, TITLE_MAX_CJK_CHARS).join('');
  }
  return '新对话';
}

function withoutRequest(sentence: string): string {
  let text = sentence.replace(TITLE_OPENER, '');
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(TITLE_REQUEST, '').replace(TITLE_OPENER, '');
  }
  return text;
}

function tidyWord(word: string): string {
  const lower = word.toLowerCase();
  if (lower === 'i') return 'I';
  if (lower === 'im' || lower === "i'm") return "I'm";
  return word;
}

/**
 * The first clause of the first sentence that says something, in the user's own words (with
 * their small words: "Where do I live", "Plan a trip to Kyoto next week"), at most
 * TITLE_MAX_WORDS words, never ending on "to" or "the".
 */
function englishTitle(message: string): string {
  for (const sentence of firstSentences(message)) {
    const clause = (withoutRequest(sentence).split(TITLE_CLAUSE_END)[0] ?? '').replace(/[.!?…]+$/u, '').trim().replace(TITLE_TRAILER, '');
    const all = clause.split(/\s+/).filter((word) => TITLE_WORD_CHARS.test(word));
    if (!all.some((word) => !isStopWord(word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '')))) continue;
    const words = all.slice(0, TITLE_MAX_WORDS).map(tidyWord);
    if (all.length > TITLE_MAX_WORDS) while (words.length > 1 && isStopWord((words.at(-1) ?? '').toLowerCase())) words.pop();
    const [first = '', ...rest] = words;
    return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ').replace(/[,.;:!?]+$/u, '');
  }
  return 'New conversation';
}

/** A short (≤ 8 words, or ≤ 12 Chinese characters) title from the user's own words. */
export function makeTitle(message: string): string {
  return isMostlyChinese(message) ? chineseTitle(message) : englishTitle(message);
}

// Transcripts passed as one message ("User: … / Assistant: …") are reduced to the user's lines.
function userLines(messages: string[]): string[] {
  return messages.flatMap((message) => {
    const lines = message.split(/\r?\n/);
    const speakers = lines.filter((line) => /^\s*(?:user|assistant|用户|助手)\s*[:：]/i.test(line));
    if (speakers.length === 0) return [message];
    return lines
      .filter((line) => /^\s*(?:user|用户)\s*[:：]/i.test(line))
      .map((line) => line.replace(/^\s*(?:user|用户)\s*[:：]\s*/i, ''));
  });
}

function sentenceTerms(sentence: string): string[] {
  return [...contentStems(sentence), ...cjkBigrams(sentence)];
}

/** Picks the sentences whose terms recur most across the user's messages, in original order. */
export function summarize(messages: string[]): string {
  const sentences = userLines(messages).flatMap(firstSentences);
  const frequency = new Map<string, number>();
  const termsBySentence = sentences.map((sentence) => {
    const terms = [...new Set(sentenceTerms(sentence))];
    for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    return terms;
  });
  const ranked = sentences
    .map((sentence, index) => {
      const terms = termsBySentence[index] ?? [];
      const weight = terms.reduce((sum, term) => sum + (frequency.get(term) ?? 0), 0);
      return { sentence, index, score: terms.length === 0 ? 0 : weight / Math.sqrt(terms.length + 1) };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, SUMMARY_MAX_SENTENCES)
    .sort((a, b) => a.index - b.index);

  const chinese = isMostlyChinese(sentences.join(' '));
  if (ranked.length === 0) return chinese ? '暂无可总结的内容。' : 'Nothing to summarize yet.';
  if (chinese) return ranked.map((entry) => entry.sentence).join('');

  const words = ranked.map((entry) => entry.sentence).join(' ').split(/\s+/);
  return words.length <= SUMMARY_MAX_WORDS ? words.join(' ') : `${words.slice(0, SUMMARY_MAX_WORDS).join(' ')}…`;
}
