import { z } from 'zod';
import { RELATIONSHIPS_TO_STUDENT, WORKSPACE_ROLES } from '../enums';

/**
 * The tenancy routes outside the generic engine (workspace members, billing statements, the header's
 * student selector, the SSN reveal): one contract for the API's validation and OpenAPI document and
 * the web's panels.
 */
export const workspaceMemberSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  full_name: z.string(),
  username: z.string(),
  role: z.string(),
  workspace_role: z.string(),
  relationship_to_student: z.string().nullable(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceMemberBodySchema = z.strictObject({
  user_id: z.uuid({ error: 'validation.invalid' }),
  workspace_role: z.enum(WORKSPACE_ROLES, { error: 'validation.choice' }),
  relationship_to_student: z.enum(RELATIONSHIPS_TO_STUDENT, { error: 'validation.choice' }).nullable().optional(),
});
export type WorkspaceMemberBody = z.infer<typeof workspaceMemberBodySchema>;

export const billingStatementSchema = z.object({
  id: z.string(),
  billing_id: z.string(),
  product: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  amount: z.string(),
});
export type BillingStatement = z.infer<typeof billingStatementSchema>;

export const selectorStudentSchema = z.object({
  student_id: z.string(),
  name: z.string(),
  workspaces: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
});
export type SelectorStudent = z.infer<typeof selectorStudentSchema>;

export const revealedSsnSchema = z.object({ ssn: z.string().nullable() });
export type RevealedSsn = z.infer<typeof revealedSsnSchema>;
