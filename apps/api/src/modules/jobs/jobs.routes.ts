import { okEnvelope, translate } from '@habla/shared';
import { jobsPolicy } from '@habla/shared/policies/index';
import { JOB_FILTERS, jobRowSchema } from '@habla/shared/schemas/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, pagingQuery } from '../../crud/schemas';
import { poolOf } from '../../db/client';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { requireRule } from '../../plugins/access';
import { findJobsPage, retryJob } from './jobs.service';

const jobsQuery = pagingQuery.extend({ state: z.enum(JOB_FILTERS, { error: 'validation.choice' }).default('failed') });

/** The jobs policy (shared with the web's menu): authenticated first (401), then the policy (403). */
const requirePlatformAdmin = requireRule((actor) => jobsPolicy.can(actor, 'list'));

/** Jobs: list by state, and retry a failed one. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/jobs', {
    preValidation: requirePlatformAdmin,
    schema: {
      tags: ['jobs'],
      summary: 'Background jobs in one state (queued, running, failed, completed), newest first',
      querystring: jobsQuery,
      response: { 200: okEnvelope(z.array(jobRowSchema)), ...errorResponses },
    },
    handler: async (req) => {
      const { rows, total } = await findJobsPage(poolOf(app.db), app.jobs, req.query);
      return { status: true as const, data: rows, meta: { page: req.query.page, max: req.query.max, total } };
    },
  });

  app.post('/jobs/:id/retry', {
    preValidation: requirePlatformAdmin,
    schema: {
      tags: ['jobs'],
      summary: 'Run a failed job again',
      params: idParams,
      response: { 200: okEnvelope(jobRowSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await retryJob(poolOf(app.db), app.jobs, req.params.id),
      message: translate(requestLanguage(req), 'jobs.retried'),
    }),
  });

  // Test-only (JOBS_TEST_HANDLERS, never in production): queue a job that fails, for the e2e tests.
  if (app.config.jobsTestHandlers) {
    app.post('/jobs/test-failure', {
      preValidation: requirePlatformAdmin,
      schema: {
        hide: true,
        body: z.strictObject({
          label: z.string().min(1, { error: 'validation.required' }).max(60, { error: 'validation.tooLong' }),
          reason: z.string().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
        }),
        response: { 200: okEnvelope(z.object({ id: z.string() })), ...errorResponses },
      },
      handler: async (req) => {
        const id = await app.jobs.enqueue(poolOf(app.db), 'test.fail', req.body);
        app.jobs.wake('test.fail');
        return { status: true as const, data: { id } };
      },
    });
  }
};
