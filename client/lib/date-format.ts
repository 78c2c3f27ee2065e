// Date formatters, made once per locale and options. `Date.prototype.toLocaleString(locale, options)`
// builds a new Intl.DateTimeFormat on every call (its locale data resolved again each time): a list of
// 50 chat messages, each with its time and full time, spent hundreds of milliseconds in it at a phone's
// speed while the room was first drawn (docs/decisions.md decision 70's trace).

const formats = new Map<string, Intl.DateTimeFormat>();

/** The Intl.DateTimeFormat for `locale` (the browser's when undefined) and `options`, made once. */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** `date` written by dateTimeFormat(locale, options): what `date.toLocaleString(locale, options)` writes. */
export function formatDate(
  date: Date | number,
  options: Intl.DateTimeFormatOptions,
  locale?: string,
): string {
  return dateTimeFormat(locale, options).format(date);
}

/** "November 2026": a profile's "Member since" and the calendar's month. */
export const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };

/**
 * Makes the month-and-year formatter ahead of the render that needs it (docs/decisions.md decision 72).
 * The first Intl formatter a page makes loads the locale's data: about 45 ms at a phone's speed (4×
 * CPU), which inside the render that fills a profile in lengthened that one long task; made in a task
 * of its own while the app's code downloads, it blocks nothing.
 */
export function warmDateFormat(): void {
  dateTimeFormat(undefined, MONTH_YEAR);
}
