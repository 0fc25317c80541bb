import { okEnvelope } from '@habla/shared';
import { analyticsActions } from '@habla/shared/policies/index';
import { studentsAnalyticsQuery, studentsAnalyticsSchema } from '@habla/shared/schemas/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_RETRY_AFTER_SECONDS } from '../../crud/routes';
import { actorContextOf } from '../../lib/context';
import { tooManyRequests } from '../../lib/errors';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses, fileResponse } from '../../lib/responses';
import { requireRule } from '../../plugins/access';
import { exportStudentFigures } from './export-student-figures';
import { studentFigures } from './student-figures';

/** The analytics (docs/product.md §7, decision 026): `GET /api/analytics/students` and its CSV export. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/analytics/students', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary:
        'Each student in the caller’s scope with their games, scores, first-try rate, time played and evaluated errors over a period',
      querystring: studentsAnalyticsQuery,
      response: { 200: okEnvelope(studentsAnalyticsSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await studentFigures(actorContextOf(req), req.query) }),
  });

  app.get('/analytics/students/export', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary: 'The same figures for every student of the query, as CSV (headings in the caller’s language)',
      querystring: studentsAnalyticsQuery,
      response: { 200: fileResponse('text/csv', 'Each student’s figures over the period'), ...errorResponses },
    },
    handler: async (req, reply) => {
      const ctx = actorContextOf(req);
      // An export reads every page: a few at once per user and per instance, like the lists' exports.
      const release = app.exportSlots.tryAcquire(ctx.actor.id);
      if (!release) throw tooManyRequests(EXPORT_RETRY_AFTER_SECONDS, 'errors.tooManyExports');
      try {
        const { csv, from, to } = await exportStudentFigures(ctx, req.query, requestLanguage(req));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="students-${from}-${to}.csv"`)
          .send(csv);
      } finally {
        release();
      }
    },
  });
};
