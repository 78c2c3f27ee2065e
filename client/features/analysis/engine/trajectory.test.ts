import { describe, expect, it } from 'vitest';
import { LANDMARK, POSE_LANDMARK_COUNT, type PoseFrame } from '@common/pose';
import { TOOL_COLORS } from './annotations';
import {
  addTrajectoryPoint,
  finishTrajectory,
  trajectoryFromPose,
  trajectoryLabel,
  trajectoryRows,
  trajectoryStats,
  trajectoryStep,
  type TrajectoryUnderWay,
} from './trajectory';
import type { Calibration } from './units';

const METRE_PER_100_PX: Calibration = { start: { x: 0, y: 0 }, end: { x: 100, y: 0 }, length: 1, unit: 'm' };
const AT_30 = { fileFps: 30, captureFps: 30 };

/** Clicks (or Enter, `key`) on frames, stepping one frame after each added point as the engine does. */
function follow(clicks: [x: number, y: number, key?: boolean][], startFrame = 0) {
  let pending: TrajectoryUnderWay | null = null;
  let frame = startFrame;
  const steps: string[] = [];
  for (const [x, y, key = false] of clicks) {
    const r = trajectoryStep(pending, frame, { x, y }, key);
    pending = r.pending;
    steps.push(r.step);
    if (r.step === 'added') frame++;
  }
  return { pending, steps, frame };
}

describe('trajectory tool steps', () => {
  it('each click adds the point on the current frame, then the next frame is shown', () => {
    const { pending, steps, frame } = follow(
      [
        [0, 0],
        [25, 0],
        [50, 0],
      ],
      10,
    );
    expect(steps).toEqual(['added', 'added', 'added']);
    expect(frame).toBe(13);
    expect(pending!.points).toEqual([
      { frame: 10, at: { x: 0, y: 0 } },
      { frame: 11, at: { x: 25, y: 0 } },
      { frame: 12, at: { x: 50, y: 0 } },
    ]);
  });

  it('Enter where the last point was set finishes; a click there is a point (the thing stood still)', () => {
    expect(
      follow([
        [5, 5, true],
        [9, 5, true],
        [9, 5, true],
      ]).steps,
    ).toEqual(['added', 'added', 'finish']);
    expect(
      follow([
        [5, 5],
        [5, 5],
      ]).steps,
    ).toEqual(['added', 'added']);
  });

  it('a second click on a frame that has its point moves it, in frame order', () => {
    let points = addTrajectoryPoint([], 4, { x: 4, y: 0 });
    points = addTrajectoryPoint(points, 2, { x: 2, y: 0 });
    points = addTrajectoryPoint(points, 3, { x: 3, y: 0 });
    const again = trajectoryStep({ type: 'trajectory', points }, 3, { x: 30, y: 0 }, false);
    expect(again.step).toBe('moved');
    expect(again.pending.points.map((p) => [p.frame, p.at.x])).toEqual([
      [2, 2],
      [3, 30],
      [4, 4],
    ]);
    // The points before are not edited in place.
    expect(points[1]!.at.x).toBe(3);
  });

  it('finishing keeps a trajectory of two points or more, pink', () => {
    expect(finishTrajectory(null)).toBeNull();
    expect(finishTrajectory(follow([[1, 1]]).pending)).toBeNull();
    expect(
      finishTrajectory(
        follow([
          [1, 1],
          [2, 2],
        ]).pending,
        'rightWrist',
      ),
    ).toEqual({
      type: 'trajectory',
      points: [
        { frame: 0, at: { x: 1, y: 1 } },
        { frame: 1, at: { x: 2, y: 2 } },
      ],
      joint: 'rightWrist',
      color: TOOL_COLORS.trajectory,
    });
  });
});

