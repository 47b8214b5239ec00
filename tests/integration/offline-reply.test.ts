/**
 * The offline model's reply says what the message leaves in memory (issue 15): "Noted for later"
 * names the memories the background extraction then saves, a secret is refused with why, and a
 * conversation set to "don't remember" is told nothing was noted (because nothing is).
 */
import { describe, expect, it } from 'vitest';
import { seedUser } from '../helpers/db';
import { chatTurnChunks, pipelineDatabase } from '../helpers/jobs';
import { memoriesOf } from '../helpers/memories';
import { textOf } from '../helpers/mock-models';
import { callerFor } from '../helpers/trpc';

const suite = pipelineDatabase();
const newUser = (name: string) => seedUser(suite.t.db, `${name}-${crypto.randomUUID().slice(0, 8)}`);
const say = async (user: { id: string }, conversation: string, text: string) => textOf(await chatTurnChunks(suite.t, suite.jobs, user, conversation, text));
const noted = (reply: string) => /Noted for later: (.*)\./.exec(reply)?.[1]?.split('; ') ?? [];

describe('the offline reply names what was kept', () => {
  it('three facts said in passing: the reply notes each, and those are the memories saved', async () => {
    const user = await newUser('passing');
    const reply = await say(user, crypto.randomUUID(), "ok so I'm allergic to peanuts, I moved to Berlin last month and my daughter Mia just turned 6");
    const saved = (await memoriesOf(suite.t, user.id, 'active')).map((m) => m.summary.replace(/[.。]$/u, ''));
    expect(saved.length).toBeGreaterThanOrEqual(3);
    expect(noted(reply).sort()).toEqual([...saved].sort());
    expect(reply).not.toContain('OPENAI_API_KEY');
    // Short: the notes and one line about the model, not the old paragraph.
    expect(reply.split('\n\n')).toHaveLength(2);
  });

  it('a password said casually is refused with why, never repeated, and the rest is still noted', async () => {
    const user = await newUser('secret');
    const reply = await say(user, crypto.randomUUID(), 'the wifi password at home is sunflower42. also I work as a nurse at St James hospital');
    expect(reply).toContain('Not saved: part of your message looks like a password');
    expect(reply).not.toContain('sunflower42');
    const saved = await memoriesOf(suite.t, user.id, 'active');
    expect(saved.map((m) => m.summary).join(' ')).not.toContain('sunflower42');
    expect(noted(reply).join(' ')).toMatch(/nurse/i);
  });

  it('Chinese gets the notes in Chinese', async () => {
    const user = await newUser('zh');
    const reply = await say(user, crypto.randomUUID(), '我对花生过敏，现在住在成都');
    expect(reply).toMatch(/^记下了：.*花生/u);
    expect(reply).toContain('离线演示模型');
  });

  it('small talk says nothing was kept; a question without a related memory says what the model cannot do', async () => {
    const user = await newUser('smalltalk');
    const conversation = crypto.randomUUID();
    expect(await say(user, conversation, 'haha that was a fun day')).toContain('Nothing in that for me to keep long-term.');
    const question = await say(user, conversation, 'How tall is Mount Everest?');
    expect(question).toContain('can\'t answer “How tall is Mount Everest?”');
    expect(question).not.toContain('Noted for later');
  });

  it('in a conversation set to "don\'t remember" nothing is noted, and nothing is saved', async () => {
    const user = await newUser('off');
    const conversation = crypto.randomUUID();
    await callerFor(suite.t, user).conversations.setMemoryDisabled({ id: conversation, disabled: true, create: true });
    const reply = await say(user, conversation, "I'm allergic to peanuts and I live in Berlin");
    expect(reply).not.toContain('Noted for later');
    expect(reply).not.toContain('Nothing in that');
    expect(await memoriesOf(suite.t, user.id, 'active')).toHaveLength(0);
  });
});
