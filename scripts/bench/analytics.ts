import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { GAME_RULES, roundsAgainstHealth } from './load';

const STUDENTS = 10_000;
const GAMES = 2_000;
const SESSIONS_PER_STUDENT = 10;
const ACTIVITIES = 10;
const TARGET_P99_MS = 100;
const TARGET_WRITE_RATIO = 1.2;
const FINISHES = 2_000;
/** Students who each play one game of ten tries over HTTP, half with the rollups' trigger and half without. */
const PLAYERS = 200;
/** Players a block: the trigger is switched between blocks, so the machine's drift falls on both halves. */
const BLOCK = 20;

/**
 * Students, games and activities analytics (docs/decisions/026, 028) over a district: 10,000 students of
 * the demo center (so `accountadmin` reads them all), 2,000 games, 10 finished sessions per student
 * over the last year with 10 tries each: 1,000,000 tries. The rows go in with the rollup's trigger
 * off; the rollups are then rebuilt from them (timed). Measured: the students screen's request for the
 * whole center, a name, a year and a therapist's caseload, the games screen's for the center, a year
 * and a caseload, one game's activities, the hardest activities over a year, the users screen's for
 * the center, and one student's page (days, goals, language-sample measures), at 10 connections
 * (p99 target ≤ 100 ms); then a try's write cost with the rollups against without them (target ≤ 1.2×):
 * the player's request (`POST /api/player/sessions/:id/tries`) of 200 students who each play a game of
 * ten activities, the tenth try finishing the session (which is what refreshes the rollups), and for
 * information the finishing statement alone, in the database.
 */
