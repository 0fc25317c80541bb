import { z } from 'zod';
import { GAME_TYPES } from '../enums';
import { MAX_TRIES, playerAnswerSchema } from '../play';

/**
 * The student's player (docs/product.md §4 and §9, decision 017): the cards of
 * `GET /api/player/games`, the session that starting, resuming, leaving and finishing a game answer,
 * and the result of one try; the same shapes for a preview, which records nothing.
 */

export const PLAYER_GAME_STATES = ['new', 'in_progress', 'played', 'done', 'expired'] as const;
export const SESSION_STATUSES = ['NEW', 'PLAYING', 'COMPLETED', 'INCOMPLETE'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** A card of the student's games. */
export const playerGameSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(GAME_TYPES),
  activities_count: z.number().int(),
  /** The first picture of the frozen copy (a gallery image's id or a vocabulary picture's code). */
  picture: z.string().nullable(),
  state: z.enum(PLAYER_GAME_STATES),
  /** Ends within a day and can still be played. */
  expiring_soon: z.boolean(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  best_score: z.number().nullable(),
  end_time: z.string(),
  /** The open session to resume, if any. */
  session_id: z.string().nullable(),
});
export type PlayerGame = z.infer<typeof playerGameSchema>;

/** A sentence practice as the player shows it: its tiles shuffled, never its target. */
const sentenceShown = z.object({
  kind: z.literal('sentence'),
  prompt: z.string().nullable(),
  picture: z.string().nullable(),
  audio: z.string().nullable(),
  tiles: z.array(z.string()),
});
/** A multiple choice as the player shows it: never which answer is right. */
const choiceShown = z.object({
  kind: z.literal('choice'),
  question: z.string(),
  picture: z.string().nullable(),
  audio: z.string().nullable(),
  answers: z.array(
    z.object({ text: z.string().nullable(), picture: z.string().nullable(), alt: z.string().nullable() }),
  ),
});

/** How an activity went so far; the right answer only once it is over. */
const progress = {
  id: z.string(),
  position: z.number().int(),
  tries: z.array(z.object({ correct: z.boolean(), points: z.number().int() })),
  tries_left: z.number().int().min(0).max(MAX_TRIES),
  done: z.boolean(),
  points: z.number().int(),
  correct_answer: playerAnswerSchema.optional(),
};
export const playActivitySchema = z.discriminatedUnion('kind', [
  sentenceShown.extend(progress),
  choiceShown.extend(progress),
]);
export type PlayActivity = z.infer<typeof playActivitySchema>;

export const playSessionSchema = z.object({
  /** A preview's is `preview-<game id>`: nothing is stored under it. */
  id: z.string(),
  status: z.enum(SESSION_STATUSES),
  attempt: z.number().int(),
  points: z.number().int(),
  total_right: z.number().int(),
  total_wrong: z.number().int(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  game: z.object({
    assignment_id: z.string(),
    name: z.string(),
    type: z.enum(GAME_TYPES),
    max_attempts: z.number().int(),
    attempts: z.number().int(),
    end_time: z.string(),
  }),
  rules: z.object({
    show_progress_bar: z.boolean(),
    show_failed_attemps: z.boolean(),
    min_rate: z.number(),
    point_first_try: z.number(),
  }),
  activities: z.array(playActivitySchema),
  /** Present (true) on a preview only. */
  preview: z.literal(true).optional(),
});
export type PlaySession = z.infer<typeof playSessionSchema>;

/** What one try answers: its result, whether its activity is over, and the session's totals. */
export const tryResultSchema = z.object({
  correct: z.boolean(),
  points: z.number().int(),
  try_number: z.number().int(),
  tries_left: z.number().int(),
  done: z.boolean(),
  correct_answer: playerAnswerSchema.optional(),
  all_done: z.boolean(),
  /** The same try sent again (its `client_try_id` was already counted): what it answered then. */
  repeated: z.boolean(),
  session: z.object({ points: z.number().int(), total_right: z.number().int(), total_wrong: z.number().int() }),
});
export type TryResult = z.infer<typeof tryResultSchema>;

/** A preview's try: checked and scored, nothing kept. */
export const previewTryResultSchema = tryResultSchema
  .pick({ correct: true, points: true, try_number: true, tries_left: true, done: true, correct_answer: true })
  .extend({
    preview: z.literal(true),
  });
export type PreviewTryResult = z.infer<typeof previewTryResultSchema>;

export const previewTryBody = z.strictObject({
  activity_id: z.uuid({ error: 'validation.invalid' }),
  answer: playerAnswerSchema,
  try_number: z
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(MAX_TRIES, { error: 'validation.invalid' }),
});
export type PreviewTryBody = z.infer<typeof previewTryBody>;
