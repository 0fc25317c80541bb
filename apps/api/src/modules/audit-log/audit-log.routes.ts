import { AUDIT_LOG_READ_RULE, auditRowSchema, okEnvelope } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuery } from '../../crud/schemas';
import { actorContextOf } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { errorResponses } from '../../lib/responses';
import { requirePermission } from '../../plugins/access';
import { listAuditEntries } from './audit-log.service';

const text = z.string().max(60, { error: 'validation.tooLong' }).optional();
const auditQuery = pagingQuery.extend({
  entity: text,
  action: text,
  actor: text,
  entity_id: text,
  from: z.iso.date({ error: 'validation.date' }).optional(),
  to: z.iso.date({ error: 'validation.date' }).optional(),
});
const auditRow = auditRowSchema;

/** The audit log, read only: the API registers no route that changes or removes its rows. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/audit-log', {
    preValidation: requirePermission(AUDIT_LOG_READ_RULE),
    schema: {
      tags: ['audit-log'],
      summary: 'Who did what to which record, newest first (read only)',
      querystring: auditQuery,
      response: { 200: okEnvelope(z.array(auditRow)), ...errorResponses },
    },
    handler: async (req) => {
      const q = req.query;
      if (q.from && q.to && q.from > q.to) throw fieldError('from', 'validation.range');
      const { rows, total } = await listAuditEntries(actorContextOf(req), q);
      return { status: true as const, data: rows, meta: { page: q.page, max: q.max, total } };
    },
  });
};
