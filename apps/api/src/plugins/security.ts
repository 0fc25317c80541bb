import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/errors';

/** The app's CSP: nothing inline, nothing from elsewhere, no framing (the web build emits only files). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Off: the app may be reached over plain http on a LAN, where upgrading would break it.
  upgradeInsecureRequests: null,
};

/**
 * Browser features the app may use: the microphone on its own pages (recording a language sample),
 * nothing else that reaches into the room or the device; no other origin, framed or not, gets any.
 */
export const PERMISSIONS_POLICY =
  'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), display-capture=()';

/** Security headers, cookies, per-route rate limits and API cache policy. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Older browsers ignore frame-ancestors; DENY matches it.
    frameguard: { action: 'deny' },
    // Not includeSubDomains: the app may live on a host whose sibling subdomains are someone else's (a school's).
    hsts: app.config.hstsMaxAge > 0 ? { maxAge: app.config.hstsMaxAge, includeSubDomains: false } : false,
  });
  await app.register(cookie);
  // Only routes that opt in (config.rateLimit) are limited; sign-in has its own database-backed lockout.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(Math.max(1, Math.ceil(ctx.ttl / 1000))),
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // API answers are per user and often personal: never stored by browsers or proxies, unless a
  // route declared its own public caching (the reference pictures).
  app.addHook('onSend', async (req, reply, payload) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    if (isApi && !String(reply.getHeader('cache-control') ?? '').startsWith('public'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
});
