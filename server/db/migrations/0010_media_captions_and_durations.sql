ALTER TABLE "media" DROP CONSTRAINT "media_kind";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_checked" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_videos" ADD COLUMN "captions_media_id" uuid;--> statement-breakpoint
ALTER TABLE "lesson_videos" ADD CONSTRAINT "lesson_videos_captions_media_id_media_id_fk" FOREIGN KEY ("captions_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_kind" CHECK ("media"."kind" in ('avatar', 'chat', 'recording-audio', 'recording-screen', 'lesson-video', 'lesson-captions'));--> statement-breakpoint
-- WebM stored until now may lack its Duration (MediaRecorder's files): the server checks them in the background.
UPDATE "media" SET "duration_checked" = false WHERE "content_type" IN ('audio/webm', 'video/webm');
