-- Games and activities analytics for whole accounts (docs/decisions/028-game-activity-rollups.md):
-- an account's admin (or platform staff) reading a year would sum hundreds of thousands of per-student
-- day rows. These two rollups keep, per account and game (and activity), RUNNING TOTALS by month:
-- element k of each array is the total from the beginning through month k (k = year * 12 + month - 1),
-- so any run of whole months is two array reads per game or activity, whatever its length. Before an
-- array's first month a total is 0; after its last month it stays at its last value. The account is
-- the student's own (users.account_id), and only students not deleted count: exactly who an account
-- reads (`studentsScope`). The edge days of a period are read from the day rollups.

-- Month k of a day.
CREATE FUNCTION "analytics_month"(d date) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (EXTRACT(YEAR FROM d) * 12 + EXTRACT(MONTH FROM d) - 1)::integer
$$;
--> statement-breakpoint
-- Running totals from per-month sums: `months` ascending, `sums` theirs; the result holds every month
-- from the first to the last.
CREATE FUNCTION "analytics_running_of"(months integer[], sums anyarray) RETURNS anyarray LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  r ALIAS FOR $0;
  j integer := 1;
BEGIN
  r := sums[1:0];
  IF cardinality(months) = 0 THEN RETURN r; END IF;
  FOR k IN months[1]..months[cardinality(months)] LOOP
    IF months[j] = k THEN
      r[k] := COALESCE(r[k - 1], 0) + sums[j];
      j := j + 1;
    ELSE
      r[k] := r[k - 1];
    END IF;
  END LOOP;
  RETURN r;
END $$;
--> statement-breakpoint
-- Two running totals added: `a` changed by what `b` adds each month (any months).
CREATE FUNCTION "analytics_running_merge"(a anyarray, b anyarray) RETURNS anyarray LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  r ALIAS FOR $0;
  lo integer;
  hi integer;
BEGIN
  r := a;
  IF cardinality(b) = 0 THEN RETURN r; END IF;
  FOR k IN array_lower(b, 1)..array_upper(b, 1) LOOP
    CONTINUE WHEN b[k] = COALESCE(b[k - 1], 0);
    lo := array_lower(r, 1);
    hi := array_upper(r, 1);
    IF lo IS NULL THEN
      r[k] := 0;
    ELSIF k < lo THEN
      FOR i IN REVERSE lo - 1..k LOOP r[i] := 0; END LOOP;
    ELSIF k > hi THEN
      FOR i IN hi + 1..k LOOP r[i] := r[hi]; END LOOP;
    END IF;
    FOR i IN k..array_upper(r, 1) LOOP
      r[i] := r[i] + (b[k] - COALESCE(b[k - 1], 0));
    END LOOP;
  END LOOP;
  RETURN r;
END $$;
--> statement-breakpoint
-- The same, inlined where it is called: a finished session changes one month, its array's last or the
-- month after it (the month now), which built-in array functions do (a lower bound is kept by the
-- left operand of ||) with no PL/pgSQL call; anything else is merged.
CREATE FUNCTION "analytics_running_add"(a anyarray, b anyarray) RETURNS anyarray LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN cardinality(b) <> 1 OR cardinality(a) = 0
         OR array_lower(b, 1) < array_upper(a, 1) OR array_lower(b, 1) > array_upper(a, 1) + 1
      THEN analytics_running_merge(a, b)
    WHEN array_lower(b, 1) > array_upper(a, 1)
      THEN a || (a[array_upper(a, 1)] + b[array_lower(b, 1)])
    WHEN array_lower(a, 1) = array_upper(a, 1)
      THEN array_fill(a[array_upper(a, 1)] + b[array_lower(b, 1)], ARRAY[1], ARRAY[array_lower(a, 1)])
    ELSE array_fill(a[array_lower(a, 1)], ARRAY[1], ARRAY[array_lower(a, 1)])
         || a[array_lower(a, 1) + 1:array_upper(a, 1) - 1]
         || (a[array_upper(a, 1)] + b[array_lower(b, 1)])
  END
