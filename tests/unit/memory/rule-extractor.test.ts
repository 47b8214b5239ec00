// Precision and recall of the rule path (extractWithRules → validateExtracted) over the labelled
// fixtures in tests/fixtures/extraction, and the pre-filter's recall on the same turns.
//
// Floors are set a few points under what was MEASURED when this test was written (see the table
// it prints and tests/fixtures/extraction/README.md for the history, including the much lower
// first-sight scores on the held-out sets). Raise them when the rules improve; never lower them
// to make a change pass.
import { describe, expect, it } from 'vitest';

import { prefilter } from '../../../server/memory/prefilter';
import { extractWithRules } from '../../../server/memory/rules';
import { validateExtracted } from '../../../server/memory/validate';
import { loadLabelledCases, scoreCase, totals, type CaseScore, type LabelledCase } from '../../fixtures/extraction/fixtures';

const FLOORS = {
  // The sets the rules were developed on (dev, holdout-1, holdout-2), relabelled on 2026-12-01 for
  // the several-facts contract (issue 12; the fixture README says which cases): measured 1.000 / 0.992.
  all: { precision: 0.97, recall: 0.96 },
  en: { precision: 0.97, recall: 0.96 }, // measured 1.000 / 0.993
  zh: { precision: 0.97, recall: 0.96 }, // measured 1.000 / 0.989
  // holdout-3, scored once on 2026-12-01 before any change prompted by it (EN 0.78 / 0.40, ZH
  // 0.80 / 0.55), then a dev set for the redesign: measured EN 0.795 / 0.825, ZH 0.784 / 0.690.
  holdout3En: { precision: 0.77, recall: 0.8 },
  holdout3Zh: { precision: 0.76, recall: 0.67 },
};
/** Share of non-memory turns the pre-filter still sends to the LLM: measured 7 / 105. */
const PREFILTER_MAX_NON_MEMORY_SHARE = 0.1;

const cases = loadLabelledCases();

function group(testCase: LabelledCase): string {
  if (testCase.file.includes('holdout3')) return `holdout-3 ${testCase.lang}`;
  if (testCase.file.includes('holdout2')) return `holdout-2 ${testCase.lang}`;
  if (testCase.file.includes('holdout')) return `holdout-1 ${testCase.lang}`;
  return `dev ${testCase.lang}`;
}

const validated = new Map<string, CaseScore>();
const raw = new Map<string, CaseScore>();
for (const testCase of cases) {
  const items = extractWithRules(testCase.window);
  raw.set(testCase.id, scoreCase(testCase, items));
  validated.set(testCase.id, scoreCase(testCase, validateExtracted(items, testCase.window).accepted));
}

function scoresOf(filter: (c: LabelledCase) => boolean, from: Map<string, CaseScore>): CaseScore[] {
  return cases.filter(filter).flatMap((c) => from.get(c.id) ?? []);
}

describe('rule extractor over the labelled fixtures', () => {
  it('has the shape the brief asks for: ≥ 100 messages, ≥ 35 Chinese, with non-memories', () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
    expect(cases.filter((c) => c.lang === 'zh').length).toBeGreaterThanOrEqual(35);
    expect(cases.filter((c) => c.expected.length === 0).length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('prints and meets its precision and recall floors', () => {
    const rows = [...new Set(cases.map(group))].sort().map((name) => {
      const t = totals(scoresOf((c) => group(c) === name, validated));
      return { set: name, cases: cases.filter((c) => group(c) === name).length, expected: t.expected, extracted: t.extracted, matched: t.matched, precision: t.precision.toFixed(3), recall: t.recall.toFixed(3) };
    });
    const tuned = (c: LabelledCase) => !c.file.includes('holdout3');
    const all = totals(scoresOf(tuned, validated));
    const en = totals(scoresOf((c) => tuned(c) && c.lang === 'en', validated));
    const zh = totals(scoresOf((c) => tuned(c) && c.lang === 'zh', validated));
    const h3en = totals(scoresOf((c) => !tuned(c) && c.lang === 'en', validated));
    const h3zh = totals(scoresOf((c) => !tuned(c) && c.lang === 'zh', validated));
    const rawAll = totals(scoresOf(() => true, raw));
    rows.push({ set: 'ALL (validated)', cases: cases.length, expected: all.expected, extracted: all.extracted, matched: all.matched, precision: all.precision.toFixed(3), recall: all.recall.toFixed(3) });
    rows.push({ set: 'ALL (before validation)', cases: cases.length, expected: rawAll.expected, extracted: rawAll.extracted, matched: rawAll.matched, precision: rawAll.precision.toFixed(3), recall: rawAll.recall.toFixed(3) });
    console.table(rows);
    const misses = scoresOf(() => true, validated).filter((s) => s.missing.length > 0 || s.extra.length > 0);
    for (const miss of misses) {
      console.log(`${miss.id}: missing ${JSON.stringify(miss.missing.map((m) => m.keywords))} extra ${JSON.stringify(miss.extra.map((e) => e.summary))}`);
    }

    expect(all.precision).toBeGreaterThanOrEqual(FLOORS.all.precision);
    expect(all.recall).toBeGreaterThanOrEqual(FLOORS.all.recall);
    expect(en.precision).toBeGreaterThanOrEqual(FLOORS.en.precision);
    expect(en.recall).toBeGreaterThanOrEqual(FLOORS.en.recall);
    expect(zh.precision).toBeGreaterThanOrEqual(FLOORS.zh.precision);
    expect(zh.recall).toBeGreaterThanOrEqual(FLOORS.zh.recall);
    expect(h3en.precision).toBeGreaterThanOrEqual(FLOORS.holdout3En.precision);
    expect(h3en.recall).toBeGreaterThanOrEqual(FLOORS.holdout3En.recall);
    expect(h3zh.precision).toBeGreaterThanOrEqual(FLOORS.holdout3Zh.precision);
    expect(h3zh.recall).toBeGreaterThanOrEqual(FLOORS.holdout3Zh.recall);
  });

  it('extracts nothing from any non-memory message', () => {
    const leaked = cases.filter((c) => c.expected.length === 0).filter((c) => (validated.get(c.id)?.extracted ?? 0) > 0);
    expect(leaked.map((c) => c.id)).toEqual([]);
  });

  it('quotes exact spans of the user message and fills a valid schema', () => {
    for (const testCase of cases) {
      const message = testCase.window.messages.at(-1);
      for (const item of extractWithRules(testCase.window)) {
        expect(message?.content.includes(item.quote), `${testCase.id}: ${item.quote}`).toBe(true);
        expect(item.sourceMessageId).toBe(message?.id);
      }
      expect(validateExtracted(extractWithRules(testCase.window), testCase.window).dropped.filter((d) => d.reason === 'invalid_schema')).toEqual([]);
    }
  });
});

describe('pre-filter over the labelled fixtures', () => {
  it('sends every memory-worthy turn to the LLM and reports how many others it lets through', () => {
    const skipped = cases.filter((c) => c.expected.length > 0 && !prefilter(c.window).callLlm);
    const nonMemory = cases.filter((c) => c.expected.length === 0);
    const through = nonMemory.filter((c) => prefilter(c.window).callLlm);
    const share = through.length / nonMemory.length;
    console.log(`pre-filter: ${skipped.length} memory turns skipped; ${through.length}/${nonMemory.length} non-memory turns (${(share * 100).toFixed(1)}%) still call the LLM: ${through.map((c) => c.id).join(', ')}`);
    expect(skipped.map((c) => c.id)).toEqual([]);
    expect(share).toBeLessThanOrEqual(PREFILTER_MAX_NON_MEMORY_SHARE);
  });
});
