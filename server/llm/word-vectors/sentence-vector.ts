// SIF sentence vectors (Arora et al. 2017): the average of word vectors weighted by
// a/(a + p(w)), L2-normalised. The common-component removal of SIF is done once per word at
// build time instead (see COMMON_DIRECTIONS), so a sentence's vector never depends on others.

import { SIF_A } from './config';
import { vocabularyRows } from './vocabulary-rows';
import type { WordVectorTable } from './word-vector-table';

const EULER_GAMMA = 0.5772156649015329;

/**
 * The package has no word counts, but its rows are in corpus-frequency order, so p(w) comes from
 * Zipf's law: p(rank r) = 1 / (r · H_N), H_N ≈ ln N + γ the normaliser over N words (r from 1).
 */
export function sifWeight(row: number, size: number): number {
  const probability = 1 / ((row + 1) * (Math.log(size) + EULER_GAMMA));
  return SIF_A / (SIF_A + probability);
}

/** Unit-length SIF vector of `text`, or undefined when it has no known English content word. */
export function sentenceVector(table: WordVectorTable, text: string): number[] | undefined {
  const rows = vocabularyRows(table, text);
  if (rows.length === 0) return undefined;
  const sum = new Float64Array(table.dimensions);
  for (const row of rows) table.addRow(row, sifWeight(row, table.size), sum);
  let squares = 0;
  for (const value of sum) squares += value * value;
  if (squares === 0) return undefined;
  const length = Math.sqrt(squares);
  return Array.from(sum, (value) => value / length);
}