export async function benchAnalytics(
  base: string,
  dataDir: string,
  pgPort: number,
  tokens: { accountadmin: string; therapist: string },
  rounds: number,
  seconds: number,
): Promise<void> {
  const password = readFileSync(join(dataDir, '.pg-password'), 'utf8').trim();
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/habla`,
  });
  await db.connect();
  try {
    const t0 = performance.now();
    const center = (await db.query(`SELECT account_id FROM users WHERE username = 'accountadmin'`)).rows[0] as {
      account_id: string;
    };
    await db.query('ALTER TABLE game_sessions DISABLE TRIGGER game_sessions_student_day');
    await db.query(
      `INSERT INTO users (email, username, password_hash, role, account_id, first_name, last_name)
       SELECT 'district-' || i || '@example.test', 'district_' || i, 'not-a-hash', 'STUDENT', $1, 'District', 'Pupil ' || lpad(i::text, 5, '0')
         FROM generate_series(1, $2) i`,
      [center.account_id, STUDENTS],
    );
    await db.query(
      `INSERT INTO games (name, type, game_status, account_id, is_private)
       SELECT 'District game ' || i, 'multiple_choice_answers', 'COMPLETED', $1, false FROM generate_series(1, $2) i`,
      [center.account_id, GAMES],
    );
    // Each game's own activities (so the activities figures name them): a choice of two, 'a' right.
    await db.query(
      `INSERT INTO activities (game_id, position, question, answers, game_status, game_account_id)
       SELECT g.id, i, 'Which one? ' || i, '{"options": [{"text": "a"}, {"text": "b"}], "correct": 0}', 'COMPLETED', $1
         FROM games g CROSS JOIN generate_series(1, $2) i WHERE g.name LIKE 'District game %'`,
      [center.account_id, ACTIVITIES],
    );
    // Each student's sessions: one game each, finished on one of the last 365 days, scored 40 to 100.
    await db.query(
      `WITH st AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'district\\_%'),
            g AS (SELECT g.id, row_number() OVER (ORDER BY g.id) AS n,
                         (SELECT jsonb_agg(jsonb_build_object('id', x.id, 'position', x.position, 'question', x.question,
                                                              'picture', null, 'audio_id', null, 'answers', x.answers) ORDER BY x.position)
                            FROM activities x WHERE x.game_id = g.id) AS acts
                    FROM games g WHERE g.name LIKE 'District game %'),
            a AS (
              INSERT INTO assignments (game_id, student_id, account_id, name, type, activities, activities_count, rules, max_attempts, attempts, start_time, end_time, assign_status, created_at)
              SELECT g.id, st.id, $1, 'District game', 'multiple_choice_answers', g.acts, $2, $3, 1, 1, now() - interval '400 days', now() + interval '7 days', 'PLAYED',
                     now() - ((st.n * 7 + k * 37) % 365 || ' days')::interval
                FROM st CROSS JOIN generate_series(1, $4) k JOIN g ON g.n = 1 + (st.n * $4 + k) % $5
              RETURNING id, student_id, created_at)
       INSERT INTO game_sessions (assignment_id, student_id, account_id, status, attempt, started_at, finished_at, points, score, passed, total_right, total_wrong, duration_ms)
       SELECT a.id, a.student_id, $1, 'COMPLETED', 1, a.created_at, a.created_at + interval '6 minutes', 60, 40 + (abs(hashtext(a.id::text)) % 61), true, 8, 2, 360000 FROM a`,
      [center.account_id, ACTIVITIES, JSON.stringify(GAME_RULES), SESSIONS_PER_STUDENT, GAMES],
    );
    // One try at each of the game's activities: wrong ('a' not chosen) at every fifth.
    await db.query(
      `INSERT INTO game_tries (session_id, activity_id, try_number, client_try_id, answer, correct, points, elapsed_ms)
       SELECT s.id, x.id, 1, 'district-' || x.position, '{"index": 0}', x.position % 5 <> 0, 10, 30000
         FROM game_sessions s JOIN assignments a ON a.id = s.assignment_id JOIN activities x ON x.game_id = a.game_id
        WHERE s.student_id IN (SELECT id FROM users WHERE username LIKE 'district\\_%')`,
    );
    const made = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    // Every rollup (students', games', activities', wrong answers') from the raw rows: the rebuild command's function.
    await db.query('SELECT analytics_rebuild()');
    const rebuilt = (performance.now() - t1) / 1000;
    await db.query('ALTER TABLE game_sessions ENABLE TRIGGER game_sessions_student_day');
    await db.query(
      'ANALYZE users; ANALYZE activities; ANALYZE assignments; ANALYZE game_sessions; ANALYZE game_tries; ANALYZE student_day_stats; ANALYZE game_day_stats; ANALYZE activity_day_stats; ANALYZE activity_answer_stats; ANALYZE game_month_stats; ANALYZE activity_month_stats',
    );
    const count = async (sql: string) => Number((await db.query(sql)).rows[0].n);
    const tries = await count('SELECT count(*)::int AS n FROM game_tries');
    const days = await count('SELECT count(*)::int AS n FROM student_day_stats');
    const gameDays = await count('SELECT count(*)::int AS n FROM game_day_stats');
    const activityDays = await count('SELECT count(*)::int AS n FROM activity_day_stats');
    const activityMonths = await count('SELECT count(*)::int AS n FROM activity_month_stats');
    console.log(
      `\nAnalytics: ${tries.toLocaleString('en')} tries, ${STUDENTS.toLocaleString('en')} students of one center, ${GAMES.toLocaleString('en')} games (made in ${made.toFixed(0)} s); rollups rebuilt from them in ${rebuilt.toFixed(1)} s (${days.toLocaleString('en')} student-days, ${gameDays.toLocaleString('en')} game-days, ${activityDays.toLocaleString('en')} activity-days, ${activityMonths.toLocaleString('en')} activities' month totals); 10 connections`,
    );
    const oneGame = (await db.query(`SELECT id FROM games WHERE name = 'District game 7'`)).rows[0] as { id: string };
    const oneStudent = (await db.query(`SELECT id FROM users WHERE username = 'district_77'`)).rows[0] as {
      id: string;
    };

    const year = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const h = (token: string) => ({ authorization: `Bearer ${token}` });
    const m = await roundsAgainstHealth(
      {
        health: { url: `${base}/api/health`, headers: {} },
        center: { url: `${base}/api/analytics/students`, headers: h(tokens.accountadmin) },
        'center, year': {
          url: `${base}/api/analytics/students?from=${year}&page=200`,
          headers: h(tokens.accountadmin),
        },
        'center, name': { url: `${base}/api/analytics/students?q=Pupil%2009`, headers: h(tokens.accountadmin) },
        caseload: { url: `${base}/api/analytics/students?from=${year}`, headers: h(tokens.therapist) },
        'games, center': { url: `${base}/api/analytics/games`, headers: h(tokens.accountadmin) },
        'games, year': { url: `${base}/api/analytics/games?from=${year}&page=40`, headers: h(tokens.accountadmin) },
        'games, caseload': { url: `${base}/api/analytics/games?from=${year}`, headers: h(tokens.therapist) },
        'a game, year': {
          url: `${base}/api/analytics/activities?from=${year}&game_id=${oneGame.id}`,
          headers: h(tokens.accountadmin),
        },
        'hardest, year': { url: `${base}/api/analytics/activities?from=${year}`, headers: h(tokens.accountadmin) },
        'users, center': { url: `${base}/api/analytics/users?from=${year}`, headers: h(tokens.accountadmin) },
        'a student, days': {
          url: `${base}/api/analytics/students/${oneStudent.id}/days?from=${year}`,
          headers: h(tokens.accountadmin),
        },
        'a student, goals': {
          url: `${base}/api/analytics/students/${oneStudent.id}/goals?from=${year}`,
          headers: h(tokens.accountadmin),
        },
        'a student, MAA': {
          url: `${base}/api/analytics/students/${oneStudent.id}/measures`,
          headers: h(tokens.accountadmin),
        },
      },
      rounds,
      seconds,
      10,
    );
    for (const name of [
      'center',
      'center, year',
      'center, name',
      'caseload',
      'games, center',
      'games, year',
      'games, caseload',
      'a game, year',
      'hardest, year',
      'users, center',
      'a student, days',
      'a student, goals',
      'a student, MAA',
    ]) {
      const p99 = m(name, 'p99');
      console.log(
        `  ${name.padEnd(16)} p99 ${p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS}): ${p99 <= TARGET_P99_MS ? 'PASS' : 'MISS'}`,
      );
    }

    await tryWriteCost(db, base, center.account_id);

    // Finishing a session: the statement the player runs, on sessions of different students that
    // already played 10 games, with the rollup's trigger and without it (alternating halves).
    const open = (
      await db.query(
        `INSERT INTO game_sessions (assignment_id, student_id, account_id, status, attempt, started_at)
         SELECT DISTINCT ON (s.student_id) s.assignment_id, s.student_id, s.account_id, 'PLAYING', 2, now()
           FROM game_sessions s WHERE s.student_id IN (SELECT id FROM users WHERE username LIKE 'district\\_%')
          ORDER BY s.student_id LIMIT $1 RETURNING id`,
        [FINISHES],
      )
    ).rows.map((r: { id: string }) => r.id);
    const finish = async (ids: string[]) => {
      const t = performance.now();
      for (const id of ids)
        await db.query(
          `UPDATE game_sessions SET status = 'COMPLETED', finished_at = now(), points = 60, score = 60, passed = true, updated_at = now() WHERE id = $1`,
          [id],
        );
      return (performance.now() - t) / ids.length;
    };
    const half = Math.floor(open.length / 2);
    await db.query('ALTER TABLE game_sessions DISABLE TRIGGER game_sessions_student_day');
    const without = await finish(open.slice(0, half));
    await db.query('ALTER TABLE game_sessions ENABLE TRIGGER game_sessions_student_day');
    const withRollup = await finish(open.slice(half));
    const ratio = withRollup / without;
    console.log(
      `  the finishing statement alone, in the database: ${without.toFixed(2)} ms without the rollups, ${withRollup.toFixed(2)} ms with them (${half} each): ${ratio.toFixed(2)}× (for information: the target is the try's request above)`,
    );
  } finally {
    await db.query('ALTER TABLE game_sessions ENABLE TRIGGER game_sessions_student_day').catch(() => undefined);
    await db.end();
  }
}

