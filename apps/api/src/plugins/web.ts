import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

/** True when a built web app is there to serve. */
export const hasWebBuild = (dir: string): boolean => fs.existsSync(path.join(dir, 'index.html'));

/**
 * Serve the built web app: hashed files under /assets are immutable, index.html is always revalidated
 * so a deploy is picked up at once. Unknown paths fall back to index.html (client-side routes).
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to each text file (see the web app's
 * vite.config.ts); the one the browser accepts is sent as it is, with `Vary: Accept-Encoding`, so no
 * request pays for compressing the same bytes again.
 */
export async function registerWeb(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export const sendSpaIndex = (_req: FastifyRequest, reply: FastifyReply): FastifyReply =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
