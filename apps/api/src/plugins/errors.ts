import { fieldLabel, translate, type ErrorEnvelope, type Language } from '@habla/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from '../lib/errors';
import { requestLanguage } from '../lib/i18n';
import { authenticate } from './auth';
import { fieldMessages } from './validation';

export type ErrorsOptions = {
  /** Answers GET requests outside /api that match no route (the web app's client-side routes). */
  spaFallback?: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
};

function send(reply: FastifyReply, status: number, body: ErrorEnvelope): FastifyReply {
  if (body.retry_after !== undefined) reply.header('retry-after', String(body.retry_after));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Map Fastify's own client errors (body parsing, size, media type) onto catalogue messages. */
function frameworkError(err: FastifyError, lang: Language): { status: number; body: ErrorEnvelope } | undefined {
  const status = err.statusCode ?? 500;
  if (status >= 500 || status < 400) return undefined;
  const code = err.code ?? 'BAD_REQUEST';
  let key = 'errors.unsatisfactory';
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError)
    key = 'validation.malformedJson';
  else if (status === 413) key = 'errors.payloadTooLarge';
  else if (status === 415) key = 'errors.unsupportedMediaType';
  return { status, body: { status: false, errors: [translate(lang, key)], code } };
}

/**
 * Errors Fastify meets before routing (an address it cannot decode, a path segment longer than any
 * id): the same envelope as every other refusal, instead of Fastify's own `{ error, message }`.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const lang = requestLanguage(req);
  req.log.info({ code: err.code }, 'request refused before routing');
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return send(reply, tooLong ? 414 : 400, {
    status: false,
    errors: [translate(lang, tooLong ? 'errors.urlTooLong' : 'errors.badUrl')],
    code: err.code ?? 'BAD_REQUEST',
  });
}

/**
 * The one error handler and not-found handler of the API: every failure leaves as the docs/product.md §7
 * envelope in the caller's language, is logged with the request id, and a 5xx never shows internals.
 */
export const errorsPlugin = fp<ErrorsOptions>(async (app: FastifyInstance, opts) => {
  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    let err = error;
    // A request served on a guessed session (plugins/auth.ts, deferSession) that failed before its
    // route checked that session (a query refused by its schema, say): the session is checked first,
    // so a revoked or disabled one answers 401 on its very next request, whatever else was wrong.
    if (req.sessionToCheck) {
      try {
        await authenticate(req);
      } catch (authError) {
        err = authError as FastifyError;
      }
    }
    const lang = requestLanguage(req);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldMessages(err.validation, lang);
      req.log.info({ fields: Object.keys(fields) }, 'validation failed');
      return send(reply, 400, { status: false, errors: Object.values(fields), code: 'VALIDATION', fields });
    }
    if (isAppError(err)) {
      req.log.info({ code: err.code, status: err.statusCode }, 'request refused');
      const fields = Object.fromEntries(
        Object.entries(err.fields).map(([f, key]) => [
          f,
          translate(lang, key, { field: fieldLabel(lang, f), ...err.params }),
        ]),
      );
      const message = Object.values(fields)[0] ?? translate(lang, err.messageKey, err.params);
      const body: ErrorEnvelope = { status: false, errors: [message], code: err.code };
      if (Object.keys(fields).length) body.fields = fields;
      if (err.retryAfter !== undefined) body.retry_after = err.retryAfter;
      return send(reply, err.statusCode, body);
    }
    const known = frameworkError(err, lang);
    if (known) {
      // Not the parser's message: it quotes the start of the body, which may be a password.
      req.log.info({ code: known.body.code, status: known.status }, 'request refused');
      return send(reply, known.status, known.body);
    }
    req.log.error({ err }, 'request failed');
    const status = err.statusCode === 503 ? 503 : 500;
    const key = status === 503 ? 'errors.unavailable' : 'errors.internal';
    return send(reply, status, {
      status: false,
      errors: [translate(lang, key, { requestId: req.id })],
      code: 'INTERNAL',
    });
  });

  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    if (!isApi && opts.spaFallback && (req.method === 'GET' || req.method === 'HEAD'))
      return opts.spaFallback(req, reply);
    const lang = requestLanguage(req);
    const url = req.url.split('?')[0] ?? req.url;
    req.log.info({ method: req.method, url }, 'route not found');
    return send(reply, 404, {
      status: false,
      errors: [translate(lang, isApi ? 'errors.routeNotFound' : 'errors.notFound', { method: req.method, url })],
      code: 'NOT_FOUND',
    });
  });
});
