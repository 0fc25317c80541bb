import { okEnvelope } from '@habla/shared';
import { analyticsActions } from '@habla/shared/policies/index';
import {
  activitiesAnalyticsQuery,
  activitiesAnalyticsSchema,
  gamesAnalyticsQuery,
  gamesAnalyticsSchema,
} from '@habla/shared/schemas/game-analytics';
import { usersAnalyticsQuery, usersAnalyticsSchema } from '@habla/shared/schemas/user-analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorContextOf } from '../../lib/context';
import { errorResponses, fileResponse } from '../../lib/responses';
import { requireRule } from '../../plugins/access';
import { activityFigures } from './activity-figures';
import { sendFiguresCsv } from './csv-export';
import { ACTIVITY_COLUMNS, GAME_COLUMNS, userColumns } from './export-figures';
import { gameFigures } from './game-figures';
import { userFigures } from './user-figures';

/**
 * Games, activities and users analytics (docs/product.md §6–7, decision 028): `GET /api/analytics/games`,
 * `GET /api/analytics/activities`, `GET /api/analytics/users` and their CSV exports.
 */
export const figuresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/analytics/games', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary:
        'The games the caller’s students played over a period, most played first: students, sessions, completion, pass rate, mean score, first-try rate and median time',
      querystring: gamesAnalyticsQuery,
      response: { 200: okEnvelope(gamesAnalyticsSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await gameFigures(actorContextOf(req), req.query) }),
  });

  app.get('/analytics/games/export', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary: 'The same figures for every game of the query, as CSV (headings in the caller’s language)',
      querystring: gamesAnalyticsQuery,
      response: { 200: fileResponse('text/csv', 'Each game’s figures over the period'), ...errorResponses },
    },
    handler: (req, reply) =>
      sendFiguresCsv(
        app,
        req,
        reply,
        { name: 'games', query: req.query, columns: () => GAME_COLUMNS },
        async (ctx, q) => {
          const read = await gameFigures(ctx, q);
          return { rows: read.games, total: read.total };
        },
      ),
  });

  app.get('/analytics/activities', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary:
        'How each activity worked over a period: a game’s activities in order, or the hardest (or easiest) activities of every game; right and first-try rates, tries, time, where sessions were left and the wrong answers given most',
      description:
        'A game the caller can neither open nor has seen their students play answers 404. The ranking counts activities tried in at least 5 sessions.',
      querystring: activitiesAnalyticsQuery,
      response: { 200: okEnvelope(activitiesAnalyticsSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await activityFigures(actorContextOf(req), req.query) }),
  });

  app.get('/analytics/activities/export', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary: 'The same figures for every activity of the query, as CSV (headings in the caller’s language)',
      querystring: activitiesAnalyticsQuery,
      response: { 200: fileResponse('text/csv', 'Each activity’s figures over the period'), ...errorResponses },
    },
    handler: (req, reply) =>
      sendFiguresCsv(
        app,
        req,
        reply,
        { name: 'activities', query: req.query, columns: () => ACTIVITY_COLUMNS },
        async (ctx, q) => {
          const read = await activityFigures(ctx, q);
          return { rows: read.activities, total: read.total };
        },
      ),
  });

  app.get('/analytics/users', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary:
        'What each adult in the caller’s scope did over a period (games given, sessions evaluated, recordings, assessments), their students and the sessions waiting now, and when they last used Habla',
      description: 'Those who manage users read their scope’s adults; anyone else reads their own line.',
      querystring: usersAnalyticsQuery,
      response: { 200: okEnvelope(usersAnalyticsSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await userFigures(actorContextOf(req), req.query) }),
  });

  app.get('/analytics/users/export', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary: 'The same figures for every user of the query, as CSV (headings in the caller’s language)',
      querystring: usersAnalyticsQuery,
      response: { 200: fileResponse('text/csv', 'Each user’s figures over the period'), ...errorResponses },
    },
    handler: (req, reply) =>
      sendFiguresCsv(app, req, reply, { name: 'users', query: req.query, columns: userColumns }, async (ctx, q) => {
        const read = await userFigures(ctx, q);
        return { rows: read.users, total: read.total };
      }),
  });
};
