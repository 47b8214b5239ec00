import { customType } from 'drizzle-orm/pg-core';

/**
 * A pgvector column without a fixed dimension: each embedding model writes vectors of its own
 * size, tagged with its model id. Per-model HNSW indexes cast to that model's dimension
 * (db/embedding-index.ts), so vectors of different models are never compared.
 */
export const anyVector = customType<{ data: number[]; driverData: string }>({
  dataType() {
    return 'vector';
  },
  toDriver(value: number[]): string {
    return `[${value.join(',')}]`;
  },
  fromDriver(value: string): number[] {
    return value
      .slice(1, -1)
      .split(',')
      .filter((part) => part !== '')
      .map(Number);
  },
});

