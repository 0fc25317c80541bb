import { z } from 'zod';

/**
 * `GET /api/dashboards/me` (docs/product.md §9, decision 017): a student's board, or for whoever has
 * students in scope their caseload's (with the one child's own board when there is only one), or
 * nothing of the MLA loop.
 */

const studentBoard = z.object({
  games: z.object({
    new: z.number().int(),
    in_progress: z.number().int(),
    expiring_soon: z.number().int(),
    played: z.number().int(),
  }),
  /** The last eight finished sessions, newest first. */
  recent: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      score: z.number(),
      passed: z.boolean().nullable(),
      stars: z.number().int(),
      finished_at: z.string().nullable(),
    }),
  ),
  stars: z.number().int(),
  /**
   * What to play next (docs/product.md §6): the games still open to the student (not expired, an
   * attempt left or a session under way), the one under way first, then the new ones, soonest end
   * first; at most four.
   */
  next: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      state: z.enum(['in_progress', 'new', 'played']),
      end_time: z.string(),
      expiring_soon: z.boolean(),
    }),
  ),
  chapters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      assigned: z.number().int(),
      played: z.number().int(),
      average: z.number().nullable(),
    }),
  ),
});
export type StudentBoard = z.infer<typeof studentBoard>;

/**
 * `GET /api/dashboards/students/:id` (`/dashboards/student`): one student's board, for the student
 * themself or an adult who may see them (docs/product.md §2: anyone else gets 404).
 */
export const namedStudentBoardSchema = studentBoard.extend({ id: z.string(), full_name: z.string().nullable() });
export type NamedStudentBoard = z.infer<typeof namedStudentBoardSchema>;

const caseloadBoard = z.object({
  students: z.array(
    z.object({
      id: z.string(),
      full_name: z.string().nullable(),
      last_played: z.string().nullable(),
      /** The last eight scores, oldest first (the trend reads left to right). */
      scores: z.array(z.number()),
    }),
  ),
  waiting: z.object({
    total: z.number().int(),
    sessions: z.array(
      z.object({
        id: z.string(),
        student_id: z.string(),
        name: z.string(),
        student_name: z.string().nullable(),
        score: z.number().nullable(),
        finished_at: z.string().nullable(),
      }),
    ),
  }),
  expiring: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      student_id: z.string(),
      student_name: z.string().nullable(),
      end_time: z.string(),
    }),
  ),
});

export const dashboardSchema = z.discriminatedUnion('kind', [
  studentBoard.extend({ kind: z.literal('student') }),
  caseloadBoard.extend({
    kind: z.literal('caseload'),
    /** The one student in scope (a parent's child): their own board too. */
    child: namedStudentBoardSchema.optional(),
  }),
  z.object({ kind: z.literal('none') }),
]);
export type Dashboard = z.infer<typeof dashboardSchema>;
export type CaseloadBoard = Extract<Dashboard, { kind: 'caseload' }>;
