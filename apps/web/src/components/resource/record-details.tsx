import { useTranslation } from 'react-i18next';
import type { RecordRow } from './resource-api';
import { dateTimeFormat } from '@/lib/format';

/** "Details": who created and last changed the record, and when (seed §2 "details" action). */
export function RecordDetails({
  row,
  className = 'rounded-xl bg-slate-50 p-3',
}: {
  row: RecordRow;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) =>
    iso ? dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
  const items: [string, string, string?][] = [
    [
      t('records.createdLine'),
      t('records.whenBy', { when: when(row.created_at), who: row.created_by_name ?? t('records.system') }),
    ],
    [
      t('records.updatedLine'),
      t('records.whenBy', { when: when(row.updated_at), who: row.updated_by_name ?? t('records.system') }),
    ],
    ...(row.deleted_at ? [[t('records.deletedLine'), when(row.deleted_at)] as [string, string]] : []),
    [t('fields.id'), row.id, 'break-all font-mono'],
  ];
  return (
    <section aria-label={t('records.details')} className={className}>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('records.details')}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        {items.map(([k, v, style]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className={style ? `text-slate-800 ${style}` : 'break-words text-slate-800'}>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
