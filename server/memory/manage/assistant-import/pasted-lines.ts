/**
 * The pasted answer of another assistant, line by line (issue 15): bullets, numbers, markdown
 * headings and bold labels, nested items, two-column tables, and the assistant's own sentences
 * around the list ("Here's what I remember about you:", "Let me know if…", 以下是…, 如果需要修改…).
 * What is left are the remembered items, one statement each, in the assistant's words; reading
 * them as memories is read-pasted-memories.ts' job.
 */
import { splitSentences } from '../../rules/segments';

export interface PastedStatement {
  /** 1-based line of the paste it comes from. */
  line: number;
  /** The statement as the assistant wrote it, without list markers and markup (the memory's quote). */
  text: string;
  /** "Work" in "**Work:** nurse in Lyon": the statement is `value`, said about that. */
  label: string | null;
  value: string;
  /** The heading or the item (ending in ":") it sits under, if any. */
  under: string | null;
  /** The item it is nested under, for "she" in "- Wife is Ana\n  - She teaches maths". */
  parent: string | null;
}

const BULLET = /^(?:[-*•·‣◦▪▫●○■□–—+>]|\d{1,3}[.)．、]|[a-z][.)]|[（(]\d{1,3}[）)]|[一二三四五六七八九十]{1,3}[、.．])(?:\s+|(?<=[、．])|$)/u;
const HEADING_MD = /^#{1,6}\s*/;
const TABLE_RULE = /^\|?[\s:|-]+\|?$/;
const EMPHASIS = /\*\*|__|(?<![\w*])\*(?!\s)|(?<!\s)\*(?![\w*])|`/g;
// "Work: nurse in Lyon", "**Diet:** vegetarian", "职业：护士": a short label before a colon.
const LABEL = /^([\p{L}][\p{L}\p{N}'’ &/-]{0,30}?|[\u4e00-\u9fff]{1,8})\s*[:：]\s*(\S.*)$/u;
const LABEL_MAX_WORDS = 4;

// The assistant speaking about the list rather than listing: only lines outside the list (no
// bullet) are read for this; an item is never dropped for sounding like one. Its "I" counts only
// at the start: "Prefers that I keep answers short" is an item, "I've saved these:" is not.
const ASSISTANT_VOICE_EN =
  /\b(?:here(?:['’]s| is| are)|below (?:is|are)|let me know|feel free|if you(?:['’]d| would)? (?:like|want|need)|if (?:any|anything) (?:of this|here|is)|anything (?:else|you['’]d)|would you like|do you want|hope (?:this|that) helps|happy to|you can (?:ask|tell|manage|view|see|delete|edit|update|turn|always)|saved (?:info|memories)|memory (?:settings|feature|panel)|manage (?:your|my|what i) memor|that['’]s (?:everything|all)|based on (?:our|what you|your)|from our (?:past |previous )?(?:conversations|chats))\b|^(?:(?:sure|of course|certainly|absolutely|okay|ok|great|got it|no problem|alright)\b[\s!.,—–-]*)+|^(?:i|i['’](?:ve|ll|m|d))\s/i;
const ASSISTANT_VOICE_ZH =
  /以下是|如下|我(?:记得|了解|知道|保存|记住|所知|目前)|关于(?:你|您)的(?:信息|记忆|内容)|根据(?:我们|之前|过去)?的?(?:对话|聊天|交流)|如果(?:你|您)?(?:需要|想|希望|有|发现)|(?:请|随时)(?:随时)?告诉我|希望(?:这|以上|对你)|还有什么|可以随时|(?:管理|删除|修改|更新|更正)(?:这些|任何)?(?:信息|记忆|内容)|^(?:好的|当然|没问题|可以)[！!，,。]?/;

function stripMarkup(text: string): string {
  return text.replace(EMPHASIS, '').replace(/\s+/g, ' ').trim();
}

/**
 * A markdown heading, a bold-only line, a line that introduces what follows (ends in a colon),
 * or a short title alone above a list ("Personal details", "家庭").
 */
function headingOf(raw: string, titleAbove: boolean): string | null {
  const title = (text: string) => stripMarkup(text).replace(/[:：]$/, '');
  if (HEADING_MD.test(raw)) return title(raw.replace(HEADING_MD, ''));
  if (/^(?:\*\*|__)[^*_]+(?:\*\*|__)[:：]?$/.test(raw) || /[:：]$/.test(raw)) return title(raw);
  if (titleAbove && !/[:：.!?。！？,，]/.test(raw) && raw.split(/\s+/).length <= 4 && !/[\u4e00-\u9fff]{9,}/.test(raw)) return title(raw);
  return null;
}

function labelled(text: string): { label: string | null; value: string } {
  const match = LABEL.exec(text);
  const label = match?.[1]?.trim();
  if (!match || !label || label.split(/\s+/).length > LABEL_MAX_WORDS) return { label: null, value: text };
  return { label, value: (match[2] ?? '').trim() };
}

/** A markdown table row as a statement: "| Work | Nurse in Lyon |" → "Work: Nurse in Lyon". */
function tableRow(raw: string): string | null {
  if (!raw.startsWith('|')) return null;
  if (TABLE_RULE.test(raw)) return '';
  const cells = raw.replace(/^\||\|$/g, '').split('|').map((cell) => stripMarkup(cell)).filter((cell) => cell !== '');
  if (cells.length === 2) return `${cells[0]}: ${cells[1]}`;
  return cells.join(', ');
}

/** Is the next non-blank line a list item, or indented under this one? */
function listFollows(lines: readonly string[], at: number, indent: number): boolean {
  const next = lines.slice(at + 1).find((line) => line.trim() !== '');
  if (next === undefined) return false;
  const nextIndent = (/^[\t ]*/.exec(next)?.[0] ?? '').replace(/\t/g, '    ').length;
  return nextIndent > indent || BULLET.test(next.trim());
}

interface Open {
  indent: number;
  text: string;
  lead: boolean;
}

/** The statements of a pasted memory list, in order. */
export function pastedStatements(paste: string): PastedStatement[] {
  const out: PastedStatement[] = [];
  const open: Open[] = [];
  let heading: string | null = null;
  let tableHeader = true;
  const lines = paste.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((rawLine, i) => {
    const indent = (/^[\t ]*/.exec(rawLine)?.[0] ?? '').replace(/\t/g, '    ').length;
    let raw = rawLine.trim();
    if (raw === '') return;
    const row = tableRow(raw);
    if (row !== null) {
      // The first row of a table names its columns; a rule line (|---|) says nothing.
      const header = tableHeader;
      tableHeader = false;
      if (row === '' || header) return;
      raw = row;
    } else tableHeader = true;
    const bullet = BULLET.exec(raw);
    const bulleted = bullet !== null;
    if (bullet) raw = raw.slice(bullet[0].length).trim();
    if (raw === '' || !/[\p{L}\p{N}]/u.test(raw)) return;
    while (open.length > 0 && (open.at(-1)?.indent ?? 0) >= indent) open.pop();

    if (!bulleted && (ASSISTANT_VOICE_EN.test(raw) || ASSISTANT_VOICE_ZH.test(raw) || /[?？]\s*$/.test(raw))) return;
    const title = headingOf(raw, !bulleted && listFollows(lines, i, indent));
    if (title !== null) {
      // A heading outside the list starts a section; an item ending in ":" introduces the items under it.
      if (bulleted || indent > 0) open.push({ indent, text: title, lead: true });
      else {
        heading = title;
        open.length = 0;
      }
      return;
    }
    const text = stripMarkup(raw);
    const parent = open.at(-1) ?? null;
    const under = parent?.lead ? parent.text : heading;
    for (const sentence of splitSentences(text)) {
      const statement = sentence.text.replace(/[.。;；]+$/u, '').trim();
      if (statement === '') continue;
      out.push({ line: i + 1, text: statement, ...labelled(statement), under, parent: parent && !parent.lead ? parent.text : null });
    }
    open.push({ indent, text, lead: false });
  });
  return out;
}
