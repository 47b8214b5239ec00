/**
 * Slow-channel cost benchmark (SPEC §4.1): on chit-chat-heavy conversations, how many LLM
 * extraction calls per 100 user turns the pre-filter saves, whether it ever skips a memory-worthy
 * turn, and how fast the rule extractor runs.
 *
 *   npx tsx tests/bench/extract.bench.ts          # table
 *   npx tsx tests/bench/extract.bench.ts --json   # one JSON object
 *
 * Pure: no database, no network, no `server-only` imports.
 */
import { performance } from 'node:perf_hooks';

import { prefilter } from '../../server/memory/prefilter';
import { extractWithRules } from '../../server/memory/rules';
import { loadChitchatTurns } from '../fixtures/extraction/fixtures';

const ROUNDS = 7;
const TARGET_CALLS_PER_100 = 25; // issue 12: at most 25 calls per 100 chit-chat turns, none memory-worthy skipped

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function run() {
  const turns = loadChitchatTurns();
  const total = turns.length;
  const memoryTurns = turns.filter((t) => t.memory);

  const gated = turns.map((t) => ({ ...t, gate: prefilter(t.window) }));
  const calls = gated.filter((t) => t.gate.callLlm).length;
  const skipped = gated.filter((t) => t.memory && !t.gate.callLlm);
  const falseCalls = gated.filter((t) => !t.memory && t.gate.callLlm);

  // Warm up, then time several full passes; the median resists GC and JIT noise.
  for (const t of turns) extractWithRules(t.window);
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const started = performance.now();
    for (const t of turns) extractWithRules(t.window);
    rates.push(total / ((performance.now() - started) / 1000));
  }
  const prefilterStarted = performance.now();
  for (const t of turns) prefilter(t.window);
  const prefilterRate = total / ((performance.now() - prefilterStarted) / 1000);

  const itemsOnMemoryTurns = memoryTurns.filter((t) => extractWithRules(t.window).length > 0).length;
  const itemsOnChitchat = turns.filter((t) => !t.memory && extractWithRules(t.window).length > 0);

  return {
    sessions: new Set(turns.map((t) => t.session)).size,
    user_turns: total,
    memory_turns: memoryTurns.length,
    llm_calls_per_100_turns_prefilter_on: round((calls / total) * 100),
    llm_calls_per_100_turns_prefilter_off: 100,
    memory_turns_skipped: skipped.length,
    non_memory_turns_sent_to_llm: falseCalls.length,
    rule_turns_per_sec: Math.round(median(rates)),
    prefilter_turns_per_sec: Math.round(prefilterRate),
    rule_items_on_memory_turns: `${itemsOnMemoryTurns}/${memoryTurns.length}`,
    rule_items_on_non_memory_turns: itemsOnChitchat.length,
    target_calls_per_100: TARGET_CALLS_PER_100,
    meets_target: calls / total <= TARGET_CALLS_PER_100 / 100 && skipped.length === 0,
    skipped_examples: skipped.map((t) => t.window.messages.at(-1)?.content ?? ''),
    non_memory_sent_examples: falseCalls.slice(0, 10).map((t) => `${t.window.messages.at(-1)?.content ?? ''} [${t.gate.signals.join(', ')}]`),
    rule_items_on_non_memory_examples: itemsOnChitchat.map((t) => t.window.messages.at(-1)?.content ?? ''),
  };
}

const result = run();
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  console.log(`Extraction pre-filter benchmark — ${result.user_turns} user turns in ${result.sessions} sessions, ${result.memory_turns} memory-worthy\n`);
  console.table({
    'LLM calls / 100 turns, pre-filter on': result.llm_calls_per_100_turns_prefilter_on,
    'LLM calls / 100 turns, pre-filter off': result.llm_calls_per_100_turns_prefilter_off,
    'memory-worthy turns skipped': result.memory_turns_skipped,
    'non-memory turns still sent': result.non_memory_turns_sent_to_llm,
    'rule extractor, turns/s (median of 7)': result.rule_turns_per_sec,
    'pre-filter, turns/s': result.prefilter_turns_per_sec,
    'memory turns with a rule item': result.rule_items_on_memory_turns,
    'non-memory turns with a rule item': result.rule_items_on_non_memory_turns,
  });
  console.log(`target ≤ ${result.target_calls_per_100} calls / 100 turns with 0 skipped: ${result.meets_target ? 'met' : 'NOT met'}`);
  if (result.skipped_examples.length > 0) console.log('skipped:', result.skipped_examples);
  if (result.non_memory_sent_examples.length > 0) console.log('non-memory sent (first 10):', result.non_memory_sent_examples);
  if (result.rule_items_on_non_memory_examples.length > 0) console.log('rule items on non-memory turns:', result.rule_items_on_non_memory_examples);
}
if (!result.meets_target) process.exitCode = 1;
