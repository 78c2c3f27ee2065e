CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"image_media_id" uuid,
	"clip_media_id" uuid,
	"recording_id" uuid,
	"caption" text DEFAULT '' NOT NULL,
	"angles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frame_seconds" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempts_image_media_id_unique" UNIQUE("image_media_id"),
	CONSTRAINT "attempts_clip_media_id_unique" UNIQUE("clip_media_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"user_id" uuid NOT NULL,
	"think_tank" text NOT NULL,
	"topic_slug" text NOT NULL,
	"lesson_slug" text NOT NULL,
	"done_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"position_seconds" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_user_id_think_tank_topic_slug_lesson_slug_pk" PRIMARY KEY("user_id","think_tank","topic_slug","lesson_slug"),
	CONSTRAINT "lesson_progress_position" CHECK ("lesson_progress"."position_seconds" is null or "lesson_progress"."position_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_type";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "discussion_messages" ADD COLUMN "video_seconds" real;--> statement-breakpoint
ALTER TABLE "discussion_messages" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "lesson_videos" ADD COLUMN "duration_seconds" real;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_clip_media_id_media_id_fk" FOREIGN KEY ("clip_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_user_idx" ON "attempts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "attempts_recording_idx" ON "attempts" USING btree ("recording_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_messages" ADD CONSTRAINT "discussion_messages_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_attempt_idx" ON "chat_messages" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "discussion_messages_user_idx" ON "discussion_messages" USING btree ("user_id","think_tank","topic_slug","lesson_slug");--> statement-breakpoint
CREATE INDEX "discussion_messages_attempt_idx" ON "discussion_messages" USING btree ("attempt_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_type" CHECK ("chat_messages"."message_type" in ('text', 'photo', 'video', 'voice', 'attempt'));