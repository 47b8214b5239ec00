/**
 * Dedup, update and conflict (SPEC §4.4): decides, for each validated item, whether it repeats
 * an existing memory (merge its source in), corrects one (supersede it), contradicts one without
 * saying so (enter as conflicted beside it), confirms a waiting candidate, or is new.
 * Runs inside the caller's withUser transaction, which holds the user's memory lock.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { memories, memorySources } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import { toSimplified } from '../text/chinese-script';
import { createMemory, updateMemory, type NewMemory } from './repository';
import type { ValidatedMemory } from './extraction-schema';
import { findSimilarMemories, storeEmbedding, type SimilarMemory } from './embeddings';
import { conceptsOf, sharedConcepts } from '../text/concepts';
import { CHANGE_MARKER, entitiesOverlap, normaliseSummary, slotKey, termCoverage } from './memory-match';
import { namesKindOf } from './kinds-of';
import { respellName } from './respell-name';
import { anchorWords, ONE_AT_A_TIME, replacedAttributes, slotOf, type Slot } from './slots';
import type { Actor, MemoryRow } from './memory-types';

export type ApplyOutcome = 'created' | 'merged' | 'confirmed' | 'superseded' | 'conflicted';

export interface ApplyContext {
  userId: string;
  conversationId: string | null;
  actor: Actor;
  embeddingModel: string;
  /** When the memory is learned; defaults to the database clock (replays set the session time). */
  now?: Date;
  /** The message the item's source replied to; indexed with a new memory (search-text.ts). */
  context?: string | null;
  /** The whole sentence the item's quote sits in (a correction cue may lie outside the quote). */
  sentence?: string | null;
}

export interface AppliedItem {
  outcome: ApplyOutcome;
  memory: MemoryRow;
  /** The memory merged into, superseded or contradicted, when there is one. */
  related?: MemoryRow;
}

// Below this a memory is a different topic; between it and the dedup threshold, the same topic
// said differently (a correction's target or a contradiction).
const SAME_TOPIC_SIMILARITY = 0.5;

function toNewMemory(item: ValidatedMemory, ctx: ApplyContext, status: MemoryRow['status'], extra: Partial<NewMemory> = {}): NewMemory {
  return {
    userId: ctx.userId,
    type: item.type,
    kind: item.kind,
    summary: item.summary,
    entities: item.entities,
    importance: item.importance,
    confidence: item.confidence,
    origin: item.origin,
    validity: item.validity,
    validUntil: item.valid_until ? new Date(item.valid_until) : null,
    occurredAt: item.occurred_at ? new Date(item.occurred_at) : null,
    sensitive: item.sensitive,
    status,
    statusReason: item.statusReason,
    sourceConversationId: ctx.conversationId,
    sourceMessageId: item.sourceMessageId,
    quote: item.quote,
    context: ctx.context ?? null,
    ...(ctx.now ? { createdAt: ctx.now, updatedAt: ctx.now } : {}),
    ...extra,
  };
}

async function addSource(tx: Tx, memory: MemoryRow, item: ValidatedMemory, ctx: ApplyContext): Promise<void> {
  await tx
    .insert(memorySources)
    .values({ memoryId: memory.id, userId: ctx.userId, conversationId: ctx.conversationId, messageId: item.sourceMessageId, quote: item.quote })
    .onConflictDoNothing();
}

/** A candidate saying the same thing: its second consistent signal (SPEC §3). */
async function findCandidateTwin(tx: Tx, item: ValidatedMemory): Promise<MemoryRow | null> {
  const candidates = await tx
    .select()
    .from(memories)
    .where(and(eq(memories.status, 'candidate'), eq(memories.type, item.type), eq(memories.kind, item.kind)));
  const wanted = normaliseSummary(item.summary);
  return candidates.find((c) => normaliseSummary(c.summary) === wanted && c.sourceMessageId !== item.sourceMessageId) ?? null;
}

