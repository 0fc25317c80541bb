/**
 * What a chart draws (docs/decisions/027-charts.md): one value per x position for each series, a
 * series drawn as bars or as a line, in one of the app's tones. `null` is "nothing counts here":
 * no bar, a gap in the line, a dash in the table.
 */
export type ChartTone = 'teal' | 'amber' | 'sky' | 'slate';

export type ChartSeries = {
  key: string;
  label: string;
  kind: 'bar' | 'line';
  tone: ChartTone;
  values: readonly (number | null)[];
};

/** The chart's drawing (the lazily loaded part): the x positions' labels, the series and how a value reads. */
export type ChartDrawingProps = {
  /** Each x position's name (the tooltips), and the shorter one its axis shows. */
  labels: readonly string[];
  axisLabels: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  /** The top of the value axis (100 for percents); by default a round number above the largest value. */
  yMax?: number | undefined;
  /** A small chart without axes (a panel's trend). */
  compact?: boolean | undefined;
  height: number;
};

/** The tones' classes, written out whole so that Tailwind finds them. */
export const TONES: Record<ChartTone, { fill: string; stroke: string; swatch: string }> = {
  teal: { fill: 'fill-teal-600', stroke: 'stroke-teal-600', swatch: 'bg-teal-600' },
  amber: { fill: 'fill-amber-500', stroke: 'stroke-amber-600', swatch: 'bg-amber-500' },
  sky: { fill: 'fill-sky-600', stroke: 'stroke-sky-700', swatch: 'bg-sky-600' },
  slate: { fill: 'fill-slate-400', stroke: 'stroke-slate-500', swatch: 'bg-slate-400' },
};
