import { okEnvelope, pageEnvelope, translate } from '@habla/shared';
import { analyticsActions } from '@habla/shared/policies/index';
import { reportParams, reportSchema, reportsListQuery, requestReportBody } from '@habla/shared/schemas/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses, fileResponse } from '../../lib/responses';
import { requireRule, signedIn } from '../../plugins/access';
import { contentDisposition } from '../files/download';
import { downloadReport } from './download-report';
import { listReports } from './list-reports';
import { requestReport } from './request-report';
import { showReport } from './show-report';

/**
 * Reports (docs/product.md §6–7, docs/decisions/029-reports.md): `POST /api/reports` asks for one
 * (made by the `report.make` job), `GET /api/reports` lists the caller's own, `GET /api/reports/:id`
 * says how one is doing, `GET /api/reports/:id/file` downloads it once done. Who: the analytics
 * readers (analyticsActions.read), for the students of their analytics scope.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/reports', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary:
        'Ask for a report: a student’s progress over a period (by default the last 30 days) as a PDF, in English or Spanish, with the therapist’s note; made by a background job',
      description: 'A student outside the caller’s analytics scope answers 404.',
      body: requestReportBody,
      response: { 201: okEnvelope(reportSchema), ...errorResponses },
    },
    handler: async (req, reply) => {
      const data = await requestReport(actorContextOf(req), req.body, signedIn(req).language);
      return reply
        .code(201)
        .send({ status: true as const, data, message: translate(requestLanguage(req), 'messages.created') });
    },
  });

  app.get('/reports', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'The caller’s own reports, newest first, a page at a time',
      querystring: reportsListQuery,
      response: { 200: pageEnvelope(reportSchema), ...errorResponses },
    },
    handler: async (req) => {
      const { reports, total } = await listReports(actorContextOf(req), req.query, requestLanguage(req));
      return { status: true as const, data: reports, meta: { page: req.query.page, max: req.query.max, total } };
    },
  });

  app.get('/reports/:id', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'One of the caller’s reports: its status and progress',
      params: reportParams,
      response: { 200: okEnvelope(reportSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await showReport(actorContextOf(req), req.params.id, requestLanguage(req)),
    }),
  });

  app.get('/reports/:id/file', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'The report’s PDF, once done (404 before)',
      params: reportParams,
      response: { 200: fileResponse('application/pdf', 'The report'), ...errorResponses },
    },
    handler: async (req, reply) => {
      const file = await downloadReport(actorContextOf(req), app.storage, req.params.id);
      if (file.size !== null) reply.header('content-length', file.size);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(file.name, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(file.body as never);
    },
  });
};
