import { LANGUAGES, translate, type ErrorEnvelope } from '@habla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AdmissionGate, ShedError, type Release } from '../lib/admission';
import { ExportSlots } from '../lib/export-slots';
import { requestLanguage } from '../lib/i18n';

/** Seconds a shed client is told to wait: a turn frees within milliseconds to a second. */
export const SHED_RETRY_AFTER_SECONDS = 1;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyInstance {
    /** Admission gate in front of the database (see lib/admission.ts); null when switched off. */
    admission: AdmissionGate | null;
    /** CSV exports streaming now, per user and per instance (see lib/export-slots.ts). */
    exportSlots: ExportSlots;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyContextConfig {
    /** false: the route never waits for nor is refused by the admission gate (liveness). */
    admission?: boolean;
  }
}

/**
 * The 503 of a shed request: the API's error envelope (as plugins/errors.ts writes it) with
 * Retry-After, rendered once per language. Under overload most answers are these, so they skip
 * the error handler (no error object, no per-request translation or log line).
 */
const BUSY: Record<string, string> = Object.fromEntries(
  LANGUAGES.map((lang) => {
    const body: ErrorEnvelope = {
      status: false,
      errors: [translate(lang, 'errors.unavailable')],
      code: 'UNAVAILABLE',
      retry_after: SHED_RETRY_AFTER_SECONDS,
    };
    return [lang, JSON.stringify(body)];
  }),
);

function shed(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
    .type('application/json; charset=utf-8')
    .send(BUSY[requestLanguage(req)]);
}

/** Release the request's turn exactly once: when its answer starts to leave, or when the connection closes. */
function holdUntilAnswered(req: FastifyRequest, reply: FastifyReply, release: Release): void {
  (req as FastifyRequest & { [TURN]?: Release })[TURN] = release;
  reply.raw.once('close', release);
}
const TURN = Symbol('admission turn');

/**
 * Load limits. Every API request but those whose route says `config: { admission: false }`
 * (`GET /api/health`) takes a turn of the admission gate before anything else runs (sign-in
 * included, which reads the database): when every turn is taken it waits, within bounds, or is
 * refused with 503 + Retry-After. The turn is given back when the answer starts (an export's stream
 * then runs on its own connection, bounded by the export slots) or when the client goes away.
 */
export const loadLimitsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const gate =
    config.admissionMaxActive > 0
      ? new AdmissionGate(config.admissionMaxActive, config.admissionMaxQueue, config.admissionMaxWaitMs)
      : null;
  app.decorate('admission', gate);
  app.decorate('exportSlots', new ExportSlots(config.exportMaxPerUser, config.exportMaxConcurrent));
  if (!gate) return;

  // One warning a second at most while shedding, not one per refused request.
  let lastLog = 0;
  let since = 0;
  const shedLog = (req: FastifyRequest, reason: string) => {
    since += 1;
    const now = Date.now();
    if (now - lastLog < 1000) return;
    req.log.warn(
      { reason, shed: since, active: gate.active, waiting: gate.waiting },
      'overloaded: requests shed with 503',
    );
    lastLog = now;
    since = 0;
  };

  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config.admission === false || !req.url.startsWith('/api/')) return;
    // A client that leaves while waiting gives its place in the queue back.
    const gone = new AbortController();
    const onClose = () => gone.abort();
    reply.raw.once('close', onClose);
    try {
      holdUntilAnswered(req, reply, await gate.enter(gone.signal));
    } catch (err) {
      if (!(err instanceof ShedError)) throw err;
      shedLog(req, err.reason);
      return shed(req, reply);
    } finally {
      reply.raw.off('close', onClose);
    }
  });

  app.addHook('onSend', async (req) => {
    (req as FastifyRequest & { [TURN]?: Release })[TURN]?.();
  });
});
