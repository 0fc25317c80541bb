import { describe, expect, it } from 'vitest';
import { pointsFor, sameSentence, sessionScore, shuffleTiles, starsFor, tryBodySchema, wordsOutOfPlace } from './play';

const rules = { point_first_try: 10, point_second_try: 1, point_third_try: 0, min_rate: 50 };

describe('the player’s rules', () => {
  it('scores 10 / 1 / 0 by try, and points ÷ (activities × first-try points) as a percentage with its pass mark', () => {
    expect([1, 2, 3, 4].map((n) => pointsFor(n, rules))).toEqual([10, 1, 0, 0]);
    expect(sessionScore(11, 2, rules)).toEqual({ score: 55, passed: true });
    expect(sessionScore(21, 3, rules)).toEqual({ score: 70, passed: true });
    // One decimal: 10 of 30 is 33.3 %.
    expect(sessionScore(10, 3, rules)).toEqual({ score: 33.3, passed: false });
    expect(sessionScore(6, 2, { point_first_try: 5, point_second_try: 3, point_third_try: 1, min_rate: 80 })).toEqual({ score: 60, passed: false });
    expect(sessionScore(0, 2, { ...rules, point_first_try: 0 })).toEqual({ score: 0, passed: false });
    expect([95, 60, 20].map((s) => starsFor(s, 50))).toEqual([3, 2, 1]);
  });

  it('compares sentences without case or punctuation, and never shuffles tiles into the answer', () => {
    expect(sameSentence(['the', 'GIRL', 'ate', 'an', 'apple.'], 'The girl ate an apple.')).toBe(true);
    expect(sameSentence(['The', 'girl', 'an', 'ate', 'apple'], 'The girl ate an apple.')).toBe(false);
    expect(sameSentence(['The', 'girl', 'ate', 'an'], 'The girl ate an apple.')).toBe(false);
    for (let i = 0; i < 50; i++) {
      const tiles = shuffleTiles('He went home.', ['goed'], `seed-${i}`);
      expect([...tiles].sort()).toEqual(['He', 'goed', 'home', 'went']);
      expect(sameSentence(tiles.slice(0, 3), 'He went home.')).toBe(false);
    }
    // The same seed, the same order (a reload shows the same tiles).
    expect(shuffleTiles('We saw a big bird.', [], 's')).toEqual(shuffleTiles('We saw a big bird.', [], 's'));
  });

  it('finds the words out of place outside the longest common subsequence with the target', () => {
    expect(wordsOutOfPlace(['The', 'girl', 'ate', 'an', 'apple'], 'The girl ate an apple.')).toEqual([]);
    // "an" and "ate" swapped: one of them is out of place.
    expect(wordsOutOfPlace(['The', 'girl', 'an', 'ate', 'apple'], 'The girl ate an apple.')).toHaveLength(1);
    expect(wordsOutOfPlace(['apple', 'The', 'girl', 'ate', 'an'], 'The girl ate an apple.')).toEqual([0]);
    expect(wordsOutOfPlace(['eated', 'The'], 'The girl ate.')).toEqual([0]);
  });

  it('drops what the client may not decide from a try, and checks the rest', () => {
    const ok = tryBodySchema.parse({
      activity_id: '9b2f6a2e-8a47-4f0e-9d8e-1d2b3c4d5e6f',
      answer: { index: 1 },
      client_try_id: 'abcdefgh',
      elapsed_ms: 10,
      points: 99,
      correct: true,
    });
    expect(ok).not.toHaveProperty('points');
    expect(ok).not.toHaveProperty('correct');
    expect(tryBodySchema.safeParse({ activity_id: 'x', answer: { index: 9 }, client_try_id: 'short', elapsed_ms: -1 }).success).toBe(false);
  });
});