$$;
--> statement-breakpoint
CREATE TABLE "game_month_stats" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"game_id" uuid NOT NULL REFERENCES "games"("id"),
	"sessions" integer[] NOT NULL,
	"completed" integer[] NOT NULL,
	"passed" integer[] NOT NULL,
	"scored" integer[] NOT NULL,
	"score_tenths" bigint[] NOT NULL,
	"activities" integer[] NOT NULL,
	"first_try" integer[] NOT NULL,
	PRIMARY KEY ("account_id", "game_id")
);
--> statement-breakpoint
CREATE TABLE "activity_month_stats" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"game_id" uuid NOT NULL REFERENCES "games"("id"),
	"activity_id" uuid NOT NULL,
	"tried" integer[] NOT NULL,
	"right" integer[] NOT NULL,
	"first_try" integer[] NOT NULL,
	"tries" integer[] NOT NULL,
	"elapsed_ms" bigint[] NOT NULL,
	"left_here" integer[] NOT NULL,
	PRIMARY KEY ("account_id", "game_id", "activity_id")
);
--> statement-breakpoint
-- The definitions a rebuild reads: each account's students' day rows by month, as running totals.
CREATE VIEW "game_month_source" AS
SELECT account_id, game_id,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(sessions ORDER BY month)) AS sessions,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(completed ORDER BY month)) AS completed,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(passed ORDER BY month)) AS passed,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(scored ORDER BY month)) AS scored,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(score_tenths ORDER BY month)) AS score_tenths,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(activities ORDER BY month)) AS activities,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(first_try ORDER BY month)) AS first_try
  FROM (SELECT u.account_id, d.game_id, analytics_month(d.day) AS month,
               sum(d.sessions)::integer AS sessions, sum(d.completed)::integer AS completed,
               sum(d.passed)::integer AS passed, sum(d.scored)::integer AS scored,
               sum(d.score_sum * 10)::bigint AS score_tenths,
               sum(d.activities)::integer AS activities, sum(d.first_try)::integer AS first_try
          FROM game_day_stats d JOIN users u ON u.id = d.student_id
         WHERE u.role = 'STUDENT' AND u.deleted_at IS NULL AND u.account_id IS NOT NULL
         GROUP BY u.account_id, d.game_id, analytics_month(d.day)) m
 GROUP BY account_id, game_id;
--> statement-breakpoint
CREATE VIEW "activity_month_source" AS
SELECT account_id, game_id, activity_id,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(tried ORDER BY month)) AS tried,
       analytics_running_of(array_agg(month ORDER BY month), array_agg("right" ORDER BY month)) AS "right",
       analytics_running_of(array_agg(month ORDER BY month), array_agg(first_try ORDER BY month)) AS first_try,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(tries ORDER BY month)) AS tries,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(elapsed_ms ORDER BY month)) AS elapsed_ms,
       analytics_running_of(array_agg(month ORDER BY month), array_agg(left_here ORDER BY month)) AS left_here
  FROM (SELECT u.account_id, d.game_id, d.activity_id, analytics_month(d.day) AS month,
               sum(d.tried)::integer AS tried, sum(d."right")::integer AS "right",
               sum(d.first_try)::integer AS first_try, sum(d.tries)::integer AS tries,
               sum(d.elapsed_ms)::bigint AS elapsed_ms, sum(d.left_here)::integer AS left_here
          FROM activity_day_stats d JOIN users u ON u.id = d.student_id
         WHERE u.role = 'STUDENT' AND u.deleted_at IS NULL AND u.account_id IS NOT NULL
         GROUP BY u.account_id, d.game_id, d.activity_id, analytics_month(d.day)) m
 GROUP BY account_id, game_id, activity_id;
--> statement-breakpoint
-- One student's day rows added to (sign 1) or taken from (sign -1) an account's running totals: a
-- student deleted, restored or moved. Keys in order, so two writers never lock rows crosswise.
CREATE FUNCTION "analytics_month_move"(p_student uuid, p_account uuid, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_month_stats AS t
  SELECT p_account, game_id,
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * sessions ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * completed ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * passed ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * scored ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * score_tenths ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * activities ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * first_try ORDER BY month))
    FROM (SELECT d.game_id, analytics_month(d.day) AS month,
                 sum(d.sessions)::integer AS sessions, sum(d.completed)::integer AS completed,
                 sum(d.passed)::integer AS passed, sum(d.scored)::integer AS scored,
                 sum(d.score_sum * 10)::bigint AS score_tenths,
                 sum(d.activities)::integer AS activities, sum(d.first_try)::integer AS first_try
            FROM game_day_stats d WHERE d.student_id = p_student
           GROUP BY d.game_id, analytics_month(d.day)) m
   GROUP BY game_id ORDER BY game_id
  ON CONFLICT (account_id, game_id) DO UPDATE SET
    sessions = analytics_running_add(t.sessions, excluded.sessions),
    completed = analytics_running_add(t.completed, excluded.completed),
    passed = analytics_running_add(t.passed, excluded.passed),
    scored = analytics_running_add(t.scored, excluded.scored),
    score_tenths = analytics_running_add(t.score_tenths, excluded.score_tenths),
    activities = analytics_running_add(t.activities, excluded.activities),
    first_try = analytics_running_add(t.first_try, excluded.first_try);
  INSERT INTO activity_month_stats AS t
  SELECT p_account, game_id, activity_id,
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * tried ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * "right" ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * first_try ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * tries ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * elapsed_ms ORDER BY month)),
         analytics_running_of(array_agg(month ORDER BY month), array_agg(p_sign * left_here ORDER BY month))
    FROM (SELECT d.game_id, d.activity_id, analytics_month(d.day) AS month,
                 sum(d.tried)::integer AS tried, sum(d."right")::integer AS "right",
                 sum(d.first_try)::integer AS first_try, sum(d.tries)::integer AS tries,
                 sum(d.elapsed_ms)::bigint AS elapsed_ms, sum(d.left_here)::integer AS left_here
            FROM activity_day_stats d WHERE d.student_id = p_student
           GROUP BY d.game_id, d.activity_id, analytics_month(d.day)) m
   GROUP BY game_id, activity_id ORDER BY game_id, activity_id
  ON CONFLICT (account_id, game_id, activity_id) DO UPDATE SET
    tried = analytics_running_add(t.tried, excluded.tried),
    "right" = analytics_running_add(t."right", excluded."right"),
    first_try = analytics_running_add(t.first_try, excluded.first_try),
    tries = analytics_running_add(t.tries, excluded.tries),
    elapsed_ms = analytics_running_add(t.elapsed_ms, excluded.elapsed_ms),
    left_here = analytics_running_add(t.left_here, excluded.left_here);
