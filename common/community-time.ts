// The community's calendar (issue 34, decision 83): days, weeks (from Monday 00:00) and months in the
// community's time zone, as UTC instants, correct across daylight-saving changes. Plain Intl, no zod:
// the server's leaderboard, streaks and due times and the client's pages share it.

const DAY_MS = 86_400_000;

/** The zone a community has until a coach sets one. */
export const DEFAULT_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    if (formatters.size > 100) formatters.clear();
    formatters.set(zone, f);
  }
  return f;
}

/**
 * The IANA name `zone` stands for, as Intl spells it (`europe/paris` → `Europe/Paris`), or null when
 * Intl does not know it.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.trim() === '' || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every zone a coach may pick (Intl's list, with UTC, which some engines leave out of it). */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes('UTC') ? names : ['UTC', ...names];
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall clock in `zone` at `instant`: month 1–12, weekday 1 (Monday) – 7 (Sunday). */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

export function wallTime(instant: number, zone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday!] ?? 1,
  };
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in ms (whole seconds). */
export function offsetAt(instant: number, zone: string): number {
  const w = wallTime(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of the local date year-month-day in `zone` (month 1–12; out-of-range days roll over
 * as in Date.UTC). Usually its 00:00; where 00:00 is skipped by a clock change, the change's instant.
 */
export function startOfLocalDay(year: number, month: number, day: number, zone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const date = new Date(wall);
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  const matches = [...new Set([before, after])]
    .map((off) => wall - off)
    .filter((t) => {
      const w = wallTime(t, zone);
      return w.year === y && w.month === m && w.day === d && w.hour === 0 && w.minute === 0;
    });
  if (matches.length > 0) return Math.min(...matches);
  // 00:00 does not exist that day (clocks jump forward at midnight): the day starts at the jump.
  return wall - before;
}

/** The start of `instant`'s day in `zone`. */
export function dayStart(instant: number, zone: string): number {
  const w = wallTime(instant, zone);
  return startOfLocalDay(w.year, w.month, w.day, zone);
}

/**
 * The instant at which `zone`'s clocks read year-month-day hour:minute (month 1–12; out-of-range fields
 * roll over as in Date.UTC). A wall time a clock change repeats is its first instant; one the change
 * skips (02:30 on a spring-forward night) is read with the offset before the change, so it lands just
 * after the jump (03:30).
 */
export function localTimeToUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  zone: string,
  second = 0,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const target = new Date(wall);
  const before = offsetAt(wall - DAY_MS, zone);
  const matches = [...new Set([before, offsetAt(wall + DAY_MS, zone)])]
    .map((off) => wall - off)
    .filter((t) => {
      const v = wallTime(t, zone);
      return (
        v.year === target.getUTCFullYear() &&
        v.month === target.getUTCMonth() + 1 &&
        v.day === target.getUTCDate() &&
        v.hour === target.getUTCHours() &&
        v.minute === target.getUTCMinutes()
      );
    });
  return matches.length > 0 ? Math.min(...matches) : wall - before;
}

/**
 * The same wall-clock time `days` local days after `instant` in `zone` (a weekly session at 18:00 stays
 * at 18:00 across a clock change: 167 or 169 hours later), by `localTimeToUtc`'s rules.
 */
export function addLocalDays(instant: number, days: number, zone: string): number {
  const w = wallTime(instant, zone);
  const ms = instant - Math.floor(instant / 1000) * 1000;
  return localTimeToUtc(w.year, w.month, w.day + days, w.hour, w.minute, zone, w.second) + ms;
}

/** The local date of `instant` in `zone`, as 'YYYY-MM-DD'. */
export function localDateKey(instant: number, zone: string): string {
  const w = wallTime(instant, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The start of `instant`'s week in `zone`: the Monday's 00:00 at or before it. */
export function weekStart(instant: number, zone: string): number {
  const w = wallTime(instant, zone);
  return startOfLocalDay(w.year, w.month, w.day - (w.weekday - 1), zone);
}

/** The start of the week after `instant`'s: when this week's board resets. */
export function nextWeekStart(instant: number, zone: string): number {
  const w = wallTime(instant, zone);
  return startOfLocalDay(w.year, w.month, w.day - (w.weekday - 1) + 7, zone);
}

/** The start of `instant`'s month in `zone`: the 1st's 00:00. */
export function monthStart(instant: number, zone: string): number {
  const w = wallTime(instant, zone);
  return startOfLocalDay(w.year, w.month, 1, zone);
}

/** The start of the month after `instant`'s. */
export function nextMonthStart(instant: number, zone: string): number {
  const w = wallTime(instant, zone);
  return startOfLocalDay(w.year, w.month + 1, 1, zone);
}

/**
 * The starts of the weeks from `from`'s week to `to`'s, oldest first: the boundaries a streak counts
 * weeks by (each week is 7 local days, so 167 or 169 hours across a clock change).
 */
export function weekStarts(from: number, to: number, zone: string): number[] {
  const first = wallTime(weekStart(from, zone), zone);
  const out: number[] = [];
  for (let k = 0; ; k++) {
    const t = startOfLocalDay(first.year, first.month, first.day + 7 * k, zone);
    if (t > to) break;
    out.push(t);
  }
  return out;
}

/** The starts of the local days from `from`'s day to `to`'s, oldest first. */
export function dayStarts(from: number, to: number, zone: string): number[] {
  const first = wallTime(dayStart(from, zone), zone);
  const out: number[] = [];
  for (let k = 0; ; k++) {
    const t = startOfLocalDay(first.year, first.month, first.day + k, zone);
    if (t > to) break;
    out.push(t);
  }
  return out;
}
