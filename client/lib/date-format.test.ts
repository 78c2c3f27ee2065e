import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDate } from './date-format';

describe('formatDate', () => {
  const date = new Date(2026, 4, 11, 14, 5);

  it('writes what toLocaleString writes with the same locale and options', () => {
    for (const options of [
      { dateStyle: 'full' },
      { dateStyle: 'medium', timeStyle: 'short' },
      { month: 'long', year: 'numeric' },
      { month: 'short', day: 'numeric' },
      { hour: 'numeric', minute: '2-digit' },
    ] as const) {
      expect(formatDate(date, options, 'en-US')).toBe(date.toLocaleString('en-US', options));
      expect(formatDate(date, options)).toBe(date.toLocaleString(undefined, options));
    }
    expect(formatDate(date, { dateStyle: 'full' }, 'en-US')).toBe('Monday, May 11, 2026');
  });

  it('makes one formatter per locale and options, and another for other ones', () => {
    const a = dateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    expect(dateTimeFormat('en-US', { month: 'short', day: 'numeric' })).toBe(a);
    expect(dateTimeFormat('en-GB', { month: 'short', day: 'numeric' })).not.toBe(a);
    expect(dateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })).not.toBe(a);
  });
});
