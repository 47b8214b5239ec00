// Layout of the cache file. Header fields are little-endian; the sections are typed arrays in
// the platform's byte order, so loading is a single read plus views with no parsing. An
// endianness marker makes a file copied to a machine of the other byte order read as invalid
// (and be rebuilt) instead of as garbage.
//
//   0  "MBWV"           4  format version     8  dimensions     12  size (rows)
//  16  hash slots      20  vocabulary bytes  24  endianness marker (platform order)
//  32  source version (ASCII, zero-padded to 32 bytes)
//  64  scales f32[size] · offsets u32[size+1] · slots i32[slots] · values i8[size·dims] · blob

import { CACHE_FORMAT_VERSION } from './config';
import type { WordVectorSections } from './word-vector-table';

const MAGIC = 'MBWV';
const HEADER_BYTES = 64;
const VERSION_FIELD = 32;
const ENDIAN_MARKER = 0x01020304;

export type DecodeResult = { ok: true; sections: WordVectorSections } | { ok: false; reason: string };

function layout(size: number, dimensions: number, slots: number, blobBytes: number) {
  const scales = HEADER_BYTES;
  const offsets = scales + 4 * size;
  const slotTable = offsets + 4 * (size + 1);
  const values = slotTable + 4 * slots;
  const blob = values + size * dimensions;
  return { scales, offsets, slots: slotTable, values, blob, total: blob + blobBytes };
}

export function encodeWordVectorFile(sections: WordVectorSections): Uint8Array {
  const { size, dimensions } = sections;
  const at = layout(size, dimensions, sections.slots.length, sections.blob.length);
  const bytes = new Uint8Array(at.total);
  const header = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  header.setUint32(4, CACHE_FORMAT_VERSION, true);
  header.setUint32(8, dimensions, true);
  header.setUint32(12, size, true);
  header.setUint32(16, sections.slots.length, true);
  header.setUint32(20, sections.blob.length, true);
  new Uint32Array(bytes.buffer, 24, 1)[0] = ENDIAN_MARKER;
  bytes.set(new TextEncoder().encode(sections.sourceVersion.slice(0, HEADER_BYTES - VERSION_FIELD)), VERSION_FIELD);
  bytes.set(new Uint8Array(sections.scales.buffer, sections.scales.byteOffset, sections.scales.byteLength), at.scales);
  bytes.set(new Uint8Array(sections.offsets.buffer, sections.offsets.byteOffset, sections.offsets.byteLength), at.offsets);
  bytes.set(new Uint8Array(sections.slots.buffer, sections.slots.byteOffset, sections.slots.byteLength), at.slots);
  bytes.set(new Uint8Array(sections.values.buffer, sections.values.byteOffset, sections.values.byteLength), at.values);
  bytes.set(sections.blob, at.blob);
  return bytes;
}

/** Views over `file` (no copy when it is 4-byte aligned, as fs.readFile results are). */
export function decodeWordVectorFile(file: Uint8Array): DecodeResult {
  if (file.length < HEADER_BYTES) return { ok: false, reason: 'file is shorter than its header' };
  // Buffer#slice does not copy; the Uint8Array constructor does, giving an aligned copy.
  const bytes = file.byteOffset % 4 === 0 ? file : new Uint8Array(file);
  const header = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  if (new TextDecoder().decode(bytes.subarray(0, 4)) !== MAGIC) return { ok: false, reason: 'not a word-vector cache file' };
  const version = header.getUint32(4, true);
  if (version !== CACHE_FORMAT_VERSION) return { ok: false, reason: `format version ${version}, expected ${CACHE_FORMAT_VERSION}` };
  if (new Uint32Array(bytes.buffer, bytes.byteOffset + 24, 1)[0] !== ENDIAN_MARKER) {
    return { ok: false, reason: 'written on a machine with the other byte order' };
  }
  const dimensions = header.getUint32(8, true);
  const size = header.getUint32(12, true);
  const slotCount = header.getUint32(16, true);
  const blobBytes = header.getUint32(20, true);
  const at = layout(size, dimensions, slotCount, blobBytes);
  if (at.total !== bytes.length) return { ok: false, reason: `size ${bytes.length} bytes, header says ${at.total} (truncated?)` };
  const versionBytes = bytes.subarray(VERSION_FIELD, HEADER_BYTES);
  const versionEnd = versionBytes.indexOf(0);
  const base = bytes.byteOffset;
  return {
    ok: true,
    sections: {
      dimensions,
      size,
      sourceVersion: new TextDecoder().decode(versionEnd < 0 ? versionBytes : versionBytes.subarray(0, versionEnd)),
      scales: new Float32Array(bytes.buffer, base + at.scales, size),
      offsets: new Uint32Array(bytes.buffer, base + at.offsets, size + 1),
      slots: new Int32Array(bytes.buffer, base + at.slots, slotCount),
      values: new Int8Array(bytes.buffer, base + at.values, size * dimensions),
      blob: bytes.subarray(at.blob, at.blob + blobBytes),
    },
  };
}
