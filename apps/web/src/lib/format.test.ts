import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDateTime, formatNumber, numberFormat, warmFormatters } from './format';

describe('formatting dates and numbers in the UI language', () => {
  it('writes what toLocaleString writes, in English and Spanish', () => {
    const iso = '2026-11-26T21:05:00Z';
    for (const lang of ['en', 'es']) {
      expect(formatDateTime(lang, iso)).toBe(
        new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' }),
      );
      expect(formatDateTime(lang, '2026-03-01T00:00:00Z', { timeZone: 'UTC', dateStyle: 'medium' })).toBe(
        new Date('2026-03-01T00:00:00Z').toLocaleDateString(lang, { timeZone: 'UTC', dateStyle: 'medium' }),
      );
      expect(formatNumber(lang, 12345.5)).toBe((12345.5).toLocaleString(lang));
      expect(formatNumber(lang, 3, { minimumFractionDigits: 2 })).toBe(
        (3).toLocaleString(lang, { minimumFractionDigits: 2 }),
      );
    }
    expect(formatNumber('es', 1234.5)).toBe('1234,5');
    expect(formatNumber('en', 1234.5)).toBe('1,234.5');
  });

  it('makes each formatter once per language and options', () => {
    expect(dateTimeFormat('es', { dateStyle: 'medium' })).toBe(dateTimeFormat('es', { dateStyle: 'medium' }));
    expect(dateTimeFormat('es', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('en', { dateStyle: 'medium' }));
    expect(dateTimeFormat('es', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('es', { dateStyle: 'long' }));
    expect(numberFormat('en')).toBe(numberFormat('en'));
  });

  it('answers an unreadable date as toLocaleString does instead of throwing', () => {
    expect(formatDateTime('en', 'not a date')).toBe(new Date('not a date').toLocaleString('en'));
  });

  it('warmFormatters makes the date and number formatters the screens use, so their first render makes none', () => {
    const [RealDates, RealNumbers] = [Intl.DateTimeFormat, Intl.NumberFormat];
    let made = 0;
    Intl.DateTimeFormat = class extends RealDates {
      constructor(...args: ConstructorParameters<typeof RealDates>) {
        super(...args);
        made++;
      }
    } as typeof Intl.DateTimeFormat;
    Intl.NumberFormat = class extends RealNumbers {
      constructor(...args: ConstructorParameters<typeof RealNumbers>) {
        super(...args);
        made++;
      }
    } as typeof Intl.NumberFormat;
    try {
      warmFormatters('de');
      expect(made).toBe(2);
      expect(formatDateTime('de', '2026-11-26T21:05:00Z')).toBe(
        new RealDates('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-26T21:05:00Z')),
      );
      expect(formatNumber('de', 1234.5)).toBe(new RealNumbers('de').format(1234.5));
      expect(made).toBe(2);
    } finally {
      Intl.DateTimeFormat = RealDates;
      Intl.NumberFormat = RealNumbers;
    }
  });
});
