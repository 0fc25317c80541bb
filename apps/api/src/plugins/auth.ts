import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors';
import { resolveSession } from '../modules/auth/sessions';

/** The bearer token of a request, if it sent one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Resolve `Authorization: Bearer <token>` to `request.user`. Missing → 401 unauthenticated;
 * unknown, revoked or expired → 401 sessionExpired (the client then signs out).
 */
export async function authenticate(req: FastifyRequest): Promise<void> {
  if (req.user) return;
  const token = bearerToken(req);
  if (!token) {
    if (req.headers.authorization) throw unauthorized('errors.sessionExpired');
    throw unauthorized();
  }
  const app = req.server;
  const { user, sessionId } = await resolveSession(app.db, token, app.now(), app.config);
  req.user = user;
  req.sessionId = sessionId;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
});
