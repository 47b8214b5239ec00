-- Issue 16, item 4: messages keep their AI SDK UI message parts (text, and a real model's memory
-- tool calls with their results), so a reloaded conversation shows what the model did.
ALTER TABLE "messages" ADD COLUMN "parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Existing messages: their text as one text part. As the system role, because FORCE row-level
-- security gives a non-superuser owner no rows (as in migration 0007); then back to the
-- migrating role.
DO $$
DECLARE
  migrating_role text := current_user;
BEGIN
  EXECUTE 'SET LOCAL ROLE mindbase_system';
  UPDATE messages SET parts = jsonb_build_array(jsonb_build_object('type', 'text', 'text', content))
    WHERE parts = '[]'::jsonb;
  EXECUTE format('SET LOCAL ROLE %I', migrating_role);
END
$$;
