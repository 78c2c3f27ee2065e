-- Member search (GET /api/members?search=): trigram indexes serve "contains" matches of 3 or more
-- characters; prefix (text_pattern_ops) indexes serve 2-character queries, too short for trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_prefix_idx" ON "users" (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_prefix_idx" ON "users" ("username" text_pattern_ops);
