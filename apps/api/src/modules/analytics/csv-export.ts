import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_RETRY_AFTER_SECONDS } from '../../crud/routes';
import { actorContextOf, type ActorContext } from '../../lib/context';
import { tooManyRequests } from '../../lib/errors';
import { requestLanguage } from '../../lib/i18n';
import type { Language } from '@habla/shared';

/**
 * Answers an analytics CSV export: a few at once per user and per instance, under the export slots
 * the lists' exports use (429 beyond), named `<name>-<from>-<to>.csv`.
 */
export async function sendCsvExport(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  produce: (ctx: ActorContext, lang: Language) => Promise<{ csv: string; from: string; to: string }>,
) {
  const ctx = actorContextOf(req);
  const release = app.exportSlots.tryAcquire(ctx.actor.id);
  if (!release) throw tooManyRequests(EXPORT_RETRY_AFTER_SECONDS, 'errors.tooManyExports');
  try {
    const { csv, from, to } = await produce(ctx, requestLanguage(req));
    return await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${from}-${to}.csv"`)
      .send(csv);
  } finally {
    release();
  }
}