END $$;
--> statement-breakpoint
-- One student's day in every rollup (migration 0019), and now the change to their account's month
-- totals: the day's old game and activity rows are kept before the recomputation, and new minus old
-- is added (only where something changed: an evaluation touches no total), under the student's lock.
-- Concurrent refreshes of other students of the account add to the same rows, each its own change.
CREATE OR REPLACE FUNCTION "analytics_day_refresh"(p_student uuid, p_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  account uuid;
  month integer := analytics_month(p_day);
  old_games game_day_stats[];
  old_activities activity_day_stats[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('student_day_stats:' || p_student::text, 0));
  SELECT u.account_id INTO account FROM users u WHERE u.id = p_student AND u.role = 'STUDENT' AND u.deleted_at IS NULL;
  IF account IS NOT NULL THEN
    old_games := ARRAY(SELECT d FROM game_day_stats d WHERE d.student_id = p_student AND d.day = p_day);
    old_activities := ARRAY(SELECT d FROM activity_day_stats d WHERE d.student_id = p_student AND d.day = p_day);
  END IF;
  DELETE FROM student_day_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO student_day_stats SELECT * FROM student_day_source WHERE student_id = p_student AND day = p_day;
  DELETE FROM game_day_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO game_day_stats SELECT * FROM game_day_source WHERE student_id = p_student AND day = p_day;
  DELETE FROM activity_day_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO activity_day_stats SELECT * FROM activity_day_source WHERE student_id = p_student AND day = p_day;
  DELETE FROM activity_answer_stats WHERE student_id = p_student AND day = p_day;
  INSERT INTO activity_answer_stats SELECT * FROM activity_answer_source WHERE student_id = p_student AND day = p_day;
  IF account IS NULL THEN RETURN; END IF;
  INSERT INTO game_month_stats AS t
  SELECT account, x.game_id,
         array_fill(sum(x.sessions)::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.completed)::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.passed)::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.scored)::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.score_tenths)::bigint, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.activities)::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.first_try)::integer, ARRAY[1], ARRAY[month])
    FROM (SELECT n.game_id, n.sessions, n.completed, n.passed, n.scored, (n.score_sum * 10)::bigint AS score_tenths,
                 n.activities, n.first_try
            FROM game_day_stats n WHERE n.student_id = p_student AND n.day = p_day
          UNION ALL
          SELECT o.game_id, -o.sessions, -o.completed, -o.passed, -o.scored, -(o.score_sum * 10)::bigint,
                 -o.activities, -o.first_try
            FROM unnest(old_games) o) x
   GROUP BY x.game_id
  HAVING sum(x.sessions) <> 0 OR sum(x.completed) <> 0 OR sum(x.passed) <> 0 OR sum(x.scored) <> 0
      OR sum(x.score_tenths) <> 0 OR sum(x.activities) <> 0 OR sum(x.first_try) <> 0
   ORDER BY x.game_id
  ON CONFLICT (account_id, game_id) DO UPDATE SET
    sessions = analytics_running_add(t.sessions, excluded.sessions),
    completed = analytics_running_add(t.completed, excluded.completed),
    passed = analytics_running_add(t.passed, excluded.passed),
    scored = analytics_running_add(t.scored, excluded.scored),
    score_tenths = analytics_running_add(t.score_tenths, excluded.score_tenths),
    activities = analytics_running_add(t.activities, excluded.activities),
    first_try = analytics_running_add(t.first_try, excluded.first_try);
  INSERT INTO activity_month_stats AS t
  SELECT account, x.game_id, x.activity_id,
         array_fill(sum(x.tried)::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x."right")::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.first_try)::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.tries)::integer, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.elapsed_ms)::bigint, ARRAY[1], ARRAY[month]),
         array_fill(sum(x.left_here)::integer, ARRAY[1], ARRAY[month])
    FROM (SELECT n.game_id, n.activity_id, n.tried, n."right", n.first_try, n.tries, n.elapsed_ms, n.left_here
            FROM activity_day_stats n WHERE n.student_id = p_student AND n.day = p_day
          UNION ALL
          SELECT o.game_id, o.activity_id, -o.tried, -o."right", -o.first_try, -o.tries, -o.elapsed_ms, -o.left_here
            FROM unnest(old_activities) o) x
   GROUP BY x.game_id, x.activity_id
  HAVING sum(x.tried) <> 0 OR sum(x."right") <> 0 OR sum(x.first_try) <> 0 OR sum(x.tries) <> 0
      OR sum(x.elapsed_ms) <> 0 OR sum(x.left_here) <> 0
   ORDER BY x.game_id, x.activity_id
  ON CONFLICT (account_id, game_id, activity_id) DO UPDATE SET
    tried = analytics_running_add(t.tried, excluded.tried),
    "right" = analytics_running_add(t."right", excluded."right"),
    first_try = analytics_running_add(t.first_try, excluded.first_try),
    tries = analytics_running_add(t.tries, excluded.tries),
    elapsed_ms = analytics_running_add(t.elapsed_ms, excluded.elapsed_ms),
    left_here = analytics_running_add(t.left_here, excluded.left_here);
