-- GET /api/assignments keeps each member's drills in memory in every process (decision 81). Every change
-- a member's list shows NOTIFYs tribe36_drills, whichever code made it: the member's id for their rows of
-- assignment_members (a drill set, completed, opened again when its attempt went, deleted with its
-- assignment by the cascade) and for their own name; '' (every member) for the community's time zone, a
-- coach's name or a drill's own fields. Reminders claimed (reminded_at) change nothing shown. PostgreSQL
-- folds identical payloads within a transaction and sends them after the commit.
CREATE FUNCTION "drills_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'assignment_members' THEN
    PERFORM pg_notify('tribe36_drills', r.user_id::text);
  ELSIF TG_TABLE_NAME = 'users' AND NOT EXISTS (SELECT 1 FROM "assignments" WHERE "created_by" = r.id) THEN
    PERFORM pg_notify('tribe36_drills', r.id::text);
  ELSE
    PERFORM pg_notify('tribe36_drills', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "assignment_members_drills_insert_delete" AFTER INSERT OR DELETE ON "assignment_members"
  FOR EACH ROW EXECUTE FUNCTION "drills_changed"();--> statement-breakpoint
CREATE TRIGGER "assignment_members_drills_update" AFTER UPDATE ON "assignment_members"
  FOR EACH ROW WHEN (
    (OLD."assignment_id", OLD."user_id", OLD."attempt_id", OLD."completed_at")
    IS DISTINCT FROM (NEW."assignment_id", NEW."user_id", NEW."attempt_id", NEW."completed_at")
  ) EXECUTE FUNCTION "drills_changed"();--> statement-breakpoint
CREATE TRIGGER "assignments_drills_update" AFTER UPDATE ON "assignments"
  FOR EACH ROW EXECUTE FUNCTION "drills_changed"();--> statement-breakpoint
CREATE TRIGGER "users_drills_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (
    (OLD."name", OLD."username", OLD."deleted_at") IS DISTINCT FROM (NEW."name", NEW."username", NEW."deleted_at")
  ) EXECUTE FUNCTION "drills_changed"();--> statement-breakpoint
CREATE TRIGGER "community_settings_drills_insert" AFTER INSERT ON "community_settings"
  FOR EACH ROW EXECUTE FUNCTION "drills_changed"();--> statement-breakpoint
CREATE TRIGGER "community_settings_drills_zone" AFTER UPDATE ON "community_settings"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "drills_changed"();
