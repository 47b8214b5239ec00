/**
 * A pasted memory list read as memories (issue 15), by the same code that reads the user's chat:
 * each statement, said back in the user's voice (first-person.ts), goes through the rule
 * extractor's reading of an explicit statement (rules/extract-explicit.ts readStatement: type,
 * kind, summary, entities, importance, validity, sensitivity) and then through validateExtracted
 * (grounding, pasted text, secrets, the status rules: risky standing instructions and hedged or
 * sensitive changes wait for review). A statement holding a secret is refused whole, and a line
 * that speaks as the system is held for review whatever it says. Pure apart from the secret
 * detector's asynchronous pass over the whole paste; the same text reads the same on every call.
 */
import { config } from '../../../config';
import { AppError } from '../../../errors';
import { isMostlyChinese } from '../../../text/text-terms';
import type { ExtractionWindow, SourceMessage, SourcedMemory } from '../../extraction-schema';
import { readStatement } from '../../rules';
import { RELATION_EN, RELATION_ZH } from '../../rules/lexicon';
import { validateExtracted, type DropReason } from '../../validate';
import { providerSecretValues } from '../../validate/provider-secrets';
import { findSecretsWith, maskValues, secretValues } from '../../validate/secrets';
import { speaksAsSystem } from '../../validate/status';
import { toFirstPerson, userNames } from './first-person';
import { pastedStatements, type PastedStatement } from './pasted-lines';

export type PastedStatus = 'active' | 'candidate' | 'refused';

export interface PastedMemory {
  /** Its place among the paste's items, 0-based: what the preview shows and the save skips by. */
  index: number;
  /** The 1-based line of the paste it comes from. */
  line: number;
  /** The statement as the assistant wrote it: the memory's source quote. */
  quote: string;
  /** What the rules read (summary masked when it was refused for a secret). */
  memory: SourcedMemory;
  /** active: saved as is; candidate: waits in the review inbox; refused: never saved. */
  status: PastedStatus;
  /** Why it waits or is refused, in words for the page; null when saved as is. */
  reason: string | null;
}

export const SECRET_REASON = 'looks like a password or key';
const SYSTEM_REASON = 'written as a system message to the assistant';
const DROP_WORDS: Partial<Record<DropReason, string>> = {
  secret: SECRET_REASON,
  external_content: 'reads as text copied from somewhere else, not about you',
};
const UNREADABLE = 'could not be read as a memory';

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));
const RELATIONS_ZH = new RegExp(RELATION_ZH, 'g');
const RELATIONS_EN = new RegExp(`\\b(?:${RELATION_EN})\\b`, 'gi');

interface ReadOptions {
  timeZone: string;
  now: Date;
}

/** The window the rules and validation read: one message, the statement. */
function windowFor(statement: string, line: number, now: Date, timeZone: string): ExtractionWindow {
  const message: SourceMessage = { id: `pasted-line-${line}`, role: 'user', content: statement, createdAt: now };
  return { messages: [message], newMessageIds: [message.id], timeZone, knownEntities: [] };
}

