CREATE TABLE "accounts" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"refresh_token" text,
	"access_token" text,
	"expires_at" integer,
	"token_type" text,
	"scope" text,
	"id_token" text,
	"session_state" text,
	CONSTRAINT "accounts_provider_provider_account_id_pk" PRIMARY KEY("provider","provider_account_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "password_credentials" (
	"user_id" text PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_credentials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"email" text,
	"email_verified" timestamp with time zone,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"identifier" text NOT NULL,
	"token" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_tokens_identifier_token_pk" PRIMARY KEY("identifier","token")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text,
	"summary" text,
	"summary_up_to_message_id" uuid,
	"memory_disabled" boolean DEFAULT false NOT NULL,
	"distilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_id_user_unique" UNIQUE("id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_role_check" CHECK ("messages"."role" in ('user', 'assistant')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('complete', 'stopped', 'error'))
);
--> statement-breakpoint
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "memories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"entities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"importance" smallint DEFAULT 2 NOT NULL,
	"confidence" text DEFAULT 'low' NOT NULL,
	"origin" text DEFAULT 'user_stated' NOT NULL,
	"validity" text DEFAULT 'permanent' NOT NULL,
	"valid_until" timestamp with time zone,
	"sensitive" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'candidate' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source_conversation_id" uuid,
	"source_message_id" uuid,
	"quote" text NOT NULL,
	"conversation_scope" uuid,
	"occurred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_accessed_at" timestamp with time zone,
	"access_count" integer DEFAULT 0 NOT NULL,
	"hit_count" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "memories_id_user_unique" UNIQUE("id","user_id"),
	CONSTRAINT "memories_type_check" CHECK ("memories"."type" in ('episodic', 'semantic', 'procedural', 'working')),
	CONSTRAINT "memories_status_check" CHECK ("memories"."status" in ('candidate', 'active', 'superseded', 'merged', 'archived', 'forgotten', 'conflicted')),
	CONSTRAINT "memories_confidence_check" CHECK ("memories"."confidence" in ('high', 'low')),
	CONSTRAINT "memories_origin_check" CHECK ("memories"."origin" in ('user_stated', 'assistant_inferred')),
	CONSTRAINT "memories_validity_check" CHECK ("memories"."validity" in ('permanent', 'phase', 'temporary')),
	CONSTRAINT "memories_importance_check" CHECK ("memories"."importance" between 1 and 5),
	CONSTRAINT "memories_summary_length_check" CHECK (char_length("memories"."summary") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "memories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "memory_embeddings" (
	"memory_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"model" text NOT NULL,
	"dimensions" integer NOT NULL,
	"embedding" vector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_embeddings_memory_id_model_pk" PRIMARY KEY("memory_id","model"),
	CONSTRAINT "memory_embeddings_dimensions_check" CHECK (vector_dims("memory_embeddings"."embedding") = "memory_embeddings"."dimensions")
);
--> statement-breakpoint
ALTER TABLE "memory_embeddings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "memory_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memory_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"version" integer NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"old_summary" text,
	"new_summary" text NOT NULL,
	"old_status" text,
	"new_status" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_versions_memory_version_unique" UNIQUE("memory_id","version")
);
--> statement-breakpoint
ALTER TABLE "memory_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"memory_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"retention_days" integer DEFAULT 30,
	"memory_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_retention_check" CHECK ("user_settings"."retention_days" is null or "user_settings"."retention_days" in (7, 30, 90))
);
--> statement-breakpoint
ALTER TABLE "user_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_credentials" ADD CONSTRAINT "password_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_owner_fk" FOREIGN KEY ("conversation_id","user_id") REFERENCES "public"."conversations"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_source_conversation_id_conversations_id_fk" FOREIGN KEY ("source_conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_conversation_scope_conversations_id_fk" FOREIGN KEY ("conversation_scope") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_embeddings" ADD CONSTRAINT "memory_embeddings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_embeddings" ADD CONSTRAINT "memory_embeddings_memory_owner_fk" FOREIGN KEY ("memory_id","user_id") REFERENCES "public"."memories"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD CONSTRAINT "memory_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD CONSTRAINT "memory_versions_memory_owner_fk" FOREIGN KEY ("memory_id","user_id") REFERENCES "public"."memories"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_updated_idx" ON "conversations" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "memories_user_status_type_idx" ON "memories" USING btree ("user_id","status","type");--> statement-breakpoint
CREATE INDEX "memories_user_created_idx" ON "memories" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memory_embeddings_user_model_idx" ON "memory_embeddings" USING btree ("user_id","model");--> statement-breakpoint
CREATE INDEX "audit_log_user_created_idx" ON "audit_log" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "owner_only" ON "accounts" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("accounts"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("accounts"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "password_credentials" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("password_credentials"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("password_credentials"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "sessions" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("sessions"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("sessions"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "users" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("users"."id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("users"."id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "conversations" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("conversations"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("conversations"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "messages" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("messages"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("messages"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "memories" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("memories"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("memories"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "memory_embeddings" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("memory_embeddings"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("memory_embeddings"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "memory_versions" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("memory_versions"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("memory_versions"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "audit_log" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("audit_log"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("audit_log"."user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "owner_only" ON "user_settings" AS PERMISSIVE FOR ALL TO "mindbase_app" USING ("user_settings"."user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_settings"."user_id" = nullif(current_setting('app.user_id', true), ''));