// The trajectory tool (issue 33, part 3; docs/decisions.md decision 62, "Units"): one point followed
// over frames, clicked frame by frame or taken from the clip's pose analysis. Its distance is the length
// of its path in media pixels (in the calibrated unit once there is one); its time is the real time
// between its first and last frames, counted in whole frames (timing.ts); its speed is the one over
// the other, in m/s when calibrated.
import { distance, type Point } from '@common/geometry';
import { LANDMARK, MIN_VISIBILITY, type PoseFrame } from '@common/pose';
import { TOOL_COLORS, type TrajectoryAnnotation, type TrajectoryPoint } from './annotations';
import { realSecondsOfFrames, type Timing } from './timing';
import { formatLength, formatSpeed, metresPerSecond, pixelsToMetres, type Calibration } from './units';

/**
 * A point clicked on frame `frame`: added in frame order, or in place of the one already on that
 * frame (a second click on the same frame moves its point). The points are not edited in place.
 */
export function addTrajectoryPoint(
  points: readonly TrajectoryPoint[],
  frame: number,
  at: Point,
): TrajectoryPoint[] {
  const next = points.filter((p) => p.frame !== frame);
  const index = next.findIndex((p) => p.frame > frame);
  const point = { frame, at };
  if (index < 0) next.push(point);
  else next.splice(index, 0, point);
  return next;
}

/** A trajectory under way (the engine's pending shape). */
export type TrajectoryUnderWay = { type: 'trajectory'; points: TrajectoryPoint[] };

/**
 * A click or tap (or Enter at the crosshair, `key`) with the trajectory tool at media point `at` on
 * frame `frame`: adds the point of that frame ('added'; the engine then steps one frame forward), or
 * moves it when the frame has one already ('moved'). Enter with the crosshair where the last point was
 * set (nothing followed since) finishes the trajectory instead ('finish').
 */
export function trajectoryStep(
  pending: TrajectoryUnderWay | null,
  frame: number,
  at: Point,
  key: boolean,
): { pending: TrajectoryUnderWay; step: 'added' | 'moved' | 'finish' } {
  const points = pending?.points ?? [];
  const last = points.at(-1);
  if (key && last && last.at.x === at.x && last.at.y === at.y) {
    return { pending: pending!, step: 'finish' };
  }
  const moved = points.some((p) => p.frame === frame);
  return {
    pending: { type: 'trajectory', points: addTrajectoryPoint(points, frame, at) },
    step: moved ? 'moved' : 'added',
  };
}

/** The trajectory to save once finished: two points at least, else nothing. */
export function finishTrajectory(
  pending: TrajectoryUnderWay | null,
  joint: string | null = null,
): TrajectoryAnnotation | null {
  if (!pending || pending.points.length < 2) return null;
  return { type: 'trajectory', points: pending.points, joint, color: TOOL_COLORS.trajectory };
}

/** What a trajectory measures. */
export type TrajectoryStats = {
  /** Its path's length in media pixels. */
  pixels: number;
  /** The same in metres, null without a calibration. */
  metres: number | null;
  /** Frames from its first point to its last (file frames). */
  frames: number;
  /** Real seconds from its first point to its last. */
  seconds: number;
  /** Mean speed in m/s over its path (null without a calibration or time). */
  speed: number | null;
  /** Mean speed in media pixels per real second (null without time). */
  pixelSpeed: number | null;
};

/** The path's length in media pixels. */
export function pathPixels(points: readonly { at: Point }[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1]!.at, points[i]!.at);
  return total;
}

/** Distance, time and mean speed of a trajectory's points (in frame order). */
export function trajectoryStats(
  points: readonly TrajectoryPoint[],
  calibration: Calibration | null,
  timing: Timing,
): TrajectoryStats {
  const pixels = pathPixels(points);
  const metres = pixelsToMetres(pixels, calibration);
  const first = points[0];
  const last = points.at(-1);
  const frames = first && last ? last.frame - first.frame : 0;
  const seconds = realSecondsOfFrames(frames, timing);
  return {
    pixels,
    metres,
    frames,
    seconds,
    speed: metresPerSecond(metres, seconds),
    pixelSpeed: seconds > 0 ? pixels / seconds : null,
  };
}

