import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_RETRY_AFTER_SECONDS } from '../../crud/routes';
import { actorContextOf, type ActorContext } from '../../lib/context';
import { tooManyRequests } from '../../lib/errors';
import { requestLanguage } from '../../lib/i18n';
import type { Language } from '@habla/shared';
import { exportFigures, type Column } from './export-figures';
import { periodOf } from './figures';

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

/**
 * Answers an analytics screen's CSV export: every page `read` gives for the screen's query, with
 * `columns` headed in the caller's language, named `<name>-<from>-<to>.csv` (decisions 026, 028).
 */
export function sendFiguresCsv<Q extends { from?: string | undefined; to?: string | undefined }, Row>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  screen: { name: string; query: Q; columns: (lang: Language) => Column<Row>[] },
  read: (ctx: ActorContext, q: Q & { page: number; max: number }) => Promise<{ rows: Row[]; total: number }>,
) {
  return sendCsvExport(app, req, reply, screen.name, async (ctx, lang) => ({
    ...periodOf(ctx, screen.query),
    csv: await exportFigures((page, max) => read(ctx, { ...screen.query, page, max }), screen.columns(lang), lang),
  }));
}
