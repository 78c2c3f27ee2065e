-- Member search anywhere in the name or handle, most similar first (issue 15): trigram GiST indexes
-- give the matches that are neither a prefix nor a word start in similarity order (`<->`, nearest
-- first), so a common fragment stops after the first page; the GIN indexes of 0002 still serve the
-- rare ones.
CREATE INDEX IF NOT EXISTS "users_name_trgm_gist_idx" ON "users" USING gist (lower("name") gist_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_gist_idx" ON "users" USING gist ("username" gist_trgm_ops);
