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
  signInPages.set(app, readSignInPages(dir));
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
  app.get('/', { schema: { hide: true } }, sendSpaIndex);
  app.get('/login', { schema: { hide: true } }, sendSpaIndex);
}

/** The static sign-in page per language, as the build writes it (the web app's vite.config.ts `signInShells`). */
type SignInPages = Partial<Record<Language, string>>;
const signInPages = new WeakMap<FastifyInstance, SignInPages>();

function readSignInPages(dir: string): SignInPages {
  const pages: SignInPages = {};
  for (const lang of ['en', 'es'] as const) {
    try {
      pages[lang] = fs.readFileSync(path.join(dir, 'shell', `login.${lang}.html`), 'utf8');
    } catch {
      // A build without it: the app's index.html draws the sign-in page.
    }
  }
  return pages;
}

const SIGN_IN_PATHS = new Set(['/', '/login']);

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
 * is the static page instead, in the language the app will draw it in: it paints and works before,
 * and without, the app's scripts (docs/decisions/008-performance.md).
 */
export function sendSpaIndex(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  const pathOnly = req.url.split('?')[0] ?? req.url;
  const pages = SIGN_IN_PATHS.has(pathOnly) ? signInPages.get(req.server) : undefined;
  const page = pages?.[cookieLanguage(req.headers.cookie)] ?? pages?.en;
  if (!page) return reply.sendFile('index.html');
  return reply.header('vary', 'Cookie').send(page);
}
