import { describe, expect, it } from 'vitest';
import { monthOf, monthPlan, monthPlans, type DayRange } from './figures';

/**
 * How an account-wide period is read (decision 028): whole months from the month totals, the edge
 * days from the day rollups, whichever way reads the fewest rows.
 */
const days = (d: DayRange) => (Date.parse(d.to) - Date.parse(d.from)) / 86_400_000 + 1;

describe('the plan of a period', () => {
  it('numbers months as migration 0022 does', () => {
    expect(monthOf('2026-04-08')).toBe(2026 * 12 + 3);
    expect(monthOf('2025-12-31') + 1).toBe(monthOf('2026-01-01'));
  });

  it('offers the months whole less their outside days, without their inside days, or days only', () => {
    expect(monthPlans('2026-04-07', '2026-04-08')).toEqual([
      {
        months: { from: monthOf('2026-04-01'), to: monthOf('2026-04-01') },
        days: [
          { from: '2026-04-01', to: '2026-04-06', sign: -1 },
          { from: '2026-04-09', to: '2026-04-30', sign: -1 },
        ],
      },
      { months: null, days: [{ from: '2026-04-07', to: '2026-04-08', sign: 1 }] },
    ]);
    // Whole months need no edge day.
    expect(monthPlans('2026-01-01', '2026-02-28')[0]).toEqual({
      months: { from: monthOf('2026-01-01'), to: monthOf('2026-02-01') },
      days: [],
    });
  });

  it('takes the way with the fewest rows to read, months when equal', () => {
    // A year from 30 November: the day before December, not the 29 days of November before it.
    expect(monthPlan('2025-11-30', '2026-11-29', days)).toEqual({
      months: { from: monthOf('2025-12-01'), to: monthOf('2026-11-01') },
      days: [
        { from: '2025-11-30', to: '2025-11-30', sign: 1 },
        { from: '2026-11-30', to: '2026-11-30', sign: -1 },
      ],
    });
    // …unless those 29 days hold nothing (the account started playing on the 30th).
    const quiet = (d: DayRange) => (d.from === '2025-11-01' ? 0 : days(d));
    expect(monthPlan('2025-11-30', '2026-11-29', quiet).days[0]).toEqual({
      from: '2025-11-01',
      to: '2025-11-29',
      sign: -1,
    });
    // Two days of a month are read as days.
    expect(monthPlan('2026-04-07', '2026-04-08', days).months).toBeNull();
  });
});
