import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, type LucideIcon } from 'lucide-react';
import { toast } from 'react-toastify/unstyled';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/resource/list-pagination';
import { LoadFailed } from '@/components/resource/load-failed';
import { saveDownload } from '@/components/resource/resource-api';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { buildUrl } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useUrlFilters } from '@/lib/use-url-filters';
import { ChartFigure, type ChartTone } from '@/components/charts/chart-figure';

/**
 * What the analytics screens share (decisions 026, 028): a figure in the reader's language, the
 * period-and-name filter form kept in the address, the line that says what is shown with its CSV
 * export, and a table of figures that becomes a card per row on a phone.
 */

/** A figure's cell: a number in the reader's language, or a dash when nothing counts. */
export function useFigure() {
  const { i18n } = useTranslation();
  return (v: number | null, suffix = '') =>
    v === null ? '—' : `${formatNumber(i18n.language, v, { maximumFractionDigits: 2 })}${suffix}`;
}

/** A day (YYYY-MM-DD) as the reader writes it. */
export function useDay() {
  const { i18n } = useTranslation();
  return (iso: string) => formatDateTime(i18n.language, `${iso}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });
}

/** A rate as a short bar beside its figure: the figure is the text, the bar only its picture. */
export function RateCell({ value }: { value: number | null }) {
  const figure = useFigure();
  if (value === null) return <span className="text-slate-500">—</span>;
  return (
    <span className="flex items-center justify-end gap-2">
      <span aria-hidden="true" className="hidden h-2 w-16 overflow-hidden rounded-full bg-slate-100 sm:block">
        <span
          className={`block h-full rounded-full ${value >= 80 ? 'bg-teal-600' : value >= 50 ? 'bg-amber-500' : 'bg-red-500'}`}
          style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
        />
      </span>
      <span className="tabular-nums">{figure(value, ' %')}</span>
    </span>
  );
}

type Filters<K extends string> = ReturnType<typeof useUrlFilters<K>>;

/** Rows per page on every analytics screen. */
const MAX = 25;

/**
 * An analytics screen's figures: the filters `names` kept in the address, and the answer of
 * `GET /api/analytics/<name>` for them and the page (the last page stays shown while the next loads).
 */
export function useAnalytics<D, const K extends string>(name: string, names: readonly K[]) {
  const filters = useUrlFilters(names);
  const { applied, page } = filters;
  const chosen: Record<string, string> = Object.fromEntries(
    names.filter((f) => applied[f]).map((f) => [f, applied[f]]),
  );
  const query = { page, max: MAX, ...chosen };
  const figures = useQuery({
    queryKey: ['analytics', name, query],
    queryFn: ({ signal }) => api.get<{ data: D }>(`/api/analytics/${name}`, { query, signal, silentSuccess: true }),
    placeholderData: keepPreviousData,
  });
  return { name, filters, chosen, figures, data: figures.data?.data };
}

/**
 * What an analytics screen shows under its filters: a retry when the figures failed, the line that
 * says what is shown with its CSV export, then the figures (or why there are none) and the pages.
 */
export function FiguresResult<D extends { total: number }, Row, K extends string>({
  analytics,
  rows,
  periodText,
  empty,
  chart,
  ...table
}: {
  analytics: ReturnType<typeof useAnalytics<D, K>>;
  rows: (data: D) => Row[];
  periodText: (data: D) => string;
  empty: { icon: LucideIcon; title: string; help: string };
  /** A bar chart of the page's first rows (with its own table), between the period line and the figures. */
  chart?: RowsChart<Row>;
} & Omit<Parameters<typeof FiguresTable<Row>>[0], 'rows' | 'dimmed'>) {
  const { figures, data, chosen, filters, name } = analytics;
  return (
    <>
      {figures.isError && <LoadFailed onRetry={() => void figures.refetch()} back="/analytics" />}
      {data && (
        <PeriodLine
          text={periodText(data)}
          exportPath={`/api/analytics/${name}/export`}
          filters={chosen}
          filename={`${name}.csv`}
          canExport={data.total > 0}
        />
      )}
      {data && data.total === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title}>
          {empty.help}
        </EmptyState>
      ) : (
        <>
          {data && chart && <RowsChartCard chart={chart} rows={rows(data).slice(0, CHART_ROWS)} />}
          <FiguresTable
            {...table}
            rows={data ? rows(data) : []}
            dimmed={figures.isFetching && figures.isPlaceholderData}
          />
        </>
      )}
      {(data?.total ?? 0) > MAX && (
        <div className="mt-4">
          <ListPagination
            page={filters.page}
            max={MAX}
            total={data!.total}
            onPage={(p) => filters.go(filters.applied, p)}
          />
        </div>
      )}
    </>
  );
}

/**
 * The filter form: from, to and a name (`q`, labelled `qLabel`; none without a label), then the
 * `children` fields; applying keeps them in the address and goes back to the first page.
 */
export function PeriodFilters<K extends string>({
  filters,
  names,
  qLabel,
  label,
  children,
}: {
  filters: Filters<K | 'from' | 'to' | 'q'>;
  names: readonly (K | 'from' | 'to' | 'q')[];
  qLabel?: string;
  label: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { applied, draft, setDraft, go, input } = filters;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go(draft, 0);
  };
  const field = (f: 'from' | 'to' | 'q') => ({ label: t(`analytics.filter.${f}`), ...input(f) });
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field('from')} type="date" max={draft.to || undefined} />
        <TextField {...field('to')} type="date" min={draft.from || undefined} />
        {qLabel && <TextField {...field('q')} label={qLabel} maxLength={100} autoComplete="off" />}
        {children}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          {t('analytics.filter.apply')}
        </Button>
        {names.some((f) => applied[f]) && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => {
              const empty = Object.fromEntries(names.map((n) => [n, ''])) as Record<K | 'from' | 'to' | 'q', string>;
              setDraft(empty);
              go(empty, 0);
            }}
          >
            {t('analytics.filter.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The query's filters as CSV from `path`, headed in the reader's language, saved as `filename`. */
function useCsvExport(path: string, filters: Record<string, string | number>, filename: string) {
  const { t, i18n } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const token = useAuthStore.getState().token;
      const res = await fetch(buildUrl(path, filters), {
        headers: { 'Accept-Language': i18n.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      if (!res.ok) throw new Error(String(res.status));
      await saveDownload(res, filename);
    } catch {
      toast.error(t('records.exportFailed'), { toastId: 'analytics-export' });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}

/** What is shown (read aloud when it changes), and the CSV export of all of it when there is any. */
function PeriodLine({
  text,
  exportPath,
  filters,
  filename,
  canExport,
}: {
  text: string;
  exportPath: string;
  filters: Record<string, string | number>;
  filename: string;
  canExport: boolean;
}) {
  const { t } = useTranslation();
  const csv = useCsvExport(exportPath, filters, filename);
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600" aria-live="polite">
        {text}
      </p>
      {canExport && (
        <Button variant="secondary" size="sm" loading={csv.exporting} onClick={() => void csv.run()}>
          {!csv.exporting && <Download className="size-4" aria-hidden="true" />}
          {t('records.export')}
        </Button>
      )}
    </div>
  );
}

export type FigureColumn<Row> = { key: string; label: string; cell: (row: Row) => ReactNode };

/**
 * Rows of figures: a table with a header cell per row (`rowHeader`) on wider screens, a card of the
 * same figures per row on a phone. `dimmed` while a new page loads over the old one.
 */
function FiguresTable<Row>({
  rows,
  rowKey,
  rowHeader,
  rowHeaderLabel,
  columns,
  caption,
  dimmed,
}: {
  rows: Row[];
  rowKey: (row: Row) => string;
  rowHeader: (row: Row) => ReactNode;
  rowHeaderLabel: string;
  columns: FigureColumn<Row>[];
  caption: string;
  dimmed?: boolean;
}) {
  // Headings may wrap onto two lines (the figures never do): more columns fit a school laptop.
  const th = 'px-3 py-2.5 text-right align-bottom font-semibold';
  const td = 'px-3 py-2.5 text-right tabular-nums whitespace-nowrap text-slate-800';
  return (
    <>
      <ul className="flex flex-col gap-3 sm:hidden">
        {rows.map((r) => (
          <li key={rowKey(r)} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="font-semibold">{rowHeader(r)}</div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
              {columns.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-slate-600">{c.label}</dt>
                  <dd className="text-right text-slate-900 tabular-nums">{c.cell(r)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {/* Scrolls sideways when wider than the screen: focusable, so the keyboard can scroll it too. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={caption}
        className="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-teal-600 sm:block"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2.5 text-left align-bottom font-semibold">
                {rowHeaderLabel}
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={th}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={dimmed ? 'opacity-60' : undefined}>
            {rows.map((r) => (
              <tr key={rowKey(r)} className="border-t border-slate-100">
                <th scope="row" className="sticky left-0 bg-white px-3 py-2.5 text-left font-medium whitespace-nowrap">
                  {rowHeader(r)}
                </th>
                {columns.map((c) => (
                  <td key={c.key} className={td}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The link style of a row's name. */
export const rowLink =
  'text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600';

/** A choice among the filters (`options`: value and label; the first may be '' for "any"). */
export function FilterSelect({
  label,
  name,
  value,
  onChange,
  options,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
      {label}
      <select
        name={name}
        value={value}
        onChange={onChange}
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How many rows of a page a chart shows: more bars than this no longer read at a glance. */
const CHART_ROWS = 10;

/** A name short enough for a chart's axis. */
const axisName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

/** A bar chart of rows: its title for so many rows, each row's name (and shorter axis name), its bars. */
export type RowsChart<Row> = {
  title: (count: number) => string;
  label: (row: Row) => string;
  axisLabel?: (row: Row) => string;
  labelHeading: string;
  format: (value: number) => string;
  yMax?: number;
  series: { key: string; label: string; tone: ChartTone; value: (row: Row) => number | null }[];
};

function RowsChartCard<Row>({ chart, rows }: { chart: RowsChart<Row>; rows: Row[] }) {
  const title = chart.title(rows.length);
  return (
    <ChartCard title={title}>
      <ChartFigure
        title={title}
        labels={rows.map(chart.label)}
        axisLabels={rows.map((r) => (chart.axisLabel ? chart.axisLabel(r) : axisName(chart.label(r))))}
        labelHeading={chart.labelHeading}
        format={chart.format}
        {...(chart.yMax === undefined ? {} : { yMax: chart.yMax })}
        series={chart.series.map((x) => ({
          key: x.key,
          label: x.label,
          kind: 'bar' as const,
          tone: x.tone,
          values: rows.map(x.value),
        }))}
      />
    </ChartCard>
  );
}

/** A chart of a screen's figures under its visible title, in a card. */
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-2 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
