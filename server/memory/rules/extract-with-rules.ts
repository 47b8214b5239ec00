/**
 * Rule-based extraction over a window (SPEC §4.2): each new user message's own words (quotes and
 * pasted text cut), a remember command taken by the fast channel's reading (extract-explicit) and
 * the rest of the message around it by the clause rules (extract-from-text).
 */
import { parseExplicitCommand } from '../explicit-command';
import type { ExtractionWindow, SourceMessage, SourcedMemory } from '../extraction-schema';
import { findExternalSpans, ownWords } from '../validate/external-content';
import { toSimplified } from '../../text/chinese-script';
import { extractExplicit } from './extract-explicit';
import { extractFromText, priorPerson } from './extract-from-text';

function extractFromMessage(message: SourceMessage, window: ExtractionWindow): SourcedMemory[] {
  // Rules read Simplified Chinese; the same-length conversion keeps every quote's offsets.
  const own = toSimplified(ownWords(message.content, findExternalSpans(message.content)));
  const command = parseExplicitCommand(own);
  // A forget request removes memories (the fast channel's job); it states nothing new.
  if (command?.kind === 'forget') return [];
  const prior = priorPerson(message, window);
  if (command?.kind === 'remember') {
    // The request itself, then whatever else the message says around it (issue 12).
    const rest = (from: number, to: number) => (to > from ? extractFromText(message, window, own, from, to, { explicit: false, prior }) : []);
    return [...rest(0, command.span.start), ...extractExplicit(command.content, message, window), ...rest(command.span.end, own.length)];
  }
  return extractFromText(message, window, own, 0, own.length, { explicit: false, prior });
}

/** Rule-based extraction over the window's new user messages. Pure and synchronous. */
export function extractWithRules(window: ExtractionWindow): SourcedMemory[] {
  const results: SourcedMemory[] = [];
  for (const id of window.newMessageIds) {
    const message = window.messages.find((m) => m.id === id);
    if (!message || message.role !== 'user') continue;
    results.push(...extractFromMessage(message, window));
  }
  return results;
}