const PRONOUN_EN = /^(?:he|she|they)(?:['’](s|re))?\b/i;
const PRONOUN_ZH = /^(?:他|她)(?!们)/;

/**
 * "- Wife is Ana\n  - She teaches maths": she is the wife. The statement names her as the one
 * its parent item named last ("my wife", 我先生), as the extractor does across a message.
 */
function namingParent(said: string, statement: PastedStatement, names: readonly string[]): string {
  if (statement.parent === null) return said;
  const parent = toFirstPerson({ ...statement, text: statement.parent, value: statement.parent, label: null, parent: null }, names).statement;
  if (isMostlyChinese(said)) {
    const relation = PRONOUN_ZH.test(said) ? [...parent.matchAll(RELATIONS_ZH)].at(-1)?.[0] : undefined;
    return relation ? said.replace(PRONOUN_ZH, `我${relation}`) : said;
  }
  const relation = PRONOUN_EN.test(said) ? [...parent.matchAll(RELATIONS_EN)].at(-1)?.[0] : undefined;
  return relation ? said.replace(PRONOUN_EN, (_, contraction: string | undefined) => `My ${relation.toLowerCase()}${contraction ? (contraction === 's' ? ' is' : ' are') : ''}`) : said;
}

function refused(statement: PastedStatement, memory: SourcedMemory | undefined, known: readonly string[]): Omit<PastedMemory, 'index'> {
  // Shown as the assistant wrote it, the value masked: the rules' summary may hold the value without its keyword.
  const shown = maskValues(statement.text, secretValues(statement.text, findSecretsWith(statement.text, known))).slice(0, 500);
  const fallback: SourcedMemory = { type: 'semantic', kind: 'fact', summary: shown, entities: [], importance: 2, confidence: 'high', origin: 'user_stated', validity: 'permanent', valid_until: null, occurred_at: null, sensitive: false, quote: shown, negative_update: false, conflict_hint: null, sourceMessageId: '' };
  return { line: statement.line, quote: shown, memory: { ...(memory ?? fallback), summary: shown, quote: shown, entities: [], conflict_hint: null }, status: 'refused', reason: SECRET_REASON };
}

function readOne(statement: PastedStatement, names: readonly string[], known: readonly string[], options: ReadOptions): Omit<PastedMemory, 'index'>[] {
  const voice = toFirstPerson(statement, names);
  const said = namingParent(voice.statement, statement, names);
  const attempt = (text: string) => {
    const window = windowFor(text, statement.line, options.now, options.timeZone);
    return { window, items: readStatement(text, window.messages[0]!, window) };
  };
  let read = attempt(said);
  // "喜欢简洁的回答" is the user's; "回答用中文" an instruction: 我 goes before the first only.
  if (voice.subjectlessChinese && !read.items.some((item) => item.type === 'procedural')) read = attempt(`我${said}`);
  // A statement with a secret in the assistant's words is refused whole, whatever the rules made of it.
  if (findSecretsWith(statement.text, known).length > 0) return [refused(statement, read.items[0], known)];

  const base = { line: statement.line, quote: statement.text.slice(0, 500) };
  const system = speaksAsSystem(statement.text);
  return read.items.map((memory) => {
    const result = validateExtracted([memory], read.window, known);
    const accepted = result.accepted[0];
    if (!accepted) {
      const dropped = result.dropped[0]?.reason;
      if (dropped === 'secret') return refused(statement, memory, known);
      return { ...base, memory, status: 'refused' as const, reason: (dropped && DROP_WORDS[dropped]) ?? UNREADABLE };
    }
    const reasons = [...(accepted.statusReason ? [accepted.statusReason] : []), ...(system && !accepted.statusReason?.includes(SYSTEM_REASON) ? [SYSTEM_REASON] : [])];
    return { ...base, memory: accepted, status: reasons.length > 0 ? ('candidate' as const) : ('active' as const), reason: reasons.length > 0 ? reasons.join('; ') : null };
  });
}

/** Every item of the paste, in order. Throws a 400 when the paste reads as more than config.bulk.assistantImport.maxItems. */
export async function readPastedMemories(paste: string, options: ReadOptions): Promise<PastedMemory[]> {
  const { maxItems, yieldEveryLines } = config.bulk.assistantImport;
  const statements = pastedStatements(paste);
  const names = userNames(statements);
  // The provider detector reads the whole paste at once; its findings are then known values.
  const known = await providerSecretValues([paste]);
  const items: PastedMemory[] = [];
  for (const [n, statement] of statements.entries()) {
    if (n > 0 && n % yieldEveryLines === 0) await yieldToEventLoop();
    for (const item of readOne(statement, names, known, options)) items.push({ index: items.length, ...item });
    if (items.length > maxItems) {
      throw new AppError('bad_request:memory', `This text holds more than ${maxItems} memories; import it in parts. Nothing was imported.`, { fields: { text: `At most ${maxItems} memories at a time.` } });
    }
  }
  return items;
}
