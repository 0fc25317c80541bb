-- What whole-account analytics answers are valid for (docs/decisions/030-analytics-answers-kept.md): an
-- API instance keeps an account admin's (or platform staff's) games and activities answer while its
-- account's version here is the one it was computed at. Every change to a student's rollups (a session
-- finished, left or evaluated; a student deleted, restored or moved) gives the student's account (or
-- 'none', for students in no account) the sequence's next value, in the same transaction; rebuilding
-- every rollup bumps '*', which every answer depends on. Platform staff read the highest version.
CREATE SEQUENCE "analytics_version_seq";
--> statement-breakpoint
CREATE TABLE "analytics_versions" (
  "scope" text PRIMARY KEY,
  "version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "analytics_version_bump"(p_scope text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_versions (scope, version) VALUES (p_scope, nextval('analytics_version_seq'))
  ON CONFLICT (scope) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
-- The scope a student's rollups count in: their account, or 'none'.
CREATE FUNCTION "analytics_scope_of"(p_student uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT u.account_id::text FROM users u WHERE u.id = p_student), 'none');
$$;
--> statement-breakpoint
-- Migration 0019's trigger function, and the bump last: the version row is held only until commit.
CREATE OR REPLACE FUNCTION "student_day_on_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.finished_at IS NOT NULL
     AND (OLD.student_id, (OLD.finished_at AT TIME ZONE 'UTC')::date) IS DISTINCT FROM (NEW.student_id, (NEW.finished_at AT TIME ZONE 'UTC')::date) THEN
    PERFORM analytics_day_refresh(OLD.student_id, (OLD.finished_at AT TIME ZONE 'UTC')::date);
    IF OLD.student_id <> NEW.student_id THEN PERFORM analytics_version_bump(analytics_scope_of(OLD.student_id)); END IF;
  END IF;
  PERFORM analytics_day_refresh(NEW.student_id, (NEW.finished_at AT TIME ZONE 'UTC')::date);
  PERFORM analytics_version_bump(analytics_scope_of(NEW.student_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Migration 0022's trigger function, and both accounts' versions bumped.
CREATE OR REPLACE FUNCTION "analytics_month_on_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was uuid := CASE WHEN OLD.role = 'STUDENT' AND OLD.deleted_at IS NULL THEN OLD.account_id END;
  now_in uuid := CASE WHEN NEW.role = 'STUDENT' AND NEW.deleted_at IS NULL THEN NEW.account_id END;
BEGIN
  IF was IS NOT DISTINCT FROM now_in THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('student_day_stats:' || NEW.id::text, 0));
  IF was IS NOT NULL THEN PERFORM analytics_month_move(NEW.id, was, -1); END IF;
  IF now_in IS NOT NULL THEN PERFORM analytics_month_move(NEW.id, now_in, 1); END IF;
  -- In key order, as every writer takes these rows.
  PERFORM analytics_version_bump(s) FROM unnest(ARRAY[COALESCE(was::text, 'none'), COALESCE(now_in::text, 'none')]) s
   GROUP BY s ORDER BY s;
  RETURN NULL;
END $$;
