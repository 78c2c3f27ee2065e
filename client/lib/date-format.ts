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
  return (
    (locale === undefined ? inEnglish(new Date(date), options) : undefined) ??
    dateTimeFormat(locale, options).format(date)
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The browser's first language, or undefined where there is none (Node: the prerender, the tests). */
function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/** Whether `options` are exactly `{ key: value, … }` of `expected`. */
function sameOptions(options: Intl.DateTimeFormatOptions, expected: Record<string, string>): boolean {
  const keys = Object.keys(options) as (keyof Intl.DateTimeFormatOptions)[];
  return keys.length === Object.keys(expected).length && keys.every((k) => options[k] === expected[k]);
}

/**
 * The profile's dates written without Intl when the browser's language is English (docs/decisions.md
 * decision 86): the first Intl.DateTimeFormat a page makes loads the locale's data, a task of 120-150 ms
 * at a phone's speed (4× CPU) that no render can slice, and /profile writes "Member since November
 * 2026", the calendar's month and a recorded day's name on its way to interactive. Month and year are
 * written alike by every English locale; the full date only by American English (en-GB writes
 * "Monday 11 May 2026"). Any other language, or options, go through Intl as before.
 */
function inEnglish(date: Date, options: Intl.DateTimeFormatOptions): string | undefined {
  const language = browserLanguage();
  if (!language || !/^en(-|$)/i.test(language) || Number.isNaN(date.getTime())) return undefined;
  const month = MONTHS[date.getMonth()]!;
  if (sameOptions(options, { month: 'long', year: 'numeric' })) return `${month} ${date.getFullYear()}`;
  if (/^en(-US)?$/i.test(language) && sameOptions(options, { dateStyle: 'full' }))
    return `${WEEKDAYS[date.getDay()]}, ${month} ${date.getDate()}, ${date.getFullYear()}`;
  return undefined;
}

/** "November 2026": a profile's "Member since" and the calendar's month. */
export const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };

/**
 * Makes the month-and-year formatter ahead of the render that needs it (docs/decisions.md decision 72).
 * The first Intl formatter a page makes loads the locale's data: a task of 120-150 ms at a phone's
 * speed (4× CPU), which inside the render that fills a profile in lengthened that one long task. In
 * English the profile writes its dates without Intl (decision 86): nothing to make.
 */
export function warmDateFormat(): void {
  if (inEnglish(new Date(0), MONTH_YEAR) !== undefined) return;
  dateTimeFormat(undefined, MONTH_YEAR);
}
