import { ActivityPicture } from '@/components/activity/media';
import { isImageId } from '@/components/activity/model';
import type { FieldDef } from '@habla/shared/resources/define';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldCellOf } from '@/lib/field-cells';
import { formatDateTime, formatNumber } from '@/lib/format';
import { screenOf } from '@/lib/resource-screens';
import { FilePreview } from './file-preview';
import type { RecordRow, Ref } from './resource-api';

/** A calendar day (YYYY-MM-DD, no time zone) as people read it in the UI language. */
export const formatDay = (language: string | undefined, day: string): string =>
  formatDateTime(language, `${day}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });

/** An amount with its two decimals, grouped the way the UI language writes numbers. */
export const formatAmount = (language: string | undefined, amount: string | number): string =>
  formatNumber(language, Number(amount), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** URL of an emoji picture the app serves itself. */
export const pictureUrl = (code: string) => `/api/pictures/${code}.svg`;

const relationLink = (target: string | undefined, ref: Ref) => {
  const screen = target ? screenOf(target) : undefined;
  return screen ? (
    <Link
      key={ref.id}
      to={`${screen.base}/${ref.id}`}
      className="text-teal-800 underline decoration-teal-300 underline-offset-2 hover:decoration-teal-700"
    >
      {ref.label}
    </Link>
  ) : (
    <span key={ref.id}>{ref.label}</span>
  );
};

type ValueProps = { field: FieldDef; row: RecordRow; links?: boolean };

/**
 * A record's value of one field, as people read it: labels for enumerations, links for relations,
 * pictures. With `resource`, a field a feature draws itself (registered in `lib/field-cells`) shows
 * the feature's way, the generic value standing in while its chunk loads.
 */
export function FieldValue({ resource, ...props }: ValueProps & { resource?: string }) {
  const Cell = resource ? fieldCellOf(resource, props.field.name) : undefined;
  if (!Cell) return <PlainValue {...props} />;
  return (
    <Suspense fallback={<PlainValue {...props} />}>
      <Cell field={props.field} row={props.row} />
    </Suspense>
  );
}

function PlainValue({ field, row, links = true }: ValueProps) {
  const { t, i18n } = useTranslation();
  const value = row[field.name];
  const empty = <span className="text-slate-400">—</span>;
  switch (field.kind) {
    case 'enum':
      return typeof value === 'string' ? <>{t(`enums.${field.enumName}.${value}`)}</> : empty;
    case 'enumArray': {
      const list = (value as string[] | null) ?? [];
      if (!list.length) return empty;
      return (
        <span className="flex flex-wrap gap-1">
          {list.map((v) => (
            <span key={v} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {t(`enums.${field.enumName}.${v}`)}
            </span>
          ))}
        </span>
      );
    }
    case 'relation': {
      const ref = row[field.as ?? ''] as Ref | null;
      if (!ref) return empty;
      return links ? relationLink(field.target, ref) : <>{ref.label}</>;
    }
    case 'relationMany': {
      const refs = (row[field.as ?? ''] as Ref[] | undefined) ?? [];
      if (!refs.length) return empty;
      return (
        <span className="flex flex-wrap gap-x-2 gap-y-1">
          {refs.map((r) => (links ? relationLink(field.target, r) : <span key={r.id}>{r.label}</span>))}
        </span>
      );
    }
    case 'picture':
      if (typeof value === 'string' && value && isImageId(value))
        return (
          <ActivityPicture picture={value} alt={String(row.word ?? row.name ?? '')} size="thumb" className="size-8" />
        );
      return typeof value === 'string' && value ? (
        <img src={pictureUrl(value)} alt={String(row.word ?? row.name ?? value)} className="size-8" loading="lazy" />
      ) : (
        empty
      );
    case 'json':
      // The document indented, scrolling past a few lines (features show their own view of it).
      return value === null || value === undefined ? (
        empty
      ) : (
        <pre className="max-h-48 overflow-auto rounded-lg bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-words text-slate-800">
          {JSON.stringify(value, null, 2)}
        </pre>
      );
    case 'file':
      return typeof value === 'string' && value ? <FilePreview id={value} /> : empty;
    case 'bool':
      return <>{value ? t('records.yes') : t('records.no')}</>;
    case 'date':
      return typeof value === 'string' && value ? (
        <time dateTime={value}>{formatDay(i18n.resolvedLanguage, value)}</time>
      ) : (
        empty
      );
    case 'datetime':
      return typeof value === 'string' && value ? (
        <time dateTime={value}>{formatDateTime(i18n.resolvedLanguage, value)}</time>
      ) : (
        empty
      );
    case 'number':
      return typeof value === 'number' ? (
        <span className="tabular-nums">{formatNumber(i18n.resolvedLanguage, value, { maximumFractionDigits: 1 })}</span>
      ) : (
        empty
      );
    case 'decimal':
      return value === null || value === undefined || value === '' ? (
        empty
      ) : (
        <span className="tabular-nums">{formatAmount(i18n.resolvedLanguage, value as string)}</span>
      );
    default:
      return value === null || value === undefined || value === '' ? empty : <>{String(value)}</>;
  }
}

/** The record's title (its declared title field). */
export const recordTitle = (titleField: string, row: RecordRow | undefined): string =>
  row ? String(row[titleField] ?? row.id) : '';
