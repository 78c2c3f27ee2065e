// A clip's frame rate from the times of its frames (the clip analysis, issue 19).

/** Used when the video's own rate cannot be measured. */
export const FALLBACK_FPS = 30;
/** Frame rates cameras record at (480 and 960: phones' slow motion). */
const STANDARD_RATES = [
  10, 12, 12.5, 15, 23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 90, 100, 119.88, 120, 240, 480, 960,
];

/**
 * A measured or computed rate put on the nearest standard rate when within 0.5 %, else kept to two
 * decimals (the file timing reader, read-timing.ts, snaps the same way).
 */
export function snapFrameRate(fps: number): number {
  const nearest = STANDARD_RATES.reduce((a, b) => (Math.abs(fps - b) < Math.abs(fps - a) ? b : a));
  return Math.abs(fps - nearest) / nearest < 0.005 ? nearest : Math.round(fps * 100) / 100;
}

/**
 * Frames per time unit from the times of frames in a row (in any unit; `minStep` in that unit drops
 * repeats): the median step, a longer step counted as the frames it skipped (a pause, a dropped
 * frame), over the whole run. Null with fewer than three steps. Not snapped.
 */
export function rateFromTimes(times: readonly number[], minStep: number): number | null {
  const steps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .filter((d) => d > minStep);
  if (steps.length < 3) return null;
  const median = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]!;
  const frames = steps.reduce((n, d) => n + Math.max(1, Math.round(d / median)), 0);
  return frames / steps.reduce((a, b) => a + b, 0);
}

/**
 * A video's frame rate from the times of frames it presented in a row (seconds). The times come
 * rounded (to the millisecond in Chromium): the rate is read over the whole run (rateFromTimes),
 * then put on the nearest standard rate when within 0.5 %.
 */
export function rateFromFrameTimes(times: readonly number[]): number {
  const fps = rateFromTimes(times, 0.001);
  if (fps === null || !Number.isFinite(fps) || fps < 1 || fps > 240) return FALLBACK_FPS;
  return snapFrameRate(fps);
}
