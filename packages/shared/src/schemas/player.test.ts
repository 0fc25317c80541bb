import { describe, expect, it } from 'vitest';
import { playSessionSchema, tryResultSchema } from './player';

/**
 * The player's contract is also the serializer of its answers (fastify-type-provider-zod parses each
 * answer with the route's schema): a key it does not name never reaches the student's browser.
 */
const session = {
  id: 's1',
  status: 'PLAYING',
  attempt: 1,
  points: 10,
  total_right: 1,
  total_wrong: 0,
  score: null,
  passed: null,
  game: {
    assignment_id: 'a1',
    name: 'Animals',
    type: 'sentence_practice',
    max_attempts: 2,
    attempts: 1,
    end_time: '2026-12-01T00:00:00.000Z',
  },
  rules: { show_progress_bar: true, show_failed_attemps: false, min_rate: 50, point_first_try: 10 },
  activities: [
    {
      id: 'x1',
      position: 1,
      kind: 'sentence',
      prompt: null,
      picture: null,
      audio: null,
      tiles: ['cat', 'the'],
      tries: [],
      tries_left: 3,
      done: false,
      points: 0,
    },
    {
      id: 'x2',
      position: 2,
      kind: 'sentence',
      prompt: 'Say it',
      picture: 'a1b2',
      audio: null,
      tiles: ['dog', 'a'],
      tries: [{ correct: true, points: 10 }],
      tries_left: 0,
      done: true,
      points: 10,
      correct_answer: { words: ['a', 'dog'] },
    },
  ],
};

describe('the player session contract', () => {
  it('passes a session as the service builds it, unchanged', () => {
    expect(playSessionSchema.parse(session)).toEqual(session);
  });

  it('drops an answer key or any other column that leaks into a session or an activity', () => {
    const leaky = {
      ...session,
      account_id: 'acc',
      activities: [
        { ...session.activities[0], answers: { target: 'the cat', distractors: [] }, target: 'the cat' },
        session.activities[1],
      ],
    };
    const out = playSessionSchema.parse(leaky);
    expect(out).toEqual(session);
    expect(JSON.stringify(out)).not.toContain('the cat');
  });

  it('refuses an activity of no known kind, a status it does not know, and tries left past three', () => {
    expect(
      playSessionSchema.safeParse({ ...session, activities: [{ ...session.activities[0], kind: 'drawing' }] }).success,
    ).toBe(false);
    expect(playSessionSchema.safeParse({ ...session, status: 'PAUSED' }).success).toBe(false);
    expect(
      playSessionSchema.safeParse({ ...session, activities: [{ ...session.activities[0], tries_left: 4 }] }).success,
    ).toBe(false);
  });

  it('keeps a try result’s right answer only in the shapes a player answer has', () => {
    const result = {
      correct: false,
      points: 0,
      try_number: 3,
      tries_left: 0,
      done: true,
      all_done: false,
      repeated: false,
      session: { points: 0, total_right: 0, total_wrong: 3 },
    };
    expect(tryResultSchema.parse({ ...result, correct_answer: { index: 2 } })).toEqual({
      ...result,
      correct_answer: { index: 2 },
    });
    expect(tryResultSchema.safeParse({ ...result, correct_answer: { index: 2, words: ['x'] } }).success).toBe(false);
  });
});
