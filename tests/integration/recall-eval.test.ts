/**
 * The recall evaluation harness on the shipped datasets (tests/fixtures/eval), with the
 * product's defaults (rule extractor, default local embedder). Floors are set from measured
 * runs (README: "Recall quality"); raise them when recall improves, never lower them to pass.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '@/server/eval/dataset';
import { runEval, type EvalReport, type QueryResult } from '@/server/eval/run-eval';
import { createLlmRegistry } from '@/server/llm/registry';
import { createEmbedder } from '@/server/memory/embedder';

const DIR = path.join(import.meta.dirname, '..', 'fixtures', 'eval');
// Measured with the defaults (README: "Recall quality"); floors sit just under the measurement,
// per file so that a gain on one set cannot hide a loss on another.
const FLOORS: Record<string, { pass: number; include: number }> = {
  'isolation-and-sensitive.json': { pass: 0.92, include: 0.91 }, // measured 0.941 / 0.933 (issue 12, 2026-12-02)
  'preferences-en.json': { pass: 0.83, include: 0.83 }, // 0.850 / 0.857 (0.800 / 0.810 before session 28; 0.750 / 0.762 before session 22; 0.700 / 0.714 before session 19)
  'updates-en.json': { pass: 0.93, include: 0.93 }, // 1.000 / 1.000 (0.938 / 0.938 before session 24)
  'zh.json': { pass: 0.87, include: 0.87 }, // 0.895 / 0.892 (0.868 / 0.892 before session 23; 0.842 / 0.892 before session 18; 0.737 / 0.757 before session 8: README)
  'everyday-holdout.json': { pass: 0.87, include: 0.88 }, // 0.893 / 0.903 (0.874 / 0.882 before session 26; first sight 0.291 / 0.172; tuned on since)
  'everyday-holdout2.json': { pass: 0.87, include: 0.87 }, // 0.896 / 0.896 (0.857 / 0.881 before session 27; 0.844 / 0.866 before session 26; 0.831 / 0.851 before session 25; 0.818 / 0.836 before session 24; 0.779 / 0.806 before session 18; first sight 0.532 / 0.522: README)
  'everyday-holdout3.json': { pass: 0.88, include: 0.89 }, // 0.904 / 0.918 (0.885 / 0.898 before session 26; 0.808 / 0.816 before session 25; 0.769 / 0.796 before session 23; 0.750 / 0.755 before session 22; 0.692 / 0.673 before session 17; first sight 0.423 / 0.469: README)
  'everyday-holdout4.json': { pass: 0.78, include: 0.81 }, // 0.809 / 0.830 (0.798 / 0.818 before session 27; 0.775 / 0.807 before session 26; 0.697 / 0.705 before session 25; 0.685 / 0.705 before session 24; 0.652 / 0.693 before session 23; 0.629 / 0.670 before session 20; first sight 0.449 / 0.477: README)
  'everyday-holdout5.json': { pass: 0.82, include: 0.86 }, // 0.841 / 0.888 (0.830 / 0.888 before session 26; 0.807 / 0.865 before session 25; 0.795 / 0.854 before session 24; 0.773 / 0.843 before session 23; 0.761 / 0.809 before session 22; first sight 0.466 / 0.483: README)
  'everyday-holdout6.json': { pass: 0.74, include: 0.78 }, // 0.768 / 0.804 (0.758 / 0.794 before session 26; 0.707 / 0.711 before session 25; 0.697 / 0.701 before session 24; 0.707 / 0.711 before session 22; first sight 0.465 / 0.474: README)
  'everyday-holdout7.json': { pass: 0.8, include: 0.84 }, // 0.825 / 0.860 (0.814 / 0.849 before session 26; 0.784 / 0.806 before session 25; 0.742 / 0.763 before session 19; first sight 0.495 / 0.505: README)
  'everyday-holdout8.json': { pass: 0.88, include: 0.92 }, // 0.900 / 0.944 (0.875 / 0.930 before session 26; 0.863 / 0.915 before session 25; 0.850 / 0.901 before session 24; 0.838 / 0.887 before session 23; 0.838 / 0.873 before session 22; first sight 0.600 / 0.620 at 90953b4: README)
  'everyday-holdout9.json': { pass: 0.78, include: 0.8 }, // 0.805 / 0.821 (0.770 / 0.804 before session 26; 0.761 / 0.795 before session 25; 0.735 / 0.777 before session 24; 0.699 / 0.777 before session 23; 0.655 / 0.714 before session 22; first sight 0.487 / 0.536 at b64fe8b: README)
  'everyday-holdout10.json': { pass: 0.65, include: 0.65 }, // 0.670 / 0.679 (0.642 / 0.652 before session 25; 0.651 / 0.661 before session 24; 0.642 / 0.661 before session 23; 0.624 / 0.643 before session 22; first sight 0.440 / 0.491 at 8e10ace; held out, failures unread: README)
  'everyday-holdout11.json': { pass: 0.64, include: 0.68 }, // 0.667 / 0.708 (0.657 / 0.698 before session 25; 0.639 / 0.689 before session 24; 0.630 / 0.679 before session 23; 0.620 / 0.660 before session 22; first sight 0.407 / 0.443 at 8e10ace; held out, failures unread: README)
  'everyday-holdout12.json': { pass: 0.87, include: 0.88 }, // 0.890 / 0.901 (0.844 / 0.851 before session 26; 0.798 / 0.802 before session 25; 0.761 / 0.772 before session 24; 0.761 / 0.752 before session 22; first sight 0.587 / 0.564 at 35b1783; failures read in session 18: README)
  'everyday-holdout13.json': { pass: 0.83, include: 0.85 }, // 0.855 / 0.875 (0.827 / 0.865 before session 26; 0.809 / 0.844 before session 25; 0.782 / 0.833 before session 24; 0.764 / 0.823 before session 23; 0.727 / 0.771 before session 22; first sight 0.573 / 0.615 at 35b1783: README)
  'everyday-holdout14.json': { pass: 0.79, include: 0.83 }, // 0.816 / 0.858 (0.772 / 0.841 before session 26; 0.746 / 0.814 before session 25; 0.728 / 0.796 before session 24; 0.702 / 0.770 before session 23; 0.667 / 0.717 before session 22; first sight 0.605 / 0.690 at 5a2c4da: README)
  'everyday-holdout15.json': { pass: 0.64, include: 0.66 }, // 0.667 / 0.689 (0.658 / 0.681 before session 28; 0.667 / 0.681 before session 26; 0.640 / 0.647 before session 25; 0.649 / 0.655 before session 24; 0.640 / 0.655 before session 23; 0.570 / 0.580 before session 22 = first sight at 4364b62; held out, failures unread: README)
  'everyday-holdout16.json': { pass: 0.65, include: 0.73 }, // 0.670 / 0.755 (0.652 / 0.736 before session 26; 0.643 / 0.717 before session 25; 0.616 / 0.698 before session 24; 0.607 / 0.689 = first sight at 67d633d, written in session 23 before any change; held out, failures unread: README)
  'everyday-holdout17.json': { pass: 0.62, include: 0.65 }, // 0.643 / 0.676 (0.626 / 0.657 before session 28; 0.609 / 0.637 before session 26; 0.600 / 0.627 = first sight at a0be1dd, written in session 24 before any change; held out, failures unread: README)
  'everyday-holdout18.json': { pass: 0.67, include: 0.69 }, // 0.697 / 0.716 (0.680 / 0.697 before session 26; 0.664 / 0.688 = first sight at 194ba1f, written in session 25 before any change; held out, failures unread: README)
  'everyday-holdout19.json': { pass: 0.64, include: 0.66 }, // 0.662 / 0.679 (the same as first sight at 6cbbb72, written in session 26 before any change; held out, failures unread: README)
  'everyday-holdout20.json': { pass: 0.68, include: 0.74 }, // 0.701 / 0.759 (0.689 / 0.759 before session 28; first sight 0.677 / 0.759 at d9aa3ca, written in session 27 before any change; held out, failures unread: README)
  'everyday-holdout21.json': { pass: 0.61, include: 0.63 }, // 0.630 / 0.659 (first sight 0.545 / 0.614 at 90ffb29, written in session 28 before any change; part of its output was read after scoring, so a tuning set: README)
  'everyday-holdout22.json': { pass: 0.61, include: 0.62 }, // 0.632 / 0.649 (first sight 0.625 / 0.649 at 90ffb29, written in session 28 before any change; held out, failures unread: README)
};

describe('recall evaluation on the shipped datasets', () => {
  const reports: (EvalReport & { file: string })[] = [];
  let queries: QueryResult[] = [];

  beforeAll(async () => {
    const registry = createLlmRegistry({});
    const embedder = createEmbedder(registry.getEmbeddingModel(), registry.describe().embedding.id);
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
    for (const file of files) {
      reports.push({ file, ...(await runEval(await loadDataset(path.join(DIR, file)), { embedder, extractionModel: null, ingest: 'pipeline', k: 8 })) });
    }
    queries = reports.flatMap((r) => r.queries);
    for (const r of reports) {
      console.log(`${r.file}: pass ${r.pass_rate}, include hits ${r.include_hit_rate}, exclude violations ${r.exclude_violations}, source recall ${r.source_recall ?? '–'}, memories ${r.memories_stored}, p95 ${r.recall_p95_ms} ms`);
    }
    // Twenty sets replayed one after another: ~7–8 minutes alone on 2 cores, more beside the other
    // test files (it hit 10 minutes with another job running); a guard, not a timing assertion.
  }, 1_200_000);

  it('has at least 60 queries, in English and Chinese', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(queries.some((q) => q.tags.includes('zh'))).toBe(true);
  });

  it('meets each dataset’s pass-rate and include-hit floors', () => {
    expect(reports.map((r) => r.file).sort()).toEqual(Object.keys(FLOORS).sort());
    for (const r of reports) {
      const floor = FLOORS[r.file]!;
      expect(r.pass_rate, `${r.file} pass rate`).toBeGreaterThanOrEqual(floor.pass);
      expect(r.include_hit_rate, `${r.file} include hits`).toBeGreaterThanOrEqual(floor.include);
    }
  });

  it("never injects another user's facts", () => {
    const isolation = queries.filter((q) => q.tags.includes('isolation'));
    expect(isolation.length).toBeGreaterThan(0);
    expect(isolation.filter((q) => q.exclude_violations.length > 0).map((q) => [q.id, q.exclude_violations])).toEqual([]);
  });

  it('stays within the memory budget on every query', () => {
    expect(Math.max(...queries.map((q) => q.injected_tokens))).toBeLessThanOrEqual(1200);
    expect(Math.max(...queries.map((q) => q.injected.split('\n').filter((l) => l.startsWith('- [')).length))).toBeLessThanOrEqual(8);
  });
});
