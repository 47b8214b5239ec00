CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('password_reset', 'verify_email', 'change_email'))
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "account_tokens_expires_idx" ON "account_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE POLICY "owner_only" ON "account_tokens" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("account_tokens"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("account_tokens"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "system_access" ON "account_tokens" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
-- Issue 18: mailed single-use links. FORCE as on every user-owned table (drizzle-kit emits only
-- ENABLE). The app role issues a signed-in user's own links (resend, change of address); the
-- system role finds a link by its hash before anyone is signed in, and issues reset links.
ALTER TABLE "account_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "account_tokens" TO mindbase_app, mindbase_system;
