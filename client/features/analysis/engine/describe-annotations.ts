import { distance, formatAngle, type Point } from '@common/geometry';
import { DEFAULT_FPS, type Annotation, type StopwatchAnnotation } from './annotations';
import { formatSeconds, realSecondsOfFrames, type Timing } from './timing';
import { formatTrajectorySpeed, jointLabel, trajectoryStats } from './trajectory';
import { formatLength, type Calibration } from './units';

/** The length of a polyline in media pixels. */
export function pathLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1]!, points[i]!);
  return total;
}

/** What the texts are measured with: the player's calibration (units.ts) and timing (timing.ts). */
export type DescribeOptions = { calibration?: Calibration | null; timing?: Timing };

const DEFAULT_TIMING: Timing = { fileFps: DEFAULT_FPS, captureFps: DEFAULT_FPS };

/**
 * A stopwatch's real elapsed time on frame `frame`: 0 before its start, growing until its stop, then its
 * whole duration.
 */
export function stopwatchSeconds(s: StopwatchAnnotation, timing: Timing, frame: number): number {
  const end = s.stop === null ? frame : Math.min(frame, s.stop);
  return realSecondsOfFrames(Math.max(0, end - s.start), timing);
}

/**
 * The annotations as a screen reader hears them, numbered per kind in the order they were drawn:
 * 'Drawing 1: 230 px long', 'Line 1: 142 px', 'Angle 1: 90.0°', 'Stopwatch 1: 0.417 s (from 0.100 s)',
 * 'Trajectory 1: 100 px in 0.133 s, 750 px/s'. Lengths are pixels of the member's picture (not of the canvas), so they do not change with
 * the zoom; once the player is calibrated they are in its unit ('Line 1: 0.50 m') and a trajectory's
 * speed is in m/s.
 */
export function describeAnnotations(
  annotations: readonly Annotation[],
  { calibration = null, timing = DEFAULT_TIMING }: DescribeOptions = {},
): string[] {
  let paths = 0;
  let lines = 0;
  let angles = 0;
  let trajectories = 0;
  let stopwatches = 0;
  return annotations.map((a) => {
    switch (a.type) {
      case 'path':
        return `Drawing ${++paths}: ${formatLength(pathLength(a.points), calibration)} long`;
      case 'line':
        return `Line ${++lines}: ${formatLength(distance(a.start, a.end), calibration)}`;
      case 'angle':
        return `Angle ${++angles}: ${formatAngle(a.angle)}°`;
      case 'stopwatch': {
        // Real time, to the millisecond: 'Stopwatch 1: 0.417 s (from 0.100 s)'.
        const from = formatSeconds(realSecondsOfFrames(a.start, timing));
        return a.stop === null
          ? `Stopwatch ${++stopwatches}: running from ${from}`
          : `Stopwatch ${++stopwatches}: ${formatSeconds(stopwatchSeconds(a, timing, a.stop))} (from ${from})`;
      }
      case 'trajectory': {
        const stats = trajectoryStats(a.points, calibration, timing);
        const name = `Trajectory ${++trajectories}${a.joint ? ` (${jointLabel(a.joint)})` : ''}`;
        const speed = formatTrajectorySpeed(stats);
        return (
          `${name}: ${formatLength(stats.pixels, calibration)} in ${formatSeconds(stats.seconds)}` +
          `${speed ? `, ${speed}` : ''}, ${a.points.length} points`
        );
      }
    }
  });
}
