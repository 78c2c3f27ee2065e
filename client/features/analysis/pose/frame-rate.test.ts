import { describe, expect, it } from 'vitest';
import { rateFromFrameTimes } from './frame-rate';

/** Frame times as Chromium reports them: rounded to the millisecond. */
const times = (fps: number, count: number, skip: number[] = []) =>
  Array.from({ length: count }, (_, i) => i)
    .filter((i) => !skip.includes(i))
    .map((i) => Math.round((i / fps) * 1000) / 1000);

describe('rateFromFrameTimes', () => {
  it('reads the standard rates from millisecond-rounded times', () => {
    for (const fps of [15, 24, 25, 30, 50, 60]) expect(rateFromFrameTimes(times(fps, 24))).toBe(fps);
    // 24 frames cannot tell 29.97 from 30 (0.8 ms apart): within 0.1 %, a frame's middle is still hit
    // for the first 16 s of a clip.
    expect(rateFromFrameTimes(times(29.97, 24))).toBeCloseTo(29.97, 1);
  });

  it('counts a skipped frame as the frames it skipped', () => {
    expect(rateFromFrameTimes(times(30, 24, [5, 11, 12]))).toBe(30);
  });

  it('keeps an unusual rate to two decimals, and falls back to 30 with too few frames', () => {
    expect(rateFromFrameTimes(times(17.5, 24))).toBeCloseTo(17.5, 1);
    expect(rateFromFrameTimes([0, 0.033])).toBe(30);
  });
});
