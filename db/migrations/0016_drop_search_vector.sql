-- Issue 16: the settings search reads the memory_terms postings as recall does
-- (server/memory/manage/list-memories.ts), so nothing reads search_vector or its GIN index, which
-- row-level security kept Postgres from using anyway (`@@` is not LEAKPROOF). Both go.
DROP INDEX "memories_search_idx";--> statement-breakpoint
ALTER TABLE "memories" DROP COLUMN "search_vector";
