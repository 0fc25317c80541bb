import autocannon from 'autocannon';
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { GAME_RULES, roundsAgainstHealth, runLoad, type LoadResult } from './load';

const SESSIONS = 4000;
const ACTIVITIES = 10;
const TRIES_PER_SESSION = ACTIVITIES * 3;

/**
 * Try submissions (`POST /api/player/sessions/:id/tries`) at 50 connections against
 * /api/health, in interleaved rounds. A demo student (student3) gets 4,000 assigned games of 10 activities,
 * each with an open session, straight into the database; every request is a new try (its own
 * client_try_id, a wrong sentence so that each activity takes its three tries), so every one is
 * scored and written, never answered from the idempotency path.
 */
export async function benchPlay(
  base: string,
  dataDir: string,
  pgPort: number,
  tokens: { player: string; student: string; therapist: string },
  rounds: number,
  seconds: number,
): Promise<void> {
  const studentToken = tokens.player;
  const password = readFileSync(join(dataDir, '.pg-password'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/habla`,
  });
  await client.connect();
  const acts = Array.from({ length: ACTIVITIES }, (_, i) => ({
    id: crypto.randomUUID(),
    position: i + 1,
    question: null,
    picture: null,
    audio_id: null,
    answers: { target: `The dog runs ${i + 1} times.`, distractors: ['cat'] },
  }));
  let sessions: string[];
  try {
    const student = (await client.query(`SELECT id, account_id FROM users WHERE username = 'student3'`)).rows[0] as {
      id: string;
      account_id: string;
    };
    const game = (
      await client.query(`SELECT id FROM games WHERE account_id IS NULL AND game_status = 'COMPLETED' LIMIT 1`)
    ).rows[0] as { id: string };
    const made = await client.query(
      `INSERT INTO assignments (game_id, student_id, account_id, name, type, activities, activities_count, rules, max_attempts, attempts, start_time, end_time)
       SELECT $1, $2, $3, 'Bench game ' || i, 'sentence_practice', $4, $5, $6, 1, 1, now(), now() + interval '7 days' FROM generate_series(1, $7) i RETURNING id`,
      [game.id, student.id, student.account_id, JSON.stringify(acts), ACTIVITIES, JSON.stringify(GAME_RULES), SESSIONS],
    );
    const s = await client.query(
      `INSERT INTO game_sessions (assignment_id, student_id, account_id, status, attempt, started_at) SELECT a, $2, $3, 'PLAYING', 1, now() FROM unnest($1::uuid[]) a RETURNING id`,
      [made.rows.map((r: { id: string }) => r.id), student.id, student.account_id],
    );
    sessions = s.rows.map((r: { id: string }) => r.id as string);
    await client.query('ANALYZE assignments; ANALYZE game_sessions; ANALYZE game_tries');
  } finally {
    await client.end();
  }

  let k = 0;
  const run = `${Date.now().toString(36)}`;
  const tries = async (): Promise<LoadResult> => {
    const result = await autocannon({
      url: base,
      connections: 50,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/player/sessions/x/tries',
          headers: { authorization: `Bearer ${studentToken}`, 'content-type': 'application/json' },
          setupRequest: (req) => {
            const n = k++;
            const session = sessions[Math.floor(n / TRIES_PER_SESSION)];
            if (!session) throw new Error('the bench ran out of sessions: raise SESSIONS');
            const act = acts[Math.floor((n % TRIES_PER_SESSION) / 3)]!;
            return {
              ...req,
              path: `/api/player/sessions/${session}/tries`,
              body: JSON.stringify({
                activity_id: act.id,
                answer: { words: ['runs', 'The', 'dog'] },
                client_try_id: `bench-${run}-${n}`,
                elapsed_ms: 1200,
              }),
            };
          },
        },
      ],
    });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      non2xx: result.non2xx,
    };
  };

  console.log(
    `\nPlay: try submissions by one student (student3) over ${SESSIONS} open sessions of ${ACTIVITIES} activities, 50 connections`,
  );
  const fmt = (r: LoadResult) =>
    `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`;
  const health: LoadResult[] = [];
  const written: LoadResult[] = [];
  for (let i = 0; i < rounds; i++) {
    const h = await runLoad({ url: `${base}/api/health`, connections: 50, seconds });
    health.push(h);
    console.log(`  round ${i + 1}: health         ${fmt(h)}`);
    const w = await tries();
    written.push(w);
    console.log(`  round ${i + 1}: tries          ${fmt(w)}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const h = median(health.map((r) => r.rps));
  const w = median(written.map((r) => r.rps));
  console.log(
    `  tries median ${w.toFixed(0)} req/s, p99 ${median(written.map((r) => r.p99)).toFixed(1)} ms: ${((w / h) * 100).toFixed(1)} % of health (${h.toFixed(0)} req/s); ${k} tries sent`,
  );

  // Dashboards over a million tries, spread as a school's would be: 1,000 students of another
  // account with 33 played games each, and Leo (the demo student, in the therapist's caseload) with
  // 300, about a year of daily play; 30 tries per game.
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/habla`,
  });
  await db.connect();
  const t0 = performance.now();
  try {
    const leo = (await db.query(`SELECT id, account_id FROM users WHERE username = 'student'`)).rows[0] as {
      id: string;
      account_id: string;
    };
    const chapter = (await db.query(`SELECT id FROM chapters ORDER BY position LIMIT 1`)).rows[0] as { id: string };
    const game = (await db.query(`SELECT id FROM games WHERE account_id IS NULL AND game_status = 'COMPLETED' LIMIT 1`))
      .rows[0] as { id: string };
    const school = (
      await db.query(
        `INSERT INTO accounts (name, membership_type, max_students) VALUES ('Bench school', 'school', 2000) RETURNING id`,
      )
    ).rows[0] as { id: string };
    const pupils = (
      await db.query(
        `INSERT INTO users (email, username, password_hash, role, account_id, first_name, last_name)
         SELECT 'bench-' || i || '@example.test', 'bench_' || i, 'not-a-hash', 'STUDENT', $1, 'Bench', 'Pupil ' || i FROM generate_series(1, 1000) i RETURNING id`,
        [school.id],
      )
    ).rows.map((r: { id: string }) => r.id as string);
    const played = async (students: string[], account: string, each: number) =>
      db.query(
        `WITH a AS (
           INSERT INTO assignments (game_id, student_id, account_id, name, type, chapter_id, activities, activities_count, rules, max_attempts, attempts, start_time, end_time, assign_status, best_score, last_score, last_played_at)
           SELECT $1, st, $2, 'Played game ' || i, 'sentence_practice', $3, $4, $5, $6, 1, 1, now() - interval '400 days', now() - interval '1 day', 'PLAYED', 60, 60, now() - (i || ' days')::interval + (random() * interval '1 hour')
             FROM unnest($7::uuid[]) st CROSS JOIN generate_series(1, $8) i RETURNING id, student_id, last_played_at)
         INSERT INTO game_sessions (assignment_id, student_id, account_id, status, attempt, started_at, finished_at, points, score, passed, total_right, total_wrong, evaluated_at)
         SELECT a.id, a.student_id, $2, 'COMPLETED', 1, a.last_played_at - interval '5 minutes', a.last_played_at, 60, 60, true, 6, 20, CASE WHEN random() < 0.9 THEN a.last_played_at END FROM a`,
        [game.id, account, chapter.id, JSON.stringify(acts), ACTIVITIES, JSON.stringify(GAME_RULES), students, each],
      );
    await played(pupils, school.id, 33);
    await played([leo.id], leo.account_id, 300);
    await db.query(
      `INSERT INTO game_tries (session_id, activity_id, try_number, client_try_id, answer, correct, points, elapsed_ms)
       SELECT s.id, ($1::uuid[])[((g - 1) / 3) + 1], ((g - 1) % 3) + 1, 'seed-' || g, '{"words": ["dog", "The"]}', false, 0, 1500
         FROM game_sessions s CROSS JOIN generate_series(1, $2) g
        WHERE s.status = 'COMPLETED' AND NOT EXISTS (SELECT 1 FROM game_tries x WHERE x.session_id = s.id)`,
      [acts.map((a) => a.id), TRIES_PER_SESSION],
    );
    await db.query('ANALYZE users; ANALYZE assignments; ANALYZE game_sessions; ANALYZE game_tries');
    const n = Number((await db.query('SELECT count(*)::int AS n FROM game_tries')).rows[0].n);
    const sessionsNow = Number((await db.query('SELECT count(*)::int AS n FROM game_sessions')).rows[0].n);
    const leoSessions = Number(
      (await db.query('SELECT count(*)::int AS n FROM game_sessions WHERE student_id = $1', [leo.id])).rows[0].n,
    );
    console.log(
      `\nDashboards: ${n.toLocaleString('en')} tries in ${sessionsNow.toLocaleString('en')} sessions (Leo: ${leoSessions.toLocaleString('en')}; made in ${((performance.now() - t0) / 1000).toFixed(0)} s); 50 connections`,
    );
  } finally {
    await db.end();
  }
  const boards = {
    health: { url: `${base}/api/health`, headers: {} },
    'student board': { url: `${base}/api/dashboards/me`, headers: { authorization: `Bearer ${tokens.student}` } },
    'therapist board': { url: `${base}/api/dashboards/me`, headers: { authorization: `Bearer ${tokens.therapist}` } },
  };
  // At 50 connections the latency is mostly the queue in front of two cores (health's own p99 is
  // the floor); at 10 a staff room opening dashboards at once; at 1 the request's own time.
  const summary: string[] = [];
  for (const connections of [50, 10, 1]) {
    if (connections !== 50) console.log(`\nDashboards at ${connections} connection${connections === 1 ? '' : 's'}`);
    const m = await roundsAgainstHealth(boards, rounds, seconds, connections);
    for (const name of ['student board', 'therapist board'])
      summary.push(
        `  ${name.padEnd(15)} ${String(connections).padStart(2)} connections: p99 ${m(name, 'p99').toFixed(1).padStart(6)} ms (health ${m('health', 'p99').toFixed(1)} ms; goal ≤ 50: ${m(name, 'p99') <= 50 ? 'PASS' : 'MISS'})`,
      );
  }
  console.log('\n' + summary.join('\n'));
}
