import { okEnvelope, pageEnvelope, translate } from '@habla/shared';
import { analyticsActions } from '@habla/shared/policies/index';
import {
  reportDefinitionBody,
  reportDefinitionSchema,
  reportDefinitionsQuery,
  reportParams,
  reportSchema,
  reportsListQuery,
  requestReportBody,
} from '@habla/shared/schemas/reports';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses, messageOnly } from '../../lib/responses';
import { requireRule, signedIn } from '../../plugins/access';
import { contentDisposition } from '../files/download';
import { deleteReport } from './delete-report';
import { deleteReportDefinition } from './delete-report-definition';
import { downloadReport } from './download-report';
import { listReportDefinitions } from './list-report-definitions';
import { listReports } from './list-reports';
import { requestReport } from './request-report';
import { runReportDefinition } from './run-report-definition';
import { saveReportDefinition } from './save-report-definition';
import { showReport } from './show-report';

/** A report's file: a PDF, or a caseload summary's CSV. */
const reportFile = {
  description: 'The report: a PDF, or the caseload summary’s CSV',
  content: { 'application/pdf': { schema: z.string() }, 'text/csv': { schema: z.string() } },
};

/**
 * Reports (docs/product.md §6–7, docs/decisions/029-reports.md): `POST /api/reports` asks for one
 * (made by the `report.make` job), `GET /api/reports` lists the caller's own, `GET /api/reports/:id`
 * says how one is doing, `GET /api/reports/:id/file` downloads it once done, `DELETE` removes it;
 * `/api/report-definitions` keeps the caller's saved definitions and runs them. Who: the analytics
 * readers (analyticsActions.read), for the students of their analytics scope, each their own.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/reports', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary:
        'Ask for a report over a period (by default the last 30 days), in English or Spanish: a student’s progress as a PDF with the therapist’s note, or the caseload summary as a PDF or a CSV; made by a background job',
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
      summary: 'The report’s file, once done (404 before)',
      params: reportParams,
      response: { 200: reportFile, ...errorResponses },
    },
    handler: async (req, reply) => {
      const file = await downloadReport(actorContextOf(req), app.storage, req.params.id);
      if (file.size !== null) reply.header('content-length', file.size);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.name, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(file.body as never);
    },
  });

  app.delete('/reports/:id', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'Remove one of the caller’s reports and its file',
      params: reportParams,
      response: { 200: messageOnly, ...errorResponses },
    },
    handler: async (req) => {
      await deleteReport(actorContextOf(req), app.storage, req.params.id);
      return { status: true as const, message: translate(requestLanguage(req), 'messages.removed') };
    },
  });

  app.get('/report-definitions', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'The caller’s saved report definitions, by name, a page at a time',
      querystring: reportDefinitionsQuery,
      response: { 200: pageEnvelope(reportDefinitionSchema), ...errorResponses },
    },
    handler: async (req) => {
      const { definitions, total } = await listReportDefinitions(actorContextOf(req), req.query);
      return { status: true as const, data: definitions, meta: { page: req.query.page, max: req.query.max, total } };
    },
  });

  app.post('/report-definitions', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'Save a report definition: what to make, over the last N days or fixed days, in which language',
      description: 'A student outside the caller’s analytics scope answers 404.',
      body: reportDefinitionBody,
      response: { 201: okEnvelope(reportDefinitionSchema), ...errorResponses },
    },
    handler: async (req, reply) => {
      const data = await saveReportDefinition(actorContextOf(req), req.body);
      return reply
        .code(201)
        .send({ status: true as const, data, message: translate(requestLanguage(req), 'messages.created') });
    },
  });

  app.put('/report-definitions/:id', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'Change one of the caller’s saved report definitions',
      params: reportParams,
      body: reportDefinitionBody,
      response: { 200: okEnvelope(reportDefinitionSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await saveReportDefinition(actorContextOf(req), req.body, req.params.id),
      message: translate(requestLanguage(req), 'messages.updated'),
    }),
  });

  app.delete('/report-definitions/:id', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'Remove one of the caller’s saved report definitions (its reports stay)',
      params: reportParams,
      response: { 200: messageOnly, ...errorResponses },
    },
    handler: async (req) => {
      await deleteReportDefinition(actorContextOf(req), req.params.id);
      return { status: true as const, message: translate(requestLanguage(req), 'messages.removed') };
    },
  });

  app.post('/report-definitions/:id/run', {
    preValidation: requireRule(analyticsActions.read),
    schema: {
      tags: ['reports'],
      summary: 'Make the report a saved definition describes, now (a relative period ends today)',
      params: reportParams,
      response: { 201: okEnvelope(reportSchema), ...errorResponses },
    },
    handler: async (req, reply) => {
      const data = await runReportDefinition(actorContextOf(req), req.params.id, signedIn(req).language);
      return reply
        .code(201)
        .send({ status: true as const, data, message: translate(requestLanguage(req), 'messages.created') });
    },
  });
};
