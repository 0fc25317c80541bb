-- Reports, second step (docs/decisions/029-reports.md): the caseload summary (every student of the
-- requester's analytics scope, as a PDF or a CSV) beside a student's progress; reports that expire;
-- and saved report definitions (what to make, over which period) a reader runs again with one click.
ALTER TABLE "reports" DROP CONSTRAINT "reports_kind_check";
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_check" CHECK ("kind" IN ('student_progress', 'caseload_summary'));
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "student_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "format" text DEFAULT 'pdf' NOT NULL CHECK ("format" IN ('pdf', 'csv'));
--> statement-breakpoint
-- A student's progress is about one student and is a PDF; a caseload summary is about no one student.
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_fields_check" CHECK (
  ("kind" = 'student_progress' AND "student_id" IS NOT NULL AND "format" = 'pdf')
  OR ("kind" = 'caseload_summary' AND "student_id" IS NULL));
--> statement-breakpoint
-- The measures a caseload summary lists (the students analytics' CSV columns), in their order; null
-- for the default set.
ALTER TABLE "reports" ADD COLUMN "measures" text[] CHECK ("measures" IS NULL OR ("kind" = 'caseload_summary' AND cardinality("measures") > 0));
--> statement-breakpoint
-- When a done or failed report and its file are removed by the expiry job (`report.expire`).
ALTER TABLE "reports" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "reports_expiry_idx" ON "reports" USING btree ("expires_at") WHERE "expires_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "report_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid REFERENCES "accounts"("id"),
	"owner_id" uuid NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 120),
	"kind" text NOT NULL CHECK ("kind" IN ('student_progress', 'caseload_summary')),
	"student_id" uuid REFERENCES "users"("id"),
	"format" text DEFAULT 'pdf' NOT NULL CHECK ("format" IN ('pdf', 'csv')),
	"measures" text[] CHECK ("measures" IS NULL OR ("kind" = 'caseload_summary' AND cardinality("measures") > 0)),
	-- The period: the last `period_days` days up to the day it runs, or the fixed days from..to.
	"period_days" integer CHECK ("period_days" BETWEEN 1 AND 366),
	"period_from" date,
	"period_to" date,
	"language" text NOT NULL CHECK ("language" IN ('en', 'es')),
	"note" text CHECK (char_length("note") <= 2000),
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CHECK (("kind" = 'student_progress' AND "student_id" IS NOT NULL AND "format" = 'pdf')
	    OR ("kind" = 'caseload_summary' AND "student_id" IS NULL)),
	CHECK (("period_days" IS NOT NULL AND "period_from" IS NULL AND "period_to" IS NULL)
	    OR ("period_days" IS NULL AND "period_from" IS NOT NULL AND "period_to" IS NOT NULL AND "period_from" <= "period_to"))
);
--> statement-breakpoint
CREATE INDEX "report_definitions_owner_idx" ON "report_definitions" USING btree ("owner_id", lower("name"), "id");
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "definition_id" uuid REFERENCES "report_definitions"("id") ON DELETE SET NULL;
