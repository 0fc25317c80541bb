-- Issue 13: recorded sessions and their transcripts. A recording is a student's language sample with
-- the guardian's consent (who confirmed it and when); the upload's bytes stay as they came under
-- `source_key` until the recording is deleted for good, the normalised 16 kHz mono WAV under
-- `audio_key`. The pipeline's steps are jobs; `failure_*` says which step failed and why, until a
-- retry clears it. Utterances are the transcript, in time order, edited as one document whose
-- `transcript_version` detects two editors writing over each other.
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"language" text NOT NULL CHECK ("language" IN ('en', 'es')),
	"session_status" text DEFAULT 'NEW' NOT NULL CHECK ("session_status" IN ('NEW', 'RECORDED', 'PENDING_AUDIO', 'AUDIO_COMPLETED', 'PENDING_TRANSCRIPTION', 'SENT_TRANSCRIPTION', 'PROCESSING_TRANSCRIPTION', 'TRANSCRIPTION_COMPLETED', 'READY', 'WORK_IN_PROGRESS', 'COMPLETED')),
	"engine" text DEFAULT 'manual' NOT NULL CHECK ("engine" IN ('manual', 'local', 'hosted')),
	"consent_by" uuid NOT NULL REFERENCES "users"("id"),
	"consent_at" timestamp with time zone NOT NULL,
	"source_key" text,
	"source_name" text,
	"source_type" text,
	"source_size" bigint CHECK ("source_size" >= 0),
	"audio_key" text,
	"duration_ms" integer CHECK ("duration_ms" >= 0),
	"peaks" bytea,
	"progress" integer DEFAULT 0 NOT NULL CHECK ("progress" BETWEEN 0 AND 100),
	"failure_step" text CHECK ("failure_step" IN ('audio', 'transcription')),
	"failure_reason" text,
	"failed_at" timestamp with time zone,
	"transcript_version" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE INDEX "recordings_title_sort_idx" ON "recordings" USING btree ("title","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "recordings_student_id_sort_idx" ON "recordings" USING btree ("student_id","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "recordings_session_status_sort_idx" ON "recordings" USING btree ("session_status","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "recordings_duration_ms_sort_idx" ON "recordings" USING btree ("duration_ms","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "recordings_created_at_sort_idx" ON "recordings" USING btree ("created_at","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "recordings_updated_idx" ON "recordings" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "recordings_account_idx" ON "recordings" USING btree ("account_id","created_at") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The trash, oldest first: what the purge job deletes for good.
CREATE INDEX "recordings_trash_idx" ON "recordings" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "recordings_title_trgm_idx" ON "recordings" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "recordings_title_prefix_idx" ON "recordings" USING btree ((lower("title") COLLATE "C"),"id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE TABLE "utterances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recording_id" uuid NOT NULL REFERENCES "recordings"("id") ON DELETE CASCADE,
	"position" integer NOT NULL CHECK ("position" >= 1),
	"start_ms" integer CHECK ("start_ms" >= 0),
	"end_ms" integer CHECK ("end_ms" >= 0),
	"speaker" text NOT NULL CHECK ("speaker" IN ('STUDENT', 'THERAPIST', 'OTHER')),
	"text" text DEFAULT '' NOT NULL,
	"confidence" real CHECK ("confidence" BETWEEN 0 AND 1),
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CHECK ("end_ms" IS NULL OR "start_ms" IS NULL OR "end_ms" >= "start_ms"),
	UNIQUE ("recording_id", "position")
);
