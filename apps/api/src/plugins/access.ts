import { hasPermission } from '@habla/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../modules/auth/sessions';
import { forbidden, unauthorized } from '../lib/errors';
import { authenticate, deferSession } from './auth';

/** Guard (as `preValidation`: before any validation detail) for routes any signed-in user may call. */
export const requireAuth = async (req: FastifyRequest): Promise<void> => authenticate(req);

/**
 * The one permission guard of the API: signs the caller in, then requires one of the piped permission
 * names (`'A|B'`), with the same `hasPermission` the web client uses. Missing → 403 envelope.
 */
export function requirePermission(required: string) {
  return async (req: FastifyRequest): Promise<void> => {
    await authenticate(req);
    if (!hasPermission(req.user, required)) throw forbidden();
  };
}

/**
 * The guard of a rule of the shared policies: signs the caller in (401), then asks `may` about them
 * (403). Every policy-based guard of the API (the engine's actions, singletons, custom routes) is one.
 */
export function requireRule(may: (actor: AuthUser) => boolean) {
  return async (req: FastifyRequest): Promise<void> => {
    await authenticate(req);
    if (!may(signedIn(req))) throw forbidden();
  };
}

/**
 * `requireRule` for a route that checks its session in the same statement as its answer (the engine's
 * list): the user this instance last saw for the token is asked first; a refusal is only given on a
 * fresh session row, and a route served on the guess checks the row before it answers (crud/routes.ts).
 */
export function requireRuleDeferred(may: (actor: AuthUser) => boolean) {
  return async (req: FastifyRequest): Promise<void> => {
    await deferSession(req);
    if (may(signedIn(req))) return;
    if (req.sessionToCheck) {
      await authenticate(req);
      if (may(signedIn(req))) return;
    }
    throw forbidden();
  };
}

/** The signed-in user of a route guarded by requireAuth/requirePermission. */
export function signedIn(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
