import { formatDate } from './date-format';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A chat time as SPEC §9 writes it: 'Just now' under a minute, 'Nm ago' under an hour, 'Nh ago' under a
 * day, else the date ('Mar 5', with the year when it is not this year's). A time a little in the future
 * (clocks disagree) counts as now.
 */
export function formatRelativeTime(
  time: Date | string | number,
  now: Date | number,
  locale?: string,
): string {
  const then = new Date(time);
  const nowDate = new Date(now);
  const elapsed = nowDate.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  const sameYear = then.getFullYear() === nowDate.getFullYear();
  return formatDate(
    then,
    sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' },
    locale,
  );
}

/** The full date and time, for a tooltip or title beside the relative time. */
export function formatFullTime(time: Date | string | number, locale?: string): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, { dateStyle: 'medium', timeStyle: 'short' }, locale);
}
