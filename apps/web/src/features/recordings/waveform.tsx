import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './format';

/** Bars drawn at most: enough for a wide screen, few enough for an hour (180,000 peaks) to draw at once. */
const MAX_COLUMNS = 800;
const HEIGHT = 100;

/** The peaks the server sends (base64 of bytes 0–255, one per 1/50 s). */
export function decodePeaks(base64: string): Uint8Array {
  if (!base64) return new Uint8Array();
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i);
  return out;
}

/** The largest peak of each of `columns` equal stretches. */
export function columnsOf(peaks: Uint8Array, columns: number): number[] {
  const n = Math.min(columns, peaks.length);
  const out: number[] = [];
  for (let c = 0; c < n; c += 1) {
    const from = Math.floor((c * peaks.length) / n);
    const to = Math.max(from + 1, Math.floor(((c + 1) * peaks.length) / n));
    let max = 0;
    for (let i = from; i < to; i += 1) max = Math.max(max, peaks[i]!);
    out.push(max);
  }
  return out;
}

/**
 * The recording's loudness over time, drawn from the server's peaks as one mirrored shape; the
 * stretch being played is shaded. A picture for sighted people: screen readers hear its duration.
 */
export function Waveform({
  peaks,
  durationMs,
  highlight,
}: {
  peaks: string;
  durationMs: number;
  highlight?: { start_ms: number; end_ms: number } | null;
}) {
  const { t } = useTranslation();
  const columns = useMemo(() => columnsOf(decodePeaks(peaks), MAX_COLUMNS), [peaks]);
  const width = Math.max(1, columns.length);
  const path = useMemo(() => {
    if (!columns.length) return '';
    const mid = HEIGHT / 2;
    const half = (v: number) => Math.max(0.5, (v / 255) * (mid - 2));
    const top = columns.map((v, i) => `${i === 0 ? 'M' : 'L'}${i + 0.5},${(mid - half(v)).toFixed(1)}`).join('');
    const bottom = columns
      .map((v, i) => `L${i + 0.5},${(mid + half(v)).toFixed(1)}`)
      .reverse()
      .join('');
    return `${top}${bottom}Z`;
  }, [columns]);
  const clock = formatClock(durationMs);
  const x = (ms: number) => Math.min(width, Math.max(0, (ms / Math.max(1, durationMs)) * width));
  return (
    <figure className="flex flex-col gap-1">
      <svg
        role="img"
        aria-label={t('recordings.waveformLabel', { duration: clock })}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-24 w-full rounded-lg bg-slate-50 ring-1 ring-slate-200 sm:h-28"
      >
        {highlight && (
          <rect
            x={x(highlight.start_ms)}
            y={0}
            width={Math.max(0.5, x(highlight.end_ms) - x(highlight.start_ms))}
            height={HEIGHT}
            className="fill-teal-100"
          />
        )}
        <line
          x1={0}
          x2={width}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
          className="stroke-slate-300"
          strokeWidth={0.5}
          vectorEffect="non-scaling-stroke"
        />
        {path && <path d={path} className="fill-teal-700" />}
      </svg>
      <figcaption className="flex justify-between text-xs text-slate-600 tabular-nums" aria-hidden="true">
        <span>0:00</span>
        <span>{clock}</span>
      </figcaption>
    </figure>
  );
}
