import {
  errorEnvelope,
  okEnvelope,
  RECORDING_RESOURCES,
  RECORDING_TYPES,
  recordingsPolicy,
  resourceRowSchema,
  transcriptBody,
  TRANSCRIPTION_ENGINES,
  transcriptSchema,
  waveformSchema,
  translate,
} from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WriteBody } from '../../crud/contract';
import { presentRow, requireAction, resourceRoutes } from '../../crud/routes';
import { getRow } from '../../crud/service';
import { actorContextOf } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { signedIn } from '../../plugins/access';
import { contentDisposition, parseRange } from '../files/download';
import { ownedUploadRoute } from '../files/owned-upload';
import type { UploadFields } from '../files/receive';
import type { UploadRule } from '../files/upload';
import { recordingsResource } from './resources';
import {
  exportTranscript,
  importTranscript,
  readTranscript,
  readWaveform,
  recordingAudio,
  saveTranscript,
  transcribeAgain,
  TRANSCRIPT_FORMATS,
} from './transcript';

const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/** The form's fields as the create schema takes them; `consent` and `engine` are the upload's own. */
const uploadFields = z.object({
  consent: z.enum(['true', 'on', '1'], { error: 'recordings.consentRequired' }),
  engine: z.enum(TRANSCRIPTION_ENGINES, { error: 'validation.choice' }).optional(),
});

function refused(field: string, key: string): AppError {
  return new AppError(400, 'VALIDATION', key, {}, { [field]: key });
}

/**
 * `/api/recordings` (docs/product.md §9): the engine's list / show / patch / delete / restore / export
 * and the `retry` and `complete` actions; `POST /api/recordings` (multipart: `file`, `student_id`,
 * `title`, `language`, `consent`, optional `engine`) stores the audio as it streams in and queues the
 * pipeline with the row; `GET /api/recordings/:id/audio` serves it with byte ranges;
 * `GET/PUT /api/recordings/:id/utterances` read and save the transcript (409 when someone else saved
 * since); `GET /api/recordings/:id/waveform` the peaks for drawing it.
 */
