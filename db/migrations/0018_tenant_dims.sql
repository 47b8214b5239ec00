-- Issue 13, HNSW overlap: the per-model HNSW index (db/embedding-index.ts) is built over each
-- vector with a few "tenant" dimensions appended: a one-hot of the owner's bucket, scaled by a
-- weight. Rows of one user (bucket) sit closer to each other than to any other bucket's, so a
-- search for one user's nearest rows stays among them instead of ending in other users' regions,
-- where row-level security then filters everything out. Within one user the order is unchanged:
-- for unit vectors the augmented cosine is (cos + w²) / (1 + w²).
-- Built only from pg_catalog functions, so the body parses under the restricted search_path of an
-- index build; hashtextextended is the function hash partitioning relies on being stable.
CREATE OR REPLACE FUNCTION memory_tenant_dims(user_id text, buckets integer, weight real) RETURNS real[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_fill(0::real, ARRAY[b]) || weight || array_fill(0::real, ARRAY[buckets - 1 - b])
  FROM (SELECT ((hashtextextended(user_id, 0) % buckets + buckets) % buckets)::integer AS b) AS bucket
$$;