const CHANGE_WORDS = /改成|换成|变成|改为|改到|现在|以后|开始|已经|不再|了|\b(?:switched|switching|changed|now|instead|anymore|no longer|these days|started|stopped)\b/gi;
const withoutChangeWords = (text: string) => text.replace(CHANGE_WORDS, ' ');
// "Partner is Mele", "女儿叫朵朵": a person's name; "… is a nurse": what someone is.
const NAMING_SHAPE = /^\S+(?: \S+)? is \p{Lu}[\p{L}'’-]*$|叫\S{1,4}$/u;
const WHAT_THEY_ARE_SHAPE = /\b(?:is|am|are) (?:\w+ )?(?:a|an)\b/;

// "我现在改成晚上跑步了" is read as a fact, "习惯早上六点起来跑步" as a habit (preference): a change
// of habit corrects either.
const HABIT_KINDS = new Set(['fact', 'preference']);
const correctsKind = (old: string, next: string): boolean => old === next || (HABIT_KINDS.has(old) && HABIT_KINDS.has(next));
const HABIT_GROUPS = new Set(['#drink', '#exercise']);
// How meals go is a habit too, when both say when or how often ("晚上只吃沙拉" → "现在改成少吃多餐，一天五顿"),
// never a taste ("喜欢吃辣") or an allergy.
const MEAL_HABIT = /早上|中午|晚上|每天|一天|每顿|[一二三四五六两几\d]顿|多餐|\b(?:breakfast|lunch|dinner|meals?)\b|\b(?:every|each|a) (?:day|night|morning|evening)\b/i;
const inHabitGroup = (concepts: Set<string>, text: string, itemText: string): boolean => {
  const shared = sharedConcepts(concepts, conceptsOf(text));
  return shared.some((c) => HABIT_GROUPS.has(c)) || (shared.includes('#food') && MEAL_HABIT.test(text) && MEAL_HABIT.test(itemText));
};
// Heard again: each says mostly what the other says, and what is said now adds little: "Gf Tasha
// is vegetarian" holds every word of "Gf is Tasha" and says something new.
const saidBefore = (said: string, memory: string): boolean =>
  termCoverage(said, memory) >= config.memory.dedupSaidCoverage && termCoverage(memory, said) >= config.memory.dedupMinTermCoverage;
const sameKind = (memory: MemoryRow, item: ValidatedMemory): number => (memory.kind === item.kind ? 1 : 0);
// Among equals, the one said the same way: "Mele's actually a midwife" corrects "Partner Mele is a
// nurse", not "Partner is Mele" beside it (a name is corrected by a name).
const shapeOf = (text: string) => (NAMING_SHAPE.test(text) ? 'name' : WHAT_THEY_ARE_SHAPE.test(text) ? 'is a' : '');
const saidOtherwise = (memory: MemoryRow, item: ValidatedMemory): number => (shapeOf(memory.summary) === shapeOf(item.summary) ? 0 : 1);
const whatSomeoneIs = (memory: MemoryRow, item: ValidatedMemory): boolean =>
  memory.kind === 'relationship' && item.kind === 'relationship' && shapeOf(memory.summary) === 'is a' && shapeOf(item.summary) === 'is a';

/** What a correction refers to: named by its conflict hint, else the closest same-topic item. */
export function findCorrectionTarget(item: ValidatedMemory, similar: SimilarMemory[]): MemoryRow | null {
  const live = similar.filter((s) => s.memory.status === 'active' || s.memory.status === 'conflicted');
  const hint = item.conflict_hint;
  if (hint) {
    const named = live
      .map((s) => {
        const text = `${s.memory.summary} ${s.memory.entities.join(' ')}`;
        return { s, coverage: Math.max(termCoverage(hint, text), entitiesOverlap([hint], s.memory.entities) || namesKindOf(hint, text) ? 1 : 0) };
      })
      .filter((x) => x.coverage >= 0.5)
      // "given up coffee" names both "Loves a flat white" and "The doctor told them to cut back on
      // caffeine": what it replaces is the one of its own kind (a taste, not the doctor's advice).
      .sort(
        (a, b) =>
          b.coverage - a.coverage ||
          sameKind(b.s.memory, item) - sameKind(a.s.memory, item) ||
          saidOtherwise(a.s.memory, item) - saidOtherwise(b.s.memory, item) ||
          b.s.similarity - a.s.similarity,
      );
    if (named[0]) return named[0].s.memory;
  }
  // Without a hint, "the closest" must also share a word of its topic: local word vectors put
  // "现在改成晚上跑步了" near "女儿的生日是5月20号", and a correction must never replace a stranger.
  const topic = withoutChangeWords(item.summary);
  const overlaps = new Map(live.map((s) => [s, termCoverage(topic, withoutChangeWords(`${s.memory.summary} ${s.memory.entities.join(' ')}`))]));
  const overlap = (s: SimilarMemory) => overlaps.get(s) ?? 0;
  const concepts = conceptsOf(item.summary);
  // The one sharing most of its words: "老婆是教数学的" corrects "老婆是小学语文老师", not "老婆叫王静".
  // On a tie, a memory a rule read before a low-importance note (rules/notes.ts): "现在改成晚上跑步了"
  // replaces the habit "习惯早上六点起来跑步", not the aside "只能在跑步机上跑" beside it.
  const noted = (s: SimilarMemory) => (s.memory.importance <= 1 ? 1 : 0);
  const unlike = (s: SimilarMemory) => saidOtherwise(s.memory, item);
  const byOverlap = [...live].sort((a, b) => overlap(b) - overlap(a) || unlike(a) - unlike(b) || noted(a) - noted(b) || b.similarity - a.similarity);
  const sameTopic = byOverlap.find(
    (s) =>
      correctsKind(s.memory.kind, item.kind) &&
      ((s.similarity >= SAME_TOPIC_SIMILARITY &&
        (overlap(s) > 0 ||
          (item.entities.length > 0 && s.memory.entities.length > 0 && entitiesOverlap(item.entities, s.memory.entities)))) ||
        // "戒咖啡了，改成喝乌龙茶" replaces "每天下午都要喝一杯拿铁", "改成每周六去游泳" replaces "每周六早上打
        // 羽毛球": a habit of the same kind, however far apart the word vectors put them.
        inHabitGroup(concepts, s.memory.summary, item.summary) ||
        // "mele's actually a midwife" replaces what Mele was said to be ("Partner Mele is a nurse at
        // rotorua hospital"), however the vectors read the rest of it.
        (overlap(s) > 0 && whatSomeoneIs(s.memory, item))) &&
      // A name is corrected by a name, never by what the person is.
      !(shapeOf(s.memory.summary) === 'name' && shapeOf(item.summary) !== 'name'),
  );
  return sameTopic?.memory ?? null;
}

// Facts that hold one value at a time (you live in one city); preferences can coexist.
const SINGLE_VALUED_KINDS = new Set(['fact', 'relationship']);

/** An active fact in the same slot with other particulars ("Lives in Shanghai" vs "Lives in Hangzhou"). */
async function findSlotRival(tx: Tx, item: ValidatedMemory): Promise<MemoryRow | null> {
  if (!SINGLE_VALUED_KINDS.has(item.kind) || item.entities.length === 0) return null;
  const key = slotKey(item.summary, item.entities);
  if (key.length < 3) return null;
  const rivals = await tx
    .select()
    .from(memories)
    .where(and(eq(memories.status, 'active'), eq(memories.type, item.type), eq(memories.kind, item.kind)));
  return (
    rivals.find(
      (m) => m.entities.length > 0 && slotKey(m.summary, m.entities) === key && !entitiesOverlap(m.entities, item.entities),
    ) ?? null
  );
}

/** Same slot, different content: same type and kind, about the same thing, not a paraphrase. */
function findContradiction(item: ValidatedMemory, similar: SimilarMemory[]): MemoryRow | null {
  const hit = similar.find(
    (s) =>
      s.memory.status === 'active' &&
      s.memory.type === item.type &&
      s.memory.kind === item.kind &&
      s.similarity >= SAME_TOPIC_SIMILARITY &&
      s.similarity < config.memory.dedupCosine &&
      item.conflict_hint !== null &&
      termCoverage(item.conflict_hint, `${s.memory.summary} ${s.memory.entities.join(' ')}`) >= 0.5,
  );
  return hit?.memory ?? null;
}

export async function applyValidatedMemory(tx: Tx, item: ValidatedMemory, vector: number[], ctx: ApplyContext): Promise<AppliedItem> {
  // A correction looks further: the habit it replaces may read nothing like it to the word vectors.
  const similar = await findSimilarMemories(tx, vector, ctx.embeddingModel, { statuses: ['active', 'conflicted'], limit: item.negative_update ? config.memory.correctionPool : 10 });
  const store = async (row: MemoryRow) => {
    if (row.status === 'active') await storeEmbedding(tx, row, ctx.embeddingModel, vector);
  };
  const slot = slotOf(item);

  if (!item.negative_update) {
    const duplicate = similar.find(
      (s) =>
        s.memory.status === 'active' &&
        s.memory.type === item.type &&
        s.similarity >= config.memory.dedupCosine &&
        entitiesOverlap(s.memory.entities, item.entities) &&
        // Heard again means the same words, mostly: the local word vectors put short Chinese texts
        // with no words in common ("我们异地三年了", "都快神经衰弱了") above the cut.
        saidBefore(item.summary, s.memory.summary) &&
        // "Lives in Lyon" and "Lives in Berlin" read alike but are two values of one slot.
        !(slot && s.memory.slot === slot.attribute && !sameValue(slot, slotOf(s.memory), item.entities, s.memory.entities)),
    );
    if (duplicate) {
      const current = duplicate.memory;
      await addSource(tx, current, item, ctx);
      const merged = await updateMemory(
        tx,
        current,
        {
          accessCount: current.accessCount + 1,
          confidence: item.confidence === 'high' ? 'high' : current.confidence,
          importance: Math.max(current.importance, item.importance),
        },
        { actor: ctx.actor, reason: `Heard again: "${item.quote}"` },
        'memory.merged',
      );
      return { outcome: 'merged', memory: merged, related: current };
    }
    const twin = await findCandidateTwin(tx, item);
    if (twin) {
      await addSource(tx, twin, item, ctx);
      const confirmed = await updateMemory(
        tx,
        twin,
        { status: 'active', statusReason: null, confidence: 'high' },
        { actor: ctx.actor, reason: `Confirmed by a second consistent statement: "${item.quote}"` },
        'memory.confirmed',
      );
      await store(confirmed);
      return { outcome: 'confirmed', memory: confirmed, related: twin };
    }
  }

  // A new value of a single-valued attribute (home, job, diet, relationship status, an
  // appointment's date) replaces the current one, with history (issue 12).
  if (slot && item.status === 'active') {
    const replaced = await replaceSlotValue(tx, item, slot, ctx);
    if (replaced) {
      await store(replaced.memory);
      await followUp(tx, replaced.memory, item, ctx);
      return replaced;
    }
  }

  // A new value in a single-valued slot: said as a change ("I live in Hangzhou now") it is a
  // correction; said plainly it contradicts, and waits beside the old one (SPEC §4.4).
  const rival = item.negative_update ? null : await findSlotRival(tx, item);
  const correcting = item.negative_update || (rival !== null && CHANGE_MARKER.test(item.quote));

  if (correcting) {
    const target = item.negative_update ? findCorrectionTarget(item, similar) : rival;
    if (target) {
      const superseded = await updateMemory(
        tx,
        target,
        { status: 'superseded', statusReason: `Corrected by the user: "${item.quote}"` },
        { actor: ctx.actor, reason: `Corrected by the user: "${item.quote}"` },
        'memory.superseded',
      );
      const created = await createMemory(tx, toNewMemory(item, ctx, item.status, { supersedesId: target.id }), {
        actor: ctx.actor,
        reason: `Replaces "${target.summary}"`,
      });
      await store(created);
      return { outcome: 'superseded', memory: created, related: superseded };
    }
  } else {
    const contradicted = rival ?? findContradiction(item, similar);
    if (contradicted) {
      const created = await createMemory(
        tx,
        toNewMemory(item, ctx, 'conflicted', { statusReason: `Contradicts "${contradicted.summary}" without a correction; waiting for confirmation` }),
        { actor: ctx.actor, reason: `Contradicts "${contradicted.summary}"` },
      );
      return { outcome: 'conflicted', memory: created, related: contradicted };
    }
  }

  const created = await createMemory(tx, toNewMemory(item, ctx, item.status), {
    actor: ctx.actor,
    reason: item.status === 'candidate' ? (item.statusReason ?? 'Needs confirmation') : `Said by the user: "${item.quote}"`,
  });
  await store(created);
  await followUp(tx, created, item, ctx);
  return { outcome: 'created', memory: created };
}

function sameValue(slot: Slot, other: Slot | null, entities: readonly string[], otherEntities: readonly string[]): boolean {
  if (!other || other.attribute !== slot.attribute) return false;
  if (other.value === slot.value) return true;
  const mine = anchorWords(slot, entities);
  const theirs = anchorWords(other, otherEntities);
  return mine.length > 0 && mine.some((word) => theirs.includes(word));
}

// Wording that makes a new job, home or diet a change rather than a contradiction (a correction
// cue, CORRECTION below, does too).
const SLOT_CHANGE = /\b(?:starting|started|start(?:s)? (?:on|in|next)|new job|new (?:manager|boss|supervisor|team lead)|got the job|got promoted|promoted|joined|joining|retired|finally|again|just got|moved out|settled|engaged|married|divorced|broke up|proposed|new (?:place|flat|house|home|apartment|team|role|position))\b|新家|搬出|搬到|搬去|搬家|安顿|定居|落脚|调到|调去|入职|换工作|跳槽|退休|升职|开始|又|订婚|结婚|离婚|分手|当上|新工作|offer|去.{1,12}当/i;

// An appointment moves only when the user says so; a second dentist visit is a second plan.
const RESCHEDULED = /\b(?:after all|change of plan|moves|moving|moved|rescheduled|pushed|postponed|brought forward|changed|shifted|rebooked|bumped|instead|now on|now at)\b|改到|改成|推迟|提前|挪到|换到|延期/i;

const CORRECTION = /\b(?:actually|correction|i meant|autocorrect|typo)\b|其实|更正|打错|说错/i;

/** Whether `text` says "not <value>" (不是<value>) of an old value. */
function namesOldValue(value: string | undefined, text: string): boolean {
  if (!value || value.length < 2) return false;
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`(?:\bnot|不是)\s*${escaped}(?![\p{L}])`, 'iu').test(text);
}

