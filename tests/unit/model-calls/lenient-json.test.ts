import { describe, expect, it } from 'vitest';
import { parseModelJson, stripReasoning } from '@/server/model-calls/lenient-json';
import { readExtraction } from '@/server/memory/llm-extractor';

describe('reading the JSON a model meant to send', () => {
  const value = { memories: [{ summary: 'Likes {curly} braces', quote: 'I like "braces"' }] };

  it.each([
    ['bare', JSON.stringify(value)],
    ['after a <think> block', `<think>\nLet me think about {this}.\n</think>\n${JSON.stringify(value)}`],
    ['in a ```json fence with prose around it', `Sure! Here it is:\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\nAnything else?`],
    ['after prose that has braces of its own', `I found {two} things: ${JSON.stringify(value)} — done.`],
    ['after an unclosed <think>', `<think>the user likes braces ${JSON.stringify(value)}`],
  ])('%s', (_label, text) => {
    expect(parseModelJson(text)).toEqual(value);
  });

  it('no JSON at all is undefined, and a reasoning-only answer says nothing', () => {
    expect(parseModelJson('Sorry, I cannot help with that.')).toBeUndefined();
    expect(parseModelJson('{not json}')).toBeUndefined();
    expect(stripReasoning('<think>all of it was thinking')).toBe('');
    expect(stripReasoning('<think>hmm</think> Trip to Kyoto')).toBe('Trip to Kyoto');
  });
});

describe('readExtraction', () => {
  it('fills the fields a model leaves out, but never summary or quote', () => {
    const reading = readExtraction('{"memories": [{"kind": "constraint", "summary": "Allergic to peanuts", "quote": "allergic to peanuts", "importance": "5"}]}');
    expect(reading).toEqual({
      ok: true,
      value: [expect.objectContaining({ type: 'semantic', kind: 'constraint', importance: 5, entities: [], sensitive: false, origin: 'user_stated', valid_until: null })],
    });
    const noQuote = readExtraction('{"memories": [{"summary": "Allergic to peanuts"}]}');
    expect(noQuote.ok).toBe(false);
    expect(noQuote.ok ? '' : noQuote.problem).toMatch(/memories\[0\]\.quote/);
  });

  it('an empty list is a usable answer; a missing list or no JSON is not', () => {
    expect(readExtraction('{"memories": []}')).toEqual({ ok: true, value: [] });
    expect(readExtraction('{"facts": []}')).toMatchObject({ ok: false, problem: 'the JSON object has no "memories" array' });
    expect(readExtraction('nothing here')).toMatchObject({ ok: false, problem: 'the answer contained no JSON object' });
  });

  it('one good item among bad ones is usable (validation drops the rest)', () => {
    const reading = readExtraction(JSON.stringify({ memories: [{ summary: 'Likes tea', quote: 'I like tea' }, { importance: 9 }] }));
    expect(reading.ok).toBe(true);
  });
});
