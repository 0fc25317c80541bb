-- Issue 14: assessments. A student's language sample (a recording's transcript, or one pasted or
-- imported: `transcript` keeps it as it came, in `sample_format`) with its measures as CLAN counts
-- them (`measures`, the answer of /api/lsa/analyze for `speaker`), the totals the seed names, the
-- conclusions the program proposes and the therapist edits, the errors coded per utterance
-- (`utterance_errors`: utterance index → kinds; the four counts follow it), and the
-- recommendation, notes and summary. A completed assessment is read-only until reopened.
CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"recording_id" uuid REFERENCES "recordings"("id") ON DELETE SET NULL,
	"assessment_status" text DEFAULT 'NEW' NOT NULL CHECK ("assessment_status" IN ('NEW', 'WORK_IN_PROGRESS', 'COMPLETED')),
	"language" text NOT NULL CHECK ("language" IN ('en', 'es')),
	"sample_format" text NOT NULL CHECK ("sample_format" IN ('chat', 'text')),
	"transcript" text NOT NULL,
	"speaker" text NOT NULL,
	"sample_date" date,
	"measures" jsonb NOT NULL,
	"total_student_sentences" integer NOT NULL DEFAULT 0,
	"total_sentences" integer NOT NULL DEFAULT 0,
	"total_vocabulary" integer NOT NULL DEFAULT 0,
	"mlu_m" numeric(8, 3),
	"syntax_conclusions" text,
	"tense_conclusions" text,
	"function_conclusions" text,
	"subject_info" text,
	"recommendation" text,
	"notes" text,
	"summary" text,
	"utterance_errors" jsonb NOT NULL DEFAULT '{}'::jsonb,
	"syntax_errors" integer NOT NULL DEFAULT 0,
	"grammar_errors" integer NOT NULL DEFAULT 0,
	"meaning_errors" integer NOT NULL DEFAULT 0,
	"function_errors" integer NOT NULL DEFAULT 0,
	"errors_version" integer NOT NULL DEFAULT 0,
	"completed_at" timestamp with time zone,
	"completed_by" uuid REFERENCES "users"("id"),
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE INDEX "assessments_title_sort_idx" ON "assessments" USING btree ("title","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_student_id_sort_idx" ON "assessments" USING btree ("student_id","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_assessment_status_sort_idx" ON "assessments" USING btree ("assessment_status","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_sample_date_sort_idx" ON "assessments" USING btree ("sample_date","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_total_student_sentences_sort_idx" ON "assessments" USING btree ("total_student_sentences","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_total_vocabulary_sort_idx" ON "assessments" USING btree ("total_vocabulary","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_mlu_m_sort_idx" ON "assessments" USING btree ("mlu_m","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_created_at_sort_idx" ON "assessments" USING btree ("created_at","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_updated_idx" ON "assessments" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "assessments_account_idx" ON "assessments" USING btree ("account_id","created_at") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- A student's assessments over time: the trend on the assessment screen.
CREATE INDEX "assessments_student_trend_idx" ON "assessments" USING btree ("student_id","sample_date","created_at") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_recording_idx" ON "assessments" USING btree ("recording_id") WHERE recording_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "assessments_title_trgm_idx" ON "assessments" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "assessments_title_prefix_idx" ON "assessments" USING btree ((lower("title") COLLATE "C"),"id") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The language of the account's reports (an assessment's PDF): English unless the account says Spanish.
ALTER TABLE "accounts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL CHECK ("language" IN ('en', 'es'));
