CREATE TABLE "memory_terms" (
	"user_id" text NOT NULL,
	"term" text NOT NULL,
	"memory_id" uuid NOT NULL,
	CONSTRAINT "memory_terms_user_id_term_memory_id_pk" PRIMARY KEY("user_id","term","memory_id")
);
--> statement-breakpoint
ALTER TABLE "memory_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memory_terms" ADD CONSTRAINT "memory_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_terms" ADD CONSTRAINT "memory_terms_memory_owner_fk" FOREIGN KEY ("memory_id","user_id") REFERENCES "public"."memories"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_terms_memory_idx" ON "memory_terms" USING btree ("memory_id");--> statement-breakpoint
CREATE INDEX "memories_user_core_idx" ON "memories" USING btree ("user_id","importance") WHERE "memories"."status" = 'active';--> statement-breakpoint
CREATE INDEX "memories_user_structured_idx" ON "memories" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "memories"."status" = 'active' and "memories"."kind" in ('constraint', 'plan');--> statement-breakpoint
CREATE INDEX "memory_versions_user_created_idx" ON "memory_versions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE POLICY "owner_only" ON "memory_terms" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("memory_terms"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("memory_terms"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "system_access" ON "memory_terms" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "memory_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "memory_terms" TO mindbase_app, mindbase_system;--> statement-breakpoint
-- Keeps memory_terms equal to the lexemes of each memory's search_text (the same to_tsvector as
-- the search_vector column). SECURITY INVOKER: it writes as whoever changed the memory, so the
-- row-level policies hold for the postings exactly as for the memory. Deletes cascade by FK.
CREATE FUNCTION memory_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.search_text IS NOT DISTINCT FROM OLD.search_text AND NEW.user_id = OLD.user_id THEN
      RETURN NULL;
    END IF;
    DELETE FROM memory_terms WHERE memory_id = OLD.id;
  END IF;
  INSERT INTO memory_terms (user_id, term, memory_id)
    SELECT NEW.user_id, lexeme, NEW.id
    FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.search_text))) AS lexeme;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER memory_terms_sync AFTER INSERT OR UPDATE OF search_text, user_id ON memories
  FOR EACH ROW EXECUTE FUNCTION memory_terms_sync();--> statement-breakpoint
-- Existing memories: as the system role, because FORCE row-level security gives a non-superuser
-- owner no rows to read or write (migration 0003). SET LOCAL, then back to the migrating role:
-- RESET ROLE would return to the session user, not the role the migration runs as.
DO $$
DECLARE
  migrating_role text := current_user;
BEGIN
  EXECUTE 'SET LOCAL ROLE mindbase_system';
  INSERT INTO memory_terms (user_id, term, memory_id)
    SELECT m.user_id, lexeme, m.id FROM memories m, unnest(tsvector_to_array(m.search_vector)) AS lexeme;
  EXECUTE format('SET LOCAL ROLE %I', migrating_role);
END
$$;
