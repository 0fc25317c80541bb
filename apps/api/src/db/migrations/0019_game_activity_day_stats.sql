-- Games and activities analytics (docs/decisions/028-game-activity-rollups.md): three more rollups
-- kept by the trigger that keeps `student_day_stats` (migration 0018), keyed by student and UTC day
-- like it, so a caseload reads only its students' rows and the one lock per student that guards a
-- student's day guards these too. Each has a source view: the trigger and a rebuild read the same
-- definition.

-- A game's finished sessions per student and day. `durations` holds the completed sessions'
-- durations (ms, sorted): the median time of any period is read from them, never from the sessions.
CREATE VIEW "game_day_source" AS
SELECT a.game_id,
       s.student_id,
       (s.finished_at AT TIME ZONE 'UTC')::date AS day,
       (array_agg(s.account_id))[1] AS account_id,
       count(*)::int AS sessions,
       (count(*) FILTER (WHERE s.status = 'COMPLETED'))::int AS completed,
       (count(*) FILTER (WHERE s.passed))::int AS passed,
       count(s.score)::int AS scored,
       COALESCE(sum(s.score), 0)::numeric(12, 1) AS score_sum,
       COALESCE(sum(t.activities), 0)::int AS activities,
       COALESCE(sum(t.first_try), 0)::int AS first_try,
       COALESCE(sum(t.tries), 0)::int AS tries,
       COALESCE(sum(s.duration_ms), 0)::bigint AS duration_ms,
       COALESCE(array_agg(s.duration_ms::int ORDER BY s.duration_ms) FILTER (WHERE s.status = 'COMPLETED'), '{}')::int[] AS durations
  FROM "game_sessions" s
  JOIN "assignments" a ON a.id = s.assignment_id
  LEFT JOIN LATERAL (
    SELECT count(DISTINCT g.activity_id) AS activities,
           count(*) FILTER (WHERE g.try_number = 1 AND g.correct) AS first_try,
           count(*) AS tries
      FROM "game_tries" g WHERE g.session_id = s.id) t ON true
 WHERE s.finished_at IS NOT NULL AND s.status IN ('COMPLETED', 'INCOMPLETE')
 GROUP BY a.game_id, s.student_id, (s.finished_at AT TIME ZONE 'UTC')::date;
