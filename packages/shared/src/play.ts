import { z } from 'zod';
import { sentenceWords, type ActivityAnswers } from './resources/games';

/**
 * The player's rules (docs/product.md §4), shared by the server (which decides) and the
 * web (which shows): tiles, whether a sentence is right, points per try, the session's score.
 */

/** Tries an activity allows; after the last one the correct answer is shown. */
export const MAX_TRIES = 3;

/** Whether the built words are the target sentence (case and the punctuation around words aside). */
export function sameSentence(built: readonly string[], target: string): boolean {
  const want = sentenceWords(target).map((w) => w.toLowerCase());
  const got = built.flatMap((w) => sentenceWords(w)).map((w) => w.toLowerCase());
  return got.length === want.length && got.every((w, i) => w === want[i]);
}

/** A small seeded generator (mulberry32): the same seed shuffles the same way every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

/** A tile or a built word as the player compares them: case and the punctuation around words aside. */
const tileKey = (w: string) => sentenceWords(w).join(' ').toLowerCase();

/**
 * Whether the target's words can be read in order along the tiles, skipping the others: tiles in
 * that order would hand a child the answer (drop the extra tiles and it is built).
 */
export function inAnswerOrder(tiles: readonly string[], target: string): boolean {
  const want = sentenceWords(target).map((w) => w.toLowerCase());
  let i = 0;
  // Past the last word `want[i]` is undefined, which no tile's key equals.
  for (const tile of tiles) if (tileKey(tile) === want[i]) i++;
  return i === want.length;
}

/**
 * The tiles of a sentence practice (the target's words and the distractors) in a shuffled order, the
 * same for the same seed (a reload shows the same tiles). A child never gets them in answer order
 * (`inAnswerOrder`) when the target has two different words or more: a shuffle that lands in it
 * has the tiles of the target's first word moved to the end, after which the target's next
 * different word can no longer follow its first. (A target of one repeated word has no other order.)
 */
export function shuffleTiles(target: string, distractors: readonly string[], seed: string): string[] {
  const out = [...sentenceWords(target), ...distractors.map((d) => d.trim()).filter(Boolean)];
  const next = random(hash(seed));
  for (let i = out.length - 1; i >= 1; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  if (!inAnswerOrder(out, target)) return out;
  // A target without words (none to move) reads in order along any tiles and keeps them as they are.
  const first = sentenceWords(target)[0]?.toLowerCase();
  return [...out.filter((w) => tileKey(w) !== first), ...out.filter((w) => tileKey(w) === first)];
}

/** The points of the app configuration (MLA) that scoring uses, frozen on an assignment when it is made. */
export type ScoringRules = {
  point_first_try: number;
  point_second_try: number;
  point_third_try: number;
  min_rate: number;
};

/** Points for a right answer at try `n` (1-based); a wrong answer scores 0. */
export function pointsFor(n: number, rules: ScoringRules): number {
  if (n === 1) return rules.point_first_try;
  if (n === 2) return rules.point_second_try;
  if (n === 3) return rules.point_third_try;
  return 0;
}

/**
 * A session's score in percent: points ÷ (activities × first-try points) × 100, rounded to one
 * decimal; 0 when nothing could be scored. It passes at `min_rate`.
 */
export function sessionScore(
  points: number,
  activities: number,
  rules: ScoringRules,
): { score: number; passed: boolean } {
  const most = activities * rules.point_first_try;
  const score = most > 0 ? Math.round((points / most) * 1000) / 10 : 0;
  return { score, passed: score >= rules.min_rate };
}

/** Stars on the end screen: 3 from 90 %, 2 from the pass mark, 1 for finishing. */
export const starsFor = (score: number, minRate: number): 1 | 2 | 3 => (score >= 90 ? 3 : score >= minRate ? 2 : 1);

/** What a student answers: the tiles in the order built, or the index of the chosen answer. */
export const playerAnswerSchema = z.union([
  z.strictObject({
    words: z.array(z.string().max(60, { error: 'validation.tooLong' })).max(30, { error: 'validation.tooLong' }),
  }),
  // A number's own `error` names every problem of it, its bounds' included.
  z.strictObject({ index: z.int({ error: 'validation.invalid' }).min(0).max(5) }),
]);
export type PlayerAnswer = z.infer<typeof playerAnswerSchema>;

/**
 * What is wrong with an answer to an activity beyond its shape, checked before a try is spent
 * (docs/product.md §4: each activity allows three tries, and a malformed answer is not one): a
 * multiple-choice index past the activity's answers; sentence words that are not the activity's
 * tiles (each used at most as many times as it is shown, case and the punctuation around it aside),
 * or none at all. The field it concerns and a message key of the shared locale files; null when
 * the answer can be scored. Which kind of answer fits which game is checked apart (`play.answerKind`).
 */
export function answerProblem(
  answers: ActivityAnswers,
  answer: PlayerAnswer,
): { field: string; key: string; params?: Record<string, number> } | null {
  if ('index' in answer) {
    const count = answers.options?.length ?? 0;
    return answer.index < count ? null : { field: 'answer.index', key: 'play.answerIndex', params: { count } };
  }
  if (!answer.words.length) return { field: 'answer.words', key: 'play.answerEmpty' };
  const left = new Map<string, number>();
  // A tile's key already leaves out the spaces around it; an empty one is no answer (below).
  // Stryker disable StringLiteral: answerProblem is given words only for a sentence practice (the kind is checked first, play.answerKind), whose target is always stored (answersProblem on every write)
  const tiles = answers.distractors
    ? [...sentenceWords(answers.target ?? ''), ...answers.distractors]
    : sentenceWords(answers.target ?? '');
  // Stryker restore StringLiteral
  for (const tile of tiles) left.set(tileKey(tile), (left.get(tileKey(tile)) ?? 0) + 1);
  for (const word of answer.words) {
    const n = left.get(tileKey(word)) ?? 0;
    if (!tileKey(word) || n === 0) return { field: 'answer.words', key: 'play.answerTiles' };
    left.set(tileKey(word), n - 1);
  }
  return null;
}

/** Keys it does not know (`points`, `correct`) are dropped: the server decides those. */
export const tryBodySchema = z.object({
  activity_id: z.uuid({ error: 'validation.invalid' }),
  answer: playerAnswerSchema,
  /** Made by the browser for each try: the same try sent again (after a lost answer, offline) counts once. */
  client_try_id: z
    .string({ error: 'validation.required' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'validation.invalid' }),
  elapsed_ms: z.int({ error: 'validation.invalid' }).min(0).max(3_600_000),
});
export type TryBody = z.infer<typeof tryBodySchema>;

/**
 * Words out of place for the evaluation: the built tiles that are not in a longest common
 * subsequence with the target (case and punctuation aside), by their position in what was built.
 */
export function wordsOutOfPlace(built: readonly string[], target: string): number[] {
  const a = built.map((w) => sentenceWords(w).join(' ').toLowerCase());
  const b = sentenceWords(target).map((w) => w.toLowerCase());
  const dp: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const kept = new Set<number>();
  for (let i = 0, j = 0; i < a.length && j !== b.length;) {
    if (a[i] === b[j]) {
      kept.add(i);
      i++;
      j++;
    } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
    else j++;
  }
  return a.map((_, i) => i).filter((i) => !kept.has(i));
}
