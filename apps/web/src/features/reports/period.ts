/**
 * The periods a report is asked for (docs/decisions/029-reports.md): the last 7, 30, 90 or 365 days up
 * to today (UTC days, as the analytics), or days chosen by hand. A saved definition keeps a relative
 * period as its number of days, so that each run ends on the day it runs.
 */
export const SPANS = ['7', '30', '90', '365', 'custom'] as const;
export type Span = (typeof SPANS)[number];

const DAY_MS = 86_400_000;

/** The last `days` days up to today (UTC), both included. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}
