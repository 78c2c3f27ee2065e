DROP INDEX "attempts_user_idx";--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "reply_message_id" bigint;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "reply_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "attempts_awaiting_idx" ON "attempts" USING btree ("created_at","id") WHERE "attempts"."replied_at" is null;--> statement-breakpoint
CREATE INDEX "attempts_user_idx" ON "attempts" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- Backfill (decision 52): each attempt's first coach reply, as the review list worked it out per request:
-- an admin (is_admin; admins named only in ADMIN_EMAILS are added at start-up) other than its author
-- posting in its lesson's discussion after it, or replying to its chat message.
UPDATE "attempts" SET "replied_at" = "first"."created_at", "reply_message_id" = "first"."message_id"
FROM (
  SELECT DISTINCT ON ("attempt_id") "attempt_id", "message_id", "created_at"
  FROM (
    SELECT "a"."id" AS "attempt_id", "d"."id" AS "message_id", "d"."created_at"
    FROM "attempts" "a"
    JOIN "discussion_messages" "am" ON "am"."attempt_id" = "a"."id"
    JOIN "discussion_messages" "d" ON "d"."think_tank" = "am"."think_tank" AND "d"."topic_slug" = "am"."topic_slug"
      AND "d"."lesson_slug" = "am"."lesson_slug" AND "d"."id" > "am"."id"
    JOIN "users" "u" ON "u"."id" = "d"."user_id" AND "u"."is_admin" AND "u"."id" <> "a"."user_id"
    UNION ALL
    SELECT "a"."id", "r"."id", "r"."created_at"
    FROM "attempts" "a"
    JOIN "chat_messages" "cm" ON "cm"."attempt_id" = "a"."id"
    JOIN "chat_messages" "r" ON "r"."reply_to_id" = "cm"."id"
    JOIN "users" "u" ON "u"."id" = "r"."user_id" AND "u"."is_admin" AND "u"."id" <> "a"."user_id"
  ) "replies"
  ORDER BY "attempt_id", "created_at", "message_id"
) "first"
WHERE "attempts"."id" = "first"."attempt_id";--> statement-breakpoint
-- Replies given before this migration count as seen: a chat reply was shown in the room, and a lesson's
-- reply once the member opened the lesson after it (the topic page's 'New reply' pill still says so).
UPDATE "attempts" SET "reply_seen_at" = "replied_at"
WHERE "replied_at" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "discussion_messages" "am"
  WHERE "am"."attempt_id" = "attempts"."id" AND NOT EXISTS (
    SELECT 1 FROM "lesson_progress" "p"
    WHERE "p"."user_id" = "attempts"."user_id" AND "p"."think_tank" = "am"."think_tank"
      AND "p"."topic_slug" = "am"."topic_slug" AND "p"."lesson_slug" = "am"."lesson_slug"
      AND "p"."opened_at" >= "attempts"."replied_at"));
