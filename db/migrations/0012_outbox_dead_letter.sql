DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "available_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
-- Rows written before this migration were available from the moment they were created.
UPDATE "outbox" SET "available_at" = "created_at";--> statement-breakpoint
CREATE INDEX "outbox_sent_idx" ON "outbox" USING btree ("dispatched_at") WHERE "outbox"."dispatched_at" is not null;--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("available_at") WHERE "outbox"."dispatched_at" is null and "outbox"."dead_at" is null;