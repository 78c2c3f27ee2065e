import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  canonicalTimeZone,
  dayStart,
  dayStarts,
  monthStart,
  nextMonthStart,
  nextWeekStart,
  offsetAt,
  timeZoneNames,
  wallTime,
  weekStart,
  weekStarts,
} from './community-time';

const iso = (t: number) => new Date(t).toISOString();
const at = (s: string) => Date.parse(s);

describe('time zone names', () => {
  it('accepts the names Intl knows, spelled as Intl spells them, and refuses the rest', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(
      canonicalTimeZone('+02:00 but longer than any zone name could ever be written in Intl'),
    ).toBeNull();
  });

  it('lists every zone for the picker, UTC included', () => {
    const names = timeZoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain('Pacific/Auckland');
    expect(names.length).toBeGreaterThan(300);
  });
});

describe('Europe/Paris across its daylight-saving days', () => {
  const zone = 'Europe/Paris';

  it('reads the wall clock and the offset on both sides of the change', () => {
    // Sunday 29 March 2026: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    expect(offsetAt(at('2026-03-29T00:59:00Z'), zone)).toBe(3_600_000);
    expect(offsetAt(at('2026-03-29T01:00:00Z'), zone)).toBe(7_200_000);
    expect(wallTime(at('2026-03-29T01:30:00Z'), zone)).toMatchObject({
      day: 29,
      hour: 3,
      minute: 30,
      weekday: 7,
    });
  });

  it('starts the week on Monday 00:00 local time, before and after spring forward', () => {
    // The week of the change: Monday 23 March 00:00 CET = 22 March 23:00 UTC.
    expect(iso(weekStart(at('2026-03-29T12:00:00Z'), zone))).toBe('2026-03-22T23:00:00.000Z');
    // The Sunday night just before Monday 30 March 00:00 CEST (22:00 UTC) is still that week.
    expect(iso(weekStart(at('2026-03-29T21:59:59Z'), zone))).toBe('2026-03-22T23:00:00.000Z');
    expect(iso(weekStart(at('2026-03-29T22:00:00Z'), zone))).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(nextWeekStart(at('2026-03-25T12:00:00Z'), zone))).toBe('2026-03-29T22:00:00.000Z');
  });

  it('and across fall back', () => {
    // Sunday 25 October 2026: 03:00 CEST becomes 02:00 CET at 01:00 UTC; Monday 26 00:00 CET = 25 23:00 UTC.
    expect(iso(weekStart(at('2026-10-25T01:30:00Z'), zone))).toBe('2026-10-18T22:00:00.000Z');
    expect(iso(nextWeekStart(at('2026-10-25T01:30:00Z'), zone))).toBe('2026-10-25T23:00:00.000Z');
    expect(iso(dayStart(at('2026-10-25T12:00:00Z'), zone))).toBe('2026-10-24T22:00:00.000Z');
  });

  it('starts the month on the 1st at 00:00 local time', () => {
    expect(iso(monthStart(at('2026-03-31T21:59:00Z'), zone))).toBe('2026-02-28T23:00:00.000Z');
    expect(iso(monthStart(at('2026-03-31T22:00:00Z'), zone))).toBe('2026-03-31T22:00:00.000Z');
    expect(iso(nextMonthStart(at('2026-12-15T00:00:00Z'), zone))).toBe('2026-12-31T23:00:00.000Z');
  });

  it('lists the weeks and days between two instants, a short day included', () => {
    const weeks = weekStarts(at('2026-03-20T12:00:00Z'), at('2026-04-06T12:00:00Z'), zone).map(iso);
    expect(weeks).toEqual([
      '2026-03-15T23:00:00.000Z',
      '2026-03-22T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
      '2026-04-05T22:00:00.000Z',
    ]);
    const days = dayStarts(at('2026-03-28T12:00:00Z'), at('2026-03-30T12:00:00Z'), zone);
    expect(days.map(iso)).toEqual([
      '2026-03-27T23:00:00.000Z',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    expect(days[2]! - days[1]!).toBe(23 * 3_600_000);
  });
});

describe('America/New_York across its daylight-saving days', () => {
  const zone = 'America/New_York';

  it('starts weeks at Monday 00:00 EST, then EDT', () => {
    // Sunday 8 March 2026: 02:00 EST becomes 03:00 EDT (07:00 UTC).
    expect(iso(weekStart(at('2026-03-08T06:59:00Z'), zone))).toBe('2026-03-02T05:00:00.000Z');
    expect(iso(weekStart(at('2026-03-08T08:00:00Z'), zone))).toBe('2026-03-02T05:00:00.000Z');
    expect(iso(nextWeekStart(at('2026-03-08T08:00:00Z'), zone))).toBe('2026-03-09T04:00:00.000Z');
    // Sunday 1 November 2026: 02:00 EDT becomes 01:00 EST (06:00 UTC); the next Monday at 05:00 UTC.
    expect(iso(weekStart(at('2026-11-01T05:30:00Z'), zone))).toBe('2026-10-26T04:00:00.000Z');
    expect(iso(weekStart(at('2026-11-01T06:30:00Z'), zone))).toBe('2026-10-26T04:00:00.000Z');
    expect(iso(nextWeekStart(at('2026-11-01T06:30:00Z'), zone))).toBe('2026-11-02T05:00:00.000Z');
  });

  it('counts an instant late on Sunday evening in the week it is in locally', () => {
    // Sunday 15 March, 23:30 EDT is Monday 16 March 03:30 UTC: still the week of 9 March.
    expect(iso(weekStart(at('2026-03-16T03:30:00Z'), zone))).toBe('2026-03-09T04:00:00.000Z');
  });

  it('starts the month at the 1st 00:00 local', () => {
    expect(iso(monthStart(at('2026-11-01T03:59:00Z'), zone))).toBe('2026-10-01T04:00:00.000Z');
    expect(iso(monthStart(at('2026-11-01T04:00:00Z'), zone))).toBe('2026-11-01T04:00:00.000Z');
  });
});

describe('Pacific/Auckland, ahead of UTC, with its summer in January', () => {
  const zone = 'Pacific/Auckland';

  it('starts the week on Monday 00:00 NZDT, Sunday in UTC', () => {
    // Monday 5 January 2026 00:00 NZDT (UTC+13) = Sunday 4 January 11:00 UTC.
    expect(iso(weekStart(at('2026-01-04T11:00:00Z'), zone))).toBe('2026-01-04T11:00:00.000Z');
    expect(iso(weekStart(at('2026-01-04T10:59:59Z'), zone))).toBe('2025-12-28T11:00:00.000Z');
  });

  it('crosses its own changes: April (back to NZST) and September (forward)', () => {
    // Sunday 5 April 2026 03:00 NZDT becomes 02:00 NZST; Monday 6 April 00:00 NZST = 5 April 12:00 UTC.
    expect(iso(nextWeekStart(at('2026-04-01T00:00:00Z'), zone))).toBe('2026-04-05T12:00:00.000Z');
    // Sunday 27 September 2026 02:00 NZST becomes 03:00 NZDT; Monday 28 00:00 NZDT = 27 September 11:00 UTC.
    expect(iso(nextWeekStart(at('2026-09-23T00:00:00Z'), zone))).toBe('2026-09-27T11:00:00.000Z');
    expect(iso(weekStart(at('2026-09-27T10:59:00Z'), zone))).toBe('2026-09-20T12:00:00.000Z');
  });

  it('starts the month on the 1st local, the day before in UTC', () => {
    expect(iso(monthStart(at('2026-02-15T00:00:00Z'), zone))).toBe('2026-01-31T11:00:00.000Z');
    expect(iso(nextMonthStart(at('2026-12-31T12:00:00Z'), zone))).toBe('2027-01-31T11:00:00.000Z');
  });
});

describe('a day whose midnight is skipped', () => {
  it('starts at the change (America/Santiago, 6 September 2026)', () => {
    // 00:00 -04 becomes 01:00 -03 at 04:00 UTC: the day starts then.
    const start = dayStart(at('2026-09-06T12:00:00Z'), 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(wallTime(start, 'America/Santiago')).toMatchObject({ day: 6, hour: 1, minute: 0 });
  });
});

describe('the same wall-clock time some local days later (a weekly series)', () => {
  it('stays at 18:00 in Paris across the change to summer time and back', () => {
    // Monday 23 March 2026, 18:00 CET (17:00 UTC); the clocks go forward on Sunday 29 March.
    expect(iso(addLocalDays(Date.parse('2026-03-23T17:00:00Z'), 7, 'Europe/Paris'))).toBe(
      '2026-03-30T16:00:00.000Z',
    );
    // Monday 26 October 2026, 19:00 CET, a week after 19:00 CEST (17:00 UTC) on the 19th.
    expect(iso(addLocalDays(Date.parse('2026-10-19T17:00:00Z'), 7, 'Europe/Paris'))).toBe(
      '2026-10-26T18:00:00.000Z',
    );
  });
  it('is 7 × 24 h in UTC, and keeps the seconds and milliseconds', () => {
    const t = Date.parse('2026-12-07T09:30:15.250Z');
    expect(addLocalDays(t, 14, 'UTC') - t).toBe(14 * 86_400_000);
  });
  it('lands after the jump for a time the spring-forward night skips, and on the first of a repeated one', () => {
    // 02:30 on Sunday 1 March 2026 in New York; on 8 March the clocks jump from 02:00 to 03:00.
    expect(iso(addLocalDays(Date.parse('2026-03-01T07:30:00Z'), 7, 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 EDT on 25 October 2026 (05:30 UTC); on 1 November 01:30 comes twice: the first is EDT.
    expect(iso(addLocalDays(Date.parse('2026-10-25T05:30:00Z'), 7, 'America/New_York'))).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });
});
