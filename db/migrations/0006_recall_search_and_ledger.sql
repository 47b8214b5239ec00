CREATE TABLE "recall_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"message_id" uuid NOT NULL,
	"memory_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"rank" integer NOT NULL,
	"score" double precision NOT NULL,
	"similarity" double precision NOT NULL,
	"importance" double precision NOT NULL,
	"recency" double precision NOT NULL,
	"frequency" double precision NOT NULL,
	"confidence_factor" double precision NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marked_not_relevant" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_ledger_message_memory_unique" UNIQUE("message_id","memory_id"),
	CONSTRAINT "recall_ledger_outcome_check" CHECK ("recall_ledger"."outcome" in ('injected', 'below_threshold', 'cut_by_budget', 'duplicate', 'filtered'))
);
--> statement-breakpoint
ALTER TABLE "recall_ledger" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_id_user_unique" UNIQUE("id","user_id");--> statement-breakpoint
ALTER TABLE "recall_ledger" ADD CONSTRAINT "recall_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_ledger" ADD CONSTRAINT "recall_ledger_memory_owner_fk" FOREIGN KEY ("memory_id","user_id") REFERENCES "public"."memories"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_ledger" ADD CONSTRAINT "recall_ledger_message_owner_fk" FOREIGN KEY ("message_id","user_id") REFERENCES "public"."messages"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_ledger_memory_idx" ON "recall_ledger" USING btree ("memory_id");--> statement-breakpoint
CREATE INDEX "memories_search_idx" ON "memories" USING gin ("search_vector");--> statement-breakpoint
CREATE POLICY "owner_only" ON "recall_ledger" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("recall_ledger"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("recall_ledger"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "system_access" ON "recall_ledger" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "recall_ledger" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "recall_ledger" TO mindbase_app, mindbase_system;
