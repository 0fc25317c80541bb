import { IMAGE_MAX_BYTES, IMAGE_SIZE_NAMES, IMAGE_TYPES, imagesPolicy, ROLES } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { WriteBody } from '../../crud/contract';
import { resourceRoutes } from '../../crud/routes';
import { poolOf } from '../../db/client';
import { notFound } from '../../lib/errors';
import { newStorageKey } from '../../lib/storage/index';
import { errorResponses } from '../../lib/responses';
import { requireRule, signedIn } from '../../plugins/access';
import { contentDisposition } from '../files/download';
import { ownedUploadRoute } from '../files/owned-upload';
import type { UploadFields } from '../files/receive';
import { unsupportedType, type UploadRule } from '../files/upload';
import { imageFoldersResource, imageKey, imagesResource, type StoredImage } from './resources';
import { NotAnImage, processImage } from './process';

/** The form fields beside the file, as the create schema takes them (a checkbox says "true"/"false"). */
function imageBody(fields: UploadFields, fileName: string): WriteBody {
  const flag = (v: string | undefined) =>
    v === undefined || v === ''
      ? undefined
      : v === 'true' || v === '1' || v === 'on'
        ? true
        : v === 'false' || v === '0'
          ? false
          : v;
  const body: WriteBody = {};
  for (const [k, v] of Object.entries(fields)) body[k] = k === 'is_private' ? flag(v) : v === '' ? null : v;
  // Private unless the form says otherwise: a photo of a child is nobody else's by default.
  if (body.is_private === undefined) body.is_private = true;
  // A name left out is the file's, without its extension.
  if (body.name === undefined || body.name === null)
    body.name = fileName.replace(/\.[a-z0-9]{2,5}$/i, '').slice(0, 120) || 'image';
  return body;
}

const fileQuery = z.object({
  size: z.enum(IMAGE_SIZE_NAMES as [string, ...string[]], { error: 'validation.choice' }).default('medium'),
});
const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * `/api/images` and `/api/image-folders` (docs/product.md §9): the engine's list / get / patch /
 * delete / restore / bulk / export for both; an image is created by `POST /api/images` (multipart:
 * `file` plus the fields name, alt, description, folder_id, is_private), which checks the bytes, makes
 * the three sizes and stores them before the row is written; `GET /api/images/:id/file?size=` serves
 * one size to whoever may see the image (a private one: its owner only; 404 to everyone else).
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes(imageFoldersResource), { prefix: '/image-folders' });
  await app.register(resourceRoutes(imagesResource), { prefix: '/images' });

  const rule: UploadRule = { maxBytes: Math.min(app.config.uploadMaxBytes, IMAGE_MAX_BYTES), types: IMAGE_TYPES };
  await app.register(
    ownedUploadRoute({
      path: '/images',
      resource: imagesResource,
      policy: imagesPolicy,
      rule,
      docs: {
        tag: 'images',
        summary:
          'Upload an image (multipart/form-data: "file" and the fields name, alt, description, folder_id, is_private)',
        description: `JPEG, PNG, WebP or GIF, read from the bytes; up to ${rule.maxBytes} bytes (413 beyond); SVG or anything else answers 415. The answer comes once the thumbnail, medium and original sizes are stored, all without metadata.`,
      },
      into: 'memory',
      body: imageBody,
      // The three sizes, made from the bytes in memory and stored without their metadata.
      own: async ({ bytes, actor, keep }) => {
        let image;
        try {
          image = await processImage(bytes!);
        } catch (err) {
          if (err instanceof NotAnImage) throw unsupportedType(rule);
          throw err;
        }
        const made = {} as StoredImage['keys'];
        for (const size of IMAGE_SIZE_NAMES) {
          const key = newStorageKey(actor.account_id);
          keep(key);
          await app.storage.putStream(key, Readable.from([image[size].bytes]), {
            contentType: image[size].contentType,
          });
          made[size] = key;
        }
        const sha256 = crypto.createHash('sha256').update(image.original.bytes).digest('hex');
        return { keys: made, image, sha256 };
      },
    }),
  );

  app.get('/images/:id/file', {
    // The bytes are already compressed pictures.
    config: { compress: false },
    // Whoever reads the gallery, and a student for the pictures of their assigned games.
    preValidation: requireRule((actor) => imagesPolicy.can(actor, 'read') || actor.role === ROLES.STUDENT),
    schema: {
      tags: ['images'],
      summary:
        'One size of an image (thumb: WebP ≤256 px, medium: WebP ≤1024 px, original: full size); none carries metadata',
      params,
      querystring: fileQuery,
      response: {
        200: {
          description: 'The picture',
          content: Object.fromEntries(['image/webp', ...IMAGE_TYPES].map((t) => [t, { schema: z.string() }])),
        },
        ...errorResponses,
      },
    },
    handler: async (req, reply) => {
      const actor = signedIn(req);
      const found = await imageKey(
        (sql, values) => poolOf(app.db).query(sql, values) as never,
        actor,
        req.params.id,
        req.query.size as 'thumb' | 'medium' | 'original',
      );
      if (!found) throw notFound();
      const stream = await app.storage.getStream(found.key);
      if (!stream) {
        req.log.error({ imageId: req.params.id }, 'image row without its stored object');
        throw notFound();
      }
      return reply
        .header('content-type', found.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(found.name))
        .header('cache-control', 'private, max-age=300')
        .send(stream as never);
    },
  });
};
