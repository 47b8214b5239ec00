// Parses a JSON number list straight from bytes. The source holds 35 million numbers; decoding
// them into strings for parseFloat would dominate the conversion time.

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const LOWER_E = 0x65;
const UPPER_E = 0x45;

export function isJsonSpace(byte: number | undefined): boolean {
  return byte === SPACE || byte === LF || byte === CR || byte === TAB;
}

// Exact powers of ten for the decimals of one number (a double holds 10^22 exactly).
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

function malformed(bytes: Uint8Array, start: number, end: number, at: number, what: string): Error {
  const excerpt = Buffer.from(bytes.subarray(start, Math.min(end, start + 80))).toString('latin1');
  return new Error(`Malformed number list (${what}) at byte ${at - start} of "${excerpt}"`);
}

function scaleByPowerOfTen(mantissa: number, power: number): number {
  if (power === 0) return mantissa;
  if (power < 0) return -power < POWERS_OF_TEN.length ? mantissa / (POWERS_OF_TEN[-power] ?? 1) : mantissa / 10 ** -power;
  return mantissa * 10 ** power;
}

/**
 * Reads the comma-separated numbers in bytes[start, end) into `out` and returns how many there
 * were. Precision is that of a double divided once by a power of ten, far beyond the Int8 the
 * values end up as. One tight loop, no closures: this runs 35 million times per conversion.
 */
export function parseNumberList(bytes: Uint8Array, start: number, end: number, out: Float64Array): number {
  let count = 0;
  let i = start;
  while (i < end) {
    while (isJsonSpace(bytes[i])) i += 1;
    if (i >= end) break;
    const negative = bytes[i] === MINUS;
    if (negative) i += 1;
    let mantissa = 0;
    let decimals = 0;
    let digits = 0;
    let byte = bytes[i] ?? 0;
    while (byte >= ZERO && byte <= NINE) {
      mantissa = mantissa * 10 + (byte - ZERO);
      digits += 1;
      byte = bytes[++i] ?? 0;
    }
    if (byte === DOT) {
      byte = bytes[++i] ?? 0;
      while (byte >= ZERO && byte <= NINE) {
        mantissa = mantissa * 10 + (byte - ZERO);
        decimals += 1;
        byte = bytes[++i] ?? 0;
      }
      digits += decimals;
    }
    if (digits === 0) throw malformed(bytes, start, end, i, 'expected a digit');
    let exponent = 0;
    if (byte === LOWER_E || byte === UPPER_E) {
      byte = bytes[++i] ?? 0;
      const negativeExponent = byte === MINUS;
      if (negativeExponent || byte === PLUS) byte = bytes[++i] ?? 0;
      if (!(byte >= ZERO && byte <= NINE)) throw malformed(bytes, start, end, i, 'expected an exponent');
      while (byte >= ZERO && byte <= NINE) {
        exponent = exponent * 10 + (byte - ZERO);
        byte = bytes[++i] ?? 0;
      }
      if (negativeExponent) exponent = -exponent;
    }
    if (count >= out.length) throw malformed(bytes, start, end, i, `more than ${out.length} numbers`);
    const magnitude = scaleByPowerOfTen(mantissa, exponent - decimals);
    out[count] = negative ? -magnitude : magnitude;
    count += 1;
    while (isJsonSpace(bytes[i])) i += 1;
    if (i < end && bytes[i++] !== COMMA) throw malformed(bytes, start, end, i - 1, 'expected a comma');
  }
  return count;
}
