import { z } from 'zod';
import { LANGUAGES, MEMBERSHIP_TYPES } from '../enums';
import { ROLE_VALUES } from '../roles';

/**
 * Auth schemas shared by the API (validation + OpenAPI) and the web forms.
 * Messages are keys of the shared locale catalogue (`locales/*.json` → `validation.*`),
 * translated by the API error handler and by the web forms with the field's label.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const required = (max = 254) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(PASSWORD_MIN, { error: 'validation.passwordTooShort' })
  .max(PASSWORD_MAX, { error: 'validation.passwordTooLong' });

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .max(254, { error: 'validation.tooLong' })
  .pipe(z.email({ error: 'validation.email' }));

/** Usernames: letters, digits, dot, dash, underscore; 3–40; stored lower-case. */
export const usernameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(3, { error: 'validation.usernameTooShort' })
  .max(40, { error: 'validation.tooLong' })
  .regex(/^[a-z0-9._-]+$/, { error: 'validation.usernameChars' });

export const loginBody = z.object({
  login: required(254),
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(1024, { error: 'validation.tooLong' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  first_name: required(100),
  last_name: required(100),
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  membership_type: z.enum(MEMBERSHIP_TYPES, { error: 'validation.choice' }),
  account_name: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
  language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;
/** What a registration answers besides its message: advice on what to do next. */
export const registered = z.object({ advice: z.string() });
export type Registered = z.infer<typeof registered>;

export const changePasswordBody = z.object({
  current_password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1024),
  new_password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const forgotPasswordBody = z.object({ login: required(254) });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({
  token: z
    .string({ error: 'validation.required' })
    .min(20, { error: 'validation.invalidToken' })
    .max(200, { error: 'validation.invalidToken' }),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** A saved column layout as stored and returned (seed §3 view_options). */
export const viewOption = z.object({
  controller: z.string(),
  view: z.string(),
  columns: z.array(z.string()),
});
export type ViewOption = z.infer<typeof viewOption>;

/** A column layout to save: bounded, since every one is stored in the user's row and sent on each sign-in. */
export const viewOptionBody = z.strictObject({
  controller: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.tooLong' }),
  view: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.tooLong' }),
  columns: z
    .array(z.string().max(100, { error: 'validation.tooLong' }), { error: 'validation.invalid' })
    .max(100, { error: 'validation.tooMany' }),
});

/** The signed-in user as the API returns it and the web stores it under `user`. */
export const sessionUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLE_VALUES),
  account_id: z.string().nullable(),
  language: z.enum(LANGUAGES),
  permissions: z.array(z.string()),
  view_options: z.array(viewOption),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({ status: z.literal(true), data: sessionUser, token: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;
