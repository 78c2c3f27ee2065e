-- The leaderboard's notifications name the member whose standing changed (decision 83), so that a
-- process works out that member again rather than the whole board: row-level triggers, the payload the
-- member's id ('' for the community's time zone, which moves every week). PostgreSQL folds identical
-- payloads within a transaction, so a member's many rows changed together make one notification.
CREATE OR REPLACE FUNCTION "leaderboard_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('tribe36_leaderboard', r.id::text);
  ELSIF TG_TABLE_NAME IN ('attempts', 'lesson_progress') THEN
    PERFORM pg_notify('tribe36_leaderboard', r.user_id::text);
  ELSE
    PERFORM pg_notify('tribe36_leaderboard', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "attempts_leaderboard_insert_delete" ON "attempts";--> statement-breakpoint
CREATE TRIGGER "attempts_leaderboard_insert_delete" AFTER INSERT OR DELETE ON "attempts"
  FOR EACH ROW EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
DROP TRIGGER "lesson_progress_leaderboard_delete" ON "lesson_progress";--> statement-breakpoint
CREATE TRIGGER "lesson_progress_leaderboard_delete" AFTER DELETE ON "lesson_progress"
  FOR EACH ROW WHEN (OLD."done_at" IS NOT NULL) EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
DROP TRIGGER "users_leaderboard_delete" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_leaderboard_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "leaderboard_changed"();
