import type { FieldDef } from '@habla/shared/resources/define';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relatedOf, type ResourceScreen } from '@/lib/resource-screens';
import { recordTitle } from './field-value';
import { useRelated } from './resource-api';
import { formatNumber } from '@/lib/format';

const SHOWN = 10;

/** Full view: the records of other resources that point at this one (a topic's vocabulary, a topic type's topics…). */
export function RelatedRecords({ screen, id }: { screen: ResourceScreen; id: string }) {
  const { t } = useTranslation();
  const related = relatedOf(screen.resource.name);
  if (!related.length) return null;
  return (
    <section aria-labelledby="related-records" className="mt-6">
      <h2 id="related-records" className="mb-3 text-lg font-semibold text-slate-900">
        {t('records.related')}
      </h2>
      <div className={related.length > 1 ? 'grid gap-5 lg:grid-cols-2' : 'grid gap-5'}>
        {related.map(({ screen: other, field }) => (
          <RelatedList key={`${other.resource.name}.${field.name}`} screen={other} field={field} id={id} />
        ))}
      </div>
    </section>
  );
}

function RelatedList({ screen, field, id }: { screen: ResourceScreen; field: FieldDef; id: string }) {
  const { t, i18n } = useTranslation();
  const list = useRelated(screen, field.name, id, SHOWN);
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const title = t(screen.titleKey);
  const headingId = `related-${screen.resource.name}-${field.name}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {list.isSuccess && (
          <span className="text-sm text-slate-500">
            {t('records.relatedCount', { count: total, formatted: formatNumber(i18n.language, total) })}
          </span>
        )}
      </div>
      {list.isPending && <div className="h-16 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />}
      {list.isError && <p className="text-sm text-slate-600">{t('records.loadFailed')}</p>}
      {list.isSuccess && rows.length === 0 && <p className="text-sm text-slate-600">{t('records.relatedNone')}</p>}
      {rows.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {rows.map((r) => (
            <li key={r.id}>
              <Link
                to={`${screen.base}/${r.id}`}
                className="inline-flex rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 hover:bg-teal-50 hover:text-teal-900 focus-visible:outline-2 focus-visible:outline-teal-600"
              >
                {recordTitle(screen.resource.titleField, r)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > rows.length && (
        <Link
          to={`${screen.base}?${field.name}=${encodeURIComponent(id)}`}
          className="mt-3 inline-block text-sm font-medium text-teal-800 underline decoration-teal-300 underline-offset-2 hover:decoration-teal-700"
        >
          {t('records.relatedAll', { count: total, formatted: formatNumber(i18n.language, total), title })}
        </Link>
      )}
    </section>
  );
}
