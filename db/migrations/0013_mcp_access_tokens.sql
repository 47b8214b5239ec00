-- Issue 17: credentials of outside apps (MCP clients) for one user; see db/schema/access-tokens.ts.
CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text DEFAULT 'personal' NOT NULL,
	"client_id" text,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_client" text,
	"paused_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "access_tokens_kind_check" CHECK ("access_tokens"."kind" in ('personal', 'oauth')),
	CONSTRAINT "access_tokens_scope_check" CHECK ("access_tokens"."scope" in ('read', 'read_write')),
	CONSTRAINT "access_tokens_client_check" CHECK (("access_tokens"."kind" = 'oauth') = ("access_tokens"."client_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user_created_idx" ON "access_tokens" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "owner_only" ON "access_tokens" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("access_tokens"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("access_tokens"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "system_access" ON "access_tokens" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
-- Issue 17: personal access tokens for the MCP endpoint. FORCE as on every user-owned table
-- (drizzle-kit emits only ENABLE). The app role manages a user's own tokens in settings; the
-- system role finds a bearer token by its hash, before the request has a user.
ALTER TABLE "access_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "access_tokens" TO mindbase_app, mindbase_system;