function heldAppointment(held: MemoryRow[], said: string): MemoryRow[] {
  const exact = held.filter((m) => m.slot === said);
  if (exact.length > 0) return exact;
  const noun = said.slice('appointment:'.length);
  // "my appointment is moved" moves the "embassy appointment"; "the PMP exam" the "certification
  // exam": the same kind of appointment by its last word.
  const head = (name: string) => name.split(' ').at(-1);
  const partly = held.filter((m) => {
    const other = (m.slot ?? '').slice('appointment:'.length);
    return other.endsWith(` ${noun}`) || noun.endsWith(` ${other}`) || (other.includes(' ') && noun.includes(' ') && head(other) === head(noun));
  });
  return partly.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 1);
}

/**
 * Supersedes the active memories holding another value of `slot`, creates the new one pointing at
 * them, and sends what depended on the old value (a bakery in the old city, a commute to the old
 * employer) to the review inbox as "may be outdated". Null when nothing held the slot.
 */
async function replaceSlotValue(tx: Tx, item: ValidatedMemory, slot: Slot, ctx: ApplyContext): Promise<AppliedItem | null> {
  const appointment = slot.attribute.startsWith('appointment:');
  if (appointment && !RESCHEDULED.test(item.quote)) return null;
  // An appointment named more or less fully is the same one: "my review" moves the "physio review".
  // Named exactly it is that one; named partly, the latest such appointment, never several.
  const holders = appointment
    ? heldAppointment(await tx.select().from(memories).where(and(eq(memories.status, 'active'), like(memories.slot, 'appointment:%'))), slot.attribute)
    : await tx.select().from(memories).where(and(eq(memories.status, 'active'), inArray(memories.slot, replacedAttributes(slot.attribute))));
  let rivals = holders.filter((m) => {
    const other = slotOf(m);
    return other !== null && !sameValue({ ...slot, attribute: other.attribute }, other, item.entities, m.entities);
  });
  // "Clare, not Clara": the correction names the value it replaces, and only that one goes.
  const named = rivals.filter((m) => namesOldValue(slotOf(m)?.value, `${item.quote} ${ctx.context ?? ''}`));
  const said = toSimplified(ctx.sentence ?? item.quote);
  const corrected = item.negative_update || CHANGE_MARKER.test(item.quote) || CORRECTION.test(said) || named.length > 0;
  if (slot.attribute.startsWith('name:') && !ONE_AT_A_TIME.has(slot.attribute)) {
    // A user can have two sisters: a second sister's name replaces the first only on a correction.
    if (!corrected) return null;
    if (named.length > 0) rivals = named;
  }
  const first = rivals[0];
  if (!first) return null;
  // Said as a change ("we finally moved to Berlin", "starting as…", "vegetarian now") it replaces
  // the old value, and so does a new value said in a later conversation: people move and change
  // jobs between chats, and "已经在成都安顿下来了 住高新区" weeks after "住北京望京" is the news, not a
  // slip (a slot's new value supersedes, SPEC §4.4). Said plainly in the same conversation it
  // contradicts the old one and waits beside it for the user.
  // (Not a note's: an importance-1 clause kept in passing is too weak a reading to move a slot.)
  const later = item.importance >= 2 && ctx.conversationId !== null && first.sourceConversationId !== null && first.sourceConversationId !== ctx.conversationId;
  if (!appointment && !corrected && !later && !SLOT_CHANGE.test(said)) {
    const created = await createMemory(
      tx,
      toNewMemory(item, ctx, 'conflicted', { statusReason: `Contradicts "${first.summary}" without a correction; waiting for confirmation` }),
      { actor: ctx.actor, reason: `Contradicts "${first.summary}"` },
    );
    return { outcome: 'conflicted', memory: created, related: first };
  }
  const reason = `Corrected by the user: "${item.quote}"`;
  for (const rival of rivals) await updateMemory(tx, rival, { status: 'superseded', statusReason: reason }, { actor: ctx.actor, reason }, 'memory.superseded');
  const created = await createMemory(tx, toNewMemory(item, ctx, 'active', { supersedesId: first.id }), { actor: ctx.actor, reason: `Replaces "${first.summary}"` });
  await flagDependents(tx, created, rivals, ctx);
  return { outcome: 'superseded', memory: created, related: first };
}

