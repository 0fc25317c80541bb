import type pg from 'pg';
import { expect } from 'vitest';
import type { App } from '../src/app';
import { loginAs } from './factories';

/**
 * Plays for the analytics tests (decisions 026, 028): library games made by the content team, given
 * to a student by an adult of their account and played through the player's own routes, so every
 * rollup is kept by the real write path.
 */
export type Who = Awaited<ReturnType<typeof loginAs>>;

export function call(app: App, who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

/**
 * A completed library multiple-choice game: one activity per entry of `corrects` (the index of its
 * right option), each with the options `options` and the question "Which one? <n>".
 */
export async function choiceGame(
  app: App,
  editor: Who,
  opts: { name?: string; corrects?: number[]; options?: string[] } = {},
): Promise<string> {
  const game = await call(app, editor, 'POST', '/api/games', {
    name: opts.name ?? `Choose ${Math.random().toString(36).slice(2, 7)}`,
    type: 'multiple_choice_answers',
  });
  expect(game.statusCode, game.body).toBe(201);
  const id = game.json().data.id as string;
  for (const [n, correct] of (opts.corrects ?? [0, 1]).entries())
    expect(
      (
        await call(app, editor, 'POST', '/api/activities', {
          game_id: id,
          question: `Which one? ${n + 1}`,
          answers: { options: (opts.options ?? ['apple', 'dog']).map((text) => ({ text })), correct },
        })
      ).statusCode,
    ).toBe(201);
  expect((await call(app, editor, 'POST', `/api/games/${id}/complete`)).statusCode).toBe(200);
  return id;
}

let tryNo = 0;

/**
 * `game` given to `who` by `by` and played: `answers` lists, per activity in order, the options chosen
 * try after try, each taking `elapsedMs`. Finished, or left with `leave`; answers the session's id.
 */
export async function play(
  app: App,
  who: Who,
  by: Who,
  game: string,
  answers: number[][],
  opts: { leave?: boolean; elapsedMs?: number } = {},
): Promise<string> {
  const given = await call(app, by, 'POST', '/api/games/assign', { game_ids: [game], student_ids: [who.user.id] });
  expect(given.statusCode, given.body).toBe(201);
  const assignment = given.json().data.assigned[0].id as string;
  const started = await call(app, who, 'POST', `/api/player/games/${assignment}/sessions`);
  expect(started.statusCode, started.body).toBe(200);
  const session = started.json().data as { id: string; activities: { id: string; position: number }[] };
  const activities = [...session.activities].sort((a, b) => a.position - b.position);
  for (const [i, choices] of answers.entries())
    for (const index of choices) {
      const res = await call(app, who, 'POST', `/api/player/sessions/${session.id}/tries`, {
        activity_id: activities[i]!.id,
        answer: { index },
        client_try_id: `analytics-try-${tryNo++}`,
        elapsed_ms: opts.elapsedMs ?? 30_000,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  const end = await call(app, who, 'POST', `/api/player/sessions/${session.id}/${opts.leave ? 'leave' : 'finish'}`);
  expect(end.statusCode, end.body).toBe(200);
  return session.id;
}

/**
 * Leo Walker and the people around him: the content team (`editor`), his account's admin, the
 * therapist who added him (so he is in her caseload), another therapist of his account with no
 * workspace with him, and another account's admin.
 */
export async function leoAndHisCareTeam(app: App, pool: pg.Pool) {
  const editor = await loginAs(app, 'EDITOR');
  const admin = await loginAs(app, 'ACCOUNT_ADMIN');
  const leo = await loginAs(app, 'STUDENT', { accountId: admin.user.accountId });
  const therapist = await loginAs(app, 'THERAPIST', { accountId: admin.user.accountId });
  const otherTherapist = await loginAs(app, 'THERAPIST', { accountId: admin.user.accountId });
  const strangerAdmin = await loginAs(app, 'ACCOUNT_ADMIN');
  await pool.query(`UPDATE users SET first_name = 'Leo', last_name = 'Walker', created_by = $2 WHERE id = $1`, [
    leo.user.id,
    therapist.user.id,
  ]);
  return { editor, admin, leo, therapist, otherTherapist, strangerAdmin };
}
