import type { MessageParams } from '@habla/shared';

/**
 * An expected failure with a stable code. The message is a key of the shared catalogue, translated
 * into the caller's language by the error handler (plugins/errors.ts), never a ready-made text.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string,
    readonly params: MessageParams = {},
    /** field → message key, for forms that show the message beside the field. */
    readonly fields: Record<string, string> = {},
    /** Seconds to wait before trying again (429). */
    readonly retryAfter?: number,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export const badRequest = (messageKey = 'errors.unsatisfactory', params: MessageParams = {}) =>
  new AppError(400, 'BAD_REQUEST', messageKey, params);

export const unauthorized = (messageKey = 'errors.unauthenticated') => new AppError(401, 'UNAUTHENTICATED', messageKey);

export const forbidden = (messageKey = 'errors.forbidden') => new AppError(403, 'FORBIDDEN', messageKey);

export const notFound = (messageKey = 'errors.notFound') => new AppError(404, 'NOT_FOUND', messageKey);

/** A 400 naming the field, with a translated message (shown beside the input by the web form). */
export const fieldError = (field: string, key: string, params: MessageParams = {}) =>
  new AppError(400, 'VALIDATION', key, params, { [field]: key });

/** A unique value already taken; `field` names it in the message and in `fields`. */
export const conflict = (field: string) =>
  new AppError(409, 'CONFLICT', 'errors.conflict', {}, { [field]: 'errors.conflict' });

export const tooManyRequests = (seconds: number, messageKey = 'errors.rateLimited') =>
  new AppError(
    429,
    'TOO_MANY_REQUESTS',
    messageKey,
    { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) },
    {},
    seconds,
  );