/**
 * A try's write cost as the player pays it (docs/decisions/026): PLAYERS district students (given
 * sessions here, as a sign-in would) each play one game of the district's over HTTP, one try at a
 * time, every answer right, so the tenth try finishes the session and fires the rollups' trigger.
 * Blocks of BLOCK players alternate between the trigger off and on; each try's request is timed.
 */
async function tryWriteCost(db: pg.Client, base: string, accountId: string): Promise<void> {
  const players = (
    await db.query(`SELECT id FROM users WHERE username LIKE 'district\\_%' ORDER BY username DESC LIMIT $1`, [PLAYERS])
  ).rows.map((r: { id: string }) => r.id);
  const game = (await db.query(`SELECT id FROM games WHERE name = 'District game 11'`)).rows[0] as { id: string };
  const acts = (
    await db.query(
      `SELECT jsonb_agg(jsonb_build_object('id', x.id, 'position', x.position, 'question', x.question, 'picture', null,
                                           'audio_id', null, 'answers', x.answers) ORDER BY x.position) AS acts
         FROM activities x WHERE x.game_id = $1`,
      [game.id],
    )
  ).rows[0] as { acts: { id: string }[] };
  const plays: { token: string; session: string }[] = [];
  for (const student of players) {
    const token = crypto.randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, last_seen_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 day')`,
      [crypto.createHash('sha256').update(token).digest('hex'), student],
    );
    const session = (
      await db.query(
        `WITH a AS (
           INSERT INTO assignments (game_id, student_id, account_id, name, type, activities, activities_count, rules, max_attempts, attempts, start_time, end_time)
           VALUES ($1, $2, $3, 'District game 11', 'multiple_choice_answers', $4, $5, $6, 1, 1, now() - interval '1 hour', now() + interval '7 days')
           RETURNING id)
         INSERT INTO game_sessions (assignment_id, student_id, account_id, status, attempt, started_at)
         SELECT a.id, $2, $3, 'PLAYING', 1, now() FROM a RETURNING id`,
        [game.id, student, accountId, JSON.stringify(acts.acts), acts.acts.length, JSON.stringify(GAME_RULES)],
      )
    ).rows[0] as { id: string };
    plays.push({ token, session: session.id });
  }
  await db.query('ANALYZE assignments; ANALYZE game_sessions; ANALYZE sessions');
  // Each write's time, by the trigger's state: the ten tries, and the finish.
  const tries = { on: [] as number[], off: [] as number[] };
  const finishes = { on: [] as number[], off: [] as number[] };
  let errors = 0;
  const post = async (play: { token: string }, path: string, body: object | null) => {
    const t = performance.now();
    const res = await fetch(`${base}/api/player/sessions/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${play.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : null,
    });
    const text = await res.text();
    const ms = performance.now() - t;
    if (!res.ok && errors++ === 0) console.log(`  ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return ms;
  };
  for (let b = 0; b < plays.length; b += BLOCK) {
    const on = (b / BLOCK) % 2 === 1 ? 'on' : 'off';
    await db.query(`ALTER TABLE game_sessions ${on === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER game_sessions_student_day`);
    for (const play of plays.slice(b, b + BLOCK)) {
      for (const [i, act] of acts.acts.entries())
        tries[on].push(
          await post(play, `${play.session}/tries`, {
            activity_id: act.id,
            answer: { index: 0 },
            client_try_id: `write-cost-${i}`,
            elapsed_ms: 4000,
          }),
        );
      finishes[on].push(await post(play, `${play.session}/finish`, null));
    }
  }
  await db.query('ALTER TABLE game_sessions ENABLE TRIGGER game_sessions_student_day');
  const finished = Number(
    (
      await db.query(`SELECT count(*)::int AS n FROM game_sessions WHERE id = ANY($1) AND finished_at IS NOT NULL`, [
        plays.map((p) => p.session),
      ])
    ).rows[0].n,
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const avg = (xs: number[]) => sum(xs) / Math.max(1, xs.length);
  // A played game's writes: its tries and its finish, per write.
  const write = (k: 'on' | 'off') =>
    (sum(tries[k]) + sum(finishes[k])) / Math.max(1, tries[k].length + finishes[k].length);
  const ratio = write('on') / write('off');
  const ok = ratio <= TARGET_WRITE_RATIO && errors === 0 && finished === plays.length;
  console.log(
    `  a try's write cost: ${plays.length} games of ${acts.acts.length} tries and a finish over HTTP (${finished} finished, ${errors} errors), per write ${write('off').toFixed(2)} ms without the rollups, ${write('on').toFixed(2)} ms with: ${ratio.toFixed(2)}× (target ≤ ${TARGET_WRITE_RATIO}): ${ok ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `    a try ${avg(tries.off).toFixed(2)} vs ${avg(tries.on).toFixed(2)} ms (${(avg(tries.on) / avg(tries.off)).toFixed(2)}×, it never touches the rollups); the finish, which refreshes them, ${avg(finishes.off).toFixed(2)} vs ${avg(finishes.on).toFixed(2)} ms (${(avg(finishes.on) / avg(finishes.off)).toFixed(2)}×)`,
  );
}