--> statement-breakpoint
CREATE TABLE "game_day_stats" (
	"game_id" uuid NOT NULL REFERENCES "games"("id"),
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"day" date NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"sessions" integer NOT NULL,
	"completed" integer NOT NULL,
	"passed" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" numeric(12, 1) NOT NULL,
	"activities" integer NOT NULL,
	"first_try" integer NOT NULL,
	"tries" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	"durations" integer[] NOT NULL,
	PRIMARY KEY ("student_id", "day", "game_id")
);
--> statement-breakpoint
CREATE INDEX "game_day_stats_account_idx" ON "game_day_stats" USING btree ("account_id", "day");
--> statement-breakpoint
CREATE INDEX "game_day_stats_game_idx" ON "game_day_stats" USING btree ("game_id", "day");
--> statement-breakpoint
-- Each activity a finished session reached: tried (with its tries), or where a left session stopped
-- (the first activity, in the game's order, neither answered right nor out of tries).
CREATE VIEW "activity_day_source" AS
WITH per_session AS (
  SELECT a.game_id, g.activity_id, s.student_id, (s.finished_at AT TIME ZONE 'UTC')::date AS day, s.account_id,
         1 AS tried,
         bool_or(g.correct)::int AS "right",
         bool_or(g.try_number = 1 AND g.correct)::int AS first_try,
         count(*)::int AS tries,
         sum(g.elapsed_ms)::bigint AS elapsed_ms,
         0 AS left_here
    FROM "game_sessions" s
    JOIN "assignments" a ON a.id = s.assignment_id
    JOIN "game_tries" g ON g.session_id = s.id
   WHERE s.finished_at IS NOT NULL AND s.status IN ('COMPLETED', 'INCOMPLETE')
   GROUP BY a.game_id, g.activity_id, s.id, s.student_id, (s.finished_at AT TIME ZONE 'UTC')::date, s.account_id
  UNION ALL
  SELECT a.game_id, stop.activity_id, s.student_id, (s.finished_at AT TIME ZONE 'UTC')::date, s.account_id,
         0, 0, 0, 0, 0::bigint, 1
    FROM "game_sessions" s
    JOIN "assignments" a ON a.id = s.assignment_id
    CROSS JOIN LATERAL (
      SELECT (e.act ->> 'id')::uuid AS activity_id
        FROM jsonb_array_elements(a.activities) WITH ORDINALITY AS e(act, n)
       WHERE NOT EXISTS (
               SELECT 1 FROM "game_tries" g
                WHERE g.session_id = s.id AND g.activity_id = (e.act ->> 'id')::uuid
               -- MAX_TRIES (packages/shared/src/play.ts): an activity is over when right or out of tries.
               HAVING bool_or(g.correct) OR count(*) >= 3)
       ORDER BY e.n LIMIT 1) stop
   WHERE s.finished_at IS NOT NULL AND s.status = 'INCOMPLETE'
)
SELECT game_id, activity_id, student_id, day,
       (array_agg(account_id))[1] AS account_id,
       sum(tried)::int AS tried,
       sum("right")::int AS "right",
       sum(first_try)::int AS first_try,
       sum(tries)::int AS tries,
       sum(elapsed_ms)::bigint AS elapsed_ms,
       sum(left_here)::int AS left_here
  FROM per_session
 GROUP BY game_id, activity_id, student_id, day;
--> statement-breakpoint
CREATE TABLE "activity_day_stats" (
	"game_id" uuid NOT NULL REFERENCES "games"("id"),
	"activity_id" uuid NOT NULL,
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"day" date NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"tried" integer NOT NULL,
	"right" integer NOT NULL,
	"first_try" integer NOT NULL,
	"tries" integer NOT NULL,
	"elapsed_ms" bigint NOT NULL,
	"left_here" integer NOT NULL,
	PRIMARY KEY ("student_id", "day", "game_id", "activity_id")
);
--> statement-breakpoint
CREATE INDEX "activity_day_stats_game_idx" ON "activity_day_stats" USING btree ("game_id", "day");
--> statement-breakpoint
CREATE INDEX "activity_day_stats_account_idx" ON "activity_day_stats" USING btree ("account_id", "day");
--> statement-breakpoint
-- The wrong answers, as the child gave them ({"index": n} chosen, {"words": [...]} built), counted.
CREATE VIEW "activity_answer_source" AS
SELECT a.game_id, g.activity_id, s.student_id, (s.finished_at AT TIME ZONE 'UTC')::date AS day,
       (array_agg(s.account_id))[1] AS account_id,
       g.answer,
       count(*)::int AS wrong
  FROM "game_sessions" s
  JOIN "assignments" a ON a.id = s.assignment_id
  JOIN "game_tries" g ON g.session_id = s.id
 WHERE s.finished_at IS NOT NULL AND s.status IN ('COMPLETED', 'INCOMPLETE') AND NOT g.correct
 GROUP BY a.game_id, g.activity_id, s.student_id, (s.finished_at AT TIME ZONE 'UTC')::date, g.answer;
--> statement-breakpoint
CREATE TABLE "activity_answer_stats" (
	"game_id" uuid NOT NULL REFERENCES "games"("id"),
	"activity_id" uuid NOT NULL,
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"day" date NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"answer" jsonb NOT NULL,
	"wrong" integer NOT NULL,
	PRIMARY KEY ("student_id", "day", "game_id", "activity_id", "answer")
);
--> statement-breakpoint
CREATE INDEX "activity_answer_stats_activity_idx" ON "activity_answer_stats" USING btree ("activity_id", "day");
--> statement-breakpoint
-- One student's day in every rollup, recomputed from the sources under the student's lock.
CREATE FUNCTION "analytics_day_refresh"(p_student uuid, p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('student_day_stats:' || p_student::text, 0));
  DELETE FROM student_day_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO student_day_stats SELECT * FROM student_day_source WHERE student_id = p_student AND day = p_day;
  DELETE FROM game_day_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO game_day_stats SELECT * FROM game_day_source WHERE student_id = p_student AND day = p_day;
  DELETE FROM activity_day_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO activity_day_stats SELECT * FROM activity_day_source WHERE student_id = p_student AND day = p_day;
  DELETE FROM activity_answer_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO activity_answer_stats SELECT * FROM activity_answer_source WHERE student_id = p_student AND day = p_day;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "student_day_on_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.finished_at IS NOT NULL
     AND (OLD.student_id, (OLD.finished_at AT TIME ZONE 'UTC')::date) IS DISTINCT FROM (NEW.student_id, (NEW.finished_at AT TIME ZONE 'UTC')::date) THEN
    PERFORM analytics_day_refresh(OLD.student_id, (OLD.finished_at AT TIME ZONE 'UTC')::date);
  END IF;
  PERFORM analytics_day_refresh(NEW.student_id, (NEW.finished_at AT TIME ZONE 'UTC')::date);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION "student_day_refresh"(uuid, date);
--> statement-breakpoint
-- Every rollup recomputed from the raw rows (`npm run analytics:rebuild`), writers held off meanwhile.
CREATE FUNCTION "analytics_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE student_day_stats, game_day_stats, activity_day_stats, activity_answer_stats IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM student_day_stats;
  INSERT INTO student_day_stats SELECT * FROM student_day_source;
  DELETE FROM game_day_stats;
  INSERT INTO game_day_stats SELECT * FROM game_day_source;
  DELETE FROM activity_day_stats;
  INSERT INTO activity_day_stats SELECT * FROM activity_day_source;
  DELETE FROM activity_answer_stats;
  INSERT INTO activity_answer_stats SELECT * FROM activity_answer_source;
END $$;
--> statement-breakpoint
-- The sessions already finished.
INSERT INTO "game_day_stats" SELECT * FROM "game_day_source";
--> statement-breakpoint
INSERT INTO "activity_day_stats" SELECT * FROM "activity_day_source";
--> statement-breakpoint
INSERT INTO "activity_answer_stats" SELECT * FROM "activity_answer_source";
--> statement-breakpoint
-- Users analytics (decision 028): what each adult did in a period, counted through these indexes (a
-- page of users, each a few index range scans; no try is read).
CREATE INDEX "assignments_created_by_idx" ON "assignments" USING btree ("created_by", "created_at");
--> statement-breakpoint
CREATE INDEX "game_sessions_evaluator_idx" ON "game_sessions" USING btree ("evaluator_id", "evaluated_at") WHERE evaluated_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "recordings_created_by_idx" ON "recordings" USING btree ("created_by", "created_at") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "assessments_created_by_idx" ON "assessments" USING btree ("created_by", "created_at") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The platform dashboard's active students per day read the students' days by day alone.
CREATE INDEX "student_day_stats_day_idx" ON "student_day_stats" USING btree ("day");
