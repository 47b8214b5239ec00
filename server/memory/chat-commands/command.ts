import { detectExplicitCommand, type ExplicitCommand } from '../explicit-command';
import { detectManagementCommand, isListQuestion, type ManagementCommand } from './detect';

export type MemoryCommand = ExplicitCommand | ManagementCommand;

/**
 * Every memory request the chat handles before the reply: "what do you remember about me?"
 * first (it mentions remembering but asks), then remember/forget, then corrections and priority
 * changes. Null for ordinary turns, which is almost all of them.
 */
export function detectMemoryCommand(text: string): MemoryCommand | null {
  if (isListQuestion(text)) return { kind: 'list' };
  return detectExplicitCommand(text) ?? detectManagementCommand(text);
}
