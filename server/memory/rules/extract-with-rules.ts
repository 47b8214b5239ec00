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

/** A request's content span, and where its words begin ("and remember …"): what is before that is the rest. */
type Request = { lead: number; start: number; end: number; content: string };

// A later request in the same message, after a comma or "and": "my health card is in the drawer,
// and remember liam's birthday is august 2", "… . and remember also my passport expires 3 august".
// Only after a break or a joining word, so "i can't remember his name" is no request.
const LATER_REQUEST = /(?:^|[.!?;,，。！？；]\s*|\s(?=and\b|also\b|plus\b))(?:(?:and|also|plus|oh|ok|pls|please)\s+)*(?=(?:remember|don['’]?t forget|do not forget)\b)/gi;

const ABOUT_THE_USER = /\b(?:my|our|i|i['’]m|im|we|we['’]re)\b|\w['’]s\b|我/i;
const TO_SOMEONE = /\b(?:you|your|you['’]re|yourself|u|ur)\b/i;

/** Each later request: where its words begin ("and remember …"), and its content's span in `own`. */
function laterRequests(own: string): Request[] {
  return [...own.matchAll(LATER_REQUEST)].flatMap((match) => {
    const at = match.index + match[0].length;
    const found = parseExplicitCommand(own.slice(at));
    // parseExplicitCommand also looks in later sentences; here the request must open the stretch.
    if (found?.kind !== 'remember' || found.span.start > 40) return [];
    // What the user asks to keep is about them or their people ("my passport …", "liam's birthday
    // …"); "don't forget to breathe", "and remember, i'm always here for you" is advice to someone.
    if (!ABOUT_THE_USER.test(found.content) || TO_SOMEONE.test(found.content)) return [];
    return [{ lead: match.index, start: at + found.span.start, end: at + found.span.end, content: found.content }];
  });
}

function extractFromMessage(message: SourceMessage, window: ExtractionWindow): SourcedMemory[] {
  // Rules read Simplified Chinese; the same-length conversion keeps every quote's offsets.
  const own = toSimplified(ownWords(message.content, findExternalSpans(message.content)));
  const command = parseExplicitCommand(own);
  // A forget request removes memories (the fast channel's job); it states nothing new.
  if (command?.kind === 'forget') return [];
  const prior = priorPerson(message, window);
  const rest = (from: number, to: number) => (to > from ? extractFromText(message, window, own, from, to, { explicit: false, prior }) : []);
  // Every remember request in the message, in order: the one the fast channel takes (the first
  // parseExplicitCommand finds) and each later one, which the slow channel stores as a request
  // too (issue 12: "remember X … and remember Y" kept only X).
  const requests: Request[] = command?.kind === 'remember' ? [{ lead: command.span.start, start: command.span.start, end: command.span.end, content: command.content }] : [];
  for (const later of laterRequests(own)) if (!requests.some((r) => later.lead < r.end && r.lead < later.end)) requests.push(later);
  if (requests.length === 0) return rest(0, own.length);
  // Each request itself, and whatever else the message says around them.
  const out: SourcedMemory[] = [];
  let cursor = 0;
  for (const request of requests.sort((a, b) => a.start - b.start)) {
    out.push(...rest(cursor, request.lead), ...extractExplicit(request.content, message, window));
    cursor = request.end;
  }
  return [...out, ...rest(cursor, own.length)];
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
