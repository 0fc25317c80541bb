import { z } from 'zod';
import { GAME_TYPES } from '../enums';

/**
 * Assigning games to students (docs/product.md §9, decision 017): the bodies of
 * `POST /api/games/assign` and `POST /api/games/unassign`, the query of `GET /api/assignments`, and
 * the assignment every one of them answers. The route, the service and the web read these.
 */

export const ASSIGN_STATUSES = ['ASSIGNED', 'UNASSIGNED', 'PLAYED'] as const;
export type AssignStatus = (typeof ASSIGN_STATUSES)[number];

const uuid = z.uuid({ error: 'validation.invalid' });

export const assignBody = z.strictObject({
  game_ids: z
    .array(uuid, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(50, { error: 'validation.tooLong' }),
  student_ids: z
    .array(uuid, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.tooLong' }),
  max_attempts: z
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(20, { error: 'validation.invalid' })
    .optional(),
  end_time: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional(),
});
export type AssignBody = z.infer<typeof assignBody>;

export const idsBody = z.strictObject({
  ids: z
    .array(uuid, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.tooLong' }),
});

/** An assignment as a therapist sees it: the frozen copy's name and counts, never its answer keys. */
export const assignmentSchema = z.object({
  id: z.string(),
  game_id: z.string(),
  student_id: z.string(),
  account_id: z.string(),
  name: z.string(),
  type: z.enum(GAME_TYPES),
  chapter_id: z.string().nullable(),
  activities_count: z.number().int(),
  max_attempts: z.number().int(),
  attempts: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  assign_status: z.enum(ASSIGN_STATUSES),
  /** Scores in percent with one decimal; null before a finished session. */
  best_score: z.number().nullable(),
  last_score: z.number().nullable(),
  last_played_at: z.string().nullable(),
  /** The pass mark frozen with the assignment's rules. */
  min_rate: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** The student's name: in the list (`GET /api/assignments`) only. */
  student_name: z.string().nullable().optional(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignResult = z.object({
  assigned: z.array(assignmentSchema),
  /** Pairs left out because the student already has that game, open and not yet played. */
  skipped: z.number().int(),
});
export type AssignResult = z.infer<typeof assignResult>;
