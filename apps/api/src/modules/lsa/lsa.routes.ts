import { analysisSchema, analyzeBody, MAA_READ, okEnvelope } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../lib/context';
import { errorResponses } from '../../lib/responses';
import { requirePermission } from '../../plugins/access';
import { analyzeSample } from './lsa.service';

/** Whoever works with assessments may analyse a sample. */
const ANALYZE = MAA_READ.join('|');

/**
 * `POST /api/lsa/analyze` (docs/product.md §9–10): the measures of one speaker of a CHAT or
 * plain-text transcript, counted as CLAN's mlu and freq count them. Stateless: nothing is stored.
 */
export const lsaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/lsa/analyze', {
    // A long transcript (Brown's Eve with %mor is 318 KB) is larger than the default JSON limit.
    bodyLimit: 8 * 1024 * 1024,
    // Counted in the CPU pool: refused before the body is read while the pool is full (decision 020).
    config: { cpu: true },
    preValidation: requirePermission(ANALYZE),
    schema: {
      tags: ['assessments'],
      summary:
        "Language-sample measures of one speaker: utterances, MLU in words and morphemes, TNW, NDW, TTR, MATTR, Brown's stage, sentence types, verb tenses, parts of speech",
      description:
        "CHAT (with or without %mor) or plain text (`SPEAKER: words .` per line, SALT mazes in parentheses). The speaker defaults to the target child. Counts follow CLAN's mlu and freq with their default options; without %mor the morphemes are derived from the words. A malformed line answers 400 naming it.",
      body: analyzeBody,
      response: { 200: okEnvelope(analysisSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await analyzeSample(contextOf(req), req.body) }),
  });
};
