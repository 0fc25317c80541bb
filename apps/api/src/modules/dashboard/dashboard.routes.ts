import { okEnvelope } from '@habla/shared';
import { dashboardSchema } from '@habla/shared/schemas/dashboards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorContextOf } from '../../lib/context';
import { errorResponses } from '../../lib/responses';
import { requireAuth, signedIn } from '../../plugins/access';
import { myDashboard } from './my-dashboard';

/** `GET /api/dashboards/me` (docs/product.md §9): the signed-in user's board of the MLA loop. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboards/me', {
    preValidation: requireAuth,
    schema: {
      tags: ['dashboards'],
      summary:
        'The signed-in user’s dashboard: a student’s games, results and chapters; or the caseload, sessions to evaluate and games ending soon',
      response: { 200: okEnvelope(dashboardSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await myDashboard(actorContextOf(req), signedIn(req)) }),
  });
};
