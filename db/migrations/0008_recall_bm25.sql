CREATE TABLE "memory_term_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"docs" integer DEFAULT 0 NOT NULL,
	"len_total" integer DEFAULT 0 NOT NULL,
	"ctx_total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_term_stats" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search_context" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "slot" text;--> statement-breakpoint
ALTER TABLE "memory_terms" ADD COLUMN "tf" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_terms" ADD COLUMN "ctx_tf" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_terms" ADD COLUMN "len" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_terms" ADD COLUMN "ctx_len" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recall_ledger" ADD COLUMN "lexical" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recall_ledger" ADD COLUMN "relevance" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_term_stats" ADD CONSTRAINT "memory_term_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memories_user_slot_idx" ON "memories" USING btree ("user_id","slot") WHERE "memories"."status" = 'active' and "memories"."slot" is not null;--> statement-breakpoint
CREATE INDEX "memories_user_upcoming_idx" ON "memories" USING btree ("user_id","occurred_at") WHERE "memories"."status" = 'active' and "memories"."kind" = 'plan';--> statement-breakpoint
CREATE POLICY "owner_only" ON "memory_term_stats" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("memory_term_stats"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("memory_term_stats"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "system_access" ON "memory_term_stats" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "memory_term_stats" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "memory_term_stats" TO mindbase_app, mindbase_system;--> statement-breakpoint
-- BM25 postings (issue 13). search_text and search_context hold space-separated terms with their
-- repetitions (server/memory/search-text.ts), so a posting carries its term frequency in the
-- memory's own words (tf) and in its context (ctx_tf), plus both lengths; memory_term_stats keeps
-- each user's number of memories and summed lengths for the average. SECURITY INVOKER as before:
-- rows are written as whoever changed the memory, under the same row-level policies.
CREATE OR REPLACE FUNCTION memory_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  own_len integer;
  context_len integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text
     AND NEW.search_context IS NOT DISTINCT FROM OLD.search_context AND NEW.user_id = OLD.user_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE memory_term_stats SET
      docs = docs - 1,
      len_total = len_total - cardinality(string_to_array(OLD.search_text, ' ')),
      ctx_total = ctx_total - cardinality(string_to_array(OLD.search_context, ' '))
    WHERE user_id = OLD.user_id;
    IF TG_OP = 'DELETE' THEN
      RETURN NULL; -- the postings go with the memory (foreign key, on delete cascade)
    END IF;
    DELETE FROM memory_terms WHERE memory_id = OLD.id;
  END IF;
  own_len := cardinality(string_to_array(NEW.search_text, ' '));
  context_len := cardinality(string_to_array(NEW.search_context, ' '));
  INSERT INTO memory_terms (user_id, term, memory_id, tf, ctx_tf, len, ctx_len)
    SELECT NEW.user_id, term, NEW.id, sum(own)::smallint, sum(ctx)::smallint, own_len, context_len
    FROM (
      SELECT unnest(string_to_array(NEW.search_text, ' ')) AS term, 1 AS own, 0 AS ctx
      UNION ALL
      SELECT unnest(string_to_array(NEW.search_context, ' ')), 0, 1
    ) AS words
    WHERE term <> ''
    GROUP BY term;
  INSERT INTO memory_term_stats (user_id, docs, len_total, ctx_total) VALUES (NEW.user_id, 1, own_len, context_len)
    ON CONFLICT (user_id) DO UPDATE SET
      docs = memory_term_stats.docs + 1,
      len_total = memory_term_stats.len_total + own_len,
      ctx_total = memory_term_stats.ctx_total + context_len;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER memory_terms_sync ON memories;--> statement-breakpoint
CREATE TRIGGER memory_terms_sync AFTER INSERT OR DELETE OR UPDATE OF search_text, search_context, user_id ON memories
  FOR EACH ROW EXECUTE FUNCTION memory_terms_sync();--> statement-breakpoint
-- Existing memories: postings with frequencies and lengths, and the per-user totals, as the system
-- role (FORCE row-level security gives a non-superuser owner no rows), then back to the migrating
-- role. db:migrate then rewrites their search_text with the new tokeniser (search_version 0).
DO $$
DECLARE
  migrating_role text := current_user;
BEGIN
  EXECUTE 'SET LOCAL ROLE mindbase_system';
  DELETE FROM memory_terms WHERE true;
  INSERT INTO memory_terms (user_id, term, memory_id, tf, ctx_tf, len, ctx_len)
    SELECT m.user_id, w.term, m.id, count(*)::smallint, 0, cardinality(string_to_array(m.search_text, ' ')), 0
    FROM memories m, unnest(string_to_array(m.search_text, ' ')) AS w(term)
    WHERE w.term <> ''
    GROUP BY m.user_id, w.term, m.id, m.search_text;
  INSERT INTO memory_term_stats (user_id, docs, len_total, ctx_total)
    SELECT user_id, count(*), sum(cardinality(string_to_array(search_text, ' '))), 0 FROM memories GROUP BY user_id;
  EXECUTE format('SET LOCAL ROLE %I', migrating_role);
END
$$;
