import { fileInfoSchema, okEnvelope, speechBody, translate } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { requirePermission, signedIn } from '../../plugins/access';
import { UPLOAD_PERMISSION } from '../files/files.policy';
import { createSpeechPrompt } from './speech.service';
import { Synthesizer, type SynthesizerOptions } from './synthesizer';

export type SpeechRoutesOptions = { synthesizer?: SynthesizerOptions };

/**
 * `POST /api/speech {text, language}`: an audio prompt spoken by the synthesizer that ships with the
 * server (nothing is sent out, nothing downloaded). Who may upload a file may make one; the answer is
 * the new file (`/api/files/:id/content` plays it).
 */
export const speechRoutes: FastifyPluginAsyncZod<SpeechRoutesOptions> = async (app, opts) => {
  const synthesizer = new Synthesizer(opts.synthesizer);
  app.addHook('onClose', () => synthesizer.close());

  app.post('/speech', {
    preValidation: requirePermission(UPLOAD_PERMISSION),
    schema: {
      tags: ['files'],
      summary: 'Speak a text (English or Spanish) as a WAV audio prompt, stored as a file',
      body: speechBody,
      response: { 201: okEnvelope(fileInfoSchema), ...errorResponses },
    },
    handler: async (req, reply) => {
      const data = await createSpeechPrompt(
        { ...actorContextOf(req), actor: signedIn(req), storage: app.storage, synthesizer },
        req.body,
      );
      return reply
        .code(201)
        .send({ status: true as const, data, message: translate(requestLanguage(req), 'messages.created') });
    },
  });
};
