import { okEnvelope, translate } from '@habla/shared';
import { playActions } from '@habla/shared/policies/index';
import { evaluationBody, sessionDetailSchema } from '@habla/shared/schemas/evaluation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { resourceRoutes } from '../../crud/routes';
import { requireRule } from '../../plugins/access';
import { evaluateSession } from './evaluate-session';
import { getSession } from './get-session';
import { gameSessionsResource } from './resources';
const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * Evaluating played sessions (docs/product.md §9, decision 017): the list `GET /api/game-sessions` (the engine's,
 * read only), `GET /api/game-sessions/:id` and `PUT /api/game-sessions/:id/evaluation`, for whoever may evaluate
 * the student's games; another student's session answers 404.
 */
export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const say = (req: Parameters<typeof requestLanguage>[0], key: string) => translate(requestLanguage(req), key);

  // The list, its filters, sorting and CSV export: the engine's, read only (decision 025).
  await app.register(resourceRoutes(gameSessionsResource), { prefix: '/game-sessions' });

  app.get('/game-sessions/:id', {
    preValidation: requireRule(playActions.evaluate),
    schema: {
      tags: ['evaluation'],
      summary: 'One session with every try and its typed errors',
      params,
      response: { 200: okEnvelope(sessionDetailSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await getSession(actorContextOf(req), req.params.id) }),
  });

  app.put('/game-sessions/:id/evaluation', {
    preValidation: requireRule(playActions.evaluate),
    schema: {
      tags: ['evaluation'],
      summary: 'The therapist’s evaluation of a played session',
      params,
      body: evaluationBody,
      response: { 200: okEnvelope(sessionDetailSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await evaluateSession(actorContextOf(req), req.params.id, req.body),
      message: say(req, 'play.evaluated'),
    }),
  });
};
