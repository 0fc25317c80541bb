import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  okEnvelope,
  profileBodySchema,
  profileRowSchema,
  registerBody,
  registered,
  resetPasswordBody,
  sessionRowSchema,
  sessionUser,
  translate,
  viewOption,
  viewOptionBody,
} from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { newToken } from '../../lib/tokens';
import { errorResponses, messageOnly } from '../../lib/responses';
import { requireAuth, signedIn } from '../../plugins/access';
import {
  changeOwnProfile,
  changePassword,
  loginUser,
  logoutSession,
  ownProfile,
  registerAccount,
  saveViewOption,
  signOutOtherSessions,
  toSessionUser,
} from './auth.service';
import { countRefusedSignIn, markAttemptCounted, refuseLockedAddress } from './lockout';
import { listLiveSessions } from './sessions';
import { requestPasswordReset, resetPassword } from './password-reset';

const tags = ['auth'];
/** Public routes: no bearer token in the OpenAPI document. */
const pub = { tags, security: [] };
/**
 * Per-IP ceiling on the public routes (sign-in, sign-up, reset), on top of the sign-in lockout. It
 * counts at onRequest, before the body is read: every request counts, whatever it is answered.
 */
const writeLimit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const profileRow = profileRowSchema;
const profileBody = profileBodySchema;
const sessionRow = sessionRowSchema;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', {
    config: writeLimit(app.config.signInPerMinute),
    onRequest: refuseLockedAddress,
    onSend: countRefusedSignIn,
    schema: {
      ...pub,
      summary: 'Sign in by e-mail or username',
      body: loginBody,
      response: { 200: loginResponse, ...errorResponses },
    },
    handler: async (req) => {
      const { user, token } = await loginUser(contextOf(req), req.body, {
        userAgent: req.headers['user-agent'],
        counted: () => markAttemptCounted(req),
      });
      return { status: true as const, data: user, token };
    },
  });

  app.post('/register', {
    config: writeLimit(20),
    schema: {
      ...pub,
      summary: 'Sign up: a free-trial account and its ACCOUNT_ADMIN user',
      body: registerBody,
      response: { 201: messageOnly.extend({ data: registered }), ...errorResponses },
    },
    handler: async (req, reply) => {
      await registerAccount(contextOf(req), req.body, requestLanguage(req));
      const lang = requestLanguage(req);
      return reply.code(201).send({
        status: true as const,
        message: translate(lang, 'messages.userCreated'),
        data: { advice: translate(lang, 'messages.useNewCredentials') },
      });
    },
  });

  app.post('/logout', {
    preValidation: requireAuth,
    schema: { tags, summary: 'End the current session', response: { 200: messageOnly, ...errorResponses } },
    handler: async (req) => {
      await logoutSession(contextOf(req), req.sessionId);
      return { status: true as const, message: translate(requestLanguage(req), 'messages.loggedOut') };
    },
  });

  app.get('/me', {
    preValidation: requireAuth,
    schema: { tags, summary: 'The signed-in user', response: { 200: okEnvelope(sessionUser), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: toSessionUser(signedIn(req)) }),
  });

  app.post('/change-password', {
    preValidation: requireAuth,
    schema: {
      tags,
      summary: 'Change the password; ends the other sessions',
      body: changePasswordBody,
      response: { 200: messageOnly, ...errorResponses },
    },
    handler: async (req) => {
      await changePassword(contextOf(req), req.sessionId, req.body);
      return { status: true as const, message: translate(requestLanguage(req), 'messages.passwordChanged') };
    },
  });

  app.post('/forgot-password', {
    config: writeLimit(10),
    schema: {
      ...pub,
      summary: 'E-mail a password reset link (same answer whether the user exists or not)',
      body: forgotPasswordBody,
      response: { 200: messageOnly, ...errorResponses },
    },
    handler: async (req) => {
      await requestPasswordReset(contextOf(req), req.body);
      return { status: true as const, message: translate(requestLanguage(req), 'messages.resetEmailSent') };
    },
  });

  app.post('/reset-password', {
    config: writeLimit(20),
    schema: {
      ...pub,
      summary: 'Set a new password with a reset link (once, within one hour)',
      body: resetPasswordBody,
      response: { 200: messageOnly, ...errorResponses },
    },
    handler: async (req) => {
      await resetPassword(contextOf(req), req.body);
      return { status: true as const, message: translate(requestLanguage(req), 'messages.passwordReset') };
    },
  });

  app.get('/csrf-cookie', {
    schema: {
      ...pub,
      summary: 'Set the XSRF-TOKEN cookie the web client asks for',
      response: { 204: z.null().describe('No content') },
    },
    handler: async (_req, reply) => {
      // Bearer tokens are not sent automatically by browsers, so CSRF cannot ride on them; the cookie
      // exists because the seed's client requests it, and SameSite=Lax keeps it first-party.
      reply.setCookie('XSRF-TOKEN', newToken(), {
        path: '/',
        sameSite: 'lax',
        secure: app.config.appUrl.startsWith('https:'),
        httpOnly: false,
      });
      return reply.code(204).send(null);
    },
  });

  app.put('/view-options', {
    preValidation: requireAuth,
    schema: {
      tags,
      summary: 'Save the column layout of one list screen',
      body: viewOptionBody,
      response: { 200: okEnvelope(z.array(viewOption)), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await saveViewOption(contextOf(req), signedIn(req).view_options, req.body),
    }),
  });

  app.get('/profile', {
    preValidation: requireAuth,
    schema: { tags, summary: 'Your own profile', response: { 200: okEnvelope(profileRow), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await ownProfile(contextOf(req)) }),
  });

  app.patch('/profile', {
    preValidation: requireAuth,
    schema: {
      tags,
      summary: 'Change your own profile (names, language, notifications)',
      body: profileBody,
      response: { 200: okEnvelope(z.object({ id: z.string() })), ...errorResponses },
    },
    handler: async (req) => {
      await changeOwnProfile(contextOf(req), req.body);
      return {
        status: true as const,
        data: { id: signedIn(req).id },
        message: translate(requestLanguage(req), 'messages.updated'),
      };
    },
  });

  app.get('/sessions', {
    preValidation: requireAuth,
    schema: {
      tags,
      summary: 'Your signed-in sessions',
      response: { 200: okEnvelope(z.array(sessionRow)), ...errorResponses },
    },
    handler: async (req) => ({
      status: true as const,
      data: await listLiveSessions(app.db, signedIn(req).id, req.sessionId, app.now(), app.config),
    }),
  });

  app.post('/sessions/sign-out-others', {
    preValidation: requireAuth,
    schema: {
      tags,
      summary: 'Sign out everywhere else',
      response: { 200: okEnvelope(z.object({ count: z.number() })), ...errorResponses },
    },
    handler: async (req) => {
      const count = await signOutOtherSessions(contextOf(req), req.sessionId);
      return {
        status: true as const,
        data: { count },
        message: translate(requestLanguage(req), 'messages.signedOutOthers', { count }),
      };
    },
  });
};
