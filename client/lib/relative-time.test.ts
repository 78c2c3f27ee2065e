import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime', () => {
  it("says 'Just now' under a minute, and for a time slightly ahead of the clock", () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('Just now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('Just now');
  });

  it("counts whole minutes under an hour: 'Nm ago'", () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(119_999), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * 60_000 + 59_999), now)).toBe('59m ago');
  });

  it("counts whole hours under a day: 'Nh ago'", () => {
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 3_599_999), now)).toBe('23h ago');
  });

  it('writes the date from a day on, with the year only when it is another year', () => {
    expect(formatRelativeTime(ago(24 * 3_600_000), now, 'en-US')).toBe('Jun 14');
    expect(formatRelativeTime(new Date(2025, 0, 2, 9, 30), now, 'en-US')).toBe('Jan 2');
    expect(formatRelativeTime(new Date(2024, 11, 31, 23, 0), now, 'en-US')).toBe('Dec 31, 2024');
  });

  it('reads ISO strings as the server sends them, and gives nothing for an invalid one', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 5 * 60_000).toISOString(), now)).toBe('5m ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
