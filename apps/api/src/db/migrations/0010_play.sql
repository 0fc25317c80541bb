-- Issue 12: assignments (a frozen copy of a completed game for one student), the sessions a student
-- plays them in, and every try. The copy and the scoring rules are frozen when the game is assigned:
-- later edits to the game or the app configuration change no running assignment.
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL REFERENCES "games"("id"),
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"name" text NOT NULL,
	"type" text NOT NULL CHECK ("type" IN ('sentence_practice', 'multiple_choice_answers')),
	"chapter_id" uuid REFERENCES "chapters"("id"),
	"activities" jsonb NOT NULL,
	"activities_count" integer NOT NULL CHECK ("activities_count" >= 1),
	"rules" jsonb NOT NULL,
	"max_attempts" integer NOT NULL CHECK ("max_attempts" BETWEEN 1 AND 20),
	"attempts" integer DEFAULT 0 NOT NULL CHECK ("attempts" >= 0),
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"assign_status" text DEFAULT 'ASSIGNED' NOT NULL CHECK ("assign_status" IN ('ASSIGNED', 'UNASSIGNED', 'PLAYED')),
	"best_score" numeric(5, 1),
	"last_score" numeric(5, 1),
	"last_played_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CHECK ("end_time" > "start_time")
);
--> statement-breakpoint
CREATE INDEX "assignments_student_idx" ON "assignments" USING btree ("student_id", "end_time" DESC, "id");
--> statement-breakpoint
CREATE INDEX "assignments_account_idx" ON "assignments" USING btree ("account_id", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "assignments_game_idx" ON "assignments" USING btree ("game_id");
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL REFERENCES "assignments"("id"),
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"status" text DEFAULT 'NEW' NOT NULL CHECK ("status" IN ('NEW', 'PLAYING', 'COMPLETED', 'INCOMPLETE')),
	"attempt" integer NOT NULL CHECK ("attempt" >= 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"total_right" integer DEFAULT 0 NOT NULL,
	"total_wrong" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"score" numeric(5, 1),
	"passed" boolean,
	"duration_ms" bigint DEFAULT 0 NOT NULL,
	"words_out_of_place" integer,
	"parts_of_speech" integer,
	"syntax_error" integer,
	"score_description" text,
	"evaluator_id" uuid REFERENCES "users"("id"),
	"evaluated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One open session per assignment: starting again resumes it.
CREATE UNIQUE INDEX "game_sessions_open_idx" ON "game_sessions" USING btree ("assignment_id") WHERE status IN ('NEW', 'PLAYING');
--> statement-breakpoint
CREATE INDEX "game_sessions_assignment_idx" ON "game_sessions" USING btree ("assignment_id", "started_at" DESC);
--> statement-breakpoint
CREATE INDEX "game_sessions_student_idx" ON "game_sessions" USING btree ("student_id", "started_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "game_sessions_account_idx" ON "game_sessions" USING btree ("account_id", "started_at" DESC, "id");
--> statement-breakpoint
CREATE TABLE "game_tries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL REFERENCES "game_sessions"("id"),
	"activity_id" uuid NOT NULL,
	"try_number" integer NOT NULL CHECK ("try_number" BETWEEN 1 AND 3),
	"client_try_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	UNIQUE ("session_id", "client_try_id"),
	UNIQUE ("session_id", "activity_id", "try_number")
);
--> statement-breakpoint
-- Sessions waiting for an evaluation, by student and newest first (dashboards, the evaluation list).
CREATE INDEX "game_sessions_waiting_idx" ON "game_sessions" USING btree ("student_id", "finished_at" DESC) WHERE evaluated_at IS NULL AND status IN ('COMPLETED', 'INCOMPLETE');
