import { okEnvelope } from '@habla/shared';
import { accountDashboardActions, platformDashboardActions } from '@habla/shared/policies/index';
import { dashboardSchema, namedStudentBoardSchema } from '@habla/shared/schemas/dashboards';
import { accountDashboardSchema, platformDashboardSchema } from '@habla/shared/schemas/platform-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../crud/schemas';
import { actorContextOf } from '../../lib/context';
import { errorResponses } from '../../lib/responses';
import { requireAuth, requireRule, signedIn } from '../../plugins/access';
import { myDashboard, studentBoardOf } from './my-dashboard';
import { accountDashboard, platformDashboard } from './platform-dashboard';

/**
 * `GET /api/dashboards/me` (docs/product.md §9): the signed-in user's board of the MLA loop;
 * `GET /api/dashboards/students/:id`: one student's board (`/dashboards/student`);
 * `GET /api/dashboards/platform`: the platform staff's figures (docs/product.md §6);
 * `GET /api/dashboards/account`: the same figures of one account, for its admins.
 */
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

  app.get('/dashboards/students/:id', {
    preValidation: requireAuth,
    schema: {
      tags: ['dashboards'],
      summary:
        'One student’s board (games to play next, results, chapters): the student themself or an adult whose scope holds them; 404 for anyone else',
      params: idParams,
      response: { 200: okEnvelope(namedStudentBoardSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await studentBoardOf(actorContextOf(req), signedIn(req), req.params.id),
    }),
  });

  app.get('/dashboards/platform', {
    // The shared rule (the web shows the panel by it too): 401 signed out, 403 for anyone but platform staff.
    preValidation: requireRule((actor) => platformDashboardActions.read(actor)),
    schema: {
      tags: ['dashboards'],
      summary:
        'Platform figures: accounts, users by role, active users and students per day and week, accounts near their limits, failed jobs, stored bytes',
      response: { 200: okEnvelope(platformDashboardSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await platformDashboard(
        actorContextOf(req),
        platformDashboardActions.readJobs(signedIn(req)) ? app.jobs.schema : null,
      ),
    }),
  });

  app.get('/dashboards/account', {
    // The shared rule (the web shows the panel by it too): 401 signed out, 403 for anyone but an account's admins.
    preValidation: requireRule((actor) => accountDashboardActions.read(actor)),
    schema: {
      tags: ['dashboards'],
      summary:
        'The caller’s account’s figures: users by role, active users and students per day and week, its limits used, stored bytes',
      response: { 200: okEnvelope(accountDashboardSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await accountDashboard(actorContextOf(req)) }),
  });
};