export const recordingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes(recordingsResource), { prefix: '/recordings' });

  const rule: UploadRule = { maxBytes: app.config.recordingMaxBytes, types: RECORDING_TYPES };
  const row = resourceRowSchema(RECORDING_RESOURCES.recordings, recordingsPolicy.hideable);
  await app.register(
    ownedUploadRoute({
      path: '/recordings',
      resource: recordingsResource,
      policy: recordingsPolicy,
      rule,
      docs: {
        tag: 'recordings',
        summary:
          'Upload a recorded session (multipart/form-data: "file" and the fields student_id, title, language, consent, engine)',
        description: `WAV, MP3, M4A/AAC, OGG/Opus, WebM or FLAC, read from the bytes (anything else answers 415), up to ${rule.maxBytes} bytes (413 beyond) and ${60} minutes. The guardian's consent must be confirmed (consent=true); who confirmed it and when are stored. The answer comes once the file is stored; decoding and transcription follow as jobs.`,
      },
      // The audio as it came is the recording's file; decoding and transcription follow as jobs.
      into: 'storage',
      check: (fields) => {
        const own = uploadFields.safeParse(fields);
        if (own.success) return;
        const issue = own.error.issues[0]!;
        throw refused(
          String(issue.path[0] ?? 'consent'),
          issue.path[0] === 'consent' ? 'recordings.consentRequired' : 'validation.choice',
        );
      },
      body: recordingBody,
      own: async ({ stored, fields }) => ({
        key: stored.key,
        name: stored.name,
        contentType: stored.contentType,
        size: stored.size,
        engine: uploadFields.parse(fields).engine,
      }),
    }),
  );

  app.get('/recordings/:id/audio', {
    // Byte ranges count bytes of the stored file: never re-encode them.
    config: { compress: false },
    preValidation: requireAction(recordingsPolicy, 'read'),
    schema: {
      tags: ['recordings'],
      summary:
        "A recording's audio: the normalised 16 kHz WAV once decoded, the upload as it came before; one byte range (Range: bytes=a-b) answers 206",
      params,
      response: {
        200: { description: 'The audio', content: { 'audio/wav': { schema: z.string() } } },
        206: { description: 'The requested range', content: { 'audio/wav': { schema: z.string() } } },
        ...errorResponses,
        416: errorEnvelope,
      },
    },
    handler: async (req, reply) => {
      const audio = await recordingAudio(actorContextOf(req), req.params.id);
      if (!audio) throw notFound();
      const size = (await app.storage.stat(audio.key))?.size;
      if (size === undefined) {
        req.log.error({ recordingId: req.params.id }, 'recording without its stored audio');
        throw notFound();
      }
      const range = parseRange(req.headers.range, size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'files.rangeNotSatisfiable');
      }
      const stream = await app.storage.getStream(audio.key, range);
      if (!stream) throw notFound();
      reply
        .header('content-type', audio.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(audio.name))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-cache');
      if (range)
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
      else reply.header('content-length', size);
      return reply.send(stream as never);
    },
  });

  app.post('/recordings/:id/transcribe', {
    preValidation: requireAction(recordingsPolicy, 'update'),
    schema: {
      tags: ['recordings'],
      summary:
        'Transcribe again, with another engine if given, while nobody has worked on the transcript (audio decoded, READY, or a failed transcription); 409 otherwise',
      params,
      body: z.object({ engine: z.enum(TRANSCRIPTION_ENGINES, { error: 'validation.choice' }).optional() }).strict(),
      response: { 200: okEnvelope(row), ...errorResponses },
    },
    handler: async (req) => {
      const ctx = actorContextOf(req);
      await transcribeAgain(ctx, req.params.id, req.body.engine);
      const data = await getRow(ctx, recordingsResource, req.params.id);
      return {
        status: true as const,
        data: presentRow(recordingsPolicy, signedIn(req), data),
        message: translate(requestLanguage(req), 'messages.updated'),
      };
    },
  });

  app.get('/recordings/:id/transcript', {
    preValidation: requireAction(recordingsPolicy, 'read'),
    schema: {
      tags: ['recordings'],
      summary:
        'The transcript as a file: CHAT (.cha, with time bullets and what an imported file carried) or plain text (CODE: words per line)',
      params,
      querystring: z.object({ format: z.enum(TRANSCRIPT_FORMATS, { error: 'validation.choice' }).default('chat') }),
      response: {
        200: { description: 'The transcript', content: { 'text/plain': { schema: z.string() } } },
        ...errorResponses,
      },
    },
    handler: async (req, reply) => {
      const file = await exportTranscript(actorContextOf(req), req.params.id, req.query.format);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', contentDisposition(file.name, 'attachment'))
        .send(file.body);
    },
  });

  app.post('/recordings/:id/transcript', {
    preValidation: requireAction(recordingsPolicy, 'update'),
    // A long CHAT file with its dependent tiers is a few hundred kilobytes.
    bodyLimit: 8 * 1024 * 1024,
    // Read in the CPU pool: refused before the body is read while the pool is full (decision 020).
    config: { cpu: true },
    schema: {
      tags: ['recordings'],
      summary:
        'Replace the transcript with a CHAT or plain-text file (the version it replaces, as for a save); a line that cannot be read answers 400 naming it',
      params,
      body: z
        .object({
          format: z.enum(TRANSCRIPT_FORMATS, { error: 'validation.choice' }),
          text: z
            .string({ error: 'validation.required' })
            .min(1, { error: 'validation.required' })
            .max(8_000_000, { error: 'validation.tooLong' }),
          version: z
            .number({ error: 'validation.number' })
            .int({ error: 'validation.number' })
            .min(0, { error: 'validation.range' }),
        })
        .strict(),
      response: { 200: okEnvelope(transcriptSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await importTranscript(actorContextOf(req), req.params.id, req.body),
      message: translate(requestLanguage(req), 'messages.saved'),
    }),
  });

  app.get('/recordings/:id/waveform', {
    preValidation: requireAction(recordingsPolicy, 'read'),
    schema: {
      tags: ['recordings'],
      summary: "The recording's waveform once decoded: the largest amplitude of each 1/50 s, 0–255, base64",
      params,
      response: { 200: okEnvelope(waveformSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await readWaveform(actorContextOf(req), req.params.id) }),
  });

  app.get('/recordings/:id/utterances', {
    preValidation: requireAction(recordingsPolicy, 'read'),
    schema: {
      tags: ['recordings'],
      summary: 'The transcript: utterances in time order, with the version to send back when saving',
      params,
      response: { 200: okEnvelope(transcriptSchema), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await readTranscript(actorContextOf(req), req.params.id) }),
  });

  app.put('/recordings/:id/utterances', {
    preValidation: requireAction(recordingsPolicy, 'update'),
    schema: {
      tags: ['recordings'],
      summary:
        'Save the transcript (every utterance, in order); 409 when it changed since `version` (another editor saved), or when the recording is not ready or is completed',
      params,
      body: transcriptBody,
      response: { 200: okEnvelope(transcriptSchema), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await saveTranscript(actorContextOf(req), req.params.id, req.body),
      message: translate(requestLanguage(req), 'messages.saved'),
    }),
  });
};

/** The form's record fields (not the upload's own); a title left out is the file's name, without its extension. */
function recordingBody(fields: UploadFields, fileName: string): WriteBody {
  const out: WriteBody = {};
  for (const name of ['title', 'student_id', 'language'])
    if (fields[name] !== undefined && fields[name] !== '') out[name] = fields[name];
  for (const name of Object.keys(fields))
    if (!['title', 'student_id', 'language', 'consent', 'engine'].includes(name)) out[name] = fields[name];
  if (out.title === undefined) out.title = fileName.replace(/\.[a-z0-9]{2,5}$/i, '').slice(0, 120) || 'recording';
  return out;
}
