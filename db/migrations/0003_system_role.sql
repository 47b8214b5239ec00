-- The role for work that has no signed-in user (Auth.js e-mail lookups, sign-up, job fan-out).
-- Not superuser, no BYPASSRLS: it reaches rows only through the explicit `system_access`
-- policies of the next migration. FORCE row-level security leaves the owner itself with nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mindbase_system') THEN
    CREATE ROLE mindbase_system NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END
$$;
--> statement-breakpoint
-- The owner may SET ROLE to both roles but must not *inherit* their policies, or the
-- system_access policy would apply to plain owner queries. Postgres 16+ can say so per grant;
-- on 15, membership inherits unless the owner role itself is NOINHERIT (see README).
DO $$
BEGIN
  IF current_setting('server_version_num')::int >= 160000 THEN
    EXECUTE 'GRANT mindbase_system TO CURRENT_USER WITH INHERIT FALSE, SET TRUE';
    EXECUTE 'GRANT mindbase_app TO CURRENT_USER WITH INHERIT FALSE, SET TRUE';
  ELSE
    EXECUTE 'GRANT mindbase_system TO CURRENT_USER';
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO mindbase_system;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON
  "users", "accounts", "sessions", "password_credentials", "verification_tokens", "conversations",
  "messages", "memories", "memory_versions", "memory_embeddings", "audit_log", "user_settings"
  TO mindbase_system;
