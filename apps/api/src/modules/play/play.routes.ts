import { okEnvelope, pageEnvelope, PERMISSIONS as P, translate } from '@habla/shared';
import { tryBodySchema } from '@habla/shared/play';
import { playActions } from '@habla/shared/policies/index';
import { assignBody, assignmentSchema, assignmentsQuery, assignResult, idsBody } from '@habla/shared/schemas/assignments';
import { dashboardSchema } from '@habla/shared/schemas/dashboards';
import { evaluationBody, sessionDetailSchema, sessionRowSchema, sessionsQuery } from '@habla/shared/schemas/evaluation';
import { playerGameSchema, playSessionSchema, previewTryBody, previewTryResultSchema, tryResultSchema } from '@habla/shared/schemas/player';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { requireAuth, requirePermission, requireRule, signedIn } from '../../plugins/access';
import { myDashboard } from './dashboards';
import { evaluateSession, getSession, listSessions } from './evaluation';
import { assignGames, finishSession, leaveSession, listAssignments, playerGames, previewTry, startPreview, startSession, submitTry, unassign } from './play.service';

const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const READERS = [P.ADMIN_GAMES, P.CREATE_GAMES, P.EDIT_GAMES, P.READ_GAMES].join('|');
const PLAYERS = [P.PLAY_GAMES, P.PLAY_ACTIVITIES].join('|');

/**
 * Assign and play (docs/product.md §9): `POST /api/games/assign`, `POST /api/games/unassign`,
 * `GET /api/assignments`, and the signed-in student's player: `GET /api/player/games`,
 * `POST /api/player/games/:id/sessions` (start or resume), `POST /api/player/sessions/:id/tries`,
 * `…/leave`, `…/finish`. Every route checks the permission; the data is the caller's scope (the
 * students of their caseload; for a student, their own) and anything else answers 404.
 */
export const playRoutes: FastifyPluginAsyncZod = async (app) => {
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
    schema: { tags: ['assignments'], summary: 'Unassign assignments not played yet', body: idsBody, response: { 200: okEnvelope(z.array(assignmentSchema)), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await unassign(actorContextOf(req), req.body.ids), message: say(req, 'play.unassignedDone') }),
  });

  app.get('/assignments', {
    preValidation: requirePermission(READERS),
    schema: {
      tags: ['assignments'],
      summary: 'Assignments of the students in the caller’s scope (filters student_id, game_id, assign_status)',
      querystring: assignmentsQuery,
      response: { 200: pageEnvelope(assignmentSchema), ...errorResponses },
    },
    handler: async (req) => {
      const { data, total } = await listAssignments(actorContextOf(req), req.query);
      return { status: true as const, data, meta: { page: req.query.page, max: req.query.max, total } };
    },
  });

  app.get('/player/games', {
    preValidation: requirePermission(PLAYERS),
    schema: { tags: ['player'], summary: 'The signed-in student’s games', response: { 200: okEnvelope(z.array(playerGameSchema)), ...errorResponses } },
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
    handler: async (req) => ({ status: true as const, data: await submitTry(actorContextOf(req), req.params.id, req.body) }),
  });

  app.post('/player/sessions/:id/leave', {
    preValidation: requirePermission(PLAYERS),
    schema: { tags: ['player'], summary: 'Leave a game mid-way (INCOMPLETE)', params, response: { 200: okEnvelope(playSessionSchema), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await leaveSession(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/sessions/:id/finish', {
    preValidation: requirePermission(PLAYERS),
    schema: { tags: ['player'], summary: 'Finish a game once every activity is over: the score', params, response: { 200: okEnvelope(playSessionSchema), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await finishSession(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/preview/:id', {
    preValidation: requireRule(playActions.preview),
    schema: {
      tags: ['player'],
      summary: 'Preview a game one can read in the player, as it is now (records nothing; answer keys only once an activity is over)',
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
    handler: async (req) => ({ status: true as const, data: await previewTry(actorContextOf(req), req.params.id, req.body) }),
  });

  app.get('/game-sessions', {
    preValidation: requireRule(playActions.evaluate),
    schema: {
      tags: ['evaluation'],
      summary: 'Played sessions of the students in the caller’s scope (filters student_id, game_id, status, evaluated)',
      querystring: sessionsQuery,
      response: { 200: pageEnvelope(sessionRowSchema), ...errorResponses },
    },
    handler: async (req) => {
      const { evaluated, ...rest } = req.query;
      const { data, total } = await listSessions(actorContextOf(req), { ...rest, ...(evaluated ? { evaluated: evaluated === 'true' } : {}) });
      return { status: true as const, data, meta: { page: req.query.page, max: req.query.max, total } };
    },
  });

  app.get('/game-sessions/:id', {
    preValidation: requireRule(playActions.evaluate),
    schema: { tags: ['evaluation'], summary: 'One session with every try and its typed errors', params, response: { 200: okEnvelope(sessionDetailSchema), ...errorResponses } },
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
    handler: async (req) => ({ status: true as const, data: await evaluateSession(actorContextOf(req), req.params.id, req.body), message: say(req, 'play.evaluated') }),
  });

  app.get('/dashboards/me', {
    preValidation: requireAuth,
    schema: {
      tags: ['dashboards'],
      summary: 'The signed-in user’s dashboard: a student’s games, results and chapters; or the caseload, sessions to evaluate and games ending soon',
      response: { 200: okEnvelope(dashboardSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await myDashboard(actorContextOf(req), signedIn(req)) }),
  });
};
