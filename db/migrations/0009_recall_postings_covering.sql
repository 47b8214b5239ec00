-- BM25 reads, for each query term, every posting's memory id, frequencies and lengths
-- (server/recall/gather-candidates.ts). With those columns in the index the read is index-only
-- (once vacuumed: embedded maintenance, or autovacuum on Postgres) instead of one heap fetch per
-- posting. Measured in the README (bench:recall, lexical route).
CREATE INDEX IF NOT EXISTS memory_terms_postings_idx ON memory_terms (user_id, term) INCLUDE (memory_id, tf, ctx_tf, len, ctx_len);