describe('trajectory distance and speed', () => {
  // Five points on five frames, 25 px apart: 100 px over 4 frames.
  const points = [0, 25, 50, 75, 100].map((x, i) => ({ frame: 3 + i, at: { x, y: 0 } }));

  it('100 px over 4 frames at 30 fps with 100 px = 1 m: 1.00 m in 0.133 s, 7.50 m/s', () => {
    const stats = trajectoryStats(points, METRE_PER_100_PX, AT_30);
    expect(stats.pixels).toBe(100);
    expect(stats.metres).toBe(1);
    expect(stats.frames).toBe(4);
    expect(stats.seconds).toBeCloseTo(4 / 30, 12);
    expect(stats.speed).toBeCloseTo(7.5, 12);
    expect(trajectoryLabel(stats, METRE_PER_100_PX)).toBe('1.00 m · 7.50 m/s');
  });

  it('uncalibrated: pixels and pixels per second', () => {
    const stats = trajectoryStats(points, null, AT_30);
    expect(stats.metres).toBeNull();
    expect(stats.speed).toBeNull();
    expect(trajectoryLabel(stats, null)).toBe('100 px · 750 px/s');
  });

  it('a 240 fps capture saved at 30 fps: the same frames took an eighth of the time', () => {
    const stats = trajectoryStats(points, METRE_PER_100_PX, { fileFps: 30, captureFps: 240 });
    expect(stats.speed).toBeCloseTo(60, 12);
  });

  it('follows the path, not the straight line between its ends', () => {
    const corner = [
      { frame: 0, at: { x: 0, y: 0 } },
      { frame: 1, at: { x: 30, y: 40 } },
      { frame: 2, at: { x: 60, y: 0 } },
    ];
    expect(trajectoryStats(corner, null, AT_30).pixels).toBe(100);
  });

  it('rows for the CSV: real time of each frame, cumulative distance and the speed of each step', () => {
    const skipped = [
      { frame: 0, at: { x: 0, y: 0 } },
      { frame: 1, at: { x: 10, y: 0 } },
      { frame: 3, at: { x: 30, y: 0 } },
    ];
    const rows = trajectoryRows(skipped, METRE_PER_100_PX, AT_30);
    expect(rows.map((r) => r.frame)).toEqual([0, 1, 3]);
    expect(rows.map((r) => r.time)).toEqual([0, 1 / 30, 3 / 30]);
    expect(rows.map((r) => r.distancePixels)).toEqual([0, 10, 30]);
    expect(rows[2]!.distanceMetres).toBeCloseTo(0.3, 12);
    expect(rows[0]!.speed).toBeNull();
    // 0.1 m in one frame, then 0.2 m in two: 3 m/s both times.
    expect(rows[1]!.speed).toBeCloseTo(3, 12);
    expect(rows[2]!.speed).toBeCloseTo(3, 12);
    expect(trajectoryRows(skipped, null, AT_30)[1]).toMatchObject({ distanceMetres: null, speed: null });
  });
});

describe('following a pose keypoint', () => {
  const frame = (time: number, x: number, visibility = 0.9): PoseFrame => {
    const landmarks = Array.from({ length: POSE_LANDMARK_COUNT }, () => ({
      x: 0.5,
      y: 0.5,
      z: 0,
      visibility,
    }));
    landmarks[LANDMARK.rightWrist] = { x, y: 0.25, z: 0, visibility };
    return { time, frame: Math.round(time * 30), landmarks };
  };

  it('takes the joint on every analysed frame it is seen on, in media pixels, at the file rate', () => {
    const frames = [
      frame(0, 0.1),
      frame(0.033, 0.2),
      frame(0.067, 0.3, 0.2),
      { time: 0.1, frame: 3, landmarks: null },
      frame(0.133, 0.5),
    ];
    expect(trajectoryFromPose(frames, 'rightWrist', { width: 200, height: 100 }, 30)).toEqual([
      { frame: 0, at: { x: 20, y: 25 } },
      { frame: 1, at: { x: 40, y: 25 } },
      { frame: 4, at: { x: 100, y: 25 } },
    ]);
  });
});
