import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const TARGET_PROGRESS_MS = 2000;
const RUNS = 5;
const SESSIONS_PER_DAY = 2;
const ACTIVITIES = 10;

type Report = { id: string; status: string; size: number | null };

/**
 * Reports (docs/decisions/029-reports.md): the time from asking for a report to its file being ready,
 * as the person waiting sees it (the request, the job, the drawing in the CPU pool, the storage).
 * A student of the therapist's caseload (the demo's Leo) is given a year of plays, two finished
 * sessions a day of ten tries each, through the rollups' trigger; then their progress report over
 * the year is asked for five times in a row (target: each ≤ 2 s), and the caseload summary over the
 * year once as a PDF and once as a CSV by the account admin (the whole center: its thousands of
 * students when the analytics part ran first).
 */
export async function benchReports(
  base: string,
  dataDir: string,
  pgPort: number,
  tokens: { accountadmin: string; therapist: string },
): Promise<void> {
  const password = readFileSync(join(dataDir, '.pg-password'), 'utf8').trim();
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/habla`,
  });
  await db.connect();
  try {
    const leo = (
      await db.query<{ id: string; account_id: string }>(
        `SELECT id, account_id FROM users WHERE role = 'STUDENT' AND first_name = 'Leo' AND deleted_at IS NULL LIMIT 1`,
      )
    ).rows[0];
    if (!leo) throw new Error('the demo student Leo is missing');
    const acts = Array.from({ length: ACTIVITIES }, (_, i) => ({
      id: crypto.randomUUID(),
      position: i + 1,
      question: 'Which one?',
      picture: null,
      audio_id: null,
      answers: { options: [{ text: 'a' }, { text: 'b' }], correct: 0 },
    }));
    const game = (
      await db.query<{ id: string }>(
        `INSERT INTO games (name, type, game_status, account_id, is_private) VALUES ('Year of Leo', 'multiple_choice_answers', 'COMPLETED', $1, false) RETURNING id`,
        [leo.account_id],
      )
    ).rows[0]!;
    const t0 = performance.now();
    // Two sessions a day over the last 365 days, each scored 40 to 100, with their ten tries; the
    // trigger keeps the rollups as the player's writes do.
    await db.query(
      `WITH a AS (
         INSERT INTO assignments (game_id, student_id, account_id, name, type, activities, activities_count, rules, max_attempts, attempts, start_time, end_time, assign_status, created_at)
         SELECT $1, $2, $3, 'Year of Leo', 'multiple_choice_answers', $4, $5,
                '{"point_first_try":10,"point_second_try":1,"point_third_try":0,"min_rate":50,"show_progress_bar":false,"show_failed_attemps":false}',
                1, 1, now() - interval '400 days', now() + interval '7 days', 'PLAYED', now() - (d || ' days')::interval - (k || ' hours')::interval
           FROM generate_series(0, 364) d CROSS JOIN generate_series(1, $6) k
         RETURNING id, created_at),
       s AS (
         INSERT INTO game_sessions (assignment_id, student_id, account_id, status, attempt, started_at, finished_at, points, score, passed, total_right, total_wrong, duration_ms)
         SELECT a.id, $2, $3, 'COMPLETED', 1, a.created_at, a.created_at + interval '5 minutes', 80, 40 + (abs(hashtext(a.id::text)) % 61), true, 8, 2, 300000 FROM a
         RETURNING id)
       INSERT INTO game_tries (session_id, activity_id, try_number, client_try_id, answer, correct, points, elapsed_ms)
       SELECT s.id, ($7::uuid[])[g], 1, 'year-' || g, '{"index": 0}', g % 5 <> 0, 10, 30000 FROM s CROSS JOIN generate_series(1, $5) g`,
      [game.id, leo.id, leo.account_id, JSON.stringify(acts), ACTIVITIES, SESSIONS_PER_DAY, acts.map((a) => a.id)],
    );
    const sessions = 365 * SESSIONS_PER_DAY;
    console.log(
      `\nReports: a year of plays for one student (${sessions} sessions, ${sessions * ACTIVITIES} tries, made in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    /** Ask, then poll every 20 ms until done; answers the wall time and the file's size. */
    const made = async (token: string, body: object) => {
      const h = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const t = performance.now();
      const res = await fetch(`${base}/api/reports`, { method: 'POST', headers: h, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`report refused: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: Report };
      for (;;) {
        const now = ((await (await fetch(`${base}/api/reports/${data.id}`, { headers: h })).json()) as { data: Report })
          .data;
        if (now.status === 'done') return { ms: performance.now() - t, size: now.size ?? 0 };
        if (now.status === 'failed') throw new Error(`report failed: ${data.id}`);
        if (performance.now() - t > 120_000) throw new Error('report not made in 120 s');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await made(tokens.therapist, { kind: 'student_progress', student_id: leo.id, from, language: 'en' });
      times.push(r.ms);
      size = r.size;
    }
    times.sort((a, b) => a - b);
    const worst = times.at(-1)!;
    console.log(
      `  a student's progress over a year (${(size / 1024).toFixed(0)} KB): median ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms, worst of ${RUNS} ${worst.toFixed(0)} ms (target ≤ ${TARGET_PROGRESS_MS}): ${worst <= TARGET_PROGRESS_MS ? 'PASS' : 'MISS'}`,
    );
    const students = Number(
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM users WHERE account_id = $1 AND role = 'STUDENT' AND deleted_at IS NULL`,
          [leo.account_id],
        )
      ).rows[0]!.n,
    );
    for (const format of ['pdf', 'csv'] as const) {
      const r = await made(tokens.accountadmin, { kind: 'caseload_summary', format, from, language: 'en' });
      console.log(
        `  the center's caseload summary over a year, ${format.toUpperCase()} (${students.toLocaleString('en')} students, ${(r.size / 1024).toFixed(0)} KB): ${r.ms.toFixed(0)} ms`,
      );
    }
  } finally {
    await db.end();
  }
}
