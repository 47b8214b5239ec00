// The loaded vectors: an Int8 matrix with one scale per row, in frequency-rank order (row 0 is
// the most frequent word), plus the vocabulary and its hash index. Views over the cache file's
// bytes; nothing is copied or parsed at load time.

import { findRow } from './vocabulary-index';

export type WordVectorSections = {
  dimensions: number;
  size: number;
  /** Version of the npm package the vectors were converted from. */
  sourceVersion: string;
  /** Row r's value j is values[r·dimensions + j] · scales[r]. */
  scales: Float32Array;
  values: Int8Array;
  /** Word r is blob[offsets[r] .. offsets[r+1]) in UTF-8. */
  offsets: Uint32Array;
  blob: Uint8Array;
  /** Hash slots holding row numbers, -1 when empty (see vocabulary-index.ts). */
  slots: Int32Array;
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// Vocabulary words are short; one reusable buffer avoids an allocation per looked-up word.
const scratch = new Uint8Array(1024);

export class WordVectorTable {
  readonly dimensions: number;
  readonly size: number;
  readonly sourceVersion: string;

  constructor(private readonly sections: WordVectorSections) {
    this.dimensions = sections.dimensions;
    this.size = sections.size;
    this.sourceVersion = sections.sourceVersion;
  }

  /** Row of the exact (lower-case) word, or -1 when it is not in the vocabulary. */
  rowOf(word: string): number {
    if (word.length === 0 || word.length * 3 > scratch.length) return -1;
    const { written } = encoder.encodeInto(word, scratch);
    const { slots, offsets, blob } = this.sections;
    return findRow(slots, offsets, blob, scratch, written);
  }

  word(row: number): string {
    const { offsets, blob } = this.sections;
    return decoder.decode(blob.subarray(offsets[row] ?? 0, offsets[row + 1] ?? 0));
  }

  /** target += weight · vector(row). */
  addRow(row: number, weight: number, target: Float64Array): void {
    const { dimensions, values, scales } = this.sections;
    const factor = weight * (scales[row] ?? 0);
    const base = row * dimensions;
    for (let j = 0; j < dimensions; j += 1) target[j] = (target[j] ?? 0) + factor * (values[base + j] ?? 0);
  }
}
