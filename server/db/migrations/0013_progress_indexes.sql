DROP INDEX "discussion_messages_user_idx";--> statement-breakpoint
CREATE INDEX "users_admin_idx" ON "users" USING btree ("id") WHERE "users"."is_admin";--> statement-breakpoint
CREATE INDEX "discussion_messages_user_idx" ON "discussion_messages" USING btree ("user_id","think_tank","topic_slug","lesson_slug","created_at");