END $$;
--> statement-breakpoint
-- A student who stops or starts counting for an account (deleted, restored, moved, no longer a
-- student) takes their days out of one account's totals and into the other's, under their lock.
CREATE FUNCTION "analytics_month_on_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was uuid := CASE WHEN OLD.role = 'STUDENT' AND OLD.deleted_at IS NULL THEN OLD.account_id END;
  now_in uuid := CASE WHEN NEW.role = 'STUDENT' AND NEW.deleted_at IS NULL THEN NEW.account_id END;
BEGIN
  IF was IS NOT DISTINCT FROM now_in THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('student_day_stats:' || NEW.id::text, 0));
  IF was IS NOT NULL THEN PERFORM analytics_month_move(NEW.id, was, -1); END IF;
  IF now_in IS NOT NULL THEN PERFORM analytics_month_move(NEW.id, now_in, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_analytics_month" AFTER UPDATE OF role, account_id, deleted_at ON "users"
  FOR EACH ROW EXECUTE FUNCTION analytics_month_on_user();
--> statement-breakpoint
-- Every rollup recomputed from the raw rows (`npm run analytics:rebuild`), writers held off meanwhile;
-- the month totals last, from the day rows just rebuilt.
CREATE OR REPLACE FUNCTION "analytics_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE student_day_stats, game_day_stats, activity_day_stats, activity_answer_stats,
             game_month_stats, activity_month_stats IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM student_day_stats;
  INSERT INTO student_day_stats SELECT * FROM student_day_source;
  DELETE FROM game_day_stats;
  INSERT INTO game_day_stats SELECT * FROM game_day_source;
  DELETE FROM activity_day_stats;
  INSERT INTO activity_day_stats SELECT * FROM activity_day_source;
  DELETE FROM activity_answer_stats;
  INSERT INTO activity_answer_stats SELECT * FROM activity_answer_source;
  DELETE FROM game_month_stats;
  INSERT INTO game_month_stats SELECT * FROM game_month_source;
  DELETE FROM activity_month_stats;
  INSERT INTO activity_month_stats SELECT * FROM activity_month_source;
END $$;
--> statement-breakpoint
-- The edge days of an account-wide period: the day rows of a range of days, whoever's they are.
CREATE INDEX "game_day_stats_day_idx" ON "game_day_stats" USING btree ("day");
--> statement-breakpoint
CREATE INDEX "activity_day_stats_day_idx" ON "activity_day_stats" USING btree ("day");
--> statement-breakpoint
-- The days already kept.
INSERT INTO "game_month_stats" SELECT * FROM "game_month_source";
--> statement-breakpoint
INSERT INTO "activity_month_stats" SELECT * FROM "activity_month_source";
