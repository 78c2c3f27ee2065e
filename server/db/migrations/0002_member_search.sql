-- Member search (GET /api/members?search=). Byte-order ("C") indexes on the lower-cased name and
-- the handle serve prefix matches, including 2-character queries (too short for trigrams), and
-- the alphabetical order of results; trigram indexes serve "contains" matches of 3 or more.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_c_idx" ON "users" ((lower("name") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_c_idx" ON "users" (("username" COLLATE "C"));
