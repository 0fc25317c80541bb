import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useLayoutEffect, useRef, useState } from 'react';
import { TONES, type ChartDrawingProps } from './types';

/** Drawn at this width until the element's own is known (and in tests, which lay nothing out). */
const DEFAULT_WIDTH = 600;
/** Room per x label, so that labels never overlap; others are left to the table. */
const LABEL_ROOM = 72;

/** The element's width, followed as it changes (a phone turned, a sidebar folded). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      if (el.clientWidth > 0) setWidth(el.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A round number at or above `v` (1, 2, 2.5 or 5 times a power of ten). */
function niceTop(v: number): number {
  if (v <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(v));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= v) ?? 10;
  return step * power;
}

/**
 * Bars and lines over the same x positions, drawn with visx (decision 027) in SVG at the element's
 * own width so that its text stays readable on a phone. It is a picture only (`aria-hidden`): the
 * figure around it says what it shows and its table gives every value; each bar and point carries
 * its value as a tooltip for a pointer.
 */
export default function LineBarChart({
  labels,
  axisLabels,
  series,
  format,
  yMax,
  compact = false,
  height,
}: ChartDrawingProps) {
  const { ref, width } = useWidth();
  const margin = compact ? { top: 6, right: 6, bottom: 6, left: 6 } : { top: 12, right: 12, bottom: 28, left: 44 };
  const innerWidth = Math.max(10, width - margin.left - margin.right);
  const innerHeight = Math.max(10, height - margin.top - margin.bottom);
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const top = yMax ?? niceTop(Math.max(0, ...values));
  const keys = labels.map((_, i) => String(i));
  const x = scaleBand<string>({ domain: keys, range: [0, innerWidth], padding: compact ? 0.2 : 0.3 });
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0] });
  const bars = series.filter((s) => s.kind === 'bar');
  const lines = series.filter((s) => s.kind === 'line');
  // A bar is at most 40 px wide however few the positions, centred in its place.
  const barWidth = bars.length > 0 ? Math.min(40, x.bandwidth() / bars.length) : 0;
  const barsStart = (i: number) => (x(String(i)) ?? 0) + (x.bandwidth() - barWidth * bars.length) / 2;
  const centre = (i: number) => (x(String(i)) ?? 0) + x.bandwidth() / 2;
  const ticks = y.ticks(4);
  // Every n-th label, the first and the last always.
  const every = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(innerWidth / LABEL_ROOM))));
  const shown = (i: number) =>
    i === 0 || i === labels.length - 1 || (i % every === 0 && labels.length - 1 - i >= every / 2);
  return (
    <div ref={ref} className="w-full">
      <svg width={width} height={height} aria-hidden="true" className="block overflow-visible">
        <Group left={margin.left} top={margin.top}>
          {!compact &&
            ticks.map((v) => (
              <g key={v}>
                <line x1={0} x2={innerWidth} y1={y(v)} y2={y(v)} className="stroke-slate-200" strokeWidth={1} />
                <text x={-8} y={y(v)} dy="0.32em" textAnchor="end" className="fill-slate-600 text-[11px]">
                  {format(v)}
                </text>
              </g>
            ))}
          {compact && <line x1={0} x2={innerWidth} y1={innerHeight} y2={innerHeight} className="stroke-slate-200" />}
          {bars.map((s, b) =>
            s.values.map((v, i) =>
              v === null ? null : (
                <Bar
                  key={`${s.key}-${i}`}
                  data-series={s.key}
                  data-value={v}
                  x={barsStart(i) + b * barWidth}
                  y={y(v)}
                  width={Math.max(1, barWidth - (bars.length > 1 ? 2 : 0))}
                  height={Math.max(0, innerHeight - y(v))}
                  rx={Math.min(3, barWidth / 4)}
                  className={`${TONES[s.tone].fill} opacity-80`}
                >
                  <title>{`${labels[i]} · ${s.label}: ${format(v)}`}</title>
                </Bar>
              ),
            ),
          )}
          {lines.map((s) => {
            const points = s.values.map((v, i) => ({ i, v }));
            return (
              <g key={s.key}>
                <LinePath
                  data={points}
                  x={(p) => centre(p.i)}
                  y={(p) => y(p.v ?? 0)}
                  defined={(p) => p.v !== null}
                  fill="none"
                  strokeWidth={compact ? 2 : 2.5}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  className={TONES[s.tone].stroke}
                />
                {points.map((p) =>
                  p.v === null ? null : (
                    <circle
                      key={p.i}
                      data-series={s.key}
                      data-value={p.v}
                      cx={centre(p.i)}
                      cy={y(p.v)}
                      r={compact ? 2.5 : 4}
                      className={`${TONES[s.tone].stroke} fill-white`}
                      strokeWidth={2}
                    >
                      <title>{`${labels[p.i]} · ${s.label}: ${format(p.v)}`}</title>
                    </circle>
                  ),
                )}
              </g>
            );
          })}
          {!compact &&
            axisLabels.map((label, i) =>
              shown(i) ? (
                <text
                  key={i}
                  x={centre(i)}
                  y={innerHeight + 18}
                  textAnchor="middle"
                  className="fill-slate-600 text-[11px]"
                >
                  {label}
                </text>
              ) : null,
            )}
        </Group>
      </svg>
    </div>
  );
}
