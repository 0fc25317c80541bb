import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  inAnswerOrder,
  playerAnswerSchema,
  pointsFor,
  sameSentence,
  sessionScore,
  shuffleTiles,
  starsFor,
  tryBodySchema,
  wordsOutOfPlace,
} from './play';

const rules = { point_first_try: 10, point_second_try: 1, point_third_try: 0, min_rate: 50 };

describe('the player’s rules', () => {
  it('scores 10 / 1 / 0 by try, and points ÷ (activities × first-try points) as a percentage with its pass mark', () => {
    expect([1, 2, 3, 4].map((n) => pointsFor(n, rules))).toEqual([10, 1, 0, 0]);
    expect(sessionScore(11, 2, rules)).toEqual({ score: 55, passed: true });
    expect(sessionScore(21, 3, rules)).toEqual({ score: 70, passed: true });
    // One decimal: 10 of 30 is 33.3 %.
    expect(sessionScore(10, 3, rules)).toEqual({ score: 33.3, passed: false });
    expect(sessionScore(6, 2, { point_first_try: 5, point_second_try: 3, point_third_try: 1, min_rate: 80 })).toEqual({
      score: 60,
      passed: false,
    });
    expect(sessionScore(0, 2, { ...rules, point_first_try: 0 })).toEqual({ score: 0, passed: false });
    expect([95, 60, 20].map((s) => starsFor(s, 50))).toEqual([3, 2, 1]);
    // Other rules: the third try scores its own points, a fourth none.
    expect(
      [1, 2, 3, 4].map((n) =>
        pointsFor(n, { point_first_try: 5, point_second_try: 3, point_third_try: 1, min_rate: 80 }),
      ),
    ).toEqual([5, 3, 1, 0]);
  });

  it('passes a score exactly at min_rate and fails one a point below, by the default rules and by others', () => {
    // 10 / 1 / 0 and 50 %: 10 of 20 points is 50 % (passed); 99 of 200 is 49.5 % (not).
    expect(sessionScore(10, 2, rules)).toEqual({ score: 50, passed: true });
    expect(sessionScore(100, 20, rules)).toEqual({ score: 50, passed: true });
    expect(sessionScore(99, 20, rules)).toEqual({ score: 49.5, passed: false });
    // 4 / 3 / 1 and 75 %: 6 of 8 points passes, 5 does not.
    const other = { point_first_try: 4, point_second_try: 3, point_third_try: 1, min_rate: 75 };
    expect(sessionScore(6, 2, other)).toEqual({ score: 75, passed: true });
    expect(sessionScore(5, 2, other)).toEqual({ score: 62.5, passed: false });
    // A pass mark of 100 %: only every point passes.
    expect(sessionScore(30, 3, { ...rules, min_rate: 100 })).toEqual({ score: 100, passed: true });
    expect(sessionScore(29, 3, { ...rules, min_rate: 100 })).toEqual({ score: 96.7, passed: false });
    // The end screen's stars agree: two from the pass mark itself, one just below it.
    expect(starsFor(50, 50)).toBe(2);
    expect(starsFor(49.5, 50)).toBe(1);
    expect(starsFor(75, 75)).toBe(2);
    // Three stars from 90 % itself.
    expect(starsFor(90, 50)).toBe(3);
    expect(starsFor(89.9, 50)).toBe(2);
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
    // And the same after a restart or a release: an open session's tiles do not move, so the order
    // of a seed is written out here (the generator and the seed's hash are part of it).
    expect(shuffleTiles('We saw a big brown bird today.', ['seen'], 'session:activity')).toEqual([
      'saw',
      'We',
      'seen',
      'big',
      'brown',
      'bird',
      'today',
      'a',
    ]);
    expect(shuffleTiles('He went home.', [], 'a')).toEqual(['He', 'home', 'went']);
    expect(shuffleTiles('He went home.', [], 'b')).toEqual(['went', 'home', 'He']);
    // Distractors are tiles as written, without the spaces around them; a blank one is none.
    expect(shuffleTiles('He went home.', [' goed ', ' '], 's').sort()).toEqual(['He', 'goed', 'home', 'went']);
    // A target without words leaves the distractors as they were shuffled.
    expect(shuffleTiles('', ['a', 'b', 'c'], 's').sort()).toEqual(['a', 'b', 'c']);
  });

  it('tells whether the target’s words can be read in order along the tiles, the others skipped', () => {
    expect(inAnswerOrder(['He', 'went', 'home.'], 'He went home.')).toBe(true);
    expect(inAnswerOrder(['HE', 'dog', 'went', 'the', 'home', 'went'], 'He went home.')).toBe(true);
    expect(inAnswerOrder(['went', 'He', 'home'], 'He went home.')).toBe(false);
    expect(inAnswerOrder(['He', 'home', 'went'], 'He went home.')).toBe(false);
    expect(inAnswerOrder(['He', 'went'], 'He went home.')).toBe(false);
    expect(inAnswerOrder([], 'He went home.')).toBe(false);
  });

  it('never hands a child the tiles in answer order: the target’s words never read in order along them, whatever the seed', () => {
    const bare = (w: string) => {
      // Punctuation trimmed from both ends by walking (a regex anchored at the end only would scan back from every
      // position).
      const c = Array.from(w.toLowerCase());
      const isWord = (x: string) => /[\p{L}\p{N}]/u.test(x);
      while (c.length && !isWord(c[0]!)) c.shift();
      while (c.length && !isWord(c.at(-1)!)) c.pop();
      return c.join('');
    };
    /** The target's words found in order along the tiles, others skipped (written here, not taken from the code). */
    const readsInOrder = (tiles: string[], target: string) => {
      const want = target.split(' ').map(bare);
      let i = 0;
      for (const tile of tiles) if (i < want.length && bare(tile) === want[i]) i++;
      return i === want.length;
    };
    const cases: [string, string[]][] = [
      ['He went home.', []],
      ['Dogs bark.', []],
      ['Dogs bark.', ['cats', 'loud', 'run', 'fast', 'big', 'small']],
      ['Yes no yes.', []],
      ['The cat sat on the mat.', ['the', 'dog']],
      ['I see you.', ['I', 'me']],
      ['Mom, come here!', ['came']],
    ];
    for (const [target, distractors] of cases) {
      const orders = new Set<string>();
      for (let i = 0; i < 300; i++) {
        const tiles = shuffleTiles(target, distractors, `seed-${i}`);
        expect(tiles.map(bare).sort()).toEqual([...target.split(' '), ...distractors].map(bare).sort());
        expect(readsInOrder(tiles, target), `${target} as ${tiles.join(' ')} (seed-${i})`).toBe(false);
        orders.add(tiles.join(' '));
      }
      // Still shuffled: the order depends on the seed wherever more than one order is left.
      if (target !== 'Dogs bark.' || distractors.length) expect(orders.size, target).toBeGreaterThan(1);
    }
    // A target of one repeated word has no other order: its tiles are all there.
    expect(shuffleTiles('No no.', [], 's').map(bare)).toEqual(['no', 'no']);
  });

  it('finds what makes an answer no answer to the activity: an index past its answers, words that are not its tiles', () => {
    const sentence = { target: 'The girl ate an apple.', distractors: ['eated'] };
    expect(answerProblem(sentence, { words: ['the', 'GIRL', 'eated', 'an', 'apple.'] })).toBeNull();
    expect(answerProblem(sentence, { words: ['apple'] })).toBeNull();
    expect(answerProblem(sentence, { words: ['The', 'girl', 'ate', 'a', 'pear'] })).toEqual({
      field: 'answer.words',
      key: 'play.answerTiles',
    });
    expect(answerProblem(sentence, { words: ['apple', 'apple'] })).toEqual({
      field: 'answer.words',
      key: 'play.answerTiles',
    });
    expect(answerProblem(sentence, { words: ['!'] })).toEqual({ field: 'answer.words', key: 'play.answerTiles' });
    expect(answerProblem(sentence, { words: [] })).toEqual({ field: 'answer.words', key: 'play.answerEmpty' });
    const choice = { options: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], correct: 0 };
    expect(answerProblem(choice, { index: 2 })).toBeNull();
    expect(answerProblem(choice, { index: 3 })).toEqual({
      field: 'answer.index',
      key: 'play.answerIndex',
      params: { count: 3 },
    });
    expect(answerProblem(choice, { index: 5 })).toEqual({
      field: 'answer.index',
      key: 'play.answerIndex',
      params: { count: 3 },
    });
    // No answers at all: no index is one.
    expect(answerProblem({ target: 'He went home.' }, { index: 0 })).toEqual({
      field: 'answer.index',
      key: 'play.answerIndex',
      params: { count: 0 },
    });
    // Without distractors, the target's words are the tiles.
    expect(answerProblem({ target: 'He went home.' }, { words: ['home', 'He'] })).toBeNull();
    expect(answerProblem({ target: 'He went home.' }, { words: ['He', 'goes'] })).toEqual({
      field: 'answer.words',
      key: 'play.answerTiles',
    });
    // A tile of two words is used as shown, not run together.
    const two = { target: 'We like it.', distractors: ['ice cream'] };
    expect(answerProblem(two, { words: ['We', 'like', 'ice cream'] })).toBeNull();
    expect(answerProblem(two, { words: ['We', 'like', 'icecream'] })).toEqual({
      field: 'answer.words',
      key: 'play.answerTiles',
    });
  });

  it('finds the words out of place outside the longest common subsequence with the target', () => {
    expect(wordsOutOfPlace(['The', 'girl', 'ate', 'an', 'apple'], 'The girl ate an apple.')).toEqual([]);
    // "an" and "ate" swapped: one of them is out of place.
    expect(wordsOutOfPlace(['The', 'girl', 'an', 'ate', 'apple'], 'The girl ate an apple.')).toHaveLength(1);
    expect(wordsOutOfPlace(['apple', 'The', 'girl', 'ate', 'an'], 'The girl ate an apple.')).toEqual([0]);
    expect(wordsOutOfPlace(['eated', 'The'], 'The girl ate.')).toEqual([0]);
    // Of two words swapped, the one built first is the one out of place.
    expect(wordsOutOfPlace(['The', 'girl', 'an', 'ate', 'apple'], 'The girl ate an apple.')).toEqual([2]);
    expect(wordsOutOfPlace(['an', 'ate'], 'ate an')).toEqual([0]);
    // Words left out are not out of place; an extra tile at the end, or a word built twice, is.
    expect(wordsOutOfPlace(['girl', 'ate'], 'The girl ate.')).toEqual([]);
    expect(wordsOutOfPlace(['The', 'girl', 'ate', 'an', 'apple', 'eated'], 'The girl ate an apple.')).toEqual([5]);
    expect(wordsOutOfPlace(['The', 'The'], 'The dog.')).toEqual([1]);
    expect(wordsOutOfPlace(['dog', 'The', 'big'], 'The big dog.')).toEqual([0]);
    // A word found further on is kept, the word after it not.
    expect(wordsOutOfPlace(['apple', 'eated'], 'The girl ate an apple.')).toEqual([1]);
    // A tile of two words is not the word they make run together.
    expect(wordsOutOfPlace(['We', 'like', 'ice cream'], 'We like icecream.')).toEqual([2]);
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
    expect(
      tryBodySchema.safeParse({ activity_id: 'x', answer: { index: 9 }, client_try_id: 'short', elapsed_ms: -1 })
        .success,
    ).toBe(false);
  });

  it('names what is wrong with a try by the message keys of the locale files', () => {
    const body = {
      activity_id: '9b2f6a2e-8a47-4f0e-9d8e-1d2b3c4d5e6f',
      answer: { words: ['The', 'girl'] },
      client_try_id: 'abcdefgh',
      elapsed_ms: 10,
    };
    /** The message of each problem at its path, those of a union's branches included. */
    const problems = (value: unknown) => {
      const out: Record<string, string> = {};
      const walk = (
        issues: readonly { path: PropertyKey[]; message: string; errors?: unknown }[],
        prefix: PropertyKey[],
      ) => {
        for (const i of issues) {
          if (Array.isArray(i.errors))
            for (const branch of i.errors as (typeof issues)[]) walk(branch, [...prefix, ...i.path]);
          else out[[...prefix, ...i.path].join('.')] = i.message;
        }
      };
      walk(tryBodySchema.safeParse(value).error?.issues ?? [], []);
      return out;
    };
    expect(problems(body)).toEqual({});
    // One word, or thirty words of sixty characters, are answers.
    expect(problems({ ...body, answer: { words: ['x'] } })).toEqual({});
    expect(problems({ ...body, answer: { words: Array<string>(30).fill('x'.repeat(60)) } })).toEqual({});
    expect(problems({ ...body, answer: { words: ['x'.repeat(61)] } })).toEqual({
      'answer.words.0': 'validation.tooLong',
    });
    // (Where the words' or the index's branch fails, the union also reports the other branch.)
    expect(problems({ ...body, answer: { words: Array<string>(31).fill('x') } })).toMatchObject({
      'answer.words': 'validation.tooLong',
    });
    expect(problems({ ...body, answer: { index: 1.5 } })).toMatchObject({ 'answer.index': 'validation.invalid' });
    expect(problems({ ...body, answer: { index: -1 } })).toMatchObject({ 'answer.index': 'validation.invalid' });
    expect(problems({ ...body, answer: { index: 6 } })).toMatchObject({ 'answer.index': 'validation.invalid' });
    expect(playerAnswerSchema.safeParse({ index: 5 }).success).toBe(true);
    expect(problems({ ...body, activity_id: 'x' })).toEqual({ activity_id: 'validation.invalid' });
    const { client_try_id: _id, ...noId } = body;
    expect(problems(noId)).toEqual({ client_try_id: 'validation.required' });
    // Only letters, digits, - and _, from 8 to 64 of them, and nothing around them.
    for (const id of ['short', 'has space', '!abcdefgh', 'abcdefgh!', 'x'.repeat(65)])
      expect(problems({ ...body, client_try_id: id }), id).toEqual({ client_try_id: 'validation.invalid' });
    expect(problems({ ...body, client_try_id: 'a'.repeat(64) })).toEqual({});
    for (const ms of [-1, 1.5, 3_600_001])
      expect(problems({ ...body, elapsed_ms: ms }), String(ms)).toEqual({ elapsed_ms: 'validation.invalid' });
  });
});
