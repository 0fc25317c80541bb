import type { TrendPoint } from '@habla/shared/schemas/assessments';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '@/components/resource/field-value';
import { ASSESSMENT_SCREEN } from '@/lib/resource-screens';
import { formatFixed } from './assessments-api';
import { formatNumber } from '@/lib/format';

const W = 320;
const H = 180;
const PAD = { top: 12, right: 12, bottom: 28, left: 34 };

const dayOf = (p: TrendPoint) => p.sample_date ?? p.created_at.slice(0, 10);

/**
 * "Progress over time": the student's assessments, oldest first, as a small line chart of MLU in
 * morphemes and in words (placed by date; the current one ringed) with the same
 * figures as a table beside it, which is what a screen reader reads (the chart is one image with a
 * summary). With one assessment there is nothing to compare yet.
 */
export function ProgressOverTime({ points }: { points: readonly TrendPoint[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  if (points.length < 2) return <p className="text-sm text-slate-600">{t('assessmentScreen.trend.nothingYet')}</p>;

  const max = Math.max(1, ...points.flatMap((p) => [p.mlu_m, p.mlu_w]));
  const top = Math.ceil(max);
  // Placed by the sample's date, so that three months look longer than three weeks; samples of one
  // day (or no dates) are spread evenly.
  const days = points.map((p) => Date.parse(`${dayOf(p)}T00:00:00Z`));
  const span = days[days.length - 1]! - days[0]!;
  const x = (i: number) =>
    PAD.left + (span > 0 ? (days[i]! - days[0]!) / span : i / (points.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v / top) * (H - PAD.top - PAD.bottom);
  const line = (pick: (p: TrendPoint) => number) =>
    points.map((p, i) => `${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(' ');
  const ticks = Array.from(new Set([0, Math.round(top / 2), top]));
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const summary = t('assessmentScreen.trend.summary', {
    count: points.length,
    from: formatFixed(first.mlu_m, lang, 2),
    to: formatFixed(last.mlu_m, lang, 2),
    start: formatDay(lang, dayOf(first)),
    end: formatDay(lang, dayOf(last)),
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <figure className="flex flex-col gap-2">
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} className="h-auto w-full max-w-md">
          {ticks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" strokeWidth="1" />
              <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="fill-slate-500 text-[10px]">
                {v}
              </text>
            </g>
          ))}
          <polyline
            points={line((p) => p.mlu_w)}
            fill="none"
            className="stroke-slate-400"
            strokeWidth="2"
            strokeDasharray="5 4"
          />
          <polyline points={line((p) => p.mlu_m)} fill="none" className="stroke-teal-600" strokeWidth="2.5" />
          {points.map((p, i) => (
            <g key={p.id}>
              <circle cx={x(i)} cy={y(p.mlu_w)} r="3" className="fill-slate-400" />
              <circle cx={x(i)} cy={y(p.mlu_m)} r="3.5" className="fill-teal-600" />
              {p.current && (
                <circle cx={x(i)} cy={y(p.mlu_m)} r="7.5" fill="none" className="stroke-amber-600" strokeWidth="2" />
              )}
            </g>
          ))}
          <text x={x(0)} y={H - 8} textAnchor="start" className="fill-slate-500 text-[10px]">
            {formatDay(lang, dayOf(first))}
          </text>
          <text x={x(points.length - 1)} y={H - 8} textAnchor="end" className="fill-slate-500 text-[10px]">
            {formatDay(lang, dayOf(last))}
          </text>
        </svg>
        <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          <span className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-5 bg-teal-600" aria-hidden="true" />
            {t('lsa.measures.mlu_m.label')}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block w-5 border-t-2 border-dashed border-slate-400" aria-hidden="true" />
            {t('lsa.measures.mlu_w.label')}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full ring-2 ring-amber-600" aria-hidden="true" />
            {t('assessmentScreen.trend.thisOne')}
          </span>
        </figcaption>
      </figure>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">{t('assessmentScreen.trend.caption')}</caption>
          <thead className="text-xs text-slate-600">
            <tr className="border-b border-slate-200 whitespace-nowrap">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('assessmentScreen.trend.date')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('fields.title')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('assessmentScreen.trend.mluM')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('assessmentScreen.trend.mluW')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('assessmentScreen.trend.ndw')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('assessmentScreen.trend.ttr')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('assessmentScreen.trend.stage')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {points.map((p) => (
              <tr
                key={p.id}
                aria-current={p.current ? 'true' : undefined}
                className={p.current ? 'bg-amber-50 font-medium' : undefined}
              >
                <td className="py-2 pr-3 whitespace-nowrap">{formatDay(lang, dayOf(p))}</td>
                <td className="py-2 pr-3">
                  {p.current ? (
                    <>
                      {p.title}{' '}
                      <span className="text-xs font-semibold text-amber-800">
                        ({t('assessmentScreen.trend.thisOne')})
                      </span>
                    </>
                  ) : (
                    <Link
                      to={`${ASSESSMENT_SCREEN.base}/${p.id}`}
                      className="text-teal-800 underline-offset-2 hover:underline"
                    >
                      {p.title}
                    </Link>
                  )}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatFixed(p.mlu_m, lang, 3)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatFixed(p.mlu_w, lang, 3)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(lang, p.ndw)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatFixed(p.ttr, lang, 3)}</td>
                <td className="py-2">{p.brown_stage}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
