import { afterEach, describe, expect, it } from 'vitest';
import {
  addMonths,
  buildMonthGrid,
  daysInMonth,
  formatDurationSeconds,
  formatElapsed,
  groupByLocalDay,
  localDayKey,
} from './month-grid';

/** The day numbers of each week, 0 for an empty cell. */
const shape = (weeks: ReturnType<typeof buildMonthGrid>) => weeks.map((w) => w.map((d) => d?.day ?? 0));

describe('buildMonthGrid', () => {
  it('lays every week out from Sunday to Saturday', () => {
    // May 2026 starts on a Friday.
    const weeks = buildMonthGrid({ year: 2026, month: 4 });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(shape(weeks)[0]).toEqual([0, 0, 0, 0, 0, 1, 2]);
    for (const week of weeks) {
      week.forEach((cell, index) => {
        if (cell) {
          expect(cell.weekday).toBe(index);
          expect(new Date(2026, 4, cell.day).getDay()).toBe(index);
        }
      });
    }
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.flat()[5]).toEqual({ key: '2026-05-01', day: 1, weekday: 5 });
  });

  it('starts a month that begins on a Sunday in the first cell, with no empty leading cells', () => {
    // February 2026: 1 February is a Sunday and the month has 28 days, so exactly four full weeks.
    expect(new Date(2026, 1, 1).getDay()).toBe(0);
    expect(shape(buildMonthGrid({ year: 2026, month: 1 }))).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
    ]);
  });

  it('puts the 1st of a month that begins on a Saturday in the last cell of the first week', () => {
    // August 2026: 1 August is a Saturday; 6 leading empty cells + 31 days = 6 weeks.
    expect(new Date(2026, 7, 1).getDay()).toBe(6);
    const weeks = shape(buildMonthGrid({ year: 2026, month: 7 }));
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(weeks[1]).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(weeks[5]).toEqual([30, 31, 0, 0, 0, 0, 0]);
  });

  it('gives a leap February 29 days and a common one 28', () => {
    expect(daysInMonth({ year: 2028, month: 1 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 1 })).toBe(28);
    const leap = buildMonthGrid({ year: 2028, month: 1 }).flat().filter(Boolean);
    expect(leap).toHaveLength(29);
    expect(leap.at(-1)).toEqual({ key: '2028-02-29', day: 29, weekday: 2 });
    expect(buildMonthGrid({ year: 2026, month: 1 }).flat().filter(Boolean)).toHaveLength(28);
  });
});

describe('addMonths', () => {
  it('steps across year ends both ways', () => {
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(addMonths({ year: 2026, month: 5 }, -18)).toEqual({ year: 2024, month: 11 });
  });
});

describe('recordings by local day', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  // Zones whose local midnight is not UTC midnight, so a day read in UTC would be caught.
  for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland']) {
    it(`puts a recording just before and just after local midnight on the right day (${zone})`, () => {
      process.env.TZ = zone;
      const before = new Date(2026, 2, 14, 23, 59, 59);
      const after = new Date(2026, 2, 15, 0, 0, 1);
      expect(localDayKey(before)).toBe('2026-03-14');
      expect(localDayKey(after)).toBe('2026-03-15');

      // As the API sends them: ISO instants, newest first.
      const days = groupByLocalDay([
        { id: 'after', recordedAt: after.toISOString() },
        { id: 'before', recordedAt: before.toISOString() },
        { id: 'broken', recordedAt: 'not a date' },
      ]);
      expect([...days.keys()]).toEqual(['2026-03-15', '2026-03-14']);
      expect(days.get('2026-03-14')?.map((r) => r.id)).toEqual(['before']);
      expect(days.get('2026-03-15')?.map((r) => r.id)).toEqual(['after']);
    });
  }

  it('keeps the given order within a day', () => {
    const days = groupByLocalDay([
      { id: 'late', recordedAt: new Date(2026, 0, 5, 18, 0).toISOString() },
      { id: 'early', recordedAt: new Date(2026, 0, 5, 8, 0).toISOString() },
    ]);
    expect(days.get('2026-01-05')?.map((r) => r.id)).toEqual(['late', 'early']);
  });
});

describe('texts', () => {
  it("writes durations in seconds: '1 second', '3 seconds'", () => {
    expect(formatDurationSeconds(1)).toBe('1 second');
    expect(formatDurationSeconds(3)).toBe('3 seconds');
    expect(formatDurationSeconds(0)).toBe('0 seconds');
  });

  it('writes the elapsed time as m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(3_999)).toBe('0:03');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(-20)).toBe('0:00');
  });
});
