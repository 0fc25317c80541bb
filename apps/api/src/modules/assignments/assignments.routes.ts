import { okEnvelope, translate } from '@habla/shared';
import { playActions } from '@habla/shared/policies/index';
import { assignBody, assignmentSchema, assignResult, idsBody } from '@habla/shared/schemas/assignments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { resourceRoutes } from '../../crud/routes';
import { requireRule } from '../../plugins/access';
import { assignGames } from './assign-games';
import { assignmentsResource } from './resources';
import { unassign } from './unassign-games';

/**
 * Assigning games (docs/product.md §9, decision 017): `POST /api/games/assign`,
 * `POST /api/games/unassign`, and the list `GET /api/assignments` (and its export) on the engine. Every route
 * checks the permission; the data
 * is the caller's scope (the students of their caseload) and anything else answers 404.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const say = (req: Parameters<typeof requestLanguage>[0], key: string) => translate(requestLanguage(req), key);

  app.post('/games/assign', {
    preValidation: requireRule(playActions.assign),
    schema: {
      tags: ['assignments'],
      summary: 'Assign completed games to students: a frozen copy each, with max attempts and an end time',
      body: assignBody,
      response: { 201: okEnvelope(assignResult), ...errorResponses },
    },
    handler: async (req, reply) => {
      const data = await assignGames(actorContextOf(req), req.body);
      return reply.code(201).send({ status: true as const, data, message: say(req, 'play.assigned') });
    },
  });

  app.post('/games/unassign', {
    preValidation: requireRule(playActions.assign),
    schema: {
      tags: ['assignments'],
      summary: 'Unassign assignments not played yet',
      body: idsBody,
      response: { 200: okEnvelope(z.array(assignmentSchema)), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await unassign(actorContextOf(req), req.body.ids),
      message: say(req, 'play.unassignedDone'),
    }),
  });

  // The list, its filters, sorting and CSV export: the engine's, read only (decision 025).
  await app.register(resourceRoutes(assignmentsResource), { prefix: '/assignments' });
};
