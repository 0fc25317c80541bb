-- Students analytics (docs/decisions/026-analytics-rollups.md): one row per student and UTC day of
-- the sessions they finished that day, kept by the write path itself. Every change to a finished
-- session (finishing it, leaving it, its expiry, its evaluation) recomputes that student's day from
-- the sessions and their tries, under a lock per student, so concurrent writes never lose a
-- session. `student_day_source` is the one definition both the trigger and a rebuild read.
CREATE VIEW "student_day_source" AS
SELECT s.student_id,
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
       count(s.evaluated_at)::int AS evaluated,
       COALESCE(sum(s.words_out_of_place), 0)::int AS words_out_of_place,
       COALESCE(sum(s.parts_of_speech), 0)::int AS parts_of_speech,
       COALESCE(sum(s.syntax_error), 0)::int AS syntax_error
  FROM "game_sessions" s
  LEFT JOIN LATERAL (
    SELECT count(DISTINCT g.activity_id) AS activities,
           count(*) FILTER (WHERE g.try_number = 1 AND g.correct) AS first_try,
           count(*) AS tries
      FROM "game_tries" g WHERE g.session_id = s.id) t ON true
 WHERE s.finished_at IS NOT NULL AND s.status IN ('COMPLETED', 'INCOMPLETE')
 GROUP BY s.student_id, (s.finished_at AT TIME ZONE 'UTC')::date;
--> statement-breakpoint
CREATE TABLE "student_day_stats" (
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
	"evaluated" integer NOT NULL,
	"words_out_of_place" integer NOT NULL,
	"parts_of_speech" integer NOT NULL,
	"syntax_error" integer NOT NULL,
	PRIMARY KEY ("student_id", "day")
);
--> statement-breakpoint
CREATE INDEX "student_day_stats_account_idx" ON "student_day_stats" USING btree ("account_id", "day");
--> statement-breakpoint
-- A student's sessions of one day, found by the same expression the view groups by.
CREATE INDEX "game_sessions_student_day_idx" ON "game_sessions" USING btree ("student_id", ((finished_at AT TIME ZONE 'UTC')::date)) WHERE finished_at IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "student_day_refresh"(p_student uuid, p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One writer per student at a time; the statements below then see every committed session.
  PERFORM pg_advisory_xact_lock(hashtextextended('student_day_stats:' || p_student::text, 0));
  DELETE FROM student_day_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO student_day_stats SELECT * FROM student_day_source WHERE student_id = p_student AND day = p_day;
END $$;
--> statement-breakpoint
CREATE FUNCTION "student_day_on_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.finished_at IS NOT NULL
     AND (OLD.student_id, (OLD.finished_at AT TIME ZONE 'UTC')::date) IS DISTINCT FROM (NEW.student_id, (NEW.finished_at AT TIME ZONE 'UTC')::date) THEN
    PERFORM student_day_refresh(OLD.student_id, (OLD.finished_at AT TIME ZONE 'UTC')::date);
  END IF;
  PERFORM student_day_refresh(NEW.student_id, (NEW.finished_at AT TIME ZONE 'UTC')::date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "game_sessions_student_day" AFTER INSERT OR UPDATE ON "game_sessions"
  FOR EACH ROW WHEN (NEW.finished_at IS NOT NULL) EXECUTE FUNCTION student_day_on_session();
--> statement-breakpoint
-- The days of the sessions already finished.
INSERT INTO "student_day_stats" SELECT * FROM "student_day_source";
