import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { errorResponses, fileResponse } from '../../lib/responses';
import { pictureFor } from './pictures';

const params = z.object({
  code: z.string().regex(/^[0-9a-fA-F]{2,8}(-[0-9a-fA-F]{2,8}){0,9}\.svg$/, { error: 'validation.invalid' }),
});

/**
 * `GET /api/pictures/<hexcode>.svg`: the picture of a vocabulary word or topic, rendered by the app
 * itself (no CDN). Public: `<img>` requests carry no Bearer token, and the pictures are not private.
 */
export const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/pictures/:code', {
    schema: {
      tags: ['pictures'],
      summary: 'Emoji picture (SVG) by hexcode',
      params,
      response: { 200: fileResponse('image/svg+xml', 'The picture'), ...errorResponses },
    },
    handler: async (req, reply) => {
      const svg = pictureFor(req.params.code.slice(0, -'.svg'.length));
      if (!svg) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(svg as never);
    },
  });
};
