/**
 * Procedural memory (SPEC §2): lasting instructions for how the assistant should answer. A
 * one-off request ("Write a poem about autumn") is not a rule; an instruction becomes one when it
 * says it should last ("always", "never", "from now on", "your replies", "call me …") or arrives
 * inside a sentence as an explicit "以后…" / "from now on …".
 */
import { isRuleLead, parseExplicitCommand } from '../explicit-command';
import { describeChinese } from './chinese-summary';
import { draftFor, type Rule, type RuleContext } from './context';
import { capitalize, stripFillers } from './english-summary';
import { isPersistentRequest } from './filters';
import { latinTerms, properNouns } from './entities';
import { PERSISTENT_RULE_EN, RULE_VERBS_EN } from './lexicon';

const PRIORITY = 3;

const IMPERATIVE_EN = new RegExp(
  `^(?:(?:please|pls|and|also|oh|ok(?:ay)?|so|just|kindly)[\\s,]+)*(?:(?:always|never|don['’]?t|do not|stop|please|try to|make sure to|remember to)\\s+)*(?:${RULE_VERBS_EN})\\b`,
  'i',
);
// "pls always group my grocery lists by aisle": asked, and said to last, any verb is an instruction.
const ASKED_ALWAYS_EN = /^(?:(?:and|also|oh|so|ok(?:ay)?|btw)[\s,]+)*(?:please|pls|plz|kindly)\s+(?:always|never)\s+[a-z]{3,}/i;
// "I'd like you to…", and asked politely: "might I ask you to always…", "I'd appreciate it if you would…".
const WANT_YOU_TO = /\b(?:i(?:['’]d like| would like| want| need)|(?:might|may|can|could) i ask|i(?:['’]d| would) ask)\s+you\s+to\s+(.+?)\??$|\bi(?:['’]d| would) (?:appreciate it|be grateful|prefer it) if you(?: would| could)?\s+(.+?)\??$/i;

/** An instruction to the assistant in third person: "me" is the user, "your" goes. */
export function ruleSummaryEnglish(instruction: string): string | null {
  const core = stripFillers(instruction)
    // Chat spelling: "when u tell me", "keep ur answers short".
    .replace(/\bur\b/gi, 'your')
    .replace(/\bu\b/gi, 'you')
    .replace(/^(?:please|pls|plz|kindly)\s+/i, '')
    .replace(/[\s,]+(?:please|pls|thanks|thank you|thx)$/i, '')
    .replace(/\s+(?:pls|plz|please)\s+/gi, ' ')
    .replace(/^you\s+(?:should|must|need to|have to|will|can)\s+/i, '')
    .replace(/\bme\b/gi, 'the user')
    .replace(/\bmy\b/gi, "the user's")
    .replace(/\bmine\b/gi, "the user's")
    .replace(/\b[Ii]['’]?m\b/g, 'the user is')
    // "when i ask for recipes": the user asks.
    .replace(/\b[Ii]\s+(ask|want|need|say|write|send|mention|talk)\b/g, 'the user $1s')
    .replace(/\bI\b|(?<=\s)i(?=\s)/g, 'the user')
    .replace(/\b(?:in\s+)?your\s+(replies|answers|responses|messages|explanations)\b/gi, 'in $1')
    .replace(/\bin in\b/gi, 'in')
    .replace(/\byour\b/gi, 'the')
    .replace(/\byou\b/gi, 'the assistant')
    // "when you write for me" → "when the assistant writes for the user".
    .replace(/\b(when(?:ever)?|if|before|after) the assistant (write|tell|give|suggest|answer|reply|explain|send|recommend|make|plan|draft|list)\b/gi, '$1 the assistant $2s')
    .replace(/\s+/g, ' ')
    .trim();
  if (core === '') return null;
  // "no milky stuff for my breakfast": stripFillers reads a leading "no" as "no, I meant…"; here
  // it is the whole instruction.
  const negated = /^no\s+(?!(?:worries|problem|idea|thanks)\b)[a-z]/i.test(instruction.trim()) && !/^no\b/i.test(core);
  return capitalize(negated ? `no ${core}` : core);
}

export function ruleSummary(instruction: string, chinese: boolean): string | null {
  if (!chinese) return ruleSummaryEnglish(instruction);
  return describeChinese(instruction.replace(/^(?:请|麻烦)(?:你)?/, ''));
}

const STARTED = /^start\s+(?:to\s+)?(answering|replying|writing|talking|speaking|using|giving|calling|answer|reply|write|talk|speak|use|give|call)\b(.*)$/i;
const STARTED_BASE: Record<string, string> = { answering: 'answer', replying: 'reply', writing: 'write', talking: 'talk', speaking: 'speak', using: 'use', giving: 'give', calling: 'call' };

const englishRule: Rule = {
  name: 'assistant-rule',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => {
    const text = ctx.clause.text;
    const wanted = WANT_YOU_TO.exec(text);
    const asked = isPersistentRequest(text) ? text.replace(/^.*?\b(?:can|could|would|will) (?:you|u)\s+(?:(?:please|pls|plz)\s+)?/i, '').replace(/\?+\s*$/, '') : null;
    // "can u start answering me in portuguese?": to start doing something is to do it from now on.
    const started = asked ? STARTED.exec(asked) : null;
    const polite = started ? `${STARTED_BASE[started[1]!.toLowerCase()] ?? started[1]}${started[2]}` : asked;
    const instruction = wanted ? (wanted[1] ?? wanted[2] ?? '') : (polite ?? (IMPERATIVE_EN.test(text) || ASKED_ALWAYS_EN.test(text.trim()) ? text : null));
    if (instruction === null || (!started && !PERSISTENT_RULE_EN.test(text))) return [];
    const summary = ruleSummaryEnglish(instruction);
    if (!summary) return [];
    return [draftFor(ctx, { type: 'procedural', kind: 'rule', summary, entities: properNouns(instruction), priority: PRIORITY })];
  },
};

/** "我叫王磊，以后叫我小王就行" — an explicit request in the middle of a message. */
const inlineExplicit: Rule = {
  name: 'inline-explicit',
  scope: 'clause',
  lang: 'zh',
  apply: (ctx) => inlineRule(ctx),
};

const inlineExplicitEnglish: Rule = {
  name: 'inline-explicit',
  scope: 'clause',
  lang: 'en',
  apply: (ctx) => (/^(?:from now on|going forward|in (?:the )?future)\b/i.test(ctx.clause.text.trim()) ? inlineRule(ctx) : []),
};

function inlineRule(ctx: RuleContext) {
  const command = parseExplicitCommand(ctx.clause.text);
  if (!command || command.kind !== 'remember' || !isRuleLead(command.lead)) return [];
  const summary = ruleSummary(command.content, ctx.chinese);
  if (!summary) return [];
  return [
    draftFor(ctx, {
      type: 'procedural',
      kind: 'rule',
      summary,
      entities: ctx.chinese ? latinTerms(command.content) : properNouns(command.content),
      priority: PRIORITY - 1,
    }),
  ];
}

export const INSTRUCTION_RULES: readonly Rule[] = [inlineExplicit, inlineExplicitEnglish, englishRule];
