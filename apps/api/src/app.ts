import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from './config';
import type { Db } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { createLogger } from './lib/logger';
import { createMailer, type Mailer } from './lib/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { tenancyRoutes } from './modules/tenancy/tenancy.routes';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { catalogRoutes } from './modules/catalogs/catalogs.routes';
import { curriculumRoutes } from './modules/curriculum/curriculum.routes';
import { filesRoutes } from './modules/files/files.routes';
import { gameRoutes } from './modules/games/games.routes';
import { imageRoutes } from './modules/images/images.routes';
import { recordingRoutes } from './modules/recordings/recordings.routes';
import { lsaRoutes } from './modules/lsa/lsa.routes';
import { assessmentRoutes } from './modules/assessments/assessments.routes';
import { assignmentRoutes } from './modules/assignments/assignments.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { figuresRoutes } from './modules/analytics/figures.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { evaluationRoutes } from './modules/evaluation/evaluation.routes';
import { playerRoutes } from './modules/player/player.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { appConfigurationRoutes } from './modules/app-configuration/app-configuration.routes';
import { pictureRoutes } from './modules/pictures/pictures.routes';
import { rolePermissionRoutes } from './modules/role-permissions/role-permissions.routes';
import { speechRoutes } from './modules/speech/speech.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { cpuPoolPlugin } from './plugins/cpu-pool';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { loadLimitsPlugin } from './plugins/load-limits';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { validatorCompiler } from './plugins/validation';
import { hasWebBuild, registerWeb, sendSpaIndex } from './plugins/web';
import './types';

export type AppOptions = {
  config: Config;
  db: Db;
  logger?: FastifyBaseLogger;
  /** Injected by tests to step through expiry windows. */
  now?: Clock;
  mailer?: Mailer;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Build the Fastify instance: infrastructure plugins → auth → modules → web. Does not listen. */
export async function buildApp(opts: AppOptions) {
  const { config } = opts;
  const logger: FastifyBaseLogger = opts.logger ?? createLogger({ level: config.logLevel });
  const app = Fastify({
    loggerInstance: logger,
    // Keep a caller's request id (a proxy's or the client's) when it is sane, so logs line up end to end.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  // The web client sends `Content-Type: application/json` on every call (seed §7), also on body-less
  // POSTs such as logout: an empty body is "no body", not malformed JSON. Anything else keeps Fastify's
  // parser, with its prototype-poisoning protection.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, undefined);
    else parseJson(req, text, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', opts.db);
  app.decorate('now', opts.now ?? systemClock);
  app.decorate(
    'mailer',
    opts.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: logger,
      }),
  );

  const web = hasWebBuild(config.webDist);
  await app.register(errorsPlugin, web ? { spaFallback: sendSpaIndex } : {});
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(loadLimitsPlugin);
  await app.register(storagePlugin);
  await app.register(cpuPoolPlugin);
  // The queue starts with the app (the server has applied the migrations by now) and stops on close.
  await app.register(jobsPlugin);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(rolePermissionRoutes, { prefix: '/api' });
  await app.register(catalogRoutes, { prefix: '/api/catalogs' });
  await app.register(tenancyRoutes, { prefix: '/api' });
  await app.register(curriculumRoutes, { prefix: '/api' });
  await app.register(gameRoutes, { prefix: '/api' });
  await app.register(imageRoutes, { prefix: '/api' });
  await app.register(assignmentRoutes, { prefix: '/api' });
  await app.register(playerRoutes, { prefix: '/api' });
  await app.register(evaluationRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes, { prefix: '/api' });
  await app.register(figuresRoutes, { prefix: '/api' });
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(recordingRoutes, { prefix: '/api' });
  await app.register(lsaRoutes, { prefix: '/api' });
  await app.register(assessmentRoutes, { prefix: '/api' });
  await app.register(auditLogRoutes, { prefix: '/api' });
  await app.register(pictureRoutes, { prefix: '/api' });
  await app.register(filesRoutes, { prefix: '/api' });
  await app.register(speechRoutes, { prefix: '/api' });
  await app.register(jobRoutes, { prefix: '/api' });
  await app.register(appConfigurationRoutes, { prefix: '/api' });
  if (web) await registerWeb(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