/** Active memories about the old place or employer may no longer hold: they wait for review. */
async function flagDependents(tx: Tx, created: MemoryRow, replaced: MemoryRow[], ctx: ApplyContext): Promise<void> {
  const anchors = [...new Set(replaced.flatMap((m) => { const s = slotOf(m); return s ? anchorWords(s, m.entities) : []; }))];
  if (anchors.length === 0) return;
  const skip = new Set([created.id, ...replaced.map((m) => m.id)]);
  await sendForReview(tx, ctx, `May be outdated: "${created.summary}" replaced "${replaced[0]!.summary}"`, (memory) => {
    if (skip.has(memory.id) || memory.type === 'procedural' || (memory.type === 'episodic' && memory.kind === 'event')) return false;
    const text = ` ${normaliseSummary(`${memory.summary} ${memory.entities.join(' ')}`)} `;
    return anchors.some((a) => text.includes(` ${normaliseSummary(a)} `));
  });
}

/** The user's active memories that `depends` picks move to the review inbox with `reason`. */
async function sendForReview(tx: Tx, ctx: ApplyContext, reason: string, depends: (memory: MemoryRow) => boolean): Promise<void> {
  const active = await tx.select().from(memories).where(and(eq(memories.status, 'active'), inArray(memories.kind, DEPENDENT_KINDS)));
  for (const memory of active.filter(depends)) {
    await updateMemory(tx, memory, { status: 'conflicted', statusReason: reason }, { actor: ctx.actor, reason }, 'memory.flagged');
  }
}

