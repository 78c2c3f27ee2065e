import type { Point } from '@common/geometry';

/**
 * The tools: the drawing tools of SPEC §4, then the measuring tools of issue 33 (decision 62): the
 * stopwatch, the trajectory and the calibration's reference line. 'none' pans and zooms.
 */
export type Tool = 'none' | 'draw' | 'line' | 'angle' | 'stopwatch' | 'trajectory' | 'calibrate';
export const TOOLS = ['draw', 'line', 'angle'] as const satisfies readonly Tool[];
export const MEASURE_TOOLS = ['stopwatch', 'trajectory', 'calibrate'] as const satisfies readonly Tool[];

/**
 * Tool colours: draw green, line red, angle yellow (SPEC §9, docs/decisions.md decision 11); the
 * stopwatch sky blue, the trajectory pink, the reference line violet, all legible on a dark picture.
 */
export const TOOL_COLORS = {
  draw: '#22c55e',
  line: '#ef4444',
  angle: '#facc15',
  stopwatch: '#38bdf8',
  trajectory: '#f472b6',
  calibrate: '#a78bfa',
} as const;

export const LINE_WIDTH = 3;
export const DOT_RADIUS = 5;
export const ARC_RADIUS_SAVED = 40;
export const ARC_RADIUS_LIVE = 50;

/** Playback speeds (SPEC §5) as the selector's texts; the default is "1". */
export const SPEEDS = ['0.25', '0.5', '1', '1.5', '2'] as const;
export type Speed = (typeof SPEEDS)[number];
export const DEFAULT_SPEED: Speed = '1';

/** The frame rate assumed until the video tells us its own. */
export const DEFAULT_FPS = 30;

/** Annotations, all in media pixels, so they stay on the athlete under zoom, pan and resize (SPEC §3). */
export type PathAnnotation = { type: 'path'; points: Point[]; color: string };
export type LineAnnotation = { type: 'line'; start: Point; end: Point; color: string };
export type AngleAnnotation = {
  type: 'angle';
  vertex: Point;
  point1: Point;
  point2: Point;
  /** Degrees, already reflected into [0, 180]. */
  angle: number;
  color: string;
};
/**
 * A stopwatch placed at `at`, started at frame `start` and stopped at frame `stop` (null while it runs).
 * Frames are counted at the file's rate; the real duration is (stop − start) / captureFps (timing.ts).
 */
export type StopwatchAnnotation = {
  type: 'stopwatch';
  at: Point;
  start: number;
  stop: number | null;
  color: string;
};
/** One point of a trajectory: where the followed point is on frame `frame`. */
export type TrajectoryPoint = { frame: number; at: Point };
/**
 * A point followed over several frames, clicked frame by frame or taken from a pose keypoint
 * (`joint`, a landmark name of @common/pose, else null): its path, distance and speed (units.ts).
 */
export type TrajectoryAnnotation = {
  type: 'trajectory';
  points: TrajectoryPoint[];
  joint: string | null;
  color: string;
};
export type Annotation =
  PathAnnotation | LineAnnotation | AngleAnnotation | StopwatchAnnotation | TrajectoryAnnotation;

/** A gesture under way, drawn live above the saved annotations. */
export type Pending =
  | { type: 'path'; points: Point[] }
  | { type: 'line'; start: Point; end: Point }
  /** Dragging the first arm (or waiting for it when the vertex was only clicked). */
  | { type: 'angle-arm1'; vertex: Point; point1: Point; dragging: boolean }
  /** First arm fixed; point2 follows the pointer until the next release. */
  | { type: 'angle-arm2'; vertex: Point; point1: Point; point2: Point | null }
  /** The calibration's reference line being drawn (issue 33); its length is asked once it is released. */
  | { type: 'reference'; start: Point; end: Point }
  /** A trajectory being followed frame by frame: a point per frame, in frame order (trajectory.ts). */
  | { type: 'trajectory'; points: TrajectoryPoint[] };
