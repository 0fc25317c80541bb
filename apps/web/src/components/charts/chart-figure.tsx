import { clsx } from 'clsx';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TONES, type ChartSeries } from './types';

export type { ChartSeries, ChartTone } from './types';

/** The drawing and its library load only when a chart is first shown (decision 027). */
const LineBarChart = lazy(() => import('./line-bar-chart'));

/** A column the table shows beside the charted series (sessions, a title with its link…). */
export type ChartColumn = { key: string; label: string; cell: (index: number) => ReactNode; numeric?: boolean };

type ChartFigureProps = {
  /** What the figures are; the table's caption. */
  title: string;
  /** Each x position's name (a day, in full) and the shorter one under the axis. */
  labels: readonly string[];
  axisLabels?: readonly string[];
  /** The heading of the table's first column (the x positions). */
  labelHeading: string;
  /** Each row's header in the table, if more than its label (a date with a note). */
  rowHeader?: (index: number) => ReactNode;
  series: readonly ChartSeries[];
  /** How a value reads: on the axis, in the tooltips, the summary and the table. */
  format: (value: number) => string;
  yMax?: number;
  /** Columns only the table shows, after the charted series. */
  columns?: readonly ChartColumn[];
  /** A small chart without axes, toggle or visible table (a panel's trend); its table is for screen readers. */
  compact?: boolean;
};

/**
 * A chart as a figure (docs/decisions/027-charts.md): its caption says in words what it shows (each
 * series from its first value to its last) with the legend, and the same figures are a table, one
 * row per x position. "Chart" or "Table" chooses what is shown; a compact chart keeps its table for
 * screen readers only. The drawing (visx) is loaded lazily, so no screen carries it until it draws a
 * chart.
 */
export function ChartFigure({
  title,
  labels,
  axisLabels = labels,
  labelHeading,
  rowHeader,
  series,
  format,
  yMax,
  columns = [],
  compact = false,
}: ChartFigureProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const tableId = useId();
  const summary = summarize(labels, series, format, t);
  const height = compact ? 64 : 240;
  // On a phone the table scrolls sideways inside its box: a box a keyboard can reach and scroll.
  const scroller = compact
    ? { className: 'sr-only' }
    : {
        className:
          'overflow-x-auto rounded-xl ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-teal-600',
        tabIndex: 0,
        role: 'region',
        'aria-label': title,
      };
  const table = (
    <div {...scroller}>
      <table id={tableId} className="w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
              {labelHeading}
            </th>
            {series.map((s) => (
              <th
                key={s.key}
                scope="col"
                data-column={s.key}
                className="px-3 py-2 text-right font-semibold whitespace-nowrap"
              >
                {s.label}
              </th>
            ))}
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={clsx('px-3 py-2 font-semibold whitespace-nowrap', c.numeric ? 'text-right' : 'text-left')}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={i} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-800">
                {rowHeader ? rowHeader(i) : label}
              </th>
              {series.map((s) => {
                const v = s.values[i] ?? null;
                return (
                  <td key={s.key} className="px-3 py-2 text-right whitespace-nowrap text-slate-800 tabular-nums">
                    {v === null ? '—' : format(v)}
                  </td>
                );
              })}
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={clsx(
                    'px-3 py-2 text-slate-800',
                    c.numeric ? 'text-right whitespace-nowrap tabular-nums' : 'text-left',
                  )}
                >
                  {c.cell(i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (labels.length === 0) return <p className="text-sm text-slate-600">{t('charts.none')}</p>;
  const legend = (
    <span className="flex flex-wrap gap-x-4 gap-y-1" aria-hidden="true">
      {series.map((s) => (
        <span key={s.key} className="flex items-center gap-1.5 text-xs text-slate-700">
          <span
            className={clsx(
              'inline-block',
              TONES[s.tone].swatch,
              s.kind === 'bar' ? 'size-3 rounded-sm opacity-80' : 'h-0.5 w-5 rounded-full',
            )}
          />
          {s.label}
        </span>
      ))}
    </span>
  );
  const chart = (
    <Suspense fallback={<div style={{ height }} className="animate-pulse rounded-lg bg-slate-50" aria-hidden="true" />}>
      <LineBarChart
        labels={labels}
        axisLabels={axisLabels}
        series={series}
        format={format}
        yMax={yMax}
        compact={compact}
        height={height}
      />
    </Suspense>
  );
  if (compact)
    return (
      <figure className="flex flex-col gap-1.5">
        {chart}
        <figcaption className="text-xs text-slate-600">{summary}</figcaption>
        {table}
      </figure>
    );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {view === 'chart' ? legend : <span />}
        <div role="group" aria-label={t('charts.view.label')} className="inline-flex rounded-lg bg-slate-100 p-0.5">
          {(['chart', 'table'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              {...(v === 'table' ? { 'aria-controls': tableId } : {})}
              onClick={() => setView(v)}
              className={clsx(
                'h-8 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-teal-600',
                view === v ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {t(`charts.view.${v}`)}
            </button>
          ))}
        </div>
      </div>
      {view === 'chart' && (
        <figure className="flex flex-col gap-2">
          {chart}
          <figcaption className="text-sm text-slate-700">{summary}</figcaption>
        </figure>
      )}
      {/* Always in the page (hidden while the chart shows), so the "Table" button's aria-controls names it. */}
      <div hidden={view !== 'table'}>{table}</div>
    </div>
  );
}

/** Each series in words: from its first value to its last, with their x positions; or its one value. */
function summarize(
  labels: readonly string[],
  series: readonly ChartSeries[],
  format: (value: number) => string,
  t: (key: string, options: Record<string, string>) => string,
): string {
  const parts = series.flatMap((s) => {
    const at = s.values.flatMap((v, i) => (v === null ? [] : [i]));
    const first = at[0];
    const last = at[at.length - 1];
    if (first === undefined || last === undefined) return [t('charts.summary.nothing', { series: s.label })];
    if (first === last)
      return [t('charts.summary.one', { series: s.label, value: format(s.values[first]!), at: labels[first]! })];
    return [
      t('charts.summary.change', {
        series: s.label,
        first: format(s.values[first]!),
        start: labels[first]!,
        last: format(s.values[last]!),
        end: labels[last]!,
      }),
    ];
  });
  return parts.join(' ');
}
