import { okEnvelope, PERMISSIONS as P, translate } from '@habla/shared';
import { playActions } from '@habla/shared/policies/index';
import { MAX_TRIES, playerAnswerSchema, tryBodySchema } from '@habla/shared/play';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { requireAuth, requirePermission, requireRule, signedIn } from '../../plugins/access';
import { myDashboard } from './dashboards';
import { evaluateSession, getSession, listSessions } from './evaluation';
import { assignGames, finishSession, leaveSession, listAssignments, playerGames, previewTry, startPreview, startSession, submitTry, unassign } from './play.service';

const uuid = z.uuid({ error: 'validation.invalid' });
const params = z.object({ id: uuid });
const any = z.record(z.string(), z.unknown());
const READERS = [P.ADMIN_GAMES, P.CREATE_GAMES, P.EDIT_GAMES, P.READ_GAMES].join('|');
const PLAYERS = [P.PLAY_GAMES, P.PLAY_ACTIVITIES].join('|');

const assignBody = z.strictObject({
  game_ids: z.array(uuid, { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(50, { error: 'validation.tooLong' }),
  student_ids: z.array(uuid, { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
  max_attempts: z.int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(20, { error: 'validation.invalid' }).optional(),
  end_time: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional(),
});
const idsBody = z.strictObject({ ids: z.array(uuid, { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }) });
const count = z.int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(999, { error: 'validation.invalid' });
const evaluationBody = z.strictObject({
  words_out_of_place: count,
  parts_of_speech: count,
  syntax_error: count,
  score_description: z.string().trim().max(2000, { error: 'validation.tooLong' }).nullish(),
});
const sessionsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  max: z.coerce.number().int().min(1).max(100).default(25),
  student_id: uuid.optional(),
  game_id: uuid.optional(),
  status: z.enum(['NEW', 'PLAYING', 'COMPLETED', 'INCOMPLETE'], { error: 'validation.choice' }).optional(),
  evaluated: z.enum(['true', 'false'], { error: 'validation.choice' }).optional(),
});
const previewTryBody = z.strictObject({
  activity_id: uuid,
  answer: playerAnswerSchema,
  try_number: z.int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(MAX_TRIES, { error: 'validation.invalid' }),
});
const listQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  max: z.coerce.number().int().min(1).max(100).default(25),
  student_id: uuid.optional(),
  game_id: uuid.optional(),
  assign_status: z.enum(['ASSIGNED', 'UNASSIGNED', 'PLAYED'], { error: 'validation.choice' }).optional(),
});

/**
 * Assign and play (issue 12; docs/product.md §9): `POST /api/games/assign`, `POST /api/games/unassign`,
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
      response: { 201: okEnvelope(z.object({ assigned: z.array(any), skipped: z.number() })), ...errorResponses },
    },
    handler: async (req, reply) => {
      const data = await assignGames(actorContextOf(req), req.body);
      return reply.code(201).send({ status: true as const, data, message: say(req, 'play.assigned') });
    },
  });

  app.post('/games/unassign', {
    preValidation: requireRule(playActions.assign),
    schema: { tags: ['assignments'], summary: 'Unassign assignments not played yet', body: idsBody, response: { 200: okEnvelope(z.array(any)), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await unassign(actorContextOf(req), req.body.ids), message: say(req, 'play.unassignedDone') }),
  });

  app.get('/assignments', {
    preValidation: requirePermission(READERS),
    schema: {
      tags: ['assignments'],
      summary: 'Assignments of the students in the caller’s scope (filters student_id, game_id, assign_status)',
      querystring: listQuery,
      response: { 200: z.object({ status: z.literal(true), data: z.array(any), meta: z.object({ page: z.number(), max: z.number(), total: z.number() }) }), ...errorResponses },
    },
    handler: async (req) => {
      const { data, total } = await listAssignments(actorContextOf(req), req.query);
      return { status: true as const, data, meta: { page: req.query.page, max: req.query.max, total } };
    },
  });

  app.get('/player/games', {
    preValidation: requirePermission(PLAYERS),
    schema: { tags: ['player'], summary: 'The signed-in student’s games', response: { 200: okEnvelope(z.array(any)), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await playerGames(actorContextOf(req)) }),
  });

  app.post('/player/games/:id/sessions', {
    preValidation: requirePermission(PLAYERS),
    schema: { tags: ['player'], summary: 'Start or resume a game (activities without their answer keys)', params, response: { 200: okEnvelope(any), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await startSession(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/sessions/:id/tries', {
    preValidation: requirePermission(PLAYERS),
    schema: {
      tags: ['player'],
      summary: 'One try at an activity; the same client_try_id counts once',
      params,
      body: tryBodySchema,
      response: { 200: okEnvelope(any), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await submitTry(actorContextOf(req), req.params.id, req.body) }),
  });

  app.post('/player/sessions/:id/leave', {
    preValidation: requirePermission(PLAYERS),
    schema: { tags: ['player'], summary: 'Leave a game mid-way (INCOMPLETE)', params, response: { 200: okEnvelope(any), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await leaveSession(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/sessions/:id/finish', {
    preValidation: requirePermission(PLAYERS),
    schema: { tags: ['player'], summary: 'Finish a game once every activity is over: the score', params, response: { 200: okEnvelope(any), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await finishSession(actorContextOf(req), req.params.id) }),
  });

  app.post('/player/preview/:id', {
    preValidation: requireRule(playActions.preview),
    schema: {
      tags: ['player'],
      summary: 'Preview a game one can read in the player, as it is now (records nothing; answer keys only once an activity is over)',
      params,
      response: { 200: okEnvelope(any), ...errorResponses },
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
      response: { 200: okEnvelope(any), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await previewTry(actorContextOf(req), req.params.id, req.body) }),
  });

  app.get('/game-sessions', {
    preValidation: requireRule(playActions.evaluate),
    schema: {
      tags: ['evaluation'],
      summary: 'Played sessions of the students in the caller’s scope (filters student_id, game_id, status, evaluated)',
      querystring: sessionsQuery,
      response: { 200: z.object({ status: z.literal(true), data: z.array(any), meta: z.object({ page: z.number(), max: z.number(), total: z.number() }) }), ...errorResponses },
    },
    handler: async (req) => {
      const { evaluated, ...rest } = req.query;
      const { data, total } = await listSessions(actorContextOf(req), { ...rest, ...(evaluated ? { evaluated: evaluated === 'true' } : {}) });
      return { status: true as const, data, meta: { page: req.query.page, max: req.query.max, total } };
    },
  });

  app.get('/game-sessions/:id', {
    preValidation: requireRule(playActions.evaluate),
    schema: { tags: ['evaluation'], summary: 'One session with every try and its typed errors', params, response: { 200: okEnvelope(any), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await getSession(actorContextOf(req), req.params.id) }),
  });

  app.put('/game-sessions/:id/evaluation', {
    preValidation: requireRule(playActions.evaluate),
    schema: {
      tags: ['evaluation'],
      summary: 'The therapist’s evaluation of a played session',
      params,
      body: evaluationBody,
      response: { 200: okEnvelope(any), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await evaluateSession(actorContextOf(req), req.params.id, req.body), message: say(req, 'play.evaluated') }),
  });

  app.get('/dashboards/me', {
    preValidation: requireAuth,
    schema: {
      tags: ['dashboards'],
      summary: 'The signed-in user’s dashboard: a student’s games, results and chapters; or the caseload, sessions to evaluate and games ending soon',
      response: { 200: okEnvelope(any), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await myDashboard(actorContextOf(req), signedIn(req)) }),
  });
};
