import { toSimplified } from '../../text/chinese-script';
import { detectExplicitCommand, type ExplicitCommand } from '../explicit-command';
import { detectManagementCommand, isListQuestion, type ManagementCommand } from './detect';

export type MemoryCommand = ExplicitCommand | ManagementCommand;

/**
 * Every memory request the chat handles before the reply: "what do you remember about me?"
 * first (it mentions remembering but asks), then remember/forget, then corrections and priority
 * changes. Null for ordinary turns, which is almost all of them.
 */
export function detectMemoryCommand(text: string): MemoryCommand | null {
  // The patterns read Simplified Chinese; what they return is cut from the user's own text.
  const simple = toSimplified(text);
  if (isListQuestion(simple)) return { kind: 'list' };
  const explicit = detectExplicitCommand(text);
  if (explicit) return explicit;
  const managed = detectManagementCommand(simple);
  if (!managed || simple === text) return managed;
  const own = (value: string) => {
    const at = simple.indexOf(value);
    return at === -1 ? value : text.slice(at, at + value.length);
  };
  if (managed.kind === 'correct') return { ...managed, statement: own(managed.statement) };
  if (managed.kind === 'reprioritize') return { ...managed, target: own(managed.target) };
  return managed;
}
