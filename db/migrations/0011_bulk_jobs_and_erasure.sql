-- Issue 14, items 1 and 10: bulk jobs (import, delete all, account deletion) run in short
-- transactions by a background job; their progress and reports live in bulk_jobs, an import's
-- validated items in import_items. An erasure hides what it will delete at once: memories and
-- audit rows carry a write-order number (seq) and the owner_only policies of memories, audit_log,
-- conversations and messages compare it with the user's pending watermark (db/schema/rls.ts).
CREATE SEQUENCE "public"."row_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"hidden_through" bigint,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_jobs_id_user_unique" UNIQUE("id","user_id"),
	CONSTRAINT "bulk_jobs_kind_check" CHECK ("bulk_jobs"."kind" in ('import', 'delete_all', 'delete_account')),
	CONSTRAINT "bulk_jobs_status_check" CHECK ("bulk_jobs"."status" in ('running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "bulk_jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "import_items" (
	"job_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"idx" integer NOT NULL,
	"item" jsonb,
	"memory_id" uuid,
	CONSTRAINT "import_items_job_id_idx_pk" PRIMARY KEY("job_id","idx")
);
--> statement-breakpoint
ALTER TABLE "import_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- Added without a default first, then given one: a volatile default on ADD COLUMN would rewrite
-- both tables and number every existing row. Existing rows keep seq NULL, which the policies read
-- as 0 — older than any erasure's watermark, as they are.
ALTER TABLE "memories" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "seq" SET DEFAULT nextval('row_seq');--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "seq" SET DEFAULT nextval('row_seq');--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_job_owner_fk" FOREIGN KEY ("job_id","user_id") REFERENCES "public"."bulk_jobs"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_jobs_one_running_idx" ON "bulk_jobs" USING btree ("user_id") WHERE "bulk_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "bulk_jobs_user_kind_created_idx" ON "bulk_jobs" USING btree ("user_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bulk_jobs_hidden_idx" ON "bulk_jobs" USING btree ("user_id") WHERE "bulk_jobs"."hidden_through" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_memory_idx" ON "audit_log" USING btree ("memory_id") WHERE "audit_log"."memory_id" is not null;--> statement-breakpoint
CREATE POLICY "owner_only" ON "bulk_jobs" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("bulk_jobs"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("bulk_jobs"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "system_access" ON "bulk_jobs" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "owner_only" ON "import_items" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("import_items"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("import_items"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "system_access" ON "import_items" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER POLICY "owner_only" ON "conversations" TO mindbase_app USING ("conversations"."user_id" = nullif(current_setting('app.user_id', true), '') and (select case when current_setting('app.erasing', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null) < 9223372036854775807) WITH CHECK ("conversations"."user_id" = nullif(current_setting('app.user_id', true), '') and (select case when current_setting('app.erasing', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null) < 9223372036854775807);--> statement-breakpoint
ALTER POLICY "owner_only" ON "messages" TO mindbase_app USING ("messages"."user_id" = nullif(current_setting('app.user_id', true), '') and (select case when current_setting('app.erasing', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null) < 9223372036854775807) WITH CHECK ("messages"."user_id" = nullif(current_setting('app.user_id', true), '') and (select case when current_setting('app.erasing', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null) < 9223372036854775807);--> statement-breakpoint
ALTER POLICY "owner_only" ON "memories" TO mindbase_app USING ("memories"."user_id" = nullif(current_setting('app.user_id', true), '') and coalesce("memories"."seq", 0) > (select case when current_setting('app.erasing', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null)) WITH CHECK ("memories"."user_id" = nullif(current_setting('app.user_id', true), '') and coalesce("memories"."seq", 0) > (select case when current_setting('app.erasing', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null));--> statement-breakpoint
ALTER POLICY "owner_only" ON "audit_log" TO mindbase_app USING ("audit_log"."user_id" = nullif(current_setting('app.user_id', true), '') and ("audit_log"."memory_id" is null or coalesce("audit_log"."seq", 0) > (select case when current_setting('app.erasing', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null))) WITH CHECK ("audit_log"."user_id" = nullif(current_setting('app.user_id', true), '') and ("audit_log"."memory_id" is null or coalesce("audit_log"."seq", 0) > (select case when current_setting('app.erasing', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null)));--> statement-breakpoint
ALTER TABLE "bulk_jobs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_items" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "bulk_jobs", "import_items" TO mindbase_app, mindbase_system;--> statement-breakpoint
-- Inserting a memory or an audit entry draws its seq as the inserting role.
GRANT USAGE ON SEQUENCE "row_seq" TO mindbase_app, mindbase_system;
