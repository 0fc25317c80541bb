import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@habla/shared';

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
  staticPages.set(app, readStaticPages(dir));
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    // `/` is the sign-in page: sent by the route below as the static page, like `/login`.
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  for (const page of STATIC_PAGES.keys()) app.get(page, { schema: { hide: true } }, sendSpaIndex);
}

/**
 * The pages the build also writes as static documents, per language (the web app's vite.config.ts):
 * the sign-in page (`signInShells`) and the dashboard's first frame (`dashboardFrames`).
 */
const STATIC_PAGES = new Map([
  ['/', 'login'],
  ['/login', 'login'],
  ['/dashboards', 'dashboards'],
]);
type PerLanguage = Partial<Record<Language, string>>;
const staticPages = new WeakMap<FastifyInstance, Map<string, PerLanguage>>();

function readStaticPages(dir: string): Map<string, PerLanguage> {
  const pages = new Map<string, PerLanguage>();
  for (const name of new Set(STATIC_PAGES.values())) {
    const page: PerLanguage = {};
    for (const lang of ['en', 'es'] as const) {
      try {
        page[lang] = fs.readFileSync(path.join(dir, 'shell', `${name}.${lang}.html`), 'utf8');
      } catch {
        // A build without it: the app's index.html draws the page.
      }
    }
    pages.set(name, page);
  }
  return pages;
}

/**
 * The language the web app remembers (its `habla_lang` cookie, apps/web/src/lib/i18n.ts), else English
 * as the app itself starts: the frame must be in the language the page will be drawn in.
 */
export function cookieLanguage(cookie: string | undefined): Language {
  const value = /(?:^|;\s*)habla_lang=([a-z]{2})(?:;|$)/.exec(cookie ?? '')?.[1];
  return value === 'es' ? 'es' : 'en';
}

/**
 * Every client-side route gets index.html, revalidated each time. The sign-in page (`/`, `/login`)
 * and the dashboard (`/dashboards`) get their static document instead, in the language the app will
 * draw them in: the sign-in page paints and works before, and without, the app's scripts; the
 * dashboard's frame paints before the app starts (docs/decisions/008-performance.md).
 */
export function sendSpaIndex(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  const pathOnly = req.url.split('?')[0] ?? req.url;
  const name = STATIC_PAGES.get(pathOnly);
  const pages = name ? staticPages.get(req.server)?.get(name) : undefined;
  const page = pages?.[cookieLanguage(req.headers.cookie)] ?? pages?.en;
  if (!page) return reply.sendFile('index.html');
  return reply.header('vary', 'Cookie').send(page);
}
