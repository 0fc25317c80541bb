import { z } from 'zod';
import { GAME_TYPES } from '../enums';
import { playerAnswerSchema } from '../play';
import { activityAnswersSchema } from '../resources/games';
import { SESSION_STATUSES } from './player';

/**
 * Evaluating played sessions (docs/product.md §9, decision 017); the list `GET /api/game-sessions` is
 * the engine's (resources/play.ts). Here: one session with every try and its typed errors
 * (`GET /api/game-sessions/:id`), and the therapist's evaluation (`PUT /api/game-sessions/:id/evaluation`,
 * which answers the session).
 */

const count = z
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(999, { error: 'validation.invalid' });
export const evaluationBody = z.strictObject({
  words_out_of_place: count,
  parts_of_speech: count,
  syntax_error: count,
  score_description: z.string().trim().max(2000, { error: 'validation.tooLong' }).nullish(),
});
export type EvaluationBody = z.infer<typeof evaluationBody>;

/** The three error types of an evaluation (docs/product.md §9). */
export const errorCountsSchema = z.object({
  words_out_of_place: z.number().int(),
  parts_of_speech: z.number().int(),
  syntax_error: z.number().int(),
});
export type ErrorCounts = z.infer<typeof errorCountsSchema>;

/** A played session as its own page shows it (`sessionDetailSchema` adds its tries and evaluation). */
export const sessionRowSchema = z.object({
  id: z.string(),
  assignment_id: z.string(),
  student_id: z.string(),
  status: z.enum(SESSION_STATUSES),
  attempt: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  points: z.number().int(),
  /** Percent with one decimal; null until the session is finished. */
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  total_right: z.number().int(),
  total_wrong: z.number().int(),
  duration_ms: z.number().int(),
  evaluated_at: z.string().nullable(),
  game_id: z.string(),
  game_name: z.string(),
  game_type: z.enum(GAME_TYPES),
  student_name: z.string().nullable(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;

/** A try as the evaluation shows it, with its automatic error types (a wrong sentence only). */
export const evaluatedTrySchema = z.object({
  try_number: z.number().int(),
  answer: playerAnswerSchema,
  correct: z.boolean(),
  points: z.number().int(),
  elapsed_ms: z.number().int(),
  at: z.string(),
  errors: errorCountsSchema.nullable(),
});

/** One session in full: the frozen activities with their answer keys, every try, the automatic counts and the
 * evaluation. */
export const sessionDetailSchema = sessionRowSchema.extend({
  account_id: z.string(),
  words_out_of_place: z.number().int().nullable(),
  parts_of_speech: z.number().int().nullable(),
  syntax_error: z.number().int().nullable(),
  score_description: z.string().nullable(),
  evaluator_id: z.string().nullable(),
  evaluator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  activities: z.array(
    z.object({
      id: z.string(),
      position: z.number().int(),
      question: z.string().nullable(),
      picture: z.string().nullable(),
      answers: activityAnswersSchema,
      tries: z.array(evaluatedTrySchema),
    }),
  ),
  /** The error types counted from the wrong tries. */
  automatic: errorCountsSchema,
  /** The therapist's, once evaluated; until then the automatic counts, without a description. */
  evaluation: errorCountsSchema.extend({ score_description: z.string().nullable() }),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;
