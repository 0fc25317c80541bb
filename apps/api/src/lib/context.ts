import type { Actor } from '@habla/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import crypto from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { CpuPool } from '../workers/pool';

/**
 * What a service needs to know about whoever calls it, instead of the HTTP request:
 * the database, the acting principal, the time, a logger, and the id (and address) the audit log files
 * the write under. Routes build one per request with `contextOf(req)`; jobs and the CLI build one with
 * `systemContext(…)`, so every service can run outside HTTP. A leaf module: it imports only types.
 */

/** The acting principal: the signed-in user (an AuthUser fits), or a system principal of a job. */
export type ContextActor = Actor & { id: string; account_id: string | null; permissions: readonly string[] };

export type ServiceContext = {
  db: Db;
  /** Null for anonymous work (sign-in, sign-up) and system work with no user behind it (the CLI). */
  actor: ContextActor | null;
  /** One instant for the whole unit of work (the app's clock: a fake one in tests). */
  now: Date;
  log: FastifyBaseLogger;
  /** The request's id, or `job:<name>:<id>` / `cli:<command>:<random>`: written to every audit row. */
  requestId: string;
  ip?: string;
  config: Config;
  /** The job queue, where the caller has one (the app); the CLI has none. */
  jobs?: FastifyInstance['jobs'];
  /** The worker threads for CPU-heavy work (the app's, decision 020); the CLI has none and runs it in place. */
  cpu?: CpuPool;
  /** Work for after the write's transaction commits (e-mails that must see the committed row). */
  afterCommit?: (() => Promise<void>)[];
};

/** A context whose actor is a signed-in principal: what the resource engine requires. */
export type ActorContext = ServiceContext & { actor: ContextActor };

/** The context of one HTTP request: its signed-in user (if any), the app's clock, the request's id and address. */
export function contextOf(req: FastifyRequest): ServiceContext {
  const app = req.server;
  return {
    db: app.db,
    actor: req.user ?? null,
    now: app.now(),
    log: req.log,
    requestId: String(req.id),
    ip: req.ip,
    config: app.config,
    jobs: app.jobs,
    cpu: app.cpu,
  };
}

/** The same, for routes behind requireAuth/requirePermission (the caller is signed in). */
export function actorContextOf(req: FastifyRequest): ActorContext {
  const ctx = contextOf(req);
  if (!ctx.actor) throw new Error('actorContextOf on a route without a signed-in user');
  return ctx as ActorContext;
}

type SystemSource = {
  db: Db;
  config: Config;
  now?: () => Date;
  log: FastifyBaseLogger;
  jobs?: FastifyInstance['jobs'];
  cpu?: CpuPool;
};

/**
 * The context of work no request started: a job (`source` is the app or the job's context) or the CLI.
 * `requestId` names the work in the audit log; `actor` is the principal it acts as (null: the system).
 */
export function systemContext<A extends ContextActor | null = null>(
  source: SystemSource,
  opts: { requestId: string; actor?: A },
): ServiceContext & { actor: A } {
  return {
    db: source.db,
    actor: (opts.actor ?? null) as A,
    now: source.now ? source.now() : new Date(),
    log: source.log,
    requestId: opts.requestId,
    config: source.config,
    jobs: source.jobs,
    cpu: source.cpu,
  };
}

/** A request id for work outside HTTP: `prefix:` and a short random part. */
export const systemRequestId = (prefix: string): string => `${prefix}:${crypto.randomBytes(6).toString('hex')}`;
