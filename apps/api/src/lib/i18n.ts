import { pickLanguage, type Language } from '@habla/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a request's messages: the client's Accept-Language when it sends one (the web app
 * sends its UI language), else the signed-in user's language, else English.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const header = req.headers['accept-language'];
  if (header) return pickLanguage(header);
  return req.user?.language ?? 'en';
}
