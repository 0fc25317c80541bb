-- Issue 13: the longest recording the MAA module takes (minutes): the browser recorder stops there
-- and the audio step refuses a longer upload. 60 is also the most the pipeline accepts.
ALTER TABLE "app_configuration" ADD COLUMN "max_recording_minutes" integer DEFAULT 60 NOT NULL CHECK ("max_recording_minutes" BETWEEN 1 AND 60);
