import multipart from '@fastify/multipart';
import { errorEnvelope, fileInfoSchema, okEnvelope, translate } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorContextOf } from '../../lib/context';
import { AppError, tooManyRequests } from '../../lib/errors';
import { ExportSlots } from '../../lib/export-slots';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses, messageOnly } from '../../lib/responses';
import { requireAuth, requirePermission, signedIn } from '../../plugins/access';
import { contentDisposition, parseRange } from './download';
import { UPLOAD_PERMISSION } from './files.policy';
import { createFile, deleteFile, getFile, getFileForDownload, type FilesContext } from './files.service';
import { receiveUpload } from './receive';
import { DEFAULT_FILE_TYPES, type UploadRule } from './upload';

const fileInfo = fileInfoSchema;
const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const bytes = (description: string) => ({
  description,
  content: Object.fromEntries(DEFAULT_FILE_TYPES.map((t) => [t, { schema: z.string() }])),
});

export type FilesRoutesOptions = { rule?: Partial<UploadRule> };

/**
 * `/api/files`: upload one file (multipart field `file`), read its metadata, stream its bytes (with
 * byte ranges, for audio players), delete it. Every route is scoped by tenancy: another account's
 * file answers 404 (files.policy.ts).
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, opts) => {
  // Here only: other routes keep refusing multipart bodies with 415.
  await app.register(multipart);
  const rule: UploadRule = { maxBytes: app.config.uploadMaxBytes, types: DEFAULT_FILE_TYPES, ...opts.rule };
  // Streaming uploads counted per user and per instance (the export slots' counter serves as is).
  const uploads = new ExportSlots(app.config.uploadMaxPerUser, app.config.uploadMaxConcurrent);
  const context = (req: Parameters<typeof signedIn>[0]): FilesContext => ({
    ...actorContextOf(req),
    actor: signedIn(req),
    storage: app.storage,
  });

  app.post('/files', {
    // An upload lasts as long as the client takes to send it: it must not hold a turn of the
    // admission gate meanwhile (20 slow uploads would stop the API); the upload slots bound it.
    config: { admission: false },
    preValidation: requirePermission(UPLOAD_PERMISSION),
    schema: {
      tags: ['files'],
      summary: 'Upload one file (multipart/form-data, field "file")',
      description: `The type is read from the bytes (accepted: ${DEFAULT_FILE_TYPES.join(', ')}); larger than UPLOAD_MAX_BYTES answers 413, another type 415.`,
      consumes: ['multipart/form-data'],
      response: {
        201: okEnvelope(fileInfo),
        ...errorResponses,
        408: errorEnvelope,
        413: errorEnvelope,
        415: errorEnvelope,
      },
    },
    handler: async (req, reply) => {
      const ctx = context(req);
      const release = uploads.tryAcquire(ctx.actor.id);
      if (!release) throw tooManyRequests(5, 'files.busy');
      let data;
      try {
        const { stored } = await receiveUpload(req, reply, app.storage, rule, ctx.actor.account_id);
        data = await createFile(ctx, stored);
      } finally {
        release();
      }
      return reply
        .code(201)
        .send({ status: true as const, data, message: translate(requestLanguage(req), 'messages.created') });
    },
  });

  app.get('/files/:id', {
    preValidation: requireAuth,
    schema: {
      tags: ['files'],
      summary: "A file's metadata",
      params,
      response: { 200: okEnvelope(fileInfo), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await getFile(context(req), req.params.id) }),
  });

  app.get('/files/:id/content', {
    // Byte ranges count bytes of the stored file: never re-encode them (a compressed 206 would lie about its range).
    config: { compress: false },
    preValidation: requireAuth,
    schema: {
      tags: ['files'],
      summary: "A file's bytes, with its detected type; one byte range (Range: bytes=a-b) answers 206",
      params,
      response: {
        200: bytes('The whole file'),
        206: bytes('The requested range'),
        ...errorResponses,
        416: errorEnvelope,
      },
    },
    handler: async (req, reply) => {
      const file = await getFileForDownload(context(req), req.params.id);
      const range = parseRange(req.headers.range, file.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`);
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'files.rangeNotSatisfiable');
      }
      const stream = await app.storage.getStream(file.storage_key, range);
      if (!stream) {
        req.log.error({ fileId: file.id }, 'file row without its stored object');
        throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
      }
      reply
        .header('content-type', file.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(file.name))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-cache');
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1);
      } else reply.header('content-length', file.size);
      return reply.send(stream as never);
    },
  });

  app.delete('/files/:id', {
    preValidation: requirePermission(UPLOAD_PERMISSION),
    schema: {
      tags: ['files'],
      summary: 'Delete a file (its uploader, the account admin, or platform staff)',
      params,
      response: { 200: messageOnly, ...errorResponses },
    },
    handler: async (req) => {
      await deleteFile(context(req), req.params.id);
      return { status: true as const, message: translate(requestLanguage(req), 'messages.deleted') };
    },
  });
};
