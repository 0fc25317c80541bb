import { okEnvelope } from '@habla/shared';
import { analyticsActions } from '@habla/shared/policies/index';
import {
  studentAnalyticsParams,
  studentDaysSchema,
  studentGoalsSchema,
  studentMeasuresSchema,
  studentPeriodQuery,
  studentsAnalyticsQuery,
  studentsAnalyticsSchema,
} from '@habla/shared/schemas/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorContextOf } from '../../lib/context';
import { errorResponses, fileResponse } from '../../lib/responses';
import { requireRule } from '../../plugins/access';
import { sendFiguresCsv } from './csv-export';
import { STUDENT_COLUMNS } from './export-figures';
import { studentDays } from './student-days';
import { studentFigures } from './student-figures';
import { studentGoals } from './student-goals';
import { studentMeasures } from './student-measures';

/**
 * The analytics (docs/product.md §6–7, decisions 026 and 027): `GET /api/analytics/students` and its
 * CSV export; one student's days (`…/students/:id/days`), figures per goal (`…/students/:id/goals`)
 * and language-sample measures over time (`…/students/:id/measures`).
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/analytics/students', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary:
        'Each student in the caller’s scope with their games, scores, first-try rate, time played, streaks and evaluated errors over a period',
      querystring: studentsAnalyticsQuery,
      response: { 200: okEnvelope(studentsAnalyticsSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await studentFigures(actorContextOf(req), req.query) }),
  });

  app.get('/analytics/students/:id/days', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary:
        'One student’s days with a finished session over a period (default the last 30): sessions, passed, mean score, first-try rate, minutes and evaluated errors',
      description:
        'Read from the per-student-day rollup (decision 026), oldest day first. A student outside the caller’s scope answers 404.',
      params: studentAnalyticsParams,
      querystring: studentPeriodQuery,
      response: { 200: okEnvelope(studentDaysSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await studentDays(actorContextOf(req), req.params.id, req.query),
    }),
  });

  app.get('/analytics/students/:id/goals', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary:
        'One student’s figures per goal over a period (default the last 30 days): games played, sessions, completed, passed, mean score, first-try rate and minutes by level, chapter, target, skill, formulation and verb tense',
      description:
        'Each game played in the period counts towards the goals its chapter and level carry in the curriculum now (docs/product.md §6), once per goal however many paths reach it; read from the per-game rollup (decision 028). Levels and chapters in the curriculum’s order, the others by name. A student outside the caller’s scope answers 404.',
      params: studentAnalyticsParams,
      querystring: studentPeriodQuery,
      response: { 200: okEnvelope(studentGoalsSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await studentGoals(actorContextOf(req), req.params.id, req.query),
    }),
  });

  app.get('/analytics/students/:id/measures', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary:
        'One student’s completed assessments over a period (default the last 365 days) with their language-sample measures: MLU-m, MLU-w, TNW, NDW, TTR, MATTR, Brown’s stage',
      description:
        'Placed at the sample’s date (else the day the assessment was completed), oldest first; the measures as stored when the sample was analysed. A student outside the caller’s scope answers 404; without an assessments permission the list is empty.',
      params: studentAnalyticsParams,
      querystring: studentPeriodQuery,
      response: { 200: okEnvelope(studentMeasuresSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await studentMeasures(actorContextOf(req), req.params.id, req.query),
    }),
  });

  app.get('/analytics/students/export', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['analytics'],
      summary: 'The same figures for every student of the query, as CSV (headings in the caller’s language)',
      querystring: studentsAnalyticsQuery,
      response: { 200: fileResponse('text/csv', 'Each student’s figures over the period'), ...errorResponses },
    },
    handler: (req, reply) =>
      sendFiguresCsv(
        app,
        req,
        reply,
        { name: 'students', query: req.query, columns: () => STUDENT_COLUMNS },
        async (ctx, q) => {
          const read = await studentFigures(ctx, q);
          return { rows: read.students, total: read.total };
        },
      ),
  });
};
