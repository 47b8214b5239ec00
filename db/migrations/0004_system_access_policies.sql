CREATE POLICY "system_access" ON "accounts" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "password_credentials" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "sessions" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "users" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "conversations" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "messages" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "memories" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "memory_embeddings" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "memory_versions" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "audit_log" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "system_access" ON "user_settings" AS PERMISSIVE FOR ALL TO "mindbase_system" USING (true) WITH CHECK (true);