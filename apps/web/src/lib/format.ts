/**
 * Dates and numbers as people read them in the UI language, through formatters made once per
 * language and options. `Date#toLocaleString(lang, options)` and `Number#toLocaleString(lang)` build
 * a new ICU formatter on every call (about 0.6 ms for a date with a date and a time style): a table
 * of 25 rows with two date columns spent 30 ms of a render on that alone, four times as long on a
 * mid-range phone (docs/decisions/008-performance.md).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

const keyOf = (language: string | undefined, options: object | undefined) =>
  `${language ?? ''}|${options ? JSON.stringify(options) : ''}`;

export function dateTimeFormat(
  language: string | undefined,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = keyOf(language, options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(language: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = keyOf(language, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A moment (ISO text or Date) with its date and time, e.g. "Nov 26, 2026, 10:00 PM". */
export function formatDateTime(
  language: string | undefined,
  value: string | number | Date,
  options: Intl.DateTimeFormatOptions = DATE_TIME,
): string {
  const date = value instanceof Date ? value : new Date(value);
  // As toLocaleString does, where Intl's format would throw.
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : dateTimeFormat(language, options).format(date);
}

/** A number grouped and with the decimal mark of the language. */
export const formatNumber = (language: string | undefined, value: number, options?: Intl.NumberFormatOptions): string =>
  numberFormat(language, options).format(value);

/**
 * Makes the formatters most screens need (a date with its time, a plain number) for `language` now.
 * A language's first date formatter costs ICU 15–30 ms on a phone: the app's start-up pays it in a
 * task of its own rather than in the middle of the first screen's render.
 */
export function warmFormatters(language: string): void {
  dateTimeFormat(language, DATE_TIME);
  numberFormat(language);
}
