import { describe, expect, it } from 'vitest';

import { detectExplicitCommand, parseExplicitCommand } from '../../../server/memory/explicit-command';
import { detectIntent } from '../../../server/llm/offline-intents';

describe('detectExplicitCommand: remember', () => {
  it.each([
    ['Remember that I am allergic to shellfish.', 'I am allergic to shellfish'],
    // Chat spelling, and the request ends where the user goes on about something else.
    ['thx. can u remember the twins names are milo and ruby, i keep having to type them into forms', 'the twins names are milo and ruby'],
    ["remember that I'm vegan, my sister is allergic to nuts", "I'm vegan, my sister is allergic to nuts"],
    ['remember: the staging server is called bluebird', 'the staging server is called bluebird'],
    ['From now on, answer in British English.', 'answer in British English'],
    ['Note that my manager is Priya.', 'my manager is Priya'],
    ['Please remember I take my coffee black.', 'I take my coffee black'],
    ["Don't forget that my flight leaves at 9am", 'my flight leaves at 9am'],
    ['ok so please remember that I hate cilantro', 'I hate cilantro'],
    ['Keep answers short from now on.', 'Keep answers short'],
    ["I'm allergic to peanuts, remember that.", "I'm allergic to peanuts"],
    ['记住我对花生过敏', '我对花生过敏'],
    ['帮我记一下：明天下午三点开会', '明天下午三点开会'],
    ['以后注意回答简短一点', '回答简短一点'],
    ['请记住我的生日是十月十二号。', '我的生日是十月十二号'],
    ['以后回答问题先说结论。', '回答问题先说结论'],
  ])('%j → remember %j', (text, content) => {
    expect(detectExplicitCommand(text)).toEqual({ kind: 'remember', content });
  });

  it('marks "from now on" and 以后 as rules for the assistant', () => {
    expect(parseExplicitCommand('From now on, answer in British English.')).toMatchObject({ lead: 'from-now-on' });
    expect(parseExplicitCommand('以后注意回答简短一点')).toMatchObject({ lead: 'zh-later' });
    expect(parseExplicitCommand('remember to keep answers short')).toMatchObject({ lead: 'to' });
    expect(parseExplicitCommand('Remember that I like tea')).toMatchObject({ lead: 'that' });
  });

  it('returns the exact span of the content in the text', () => {
    const text = 'Hey, please remember that my passport expires in June!';
    const parsed = parseExplicitCommand(text);
    expect(parsed?.kind).toBe('remember');
    if (parsed?.kind !== 'remember') return;
    expect(text.slice(parsed.span.start, parsed.span.end)).toBe('my passport expires in June');
  });
});

describe('detectExplicitCommand: forget', () => {
  it.each([
    ['forget that I like coffee', 'I like coffee'],
    ['Please forget my address.', 'my address'],
    ['forget it', 'it'],
    ['forget about the Kyoto trip', 'the Kyoto trip'],
    ['忘掉我住在上海这件事', '我住在上海这件事'],
    ['请忘记我的电话号码', '我的电话号码'],
    ['忘记我对花生过敏这件事吧', '我对花生过敏这件事吧'],
  ])('%j → forget %j', (text, target) => {
    expect(detectExplicitCommand(text)).toEqual({ kind: 'forget', target });
  });
});

describe('detectExplicitCommand: not a command', () => {
  it.each([
    'I forgot my umbrella today',
    "don't forget",
    'Remember when we talked about the Kyoto trip?',
    'remember what I said about the launch?',
    'Do you remember my name?',
    '以后再说吧',
    '以后我想去日本',
    '我忘了带伞',
    '忘记带钥匙了',
    'Forget it, how do I reset the router?',
    'I hope you remember this next time?',
    '你还记得我吗？',
    'remember me?',
    'Remember, remember the fifth of November — who wrote that?',
    "Remember my sister's name?",
  ])('%j → null', (text) => {
    expect(detectExplicitCommand(text)).toBeNull();
  });
});

describe('offline intents use the same detector', () => {
  it('maps remember and forget onto offline intents', () => {
    expect(detectIntent('From now on, you should call me Sam.')).toEqual({ kind: 'remember', content: 'you should call me Sam', lead: 'from-now-on' });
    expect(detectIntent('forget that I like coffee')).toEqual({ kind: 'forget', content: 'I like coffee', lead: 'that' });
    expect(detectIntent("I'm allergic to peanuts, remember that.")).toEqual({ kind: 'remember', content: "I'm allergic to peanuts", lead: 'that' });
    expect(detectIntent('我对花生过敏，记住')).toEqual({ kind: 'remember', content: '我对花生过敏', lead: 'zh' });
    expect(detectIntent('以后再说吧')).toEqual({ kind: 'other' });
  });
});
