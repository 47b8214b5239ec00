// Build-time transforms of the source matrix: "all-but-the-top" (see COMMON_DIRECTIONS in
// config.ts) and per-row Int8 quantisation. Plain loops with a fixed iteration count and no
// randomness, so every machine builds byte-identical files from the same source.

const POWER_ITERATIONS = 300;

function norm(vector: Float64Array): number {
  let sum = 0;
  for (const value of vector) sum += value * value;
  return Math.sqrt(sum);
}

function meanOfRows(matrix: Float32Array, dimensions: number, rows: number): Float64Array {
  const mean = new Float64Array(dimensions);
  for (let r = 0; r < rows; r += 1) for (let j = 0; j < dimensions; j += 1) mean[j] = (mean[j] ?? 0) + (matrix[r * dimensions + j] ?? 0);
  return mean.map((value) => value / rows);
}

function covarianceOfRows(matrix: Float32Array, dimensions: number, rows: number): Float64Array {
  const covariance = new Float64Array(dimensions * dimensions);
  // 50k rows × 5k products: copying each row to a local double array first halves the time.
  const row = new Float64Array(dimensions);
  for (let r = 0; r < rows; r += 1) {
    row.set(matrix.subarray(r * dimensions, (r + 1) * dimensions));
    for (let a = 0; a < dimensions; a += 1) {
      const x = row[a] ?? 0;
      const offset = a * dimensions;
      for (let b = a; b < dimensions; b += 1) covariance[offset + b] = (covariance[offset + b] ?? 0) + x * (row[b] ?? 0);
    }
  }
  for (let a = 0; a < dimensions; a += 1) for (let b = 0; b < a; b += 1) covariance[a * dimensions + b] = covariance[b * dimensions + a] ?? 0;
  return covariance;
}

/** Top `count` eigenvectors of a symmetric matrix by power iteration with deflation. */
function topEigenvectors(matrix: Float64Array, dimensions: number, count: number): Float64Array[] {
  const work = matrix.slice();
  const vectors: Float64Array[] = [];
  for (let k = 0; k < count; k += 1) {
    let vector = new Float64Array(dimensions).fill(1 / Math.sqrt(dimensions));
    for (let iteration = 0; iteration < POWER_ITERATIONS; iteration += 1) {
      const next = new Float64Array(dimensions);
      for (let a = 0; a < dimensions; a += 1) {
        let sum = 0;
        for (let b = 0; b < dimensions; b += 1) sum += (work[a * dimensions + b] ?? 0) * (vector[b] ?? 0);
        next[a] = sum;
      }
      const length = norm(next);
      if (length === 0) break;
      vector = next.map((value) => value / length);
    }
    let eigenvalue = 0;
    for (let a = 0; a < dimensions; a += 1) {
      for (let b = 0; b < dimensions; b += 1) eigenvalue += (vector[a] ?? 0) * (work[a * dimensions + b] ?? 0) * (vector[b] ?? 0);
    }
    for (let a = 0; a < dimensions; a += 1) {
      for (let b = 0; b < dimensions; b += 1) work[a * dimensions + b] = (work[a * dimensions + b] ?? 0) - eigenvalue * (vector[a] ?? 0) * (vector[b] ?? 0);
    }
    vectors.push(vector);
  }
  return vectors;
}

/**
 * In place: subtract the mean of the first `sampleRows` rows from every row, then remove the
 * projections onto their top `directions` principal directions.
 */
export function removeCommonDirections(matrix: Float32Array, dimensions: number, options: { sampleRows: number; directions: number }): void {
  const rows = matrix.length / dimensions;
  const sampleRows = Math.min(rows, options.sampleRows);
  if (sampleRows === 0) return;
  const mean = meanOfRows(matrix, dimensions, sampleRows);
  for (let r = 0; r < rows; r += 1) for (let j = 0; j < dimensions; j += 1) matrix[r * dimensions + j] = (matrix[r * dimensions + j] ?? 0) - (mean[j] ?? 0);
  if (options.directions === 0) return;
  const directions = topEigenvectors(covarianceOfRows(matrix, dimensions, sampleRows), dimensions, options.directions);
  const row = new Float64Array(dimensions);
  for (let r = 0; r < rows; r += 1) {
    const view = matrix.subarray(r * dimensions, (r + 1) * dimensions);
    row.set(view);
    for (const direction of directions) {
      let projection = 0;
      for (let j = 0; j < dimensions; j += 1) projection += (row[j] ?? 0) * (direction[j] ?? 0);
      for (let j = 0; j < dimensions; j += 1) row[j] = (row[j] ?? 0) - projection * (direction[j] ?? 0);
    }
    view.set(row);
  }
}

/**
 * Symmetric Int8 per row: value ≈ q · scale with scale = max|x| / 127. A quarter of Float32's
 * size; cosine between dequantised and original word vectors stays above 0.999.
 */
export function quantizeRows(matrix: Float32Array, dimensions: number): { scales: Float32Array; values: Int8Array } {
  const rows = matrix.length / dimensions;
  const scales = new Float32Array(rows);
  const values = new Int8Array(matrix.length);
  for (let r = 0; r < rows; r += 1) {
    const base = r * dimensions;
    let max = 0;
    for (let j = 0; j < dimensions; j += 1) max = Math.max(max, Math.abs(matrix[base + j] ?? 0));
    if (max === 0) continue;
    // Rounded to Float32 first so quantisation uses exactly the scale that gets stored.
    const scale = Math.fround(max / 127);
    scales[r] = scale;
    for (let j = 0; j < dimensions; j += 1) values[base + j] = Math.round((matrix[base + j] ?? 0) / scale);
  }
  return { scales, values };
}
