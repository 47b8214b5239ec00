// An open-addressing hash index over the UTF-8 vocabulary, stored in the cache file. Building a
// JS Map of 341k words costs ~170 ms on every start; probing a prebuilt table costs nothing to
// load, which is what keeps warm starts fast.

const EMPTY = -1;

/** FNV-1a over bytes, then a murmur3 finaliser so the low bits used for the slot are mixed. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i += 1) {
    h ^= bytes[i] ?? 0;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Power of two with the table at most half full, so linear probes stay short. */
export function slotCount(size: number): number {
  let slots = 1024;
  while (slots < size * 2) slots *= 2;
  return slots;
}

function sameBytes(blob: Uint8Array, start: number, end: number, key: Uint8Array, keyLength: number): boolean {
  if (end - start !== keyLength) return false;
  for (let i = 0; i < keyLength; i += 1) if (blob[start + i] !== key[i]) return false;
  return true;
}

/** Row of `key[0..keyLength)` in the vocabulary, or -1. */
export function findRow(slots: Int32Array, offsets: Uint32Array, blob: Uint8Array, key: Uint8Array, keyLength: number): number {
  const mask = slots.length - 1;
  for (let slot = hashBytes(key, 0, keyLength) & mask; ; slot = (slot + 1) & mask) {
    const row = slots[slot] ?? EMPTY;
    if (row === EMPTY) return EMPTY;
    if (sameBytes(blob, offsets[row] ?? 0, offsets[row + 1] ?? 0, key, keyLength)) return row;
  }
}

/** Slot table for words `offsets[i]..offsets[i+1]` of `blob`; the first occurrence of a word wins. */
export function buildVocabularyIndex(offsets: Uint32Array, blob: Uint8Array): Int32Array {
  const size = offsets.length - 1;
  const slots = new Int32Array(slotCount(size)).fill(EMPTY);
  const mask = slots.length - 1;
  for (let row = 0; row < size; row += 1) {
    const start = offsets[row] ?? 0;
    const end = offsets[row + 1] ?? 0;
    for (let slot = hashBytes(blob, start, end) & mask; ; slot = (slot + 1) & mask) {
      const other = slots[slot] ?? EMPTY;
      if (other === EMPTY) {
        slots[slot] = row;
        break;
      }
      if (sameBytes(blob, offsets[other] ?? 0, offsets[other + 1] ?? 0, blob.subarray(start, end), end - start)) break;
    }
  }
  return slots;
}
