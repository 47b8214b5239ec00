// Chat replies of the offline model. It cannot reason, so every reply is either an honest
// acknowledgement, a lookup in the injected memory section, or an explanation of how to
// configure a real model. Chinese input gets Chinese replies.

import type { OfflineTurnNotes } from '../model-calls/call-options';
import { conceptsOf, sharedConcepts } from '../text/concepts';
import type { NoteFacts } from '../memory/fast-channel-note';
import type { MemoryLine, RecalledSection } from './memory-section';
import { detectIntent, reflectPronouns, reflectPronounsZh, type OfflineIntent } from './offline-intents';
import { isMostlyChinese, isStopWord } from '../text/text-terms';

const MAX_RELEVANT_MEMORIES = 3;

type Lang = 'en' | 'zh';

const CONFIGURE_EN =
  'To get real answers, configure a model: set OPENAI_API_KEY (optionally CHAT_MODEL=openai:gpt-4o-mini), ' +
  'or point LLM_BASE_URL at an OpenAI-compatible server and set CHAT_MODEL=compatible:<model>.';
const CONFIGURE_ZH =
  '要获得真正的回答，请配置模型：设置 OPENAI_API_KEY（可选 CHAT_MODEL=openai:gpt-4o-mini），' +
  '或把 LLM_BASE_URL 指向一个兼容 OpenAI 的服务，并设置 CHAT_MODEL=compatible:<模型名>。';

