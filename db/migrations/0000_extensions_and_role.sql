-- pgvector for memory embeddings (needs pgvector >= 0.7 on a real server; PGlite ships 0.8).
CREATE EXTENSION IF NOT EXISTS vector;
--> statement-breakpoint
-- The role application queries run as inside withUser(): no login, not superuser, no BYPASSRLS,
-- owns nothing. Roles are cluster-wide, so create it only once per server.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mindbase_app') THEN
    CREATE ROLE mindbase_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END
$$;
--> statement-breakpoint
-- The connecting (owner) user must be allowed to SET LOCAL ROLE mindbase_app.
GRANT mindbase_app TO CURRENT_USER;
