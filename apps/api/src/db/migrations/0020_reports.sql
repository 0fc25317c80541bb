-- Reports (docs/decisions/029-reports.md, docs/product.md §6): a document a background job makes and
-- keeps for download. The row says what was asked (kind, student, period, language, the therapist's
-- note), who asked and in which account, and how the job is doing (status, progress); the PDF's bytes
-- live in the storage layer under `storage_key` once done. A requester reads their own reports, newest
-- first: the index below is that list's walk.
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('student_progress')),
	"account_id" uuid REFERENCES "accounts"("id"),
	"requested_by" uuid NOT NULL REFERENCES "users"("id"),
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"language" text NOT NULL CHECK ("language" IN ('en', 'es')),
	"note" text CHECK (char_length("note") <= 2000),
	"status" text DEFAULT 'queued' NOT NULL CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
	"progress" integer DEFAULT 0 NOT NULL CHECK ("progress" BETWEEN 0 AND 100),
	"storage_key" text,
	"file_size" integer CHECK ("file_size" >= 0),
	"failure_reason" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CHECK ("period_from" <= "period_to")
);
--> statement-breakpoint
CREATE INDEX "reports_requester_idx" ON "reports" USING btree ("requested_by","created_at" DESC,"id" DESC);