// Someone else's facts and past events stay true when the user moves or changes jobs.
const DEPENDENT_KINDS = ['fact', 'preference', 'constraint', 'plan', 'goal', 'skill', 'other'];

/** What a new value changes in other memories: likings a diet rules out, a name spelled wrong. */
async function followUp(tx: Tx, created: MemoryRow, item: ValidatedMemory, ctx: ApplyContext): Promise<void> {
  const slot = created.status === 'active' ? slotOf(created) : null;
  if (slot?.attribute === 'diet') await flagDietConflicts(tx, created, slot.value, ctx);
  if (slot?.attribute.startsWith('name:')) await respellName(tx, created, slot, ctx.sentence ?? item.quote, ctx.actor);
}

/**
 * A diet that rules foods out ("gone fully vegan since may") makes the user's own liking for them
 * ("Lives for a good steak") doubtful: those wait for review as "may be outdated", like a bakery
 * in the city the user left. A dislike, an allergy or a food that fits the diet stays true.
 */
async function flagDietConflicts(tx: Tx, created: MemoryRow, diet: string, ctx: ApplyContext): Promise<void> {
  const ruledOut = excludedFoods(diet);
  if (!ruledOut) return;
  await sendForReview(tx, ctx, `May be outdated: "${created.summary}"`, (memory) => {
    if (memory.id === created.id || memory.type !== 'semantic' || slotOf(memory)?.attribute === 'diet') return false;
    const said = toSimplified(memory.summary);
    return ruledOut.test(said) && !NOT_EATING.test(said);
  });
}