/** A speed as read: '7.50 m/s' when calibrated, else '750 px/s'; null when there is no time. */
export function formatTrajectorySpeed(stats: TrajectoryStats): string | null {
  if (stats.speed !== null) return formatSpeed(stats.speed);
  if (stats.pixelSpeed !== null) return `${Math.round(stats.pixelSpeed)} px/s`;
  return null;
}

/** The label drawn by the path: '1.00 m · 7.50 m/s' (or '100 px · 750 px/s'). */
export function trajectoryLabel(stats: TrajectoryStats, calibration: Calibration | null): string {
  const length = formatLength(stats.pixels, calibration);
  const speed = formatTrajectorySpeed(stats);
  return speed ? `${length} · ${speed}` : length;
}

/** One point of a trajectory as the measurements CSV lists it. */
export type TrajectoryRow = {
  frame: number;
  /** Real seconds of the frame from the clip's start (frame / capture rate). */
  time: number;
  /** Media pixels. */
  x: number;
  y: number;
  /** Path length from the first point to this one, media pixels and metres (null uncalibrated). */
  distancePixels: number;
  distanceMetres: number | null;
  /** Speed over the step from the point before, m/s (null for the first point or uncalibrated). */
  speed: number | null;
};

/** Each point with its real time, the distance so far and the speed since the point before. */
export function trajectoryRows(
  points: readonly TrajectoryPoint[],
  calibration: Calibration | null,
  timing: Timing,
): TrajectoryRow[] {
  let total = 0;
  return points.map((p, i) => {
    const before = i > 0 ? points[i - 1]! : null;
    const step = before ? distance(before.at, p.at) : 0;
    total += step;
    const seconds = before ? realSecondsOfFrames(p.frame - before.frame, timing) : 0;
    return {
      frame: p.frame,
      time: realSecondsOfFrames(p.frame, timing),
      x: p.at.x,
      y: p.at.y,
      distancePixels: total,
      distanceMetres: pixelsToMetres(total, calibration),
      speed: before ? metresPerSecond(pixelsToMetres(step, calibration), seconds) : null,
    };
  });
}

/** The pose keypoints a trajectory can follow, as the 'Follow joint' choice lists them. */
export const FOLLOW_JOINTS = [
  { name: 'rightWrist', label: 'Right wrist' },
  { name: 'leftWrist', label: 'Left wrist' },
  { name: 'rightAnkle', label: 'Right ankle' },
  { name: 'leftAnkle', label: 'Left ankle' },
  { name: 'rightKnee', label: 'Right knee' },
  { name: 'leftKnee', label: 'Left knee' },
  { name: 'rightHip', label: 'Right hip' },
  { name: 'leftHip', label: 'Left hip' },
  { name: 'rightShoulder', label: 'Right shoulder' },
  { name: 'leftShoulder', label: 'Left shoulder' },
  { name: 'rightElbow', label: 'Right elbow' },
  { name: 'leftElbow', label: 'Left elbow' },
  { name: 'nose', label: 'Head (nose)' },
] as const satisfies readonly { name: keyof typeof LANDMARK; label: string }[];
export type FollowJoint = (typeof FOLLOW_JOINTS)[number]['name'];

/** 'Right wrist' for 'rightWrist'; a name it does not know is shown as it is. */
export function jointLabel(name: string): string {
  return FOLLOW_JOINTS.find((j) => j.name === name)?.label ?? name;
}

/**
 * The trajectory of a pose keypoint through an analysed clip: its place (media pixels of a picture of
 * `size`) on every frame where the model saw it (visibility at least MIN_VISIBILITY), one point per
 * file frame at `fileFps`, in frame order. An analysed frame's time is when it starts, perhaps rounded
 * to the millisecond: its frame is the nearest one.
 */
export function trajectoryFromPose(
  frames: readonly PoseFrame[],
  joint: FollowJoint,
  size: { width: number; height: number },
  fileFps: number,
): TrajectoryPoint[] {
  const index = LANDMARK[joint];
  const byFrame = new Map<number, Point>();
  for (const f of frames) {
    const l = f.landmarks?.[index];
    if (!l || !(l.visibility >= MIN_VISIBILITY) || !Number.isFinite(l.x) || !Number.isFinite(l.y)) continue;
    if (!Number.isFinite(f.time) || f.time < 0) continue;
    byFrame.set(Math.round(f.time * fileFps), { x: l.x * size.width, y: l.y * size.height });
  }
  return [...byFrame].sort((a, b) => a[0] - b[0]).map(([frame, at]) => ({ frame, at }));
}
