import { z } from 'zod';
import { LANGUAGES } from '../enums';

/**
 * The signed-in user's own profile and sessions (`/api/auth/profile`, `/api/auth/sessions`): one
 * contract for the API's validation and OpenAPI document and the web's settings screens.
 */
export const profileRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.string(),
  notify_by_email: z.boolean(),
  phone: z.string().nullable(),
  job_title: z.string().nullable(),
  account: z.string().nullable(),
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(100, { error: 'validation.tooLong' });

/** A change of one's own profile: any subset of these fields, nothing else. */
export const profileBodySchema = z.strictObject({
  first_name: name.optional(),
  last_name: name.optional(),
  language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional(),
  notify_by_email: z.boolean({ error: 'validation.invalid' }).optional(),
  phone: z.string().trim().max(40, { error: 'validation.tooLong' }).nullable().optional(),
  job_title: z.string().trim().max(100, { error: 'validation.tooLong' }).nullable().optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** One signed-in session of the user (the current one marked). */
export const sessionRowSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;
