CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires");--> statement-breakpoint
-- Rate-limit counters are keyed by hashed e-mails and addresses, not by user: no row-level
-- security, and only the system role (the handle sign-in uses before anyone is known) may use
-- them. The app role gets nothing, like verification_tokens.
GRANT SELECT, INSERT, UPDATE, DELETE ON "rate_limits" TO mindbase_system;
