import { describe, expect, it } from 'vitest';
import { formatClock } from './format-clock';

describe('formatClock', () => {
  it.each([
    [0, '0:00.00'],
    [1.5, '0:01.50'],
    [83.456, '1:23.45'],
    [600, '10:00.00'],
    [Number.NaN, '0:00.00'],
    [Number.POSITIVE_INFINITY, '0:00.00'],
    [-3, '0:00.00'],
  ])('%s → %s', (t, shown) => {
    expect(formatClock(t)).toBe(shown);
  });

  it.each([
    [1, '0:01.000'],
    [100 / 240, '0:00.417'],
    [61.125, '1:01.125'],
    [240 / 240, '0:01.000'],
  ])('to the millisecond: %s → %s', (t, shown) => {
    expect(formatClock(t, 3)).toBe(shown);
  });
});
