CREATE TABLE "rate_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_events_key_at_idx" ON "rate_events" USING btree ("key","at");--> statement-breakpoint
-- Counts one attempt at now_at under every key when each key has fewer than its limit within its
-- window, and returns 0; otherwise counts nothing and returns the longest wait in milliseconds
-- (until the limit-th newest attempt leaves its window). Each key is locked for the rest of the
-- transaction first, in one order everywhere (no deadlock), and each later statement of this
-- VOLATILE function reads with a fresh snapshot: two servers taking the last place of a key at the
-- same moment are serialized, and the second sees the first's row. One round trip per attempt.
CREATE FUNCTION "rate_take"(keys text[], limits integer[], windows_ms bigint[], now_at timestamptz)
RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  h integer;
  edge timestamptz;
  longest bigint := 0;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  FOR h IN SELECT DISTINCT hashtext(k) FROM unnest(keys) AS k ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(36, h);
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(keys, 1), 0) LOOP
    SELECT at INTO edge FROM rate_events
      WHERE key = keys[i] AND at > now_at - windows_ms[i] * interval '1 millisecond'
      ORDER BY at DESC OFFSET limits[i] - 1 LIMIT 1;
    IF FOUND THEN
      longest := greatest(longest, round(extract(epoch FROM edge - now_at) * 1000)::bigint + windows_ms[i]);
    END IF;
  END LOOP;
  IF longest > 0 THEN
    RETURN longest;
  END IF;
  INSERT INTO rate_events (key, at, expires_at)
    SELECT k, now_at, now_at + w * interval '1 millisecond' FROM unnest(keys, windows_ms) AS t(k, w);
  RETURN 0;
END
$$;
