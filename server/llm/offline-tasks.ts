// Title and summary helpers for the offline model (the side tasks named in provider options,
// server/llm/call-options.ts). Both are extractive: without a real model, reusing the user's own words
// is the only way to stay accurate.

import { cjkBigrams, contentStems, isMostlyChinese, isStopWord } from './text-terms';

const TITLE_MAX_WORDS = 6;
const TITLE_MAX_CJK_CHARS = 12;
const SUMMARY_MAX_SENTENCES = 3;
const SUMMARY_MAX_WORDS = 60;

// Conversational filler that says nothing about the topic of a conversation.
const TITLE_FILLER = new Set([
  'help', 'want', 'need', 'tell', 'know', 'think', 'wonder', 'wondering', 'like', 'let', 'give',
  'show', 'please', 'hi', 'hello', 'hey', 'thanks', 'thank', 'quick', 'question', 'maybe', 'really',
  'something', 'anything', 'way', 'ways',
]);
const ZH_TITLE_PREFIX = /^(?:请问|请|你好|您好|嗨|哈喽|那个|能不能|可不可以|可以|你能|您能|你可以|麻烦|帮忙|帮我|给我|我想|我要|我需要|想)+/;
const TITLE_WORD = /[\p{L}\p{N}][\p{L}\p{N}'’+#.-]*/gu;

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

function englishTitle(message: string): string {
  for (const sentence of firstSentences(message)) {
    const seen = new Set<string>();
    const words: string[] = [];
    for (const raw of sentence.match(TITLE_WORD) ?? []) {
      const word = raw.replace(/[.'’-]+$/, '');
      const lower = word.toLowerCase();
      if (word === '' || isStopWord(lower) || TITLE_FILLER.has(lower) || seen.has(lower)) continue;
      seen.add(lower);
      words.push(word);
      if (words.length === TITLE_MAX_WORDS) break;
    }
    if (words.length > 0) {
      const [first = '', ...rest] = words;
      return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
    }
  }
  return 'New conversation';
}

/** A short (≤ 6 words, or ≤ 12 Chinese characters) title from the user's own words. */
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
