import { okEnvelope } from '@habla/shared';
import { analyticsActions } from '@habla/shared/policies/index';
import { studentsAnalyticsQuery, studentsAnalyticsSchema } from '@habla/shared/schemas/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorContextOf } from '../../lib/context';
import { errorResponses } from '../../lib/responses';
import { requireRule } from '../../plugins/access';
import { studentFigures } from './student-figures';

/** The analytics (docs/product.md §7, decision 026): `GET /api/analytics/students`. */
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
};
