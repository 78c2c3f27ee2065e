-- The leaderboard (decision 83). Lessons done before the board existed were first done when they were done.
UPDATE "lesson_progress" SET "first_done_at" = "done_at" WHERE "done_at" IS NOT NULL AND "first_done_at" IS NULL;--> statement-breakpoint
-- Every change the board's points, streaks or rows depend on NOTIFYs tribe36_leaderboard, whichever
-- code made it (a post, a deletion, a coach's reply, a lesson done, a member's name, privacy, standing or
-- admin flag, the community's time zone): each server process forgets its kept boards
-- (server/modules/leaderboard/leaderboard.cache.ts). PostgreSQL sends one notification per transaction
-- however many rows changed (identical payloads are folded), after the commit.
CREATE FUNCTION "leaderboard_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tribe36_leaderboard', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "attempts_leaderboard_insert_delete" AFTER INSERT OR DELETE ON "attempts"
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
CREATE TRIGGER "attempts_leaderboard_replied" AFTER UPDATE OF "replied_at" ON "attempts"
  FOR EACH ROW WHEN (OLD."replied_at" IS DISTINCT FROM NEW."replied_at")
  EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
CREATE TRIGGER "lesson_progress_leaderboard_insert" AFTER INSERT ON "lesson_progress"
  FOR EACH ROW WHEN (NEW."done_at" IS NOT NULL) EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
CREATE TRIGGER "lesson_progress_leaderboard_done" AFTER UPDATE OF "done_at" ON "lesson_progress"
  FOR EACH ROW WHEN (OLD."done_at" IS DISTINCT FROM NEW."done_at")
  EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
CREATE TRIGGER "lesson_progress_leaderboard_delete" AFTER DELETE ON "lesson_progress"
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
CREATE TRIGGER "users_leaderboard_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (
    (OLD."name", OLD."username", OLD."profile_picture", OLD."privacy_level", OLD."is_admin", OLD."email",
     OLD."email_confirmed_at", OLD."membership", OLD."suspended_at", OLD."suspended_until", OLD."deleted_at")
    IS DISTINCT FROM
    (NEW."name", NEW."username", NEW."profile_picture", NEW."privacy_level", NEW."is_admin", NEW."email",
     NEW."email_confirmed_at", NEW."membership", NEW."suspended_at", NEW."suspended_until", NEW."deleted_at")
  ) EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
CREATE TRIGGER "users_leaderboard_delete" AFTER DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
CREATE TRIGGER "community_settings_leaderboard_insert" AFTER INSERT ON "community_settings"
  FOR EACH ROW EXECUTE FUNCTION "leaderboard_changed"();--> statement-breakpoint
CREATE TRIGGER "community_settings_leaderboard_zone" AFTER UPDATE ON "community_settings"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "leaderboard_changed"();