const MEAT = String.raw`steaks?|beef|pork|bacon|ham|chicken|lamb|burgers?|sausages?|brisket|ribs|meat|meatballs?|wings|salami|pepperoni|chorizo|prosciutto|pastrami|kebabs?|hot ?dogs?|al pastor|carnitas|barbacoa|bbq|barbecue|牛排|牛肉|猪肉|鸡肉|羊肉|烤肉|培根|炸鸡|红烧肉|毛肚|肥牛|肥羊|排骨|腊肉|香肠|火腿|烤鸭|鸭血|牛杂|串串`;
const FISH = String.raw`fish|salmon|tuna|sushi|prawns?|shrimps?|seafood|oysters?|crab|鱼|虾|海鲜|寿司|蟹`;
const DAIRY = String.raw`cheese|milk|butter|cream|yogh?urt|ice cream|eggs?|奶酪|芝士|牛奶|冰淇淋|鸡蛋`;
// Still true under the diet: "can't stand salmon", "allergic to eggs", "oat milk lattes".
const NOT_EATING =
  /\b(?:not|no|never|hates?|dislikes?|can['’]?t|cannot|don['’]?t|doesn['’]?t|avoids?|allergic|intoleran\w*|gave up|quit|oat|soy|almond|coconut|plant[- ]based|vegan|vegetarian|veggie|dairy[- ]free|meat[- ]free)\b|不|没|过敏|戒|燕麦|豆奶|植物|素/i;

/** The foods a diet rules out, as a pattern; null for a diet that rules none out (keto, "eats meat again"). */
function excludedFoods(diet: string): RegExp | null {
  const d = diet.toLowerCase();
  const words = /vegan|plant/.test(d) ? [MEAT, FISH, DAIRY] : /vegetarian|吃素|素食|不吃肉|蛋奶素/.test(d) ? [MEAT, FISH] : /pesc/.test(d) ? [MEAT] : null;
  return words ? new RegExp(`(?<![a-z])(?:${words.join('|')})(?![a-z])`, 'i') : null;
}

/** Loads memories by id (for callers that need fresh rows after a batch). */
export async function loadMemories(tx: Tx, ids: string[]): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(memories).where(inArray(memories.id, ids));
}
