import { z } from 'zod';

/** One row of `/api/audit-log` (read only), shared by the API's route and the Audit Log screen. */
export const auditRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  actor: z.string().nullable(),
  account_id: z.string().nullable(),
  account: z.string().nullable(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  changes: z.unknown(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
