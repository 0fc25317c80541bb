import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import {
  checkSessionRow,
  resolveSession,
  sessionRowFromJson,
  sessionRowSql,
  touchSession,
  type AuthUser,
} from '../modules/auth/sessions';

/** The bearer token of a request, if it sent one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Who each token hash belonged to when this instance last checked it (`app.sessionGuesses`): a guess
 * to build a statement with, never a proof. A request served on a guess (`deferSession`) is answered
 * only after its session row, read in the same statement as the answer, has been checked
 * (crud/routes.ts, decision 008). Bounded: the oldest guesses go first.
 */
export type SessionGuesses = Map<string, { user: AuthUser; sessionId: string }>;
const GUESSES_MAX = 10_000;

function rememberSession(req: FastifyRequest, hash: string, user: AuthUser, sessionId: string): void {
  const guesses = req.server.sessionGuesses;
  guesses.delete(hash);
  guesses.set(hash, { user, sessionId });
  if (guesses.size > GUESSES_MAX) guesses.delete(guesses.keys().next().value!);
}

/**
 * Resolve `Authorization: Bearer <token>` to `request.user`. Missing → 401 unauthenticated;
 * unknown, revoked or expired → 401 sessionExpired (the client then signs out). A user set on a
 * guess (`deferSession`) is checked now.
 */
export async function authenticate(req: FastifyRequest): Promise<void> {
  if (req.user && !req.sessionToCheck) return;
  req.user = null;
  req.sessionToCheck = null;
  const token = bearerToken(req);
  if (!token) {
    if (req.headers.authorization) throw unauthorized('errors.sessionExpired');
    throw unauthorized();
  }
  const app = req.server;
  const hash = hashToken(token);
  try {
    const { user, sessionId } = await resolveSession(app.db, token, app.now(), app.config);
    req.user = user;
    req.sessionId = sessionId;
    rememberSession(req, hash, user, sessionId);
  } catch (err) {
    req.server.sessionGuesses.delete(hash);
    throw err;
  }
}

/**
 * For a route that reads its session in the same statement as its answer: take the user this
 * instance last saw for the token as `request.user` and leave `request.sessionToCheck` for the route,
 * which must check the fresh row before answering (and start again with it when it differs). A token
 * this instance has not seen is checked at once, as `authenticate` does.
 */
export async function deferSession(req: FastifyRequest): Promise<void> {
  if (req.user) return;
  const token = bearerToken(req);
  const hash = token ? hashToken(token) : undefined;
  const seen = hash ? req.server.sessionGuesses.get(hash) : undefined;
  if (!hash || !seen) return authenticate(req);
  req.user = seen.user;
  req.sessionId = seen.sessionId;
  req.sessionToCheck = hash;
}

/** A checked session row for a request served on a guess: remember it, or forget the token when it failed. */
export function settleSession(
  req: FastifyRequest,
  hash: string,
  outcome: { user: AuthUser; sessionId: string } | undefined,
): void {
  req.sessionToCheck = null;
  if (!outcome) {
    req.server.sessionGuesses.delete(hash);
    req.user = null;
    return;
  }
  req.user = outcome.user;
  req.sessionId = outcome.sessionId;
  rememberSession(req, hash, outcome.user, outcome.sessionId);
}

/** The session row of a token hash, to be read in the same statement as a route's answer (crud/service.ts `Alongside`).
 * */
export const sessionAlongside = (hash: string) => ({ sql: sessionRowSql, value: hash });

/**
 * The session row a statement read alongside its answer, checked as `resolveSession` checks it (401 when
 * missing, revoked, expired, idle or blocked); last_seen_at written as there. @returns the fresh user.
 */
export async function checkSessionAlongside(
  req: FastifyRequest,
  hash: string,
  json: Record<string, unknown> | null,
): Promise<AuthUser> {
  const app = req.server;
  const now = app.now();
  let checked: ReturnType<typeof checkSessionRow>;
  try {
    checked = checkSessionRow(json ? sessionRowFromJson(json) : undefined, now, app.config);
  } catch (err) {
    settleSession(req, hash, undefined);
    throw err;
  }
  if (checked.touch) await touchSession(app.db, checked.sessionId, now);
  settleSession(req, hash, checked);
  return checked.user;
}

/** The same person with the same rights and profile: an answer read for one is the answer of the other. */
export function sameActor(a: AuthUser, b: AuthUser): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionToCheck', null);
  app.decorate('sessionGuesses', new Map() as SessionGuesses);
});
