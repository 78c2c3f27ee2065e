import { describe, expect, it } from 'vitest';
import { assignmentStatus, dayKeyIn, formatDue, isTimeZone, zonedTimeToUtc } from './assignments-values';

const DUE = Date.parse('2026-12-15T18:00:00Z');
const MINUTE = 60_000;

describe('assignmentStatus (decision 81)', () => {
  it('open until the due time passes with nothing posted, then missed', () => {
    expect(assignmentStatus(DUE, null, DUE - MINUTE)).toBe('open');
    expect(assignmentStatus(DUE, null, DUE)).toBe('open');
    expect(assignmentStatus(DUE, null, DUE + 1)).toBe('missed');
  });

  it('done when posted on or before the due time, whenever it is read', () => {
    expect(assignmentStatus(DUE, DUE - MINUTE, DUE - 2 * MINUTE)).toBe('done');
    expect(assignmentStatus(DUE, DUE, DUE + 60 * MINUTE)).toBe('done');
  });

  it('late when posted after the due time (a missed drill becomes late)', () => {
    expect(assignmentStatus(DUE, DUE + 1, DUE + 1)).toBe('late');
    expect(assignmentStatus(new Date(DUE).toISOString(), new Date(DUE + MINUTE), DUE + MINUTE)).toBe('late');
  });
});

describe('the community’s time zone', () => {
  it('reads a wall-clock time in a zone as an instant, across summer time', () => {
    expect(zonedTimeToUtc('2026-12-15', '18:00', 'UTC')?.toISOString()).toBe('2026-12-15T18:00:00.000Z');
    expect(zonedTimeToUtc('2026-12-15', '18:00', 'Europe/Paris')?.toISOString()).toBe(
      '2026-12-15T17:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-07-01', '09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    // 02:30 does not exist in Paris on 29 March 2026: read with the offset before the change.
    expect(zonedTimeToUtc('2026-03-29', '02:30', 'Europe/Paris')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(zonedTimeToUtc('15/12/2026', '18:00', 'UTC')).toBeNull();
    expect(zonedTimeToUtc('2026-12-15', '6pm', 'UTC')).toBeNull();
  });

  it('names the day an instant falls on there, and writes due times with the zone', () => {
    expect(dayKeyIn('2026-12-15T23:30:00Z', 'UTC')).toBe('2026-12-15');
    expect(dayKeyIn('2026-12-15T23:30:00Z', 'Europe/Paris')).toBe('2026-12-16');
    expect(dayKeyIn('2026-12-15T03:30:00Z', 'America/Los_Angeles')).toBe('2026-12-14');
    expect(formatDue('2026-12-15T17:00:00Z', 'Europe/Paris')).toBe('Tue, 15 Dec 2026, 18:00 (Europe/Paris)');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
