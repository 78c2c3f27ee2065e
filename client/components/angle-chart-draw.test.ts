import { describe, expect, it } from 'vitest';
import {
  chartSpan,
  describeAt,
  formatTick,
  nearestSample,
  stepTime,
  timeAtX,
  timeTicks,
} from './angle-chart-draw';

describe('the seconds axis', () => {
  it.each([
    // span, width → step, ticks
    [1, 640, 0.1, 11],
    [2.5, 640, 0.25, 11],
    [10, 640, 1, 11],
    [10, 320, 2, 6],
    [600, 640, 60, 11],
    [7, 640, 1, 8],
  ])('marks a %s s clip %s px wide every %s s', (span, width, step, count) => {
    const { ticks, step: chosen } = timeTicks(span, width);
    expect(chosen).toBe(step);
    expect(ticks).toHaveLength(count);
    expect(ticks[0]).toBe(0);
    // At least 64 px apart, and none past the end.
    expect((width * chosen) / span).toBeGreaterThanOrEqual(64);
    expect(ticks.at(-1)).toBeLessThanOrEqual(span);
  });

  it('keeps the last tick of a span that is a whole number of steps', () => {
    expect(timeTicks(0.3, 200).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('labels ticks with the decimals of their step', () => {
    expect(formatTick(1, 1)).toBe('1 s');
    expect(formatTick(1.5, 0.5)).toBe('1.5 s');
    expect(formatTick(0.75, 0.25)).toBe('0.75 s');
    expect(formatTick(120, 60)).toBe('120 s');
  });

  it('runs to the duration, or to the last sample without one', () => {
    expect(chartSpan({ times: [0, 1], duration: 4 })).toBe(4);
    expect(chartSpan({ times: [0, 2.5], duration: Number.NaN })).toBe(2.5);
    expect(chartSpan({ times: [], duration: 0 })).toBe(1);
  });
});

describe('samples and seeking', () => {
  const times = [0, 0.1, 0.2, 0.3];

  it('finds the nearest sample', () => {
    expect(nearestSample(times, -1)).toBe(0);
    expect(nearestSample(times, 0.14)).toBe(1);
    expect(nearestSample(times, 0.16)).toBe(2);
    expect(nearestSample(times, 9)).toBe(3);
    expect(nearestSample([], 1)).toBe(-1);
  });

  it('steps to the next or previous sample, and stays at the ends', () => {
    const data = { times, duration: 0.3 };
    expect(stepTime(data, 0.1, 1)).toBe(0.2);
    expect(stepTime(data, 0.15, 1)).toBe(0.2);
    expect(stepTime(data, 0.15, -1)).toBe(0.1);
    expect(stepTime(data, 0.3, 1)).toBe(0.3);
    expect(stepTime(data, 0, -1)).toBe(0);
  });

  it('steps 1 % of the duration when there are no samples', () => {
    expect(stepTime({ times: [], duration: 20 }, 5, 1)).toBeCloseTo(5.2, 9);
    expect(stepTime({ times: [], duration: 20 }, 0.1, -1)).toBe(0);
  });

  it('turns a click position into a time within the clip', () => {
    const layout = { left: 40, top: 10, width: 200, height: 100 };
    expect(timeAtX(layout, 10, 140)).toBe(5);
    expect(timeAtX(layout, 10, 0)).toBe(0);
    expect(timeAtX(layout, 10, 999)).toBe(10);
  });
});

describe('what a screen reader hears', () => {
  const series = [
    { label: 'Left knee', color: '#000', values: [91.6, 92.4, null] },
    { label: 'Right knee', color: '#000', values: [170, null, 168] },
  ];

  it('says the time and each angle at the nearest sample', () => {
    const data = { times: [0, 0.5, 1], duration: 1, series };
    expect(describeAt(data, 0)).toBe('0.000 s: Left knee 92°, Right knee 170°');
    expect(describeAt(data, 0.55)).toBe('0.550 s: Left knee 92°, Right knee not seen');
    // A 240 fps capture's neighbouring frames read apart.
    const slow = { times: [0, 1 / 240, 2 / 240], duration: 2 / 240, series };
    expect(describeAt(slow, 1 / 240)).toBe('0.004 s: Left knee 92°, Right knee not seen');
    expect(describeAt(slow, 2 / 240)).toBe('0.008 s: Left knee not seen, Right knee 168°');
  });

  it('says when there is nothing to show', () => {
    expect(describeAt({ times: [0], duration: 1, series: [] }, 0)).toBe('0.000 s: No angles to show');
    const empty = [{ label: 'Left knee', color: '#000', values: [null] }];
    expect(describeAt({ times: [0], duration: 1, series: empty }, 0)).toBe('0.000 s: No angles to show');
  });
});
