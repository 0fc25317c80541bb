import { okEnvelope, PERMISSIONS as P } from '@habla/shared';
import { tryBodySchema } from '@habla/shared/play';
import { playActions } from '@habla/shared/policies/index';
import {
  playerGameSchema,
  playSessionSchema,
  previewTryBody,
  previewTryResultSchema,
  tryResultSchema,
} from '@habla/shared/schemas/player';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorContextOf } from '../../lib/context';
import { errorResponses } from '../../lib/responses';
import { requirePermission, requireRule } from '../../plugins/access';
import { finishSession } from './finish-session';
import { leaveSession } from './leave-session';
import { playerGames } from './list-player-games';
import { previewTry } from './preview-try';
import { startPreview } from './start-preview';
import { startSession } from './start-session';
import { submitTry } from './submit-try';

const PLAYERS = [P.PLAY_GAMES, P.PLAY_ACTIVITIES].join('|');
const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * The signed-in student's player (docs/product.md §4 and §9, decision 017): `GET /api/player/games`,
 * `POST /api/player/games/:id/sessions` (start or resume), `POST /api/player/sessions/:id/tries`,
 * `…/leave`, `…/finish`, and the preview of a game one can read. Every route checks the permission;
 * a student's data is their own and anything else answers 404.
 */
export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/player/games', {
    preValidation: requirePermission(PLAYERS),
    schema: {
      tags: ['player'],
      summary: 'The signed-in student’s games',
      response: { 200: okEnvelope(z.array(playerGameSchema)), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await playerGames(actorContextOf(req)) }),
  });

  app.post('/player/games/:id/sessions', {
    preValidation: requirePermission(PLAYERS),
    schema: {
      tags: ['player'],
      summary: 'Start or resume a game (activities without their answer keys)',
      params,
      response: { 200: okEnvelope(playSessionSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await startSession(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/sessions/:id/tries', {
    preValidation: requirePermission(PLAYERS),
    schema: {
      tags: ['player'],
      summary: 'One try at an activity; the same client_try_id counts once',
      params,
      body: tryBodySchema,
      response: { 200: okEnvelope(tryResultSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await submitTry(actorContextOf(req), req.params.id, req.body),
    }),
  });

  app.post('/player/sessions/:id/leave', {
    preValidation: requirePermission(PLAYERS),
    schema: {
      tags: ['player'],
      summary: 'Leave a game mid-way (INCOMPLETE)',
      params,
      response: { 200: okEnvelope(playSessionSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await leaveSession(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/sessions/:id/finish', {
    preValidation: requirePermission(PLAYERS),
    schema: {
      tags: ['player'],
      summary: 'Finish a game once every activity is over: the score',
      params,
      response: { 200: okEnvelope(playSessionSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await finishSession(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/preview/:id', {
    preValidation: requireRule(playActions.preview),
    schema: {
      tags: ['player'],
      summary:
        'Preview a game one can read in the player, as it is now (records nothing; answer keys only once an activity is over)',
      params,
      response: { 200: okEnvelope(playSessionSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await startPreview(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/preview/:id/tries', {
    preValidation: requireRule(playActions.preview),
    schema: {
      tags: ['player'],
      summary: 'One try of a preview, checked and scored; nothing is kept',
      params,
      body: previewTryBody,
      response: { 200: okEnvelope(previewTryResultSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await previewTry(actorContextOf(req), req.params.id, req.body),
    }),
  });
};
