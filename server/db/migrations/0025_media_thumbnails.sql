ALTER TABLE "media" ADD COLUMN "thumb_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "thumb_size" bigint;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_thumb_key_unique" UNIQUE("thumb_key");