function truncate(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

function withoutFinalStop(text: string): string {
  return text.replace(/[\s。.!！]+$/u, '');
}

/** Mid-sentence form: "The report is due" → "the report is due", but keep "I", names, acronyms. */
function inline(text: string): string {
  const firstWord = /^[A-Za-z]+/.exec(text)?.[0] ?? '';
  if (firstWord === 'I' || !isStopWord(firstWord.toLowerCase())) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function memoryMeta(memory: MemoryLine, lang: Lang): string {
  const parts = [memory.kind, memory.date].filter((part): part is string => part !== undefined);
  if (parts.length === 0) return '';
  return lang === 'zh' ? `（${parts.join('，')}）` : ` (${parts.join(', ')})`;
}

// An allergy memory is the one case where a concrete recommendation is safe to derive.
function allergyAdvice(memory: MemoryLine, lang: Lang): string | undefined {
  const zh = /对(.+?)过敏/.exec(memory.text) ?? /([\u4e00-\u9fff]{1,8})过敏/.exec(memory.text);
  const en = /allerg(?:ic|y|ies) to ([^.;,()]+)/i.exec(memory.text) ?? /(\w+) allerg(?:y|ies)\b/i.exec(memory.text);
  const allergen = (zh?.[1] ?? en?.[1])?.trim().replace(/^[我你他她有对]+/, '');
  if (!allergen) return undefined;
  if (lang === 'zh') {
    // Latin words inside Chinese text read better with spaces around them.
    const word = /^[\u4e00-\u9fff]/.test(allergen) ? allergen : ` ${allergen} `;
    return `避开${word}以及可能含有${word}的食物`;
  }
  return `avoid ${allergen} and anything that may contain ${/s$/i.test(allergen) ? 'them' : 'it'}`;
}

export function findRelevantMemories(message: string, memories: MemoryLine[]): MemoryLine[] {
  const query = conceptsOf(message);
  if (query.size === 0) return [];
  const scored = memories
    .map((memory, index) => ({ memory, index, score: sharedConcepts(query, conceptsOf(memory.text)).length }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const best = scored[0]?.score ?? 0;
  return scored
    .filter((entry) => entry.score * 2 >= best)
    .slice(0, MAX_RELEVANT_MEMORIES)
    .map((entry) => entry.memory);
}

const QUESTION_START =
  /^(?:what|what's|which|who|where|when|why|how|should|shall|can|could|would|will|do|does|did|is|are|am|any|suggest|recommend|give|tell|help|plan|find|pick|choose|list|ideas?)\b/i;
const ZH_QUESTION = /[吗呢？?]|什么|怎么|怎样|哪|几|推荐|建议|应该|该|能不能|可以|要不要|如何|多少/;

function isQuestionLike(message: string): boolean {
  const text = message.trim();
  return /[?？]\s*$/.test(text) || QUESTION_START.test(text) || ZH_QUESTION.test(text);
}

function recallAllReply(section: RecalledSection, lang: Lang): string {
  const { memories, instructions } = section;
  if (memories.length === 0 && instructions.length === 0) {
    return lang === 'zh'
      ? '我目前还没有关于你的记忆。你可以说“记住我喜欢简短的回答”，我就会记下来。'
      : "I don't have any memories about you yet. Tell me something like “remember that I prefer short answers” and I'll keep it.";
  }
  const lines: string[] = [];
  if (memories.length > 0) {
    lines.push(lang === 'zh' ? '我记得这些关于你的事：' : "Here's what I remember about you:");
    for (const memory of memories) lines.push(`- ${withoutFinalStop(memory.text)}${memoryMeta(memory, lang)}`);
  }
  if (instructions.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(lang === 'zh' ? '你希望我这样回答：' : "How you've asked me to respond:");
    for (const instruction of instructions) lines.push(`- ${withoutFinalStop(instruction)}`);
  }
  lines.push('');
  lines.push(
    lang === 'zh'
      ? '以上是这次对话调取到的记忆；完整列表在设置的“记忆”页面，可以随时查看、修改或删除。'
      : 'These are the memories recalled for this conversation; the Memory page in settings lists everything, and you can edit or delete any of it there.',
  );
  return lines.join('\n');
}

/**
 * `recalled` is every memory line of the section — the number the reply's "used N memories"
 * button shows — so the reply names the same count and says which of them it leaned on.
 */
function relevantReply(message: string, relevant: MemoryLine[], recalled: number, lang: Lang): string {
  const bullets = relevant.map((memory) => {
    const advice = allergyAdvice(memory, lang);
    const text = withoutFinalStop(memory.text);
    return advice ? `- ${text} → ${advice}${lang === 'zh' ? '。' : '.'}` : `- ${text}`;
  });
  const used = relevant.map((memory) => `“${withoutFinalStop(memory.text)}”${memoryMeta(memory, lang)}`);
  if (lang === 'zh') {
    return [
      '根据我记得的关于你的信息：',
      ...bullets,
      '',
      `这次调取了 ${recalled} 条记忆，其中相关的是：${used.join('；')}。我是离线演示模型，这只是记忆检索，不是真正的推理；` +
        `关于“${truncate(message, 40)}”，配置真实模型后可以得到完整回答。`,
    ].join('\n');
  }
  return [
    "Here's what I remember that's relevant:",
    ...bullets,
    '',
    `Of the ${recalled === 1 ? '1 memory' : `${recalled} memories`} recalled for this answer, ${relevant.length === 1 ? 'this one is' : 'these are'} relevant: ${used.join('; ')}. ` +
      `I'm Mindbase's offline demo model, so this is a memory lookup rather than real reasoning; a configured model can give a full answer to “${truncate(message, 60)}”.`,
  ].join('\n');
}

function rememberReply(intent: Extract<OfflineIntent, { kind: 'remember' }>, lang: Lang): string {
  if (lang === 'zh' || intent.lead === 'zh' || intent.lead === 'zh-later') {
    const content = withoutFinalStop(reflectPronounsZh(intent.content));
    return intent.lead === 'zh-later' ? `好的，我记住了，以后会注意：${content}。` : `好的，我记住了：${content}。`;
  }
  const content = withoutFinalStop(inline(reflectPronouns(intent.content)));
  if (intent.lead === 'to') return `Got it — I'll remember to ${content}.`;
  if (intent.lead === 'from-now-on') return `Got it — I'll remember that from now on, ${content}.`;
  return `Got it — I'll remember that ${content}.`;
}

function forgetReply(intent: Extract<OfflineIntent, { kind: 'forget' }>, lang: Lang): string {
  const vague = /^(?:it|that|this|everything|all of (?:it|that)|那个|这个|这件事|那件事)?$/i.test(intent.content);
  if (lang === 'zh') return vague ? '好的，我已经忘掉了。' : `好的，我已经忘掉了：${withoutFinalStop(reflectPronounsZh(intent.content))}。`;
  if (vague) return "Okay, I've forgotten that.";
  const content = withoutFinalStop(inline(reflectPronouns(intent.content)));
  const lead = intent.lead === 'none' ? '' : `${intent.lead} `;
  return `Okay, I've forgotten ${lead}${content}.`;
}

// Not "the offline demo model": the rules read "the <noun> demo" in the last reply as what a
// "Friday works" is about (english-updates.ts arrangedTopic).
const SHORT_ROLE_EN = "I'm Mindbase's offline demo model: I keep what you tell me about yourself and look it up later, but I can't reason or chat.";
const SHORT_ROLE_ZH = '我是离线演示模型：我会记下你告诉我的关于你的事，之后查找出来，但不能真正地思考或聊天。';

/**
 * What this message leaves in memory (server/memory/pipeline/preview-turn.ts), in the user's
 * language: "Noted for later: …", what waits for review, and a refused secret with why.
 */
function turnLines(turn: OfflineTurnNotes | undefined, lang: Lang): string[] {
  if (!turn) return [];
  const list = (items: string[]) => items.map(withoutFinalStop).join(lang === 'zh' ? '；' : '; ');
  const lines: string[] = [];
  if (lang === 'zh') {
    if (turn.noted.length > 0) lines.push(`记下了：${list(turn.noted)}。`);
    if (turn.held.length > 0) lines.push(`先存为待确认（在“记忆”页面确认或删除）：${list(turn.held)}。`);
    if (turn.secretWithheld) lines.push('没有保存：你的消息里有看起来像密码、密钥或验证码的内容，这类信息我从不保存。');
    return lines;
  }
  if (turn.noted.length > 0) lines.push(`Noted for later: ${list(turn.noted)}.`);
  if (turn.held.length > 0) lines.push(`Waiting for your yes/no on the Memory page: ${list(turn.held)}.`);
  if (turn.secretWithheld) lines.push('Not saved: part of your message looks like a password, key or code, and I never keep those.');
  return lines;
}

/** No memory is relevant: say what was kept, or briefly what this model is, and how to get a real one. */
function defaultReply(message: string, section: RecalledSection, lang: Lang, turn: OfflineTurnNotes | undefined): string {
  const noted = turnLines(turn, lang);
  const count = section.memories.length;
  const zh = lang === 'zh';
  if (!isQuestionLike(message)) {
    if (noted.length > 0) return [...noted, zh ? SHORT_ROLE_ZH : SHORT_ROLE_EN].join('\n\n');
    // Only when memory is on for this message does "nothing kept" say something true.
    const nothing = turn ? (zh ? '这条消息里没有需要长期记住的内容。' : 'Nothing in that for me to keep long-term.') : '';
    return [nothing, zh ? SHORT_ROLE_ZH : SHORT_ROLE_EN, zh ? CONFIGURE_ZH : CONFIGURE_EN].filter(Boolean).join('\n\n');
  }
  const unanswered = zh
    ? `我是离线演示模型，回答不了“${truncate(message, 40)}”：我只能记下并查找关于你的事。`
    : `I'm Mindbase's offline demo model, so I can't answer “${truncate(message, 60)}”: I can only keep and look up what you tell me about yourself.`;
  // The reply's "used N memories" count (recall's lines), not everything stored (issue 15).
  const recalled =
    count === 0 ? '' : zh ? `这次调取了 ${count} 条记忆，但都和这个问题无关。` : `I recalled ${count === 1 ? '1 memory' : `${count} memories`} for this message, but none seem related to it.`;
  return [unanswered, recalled, ...noted, zh ? CONFIGURE_ZH : CONFIGURE_EN].filter(Boolean).join('\n\n');
}

const MEMORY_PAGE_EN = 'The Memory page in settings lists everything, and you can edit or delete any of it there.';
const MEMORY_PAGE_ZH = '完整列表在设置的“记忆”页面，可以随时查看、修改或删除。';

function listedReply(note: Extract<NoteFacts, { kind: 'listed' }>, lang: Lang): string {
  const review =
    note.awaitingReview === 0
      ? ''
      : lang === 'zh'
        ? `另有 ${note.awaitingReview} 条等待你在“记忆”页面确认。`
        : `${note.awaitingReview} more ${note.awaitingReview === 1 ? 'waits' : 'wait'} for your yes/no on the Memory page.`;
  if (note.items.length === 0) {
    const empty =
      lang === 'zh'
        ? '我目前还没有关于你的记忆。你可以说“记住我喜欢简短的回答”，我就会记下来。'
        : "I don't have any memories about you yet. Tell me something like “remember that I prefer short answers” and I'll keep it.";
    return [empty, review].filter(Boolean).join('\n\n');
  }
  const head =
    lang === 'zh'
      ? `我记得这些关于你的事（共 ${note.total} 条${note.items.length < note.total ? `，这里列出最重要的 ${note.items.length} 条` : ''}）：`
      : `Here's what I remember about you (${note.total === 1 ? '1 memory' : `${note.total} memories`}${note.items.length < note.total ? `, the ${note.items.length} most important shown` : ''}):`;
  return [head, ...note.items.map((item) => `- ${item}`), '', [review, lang === 'zh' ? MEMORY_PAGE_ZH : MEMORY_PAGE_EN].filter(Boolean).join(' ')].join('\n');
}

/**
 * The fast channel's note says what really happened to a memory request (saved, deleted,
 * corrected, re-prioritised, or why not); the reply reports exactly that.
 */
function memoryUpdateReply(intent: OfflineIntent, note: NoteFacts | null, lang: Lang): string | undefined {
  if (!note) return undefined;
  const zh = lang === 'zh';
  switch (note.kind) {
    case 'not_stored':
      return zh ? `这条我没有保存：${note.reason}。` : `I didn't save that, because ${note.reason}.`;
    case 'held':
      return zh
        ? `这条我先存为待确认，不会照做：${note.reason}。你可以在“记忆”页面确认或删除它。`
        : `I've kept that for your review instead of following it (${note.reason}). You can confirm or delete it on the Memory page.`;
    case 'nothing_to_forget':
      if (intent.kind !== 'forget') return undefined;
      return zh ? `我没有找到与“${note.target}”相符的记忆，所以没有删除任何内容。` : `I couldn't find a memory matching "${note.target}", so nothing was deleted.`;
    case 'listed':
      return listedReply(note, lang);
    case 'reprioritized': {
      const changes = note.changes.map((c) =>
        c.from === c.to
          ? zh
            ? `“${c.summary}”的重要性已经是 ${c.to}（范围 1–5），没有变化`
            : `“${c.summary}” is already at importance ${c.to} (of 1–5), so it stays there`
          : zh
            ? `“${c.summary}”的重要性从 ${c.from} 调整为 ${c.to}`
            : `“${c.summary}” now has importance ${c.to} (was ${c.from}, of 1–5)`,
      );
      return zh ? `好的，${changes.join('；')}。` : `Done: ${changes.join('; ')}.`;
    }
    case 'nothing_to_change':
      return zh ? `我没有找到与“${note.target}”相符的记忆，所以没有修改任何内容。` : `I couldn't find a memory matching "${note.target}", so nothing was changed.`;
    case 'corrected':
      return zh ? `好的，已更正：“${note.before}”改为“${note.after}”。` : `Thanks for the correction — I've updated “${note.before}” to “${note.after}”.`;
    case 'already_known':
      return zh ? `我记得的已经是：“${note.summary}”，不需要修改。` : `That's what I have already: “${note.summary}”. Nothing needed changing.`;
    case 'other':
      return undefined;
  }
}

/**
 * The offline model's reply to the latest user message, given the memory section, any fast-channel
 * note, and what the message leaves in memory (`turn`, absent when memory is off for it).
 */
export function chatReply(message: string, section: RecalledSection, note: NoteFacts | null = null, turn?: OfflineTurnNotes): string {
  const lang: Lang = isMostlyChinese(message) ? 'zh' : 'en';
  const intent = detectIntent(message);
  const update = memoryUpdateReply(intent, note, lang);
  if (update) return update;
  switch (intent.kind) {
    case 'recall-all':
      return recallAllReply(section, lang);
    case 'remember':
      return rememberReply(intent, lang);
    case 'forget':
      return forgetReply(intent, lang);
    case 'other':
      break;
  }
  if (isQuestionLike(message)) {
    const relevant = findRelevantMemories(message, section.memories);
    if (relevant.length > 0) return [relevantReply(message, relevant, section.memories.length, lang), ...turnLines(turn, lang)].join('\n\n');
  }
  return defaultReply(message, section, lang, turn);
}
