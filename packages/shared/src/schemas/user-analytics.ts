import { z } from 'zod';
import { ROLE_VALUES } from '../roles';
import { analyticsQueryFields, periodChecked } from './analytics';

/**
 * Users analytics (docs/product.md §6–7, decision 028): what each adult in the caller's scope did over
 * a period (games given, sessions evaluated, recordings, assessments) and what waits for them now.
 * Those who manage users see their account's adults (platform staff every account's); anyone else
 * sees their own line. `GET /api/analytics/users`.
 */
export const usersAnalyticsQuery = periodChecked(
  z.object({
    ...analyticsQueryFields,
    role: z.enum(ROLE_VALUES, { error: 'validation.invalid' }).optional(),
  }),
);
export type UsersAnalyticsQuery = z.infer<typeof usersAnalyticsQuery>;

export const userFiguresSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  role: z.enum(ROLE_VALUES),
  /** Students of the workspaces they belong to or supervise, now. */
  students: z.number().int(),
  /** Games they gave in the period. */
  assigned: z.number().int(),
  /** Sessions they evaluated in the period. */
  evaluated: z.number().int(),
  /** Their students' finished sessions waiting for an evaluation, now. */
  waiting: z.number().int(),
  /** Recordings and assessments they made in the period. */
  recordings: z.number().int(),
  assessments: z.number().int(),
  /** When they last used Habla (their latest sign-in's last request), or null. */
  last_active: z.string().nullable(),
});
export type UserFigures = z.infer<typeof userFiguresSchema>;

export const usersAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  users: z.array(userFiguresSchema),
  total: z.number().int(),
});
export type UsersAnalytics = z.infer<typeof usersAnalyticsSchema>;
