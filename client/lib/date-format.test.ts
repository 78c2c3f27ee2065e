import { afterEach, describe, expect, it, vi } from 'vitest';
import { MONTH_YEAR, dateTimeFormat, formatDate } from './date-format';

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

describe('formatDate in English without Intl (decision 86)', () => {
  afterEach(() => vi.unstubAllGlobals());
  // Every month and weekday of a year, a leap day, and dates far from now.
  const dates = [
    ...Array.from({ length: 366 }, (_, i) => new Date(2026, 0, 1 + i, 12)),
    new Date(2028, 1, 29),
    new Date(1999, 11, 31, 23, 59),
    new Date(2100, 0, 1, 0, 0),
  ];
  const spy = () => vi.spyOn(Intl, 'DateTimeFormat');

  it("writes what Intl writes in the browser's English, month and year for every English", () => {
    for (const language of ['en-US', 'en', 'en-GB', 'en-AU', 'en-IN', 'EN-us']) {
      vi.stubGlobal('navigator', { language });
      const expected = new Intl.DateTimeFormat(language, MONTH_YEAR);
      const intl = spy();
      for (const date of dates)
        expect(formatDate(date, { month: 'long', year: 'numeric' })).toBe(expected.format(date));
      expect(intl).not.toHaveBeenCalled();
      intl.mockRestore();
    }
  });

  it('writes the full date without Intl in American English only', () => {
    for (const language of ['en-US', 'en']) {
      vi.stubGlobal('navigator', { language });
      const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });
      const intl = spy();
      for (const date of dates) expect(formatDate(date, { dateStyle: 'full' })).toBe(expected.format(date));
      expect(intl).not.toHaveBeenCalled();
      intl.mockRestore();
    }
    expect(formatDate(new Date(2026, 4, 11), { dateStyle: 'full' })).toBe('Monday, May 11, 2026');
  });

  // (Node's Intl writes in its own default language, whatever the stubbed navigator says.)
  it('asks Intl for other languages, other options, a locale given, and no browser', () => {
    const date = new Date(2026, 4, 11, 14, 5);
    const cases: [string | undefined, Intl.DateTimeFormatOptions, string | undefined][] = [
      ['en-GB', { dateStyle: 'full' }, undefined],
      ['de-DE', MONTH_YEAR, undefined],
      ['fr', { dateStyle: 'full' }, undefined],
      ['en-US', { month: 'long', year: 'numeric', day: 'numeric' }, undefined],
      ['en-US', { hour: 'numeric', minute: '2-digit' }, undefined],
      ['en-US', MONTH_YEAR, 'de-DE'],
      [undefined, MONTH_YEAR, undefined],
    ];
    for (const [language, options, locale] of cases) {
      if (language === undefined) vi.unstubAllGlobals();
      else vi.stubGlobal('navigator', { language });
      const format = vi.spyOn(
        // `format` is a getter (of a bound function), which TypeScript types as a method.
        Intl.DateTimeFormat.prototype as unknown as { format: string },
        'format',
        'get',
      );
      expect(formatDate(date, options, locale)).toBe(date.toLocaleString(locale, options));
      expect(format).toHaveBeenCalled();
      format.mockRestore();
    }
  });
});
