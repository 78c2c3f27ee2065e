-- Recordings made before this change were recorded with a silent screen file (the voice only in the audio
-- file): they keep false and play their two files in step (decision 48).
ALTER TABLE "recordings" ADD COLUMN "screen_has_audio" boolean DEFAULT false NOT NULL;