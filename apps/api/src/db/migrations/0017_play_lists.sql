-- The MLA loop's lists on the resource engine (docs/decisions/025-read-only-lists.md): assignments and
-- played sessions are written by the loop's own verbs and listed, sorted, filtered and exported by the
-- engine, read only, through these views. Each view has the columns the engine reads from every row
-- (no trash: `deleted_at` is always empty), its scores and durations as double precision (answered as
-- JSON numbers) and, for a session, its game's name and where its evaluation stands.
CREATE VIEW "assignment_list" AS
SELECT x.id, x.student_id, x.name AS game_name, x.game_id, x.type, x.assign_status, x.attempts, x.max_attempts,
       x.activities_count, x.start_time, x.end_time, (x.rules->>'min_rate')::float8 AS min_rate,
       x.best_score::float8 AS best_score, x.last_score::float8 AS last_score, x.last_played_at, x.account_id,
       NULL::timestamptz AS deleted_at, x.created_at, x.updated_at, x.created_by, x.updated_by
  FROM "assignments" x;
--> statement-breakpoint
CREATE VIEW "game_session_list" AS
SELECT s.id, s.student_id, x.name AS game_name, x.game_id, s.assignment_id, x.type, s.started_at, s.finished_at, s.status,
       s.attempt, s.points, s.score::float8 AS score, s.total_right, s.total_wrong,
       s.duration_ms::float8 AS duration_ms,
       CASE WHEN s.evaluated_at IS NOT NULL THEN 'EVALUATED'
            WHEN s.status IN ('COMPLETED', 'INCOMPLETE') THEN 'WAITING' END AS evaluation,
       s.evaluated_at, s.account_id,
       NULL::timestamptz AS deleted_at, s.created_at, s.updated_at, NULL::uuid AS created_by, NULL::uuid AS updated_by
  FROM "game_sessions" s JOIN "assignments" x ON x.id = s.assignment_id;
--> statement-breakpoint
-- The lists' default orders and their sortable times walk an index, as every engine list does.
CREATE INDEX "assignments_created_idx" ON "assignments" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "assignments_end_time_idx" ON "assignments" USING btree ("end_time", "id");
--> statement-breakpoint
CREATE INDEX "game_sessions_started_idx" ON "game_sessions" USING btree ("started_at", "id");
