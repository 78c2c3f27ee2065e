-- 0030's drills_changed compared the row's id with assignments.created_by for every table, and
-- community_settings' id is an integer: a time zone change failed. Only a user's row is looked up now.
CREATE OR REPLACE FUNCTION "drills_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'assignment_members' THEN
    PERFORM pg_notify('tribe36_drills', r.user_id::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    -- A coach's name shows on their members' drills: every list; a member's on their own.
    IF EXISTS (SELECT 1 FROM "assignments" WHERE "created_by" = OLD."id") THEN
      PERFORM pg_notify('tribe36_drills', '');
    ELSE
      PERFORM pg_notify('tribe36_drills', OLD."id"::text);
    END IF;
  ELSE
    PERFORM pg_notify('tribe36_drills', '');
  END IF;
  RETURN NULL;
END
$$;
