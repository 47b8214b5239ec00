-- FORCE makes the policies apply to the table owner too, so even a query that accidentally runs
-- as the owner inside withUser()'s role switch cannot bypass them. drizzle-kit only emits ENABLE.
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sessions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_credentials" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "messages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memories" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memory_versions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memory_embeddings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- The app role may use user-owned tables (rows filtered by the policies) and nothing else:
-- not verification_tokens, not drizzle's migration bookkeeping.
GRANT USAGE ON SCHEMA public TO mindbase_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON
  "users", "accounts", "sessions", "password_credentials", "conversations", "messages",
  "memories", "memory_versions", "memory_embeddings", "audit_log", "user_settings"
  TO mindbase_app;
