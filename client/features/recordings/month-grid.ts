/**
 * The recording calendar's pure logic: the month grid (weeks from Sunday to Saturday, SPEC §9) and the
 * grouping of recordings by the member's local day. Every date here is read in the browser's own time
 * zone, so a recording made at 23:59 local time lands on that day, whatever its UTC date.
 */

/** A month of the calendar: the full year and the month index (0 = January, as in Date). */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** One day cell of the grid. */
export interface CalendarDay {
  /** The local day key, 'YYYY-MM-DD'. */
  key: string;
  /** The day of the month, 1…31. */
  day: number;
  /** Its weekday, 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/** A week row: seven cells from Sunday to Saturday; a cell outside the month is null. */
export type CalendarWeek = readonly (CalendarDay | null)[];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local day key 'YYYY-MM-DD' of a day given by its local components. */
export function dayKey(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;
}

/** The local day key of an instant, in the browser's time zone. */
export function localDayKey(date: Date): string {
  return dayKey(date.getFullYear(), date.getMonth(), date.getDate());
}

/** How many days a month has (29 for February in a leap year). */
export function daysInMonth({ year, month }: CalendarMonth): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(year, month + 1, 0).getDate();
}

/** The month of an instant, in the browser's time zone. */
export function monthOf(date: Date): CalendarMonth {
  return { year: date.getFullYear(), month: date.getMonth() };
}

/** The month `offset` months from `from` (negative: earlier), across year ends. */
export function addMonths({ year, month }: CalendarMonth, offset: number): CalendarMonth {
  const index = year * 12 + month + offset;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

/**
 * The month's weeks, Sunday first: the first row starts on the Sunday on or before the 1st (earlier
 * cells are null), the last ends on the Saturday on or after the last day (later cells are null).
 */
export function buildMonthGrid(target: CalendarMonth): CalendarWeek[] {
  const { year, month } = target;
  const leading = new Date(year, month, 1).getDay();
  const count = daysInMonth(target);
  const cells: (CalendarDay | null)[] = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= count; day += 1) {
    cells.push({ key: dayKey(year, month, day), day, weekday: (leading + day - 1) % 7 });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarWeek[] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/**
 * Recordings grouped by the local day of their `recordedAt` (an ISO instant), each day's list in the
 * order given (the API answers newest first). Unreadable dates are left out.
 */
export function groupByLocalDay<T extends { recordedAt: string }>(
  recordings: readonly T[],
): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const recording of recordings) {
    const date = new Date(recording.recordedAt);
    if (Number.isNaN(date.getTime())) continue;
    const key = localDayKey(date);
    const list = byDay.get(key);
    if (list) list.push(recording);
    else byDay.set(key, [recording]);
  }
  return byDay;
}

/** A stored duration in words: '1 second', '3 seconds', '0 seconds'. */
export function formatDurationSeconds(seconds: number): string {
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** The recorder's elapsed-time readout from milliseconds: '0:03', '1:05', '62:00'. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}
