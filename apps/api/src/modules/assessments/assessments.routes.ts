import {
  ASSESSMENT_RESOURCES,
  assessmentCreateBody,
  assessmentErrorsBody,
  assessmentMeasuresSchema,
  assessmentsPolicy,
  okEnvelope,
  resourceRowSchema,
  translate,
  trendPointSchema,
} from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentRow, requireAction, resourceRoutes } from '../../crud/routes';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { signedIn } from '../../plugins/access';
import { contentDisposition } from '../files/download';
import { assessmentReport, createAssessment, readMeasures, readTrend, saveErrors } from './assessments.service';
import { assessmentsResource } from './resources';

const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * `/api/assessments` (docs/product.md §9): the engine's list / show / edit / delete / restore /
 * export and the `complete` and `reopen` actions; `POST /api/assessments` from `{recording_id}` or
 * `{student_id, title, language, format, transcript}`; `GET …/:id/measures` (the measures and each
 * utterance with its words, morphemes and coded errors); `PUT …/:id/errors` (the whole coding, with
 * its version); `GET …/:id/trend` (the student's assessments over time); `GET …/:id/report.pdf`.
 */
export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes(assessmentsResource), { prefix: '/assessments' });
  const row = resourceRowSchema(ASSESSMENT_RESOURCES.assessments, assessmentsPolicy.hideable);

  app.post('/assessments', {
    // A pasted CHAT transcript with its dependent tiers is a few hundred kilobytes.
    bodyLimit: 8 * 1024 * 1024,
    // Analysed in the CPU pool: refused before the body is read while the pool is full (decision 020).
    config: { cpu: true },
    preValidation: requireAction(assessmentsPolicy, 'create'),
    schema: {
      tags: ['assessments'],
      summary:
        "Assess a language sample: a recording's transcript ({recording_id}) or a pasted or imported one ({student_id, title, language, format, transcript})",
      description:
        'The sample is analysed as POST /api/lsa/analyze does (CLAN’s rules) for the speaker (default: the student); the totals are stored and the syntax, tense, function and subject conclusions proposed in the account’s language. A malformed transcript answers 400 naming its line.',
      body: assessmentCreateBody,
      response: { 201: okEnvelope(row), ...errorResponses },
    },
    handler: async (req, reply) => {
      const data = await createAssessment(actorContextOf(req), req.body);
      return reply.code(201).send({
        status: true as const,
        data: presentRow(assessmentsPolicy, signedIn(req), data),
        message: translate(requestLanguage(req), 'messages.created'),
      });
    },
  });

  app.get('/assessments/:id/measures', {
    preValidation: requireAction(assessmentsPolicy, 'read'),
    schema: {
      tags: ['assessments'],
      summary:
        "An assessment's measures, and each utterance of the analysed speaker with its words, morphemes, sentence type, tenses and coded errors",
      params,
      response: { 200: okEnvelope(assessmentMeasuresSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await readMeasures(actorContextOf(req), req.params.id) }),
  });

  app.put('/assessments/:id/errors', {
    preValidation: requireAction(assessmentsPolicy, 'update'),
    schema: {
      tags: ['assessments'],
      summary:
        'Code the errors of the utterances (syntax, grammar, meaning, function): the whole coding with the version it was made on (409 when someone saved since)',
      params,
      body: assessmentErrorsBody,
      response: { 200: okEnvelope(assessmentMeasuresSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await saveErrors(actorContextOf(req), req.params.id, req.body),
      message: translate(requestLanguage(req), 'messages.updated'),
    }),
  });

  app.get('/assessments/:id/trend', {
    preValidation: requireAction(assessmentsPolicy, 'read'),
    schema: {
      tags: ['assessments'],
      summary:
        "The student's assessments the caller may see, oldest first, with their main measures (the trend on the assessment screen)",
      params,
      response: { 200: okEnvelope(z.array(trendPointSchema)), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await readTrend(actorContextOf(req), req.params.id) }),
  });

  app.get('/assessments/:id/report.pdf', {
    preValidation: requireAction(assessmentsPolicy, 'read'),
    schema: {
      tags: ['assessments'],
      summary: "The assessment as a PDF a parent can read, in the account's language (or ?language=en|es)",
      params,
      querystring: z.object({ language: z.enum(['en', 'es'], { error: 'validation.choice' }).optional() }),
      response: {
        200: { description: 'The report', content: { 'application/pdf': { schema: z.string() } } },
        ...errorResponses,
      },
    },
    handler: async (req, reply) => {
      const file = await assessmentReport(actorContextOf(req), req.params.id, req.query.language);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(file.name, 'attachment'))
        .send(file.body as never);
    },
  });
};
