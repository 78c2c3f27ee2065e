import {
  directedAngle,
  formatAngle,
  mediaToScreen,
  screenToMedia,
  simplifyPath,
  viewScale,
  type Point,
  type ViewTransform,
} from '@common/geometry';
import {
  ARC_RADIUS_LIVE,
  ARC_RADIUS_SAVED,
  DOT_RADIUS,
  LINE_WIDTH,
  TOOL_COLORS,
  type Annotation,
  type Pending,
  type StopwatchAnnotation,
} from './annotations';
import { stopwatchSeconds } from './describe-annotations';
import { formatSeconds, type Timing } from './timing';
import { trajectoryLabel, trajectoryStats } from './trajectory';
import { formatLength, type Calibration } from './units';

/** A rectangle of the canvas in logical pixels. */
export type Area = { x: number; y: number; width: number; height: number };
/** The screen canvas, or a tile of the annotation cache. */
export type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

const LABEL_FONT_PX = 13;
const LABEL_BG = 'rgba(0, 0, 0, 0.72)';
/** How far (logical px) a drawing reaches beyond its points: the angle's value sits 86 px out. */
const REACH = ARC_RADIUS_SAVED + 22 + 24 * 2 + LINE_WIDTH;

type Rect = { minX: number; minY: number; maxX: number; maxY: number };
type Label = { x: number; y: number; text: string; color: string };

/**
 * What the values drawn with the shapes are measured with (issue 33): the player's calibration, for
 * the lengths of lines and trajectories in its unit, and its timing, for a trajectory's speed.
 */
export type Measure = { calibration: Calibration | null; timing: Timing };
export const NO_MEASURE: Measure = { calibration: null, timing: { fileFps: 30, captureFps: 30 } };
/** How far (logical px) a line's length sits from its middle, on the side above it. */
const LINE_LABEL_OFFSET = 16;

/** Each saved annotation's bounds in media pixels, computed once (saved annotations never change). */
const boundsCache = new WeakMap<Annotation, Rect>();

/** How far (logical px) a simplified freehand path may stray from the drawn one: invisible at width 3. */
const PATH_TOLERANCE = 0.5;
/** Each saved freehand path simplified for the current scale; redone only when the zoom changes. */
const detailCache = new WeakMap<readonly Point[], { scale: number; points: Point[] }>();

function pathAtScale(points: readonly Point[], scale: number): readonly Point[] {
  if (points.length <= 8) return points;
  const cached = detailCache.get(points);
  if (cached && cached.scale === scale) return cached.points;
  const simple = simplifyPath(points, PATH_TOLERANCE / scale);
  detailCache.set(points, { scale, points: simple });
  return simple;
}

function pointsOf(a: Annotation): readonly Point[] {
  switch (a.type) {
    case 'path':
      return a.points;
    case 'line':
      return [a.start, a.end];
    case 'angle':
      return [a.vertex, a.point1, a.point2];
    case 'stopwatch':
      return [a.at];
    case 'trajectory':
      return a.points.map((p) => p.at);
  }
}

function boundsOf(a: Annotation): Rect {
  let b = boundsCache.get(a);
  if (b) return b;
  const pts = pointsOf(a);
  b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of pts) {
    if (p.x < b.minX) b.minX = p.x;
    if (p.y < b.minY) b.minY = p.y;
    if (p.x > b.maxX) b.maxX = p.x;
    if (p.y > b.maxY) b.maxY = p.y;
  }
  boundsCache.set(a, b);
  return b;
}

/**
 * Draws the saved annotations that can touch `area` (logical canvas pixels), in order, then the values
 * of their angles above every line so they stay legible. The caller sets the transform from logical to
 * backing pixels. Widths and radii are logical pixels, so a line keeps its width whatever the zoom.
 * Each shape is its own path: Skia strokes many small paths faster than one large one, and straight
 * strokes use butt caps (the endpoint dots cover their ends), which are cheaper than round ones.
 * Returns how many annotations it drew.
 */
export function drawAnnotations(
  ctx: Ctx,
  view: ViewTransform,
  annotations: readonly Annotation[],
  area: Area,
  textScale: number,
  measure: Measure = NO_MEASURE,
): number {
  const margin = REACH / viewScale(view);
  const topLeft = screenToMedia(view, { x: area.x, y: area.y });
  const bottomRight = screenToMedia(view, { x: area.x + area.width, y: area.y + area.height });
  const minX = topLeft.x - margin;
  const minY = topLeft.y - margin;
  const maxX = bottomRight.x + margin;
  const maxY = bottomRight.y + margin;

  ctx.lineWidth = LINE_WIDTH;
  const labels: Label[] = [];
  let drawn = 0;
  for (const a of annotations) {
    const b = boundsOf(a);
    if (b.maxX < minX || b.minX > maxX || b.maxY < minY || b.minY > maxY) continue;
    drawAnnotation(ctx, view, a, labels, measure, textScale);
    drawn++;
  }
  drawLabels(ctx, labels, textScale);
  return drawn;
}

function dot(ctx: Ctx, p: Point) {
  ctx.beginPath();
  ctx.arc(p.x, p.y, DOT_RADIUS, 0, Math.PI * 2);
  ctx.fill();
}

function drawPolyline(ctx: Ctx, view: ViewTransform, points: readonly Point[], color: string) {
  const first = points[0];
  if (!first) return;
  // Inlined mediaToScreen: a long freehand path is the hot loop of a redraw.
  const { box, zoom, panX, panY } = view;
  const k = box.scale * zoom;
  const ox = box.x * zoom + panX;
  const oy = box.y * zoom + panY;
  ctx.beginPath();
  ctx.moveTo(ox + first.x * k, oy + first.y * k);
  if (points.length === 1) ctx.lineTo(ox + first.x * k + 0.01, oy + first.y * k);
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    ctx.lineTo(ox + p.x * k, oy + p.y * k);
  }
  // Bevel joins: at width 3 they look the same as round ones on a hand-drawn curve and stroke faster.
  ctx.lineCap = 'round';
  ctx.lineJoin = 'bevel';
  ctx.strokeStyle = color;
  ctx.stroke();
}

function drawLine(ctx: Ctx, s: Point, e: Point, color: string) {
  ctx.beginPath();
  ctx.moveTo(s.x, s.y);
  ctx.lineTo(e.x, e.y);
  ctx.lineCap = 'butt';
  ctx.strokeStyle = color;
  ctx.stroke();
  ctx.fillStyle = color;
  dot(ctx, s);
  dot(ctx, e);
}

/** The two arms, the arc between them (the short way round) and, when saved, where its value goes. */
function drawAngle(
  ctx: Ctx,
  vertex: Point,
  p1: Point,
  p2: Point | null,
  radius: number,
  color: string,
): { a1: number; a2: number } | null {
  ctx.beginPath();
  ctx.moveTo(p1.x, p1.y);
  ctx.lineTo(vertex.x, vertex.y);
  let arc: { a1: number; a2: number } | null = null;
  if (p2) {
    ctx.lineTo(p2.x, p2.y);
    const a1 = Math.atan2(p1.y - vertex.y, p1.x - vertex.x);
    const sweep = (directedAngle(vertex, p1, p2) * Math.PI) / 180;
    const clockwise = sweep <= Math.PI; // canvas angles grow clockwise on screen
    const a2 = clockwise ? a1 + sweep : a1 - (2 * Math.PI - sweep);
    ctx.moveTo(vertex.x + radius * Math.cos(a1), vertex.y + radius * Math.sin(a1));
    ctx.arc(vertex.x, vertex.y, radius, a1, a2, !clockwise);
    arc = { a1, a2 };
  }
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = color;
  ctx.stroke();
  ctx.fillStyle = color;
  dot(ctx, vertex);
  dot(ctx, p1);
  if (p2) dot(ctx, p2);
  return arc;
}

/**
 * Where a line's length goes: by its middle, `offset` px off it on the side above (left of an upright
 * line), so that the line itself stays visible.
 */
function lineLabelAt(s: Point, e: Point, offset: number): Point {
  const dx = e.x - s.x;
  const dy = e.y - s.y;
  const len = Math.hypot(dx, dy) || 1;
  let nx = dy / len;
  let ny = -dx / len;
  if (ny > 0 || (ny === 0 && nx > 0)) {
    nx = -nx;
    ny = -ny;
  }
  return { x: (s.x + e.x) / 2 + nx * offset, y: (s.y + e.y) / 2 + ny * offset };
}

function drawAnnotation(
  ctx: Ctx,
  view: ViewTransform,
  a: Annotation,
  labels: Label[],
  measure: Measure,
  textScale: number,
) {
  switch (a.type) {
    case 'stopwatch':
      // Its reading changes with the frame shown: drawStopwatches draws it over every frame, not into tiles.
      return;
    case 'path':
      drawPolyline(ctx, view, pathAtScale(a.points, viewScale(view)), a.color);
      return;
    case 'line': {
      const s = mediaToScreen(view, a.start);
      const e = mediaToScreen(view, a.end);
      drawLine(ctx, s, e, a.color);
      const at = lineLabelAt(s, e, LINE_LABEL_OFFSET * textScale);
      const pixels = Math.hypot(a.end.x - a.start.x, a.end.y - a.start.y);
      labels.push({ ...at, text: formatLength(pixels, measure.calibration), color: a.color });
      return;
    }
    case 'trajectory': {
      const points = a.points.map((p) => mediaToScreen(view, p.at));
      drawTrajectory(ctx, points, a.color);
      const last = points.at(-1);
      if (!last || points.length < 2) return;
      const stats = trajectoryStats(a.points, measure.calibration, measure.timing);
      labels.push({
        x: last.x,
        y: last.y - 22 * textScale,
        text: trajectoryLabel(stats, measure.calibration),
        color: a.color,
      });
      return;
    }
    case 'angle': {
      const v = mediaToScreen(view, a.vertex);
      const arc = drawAngle(
        ctx,
        v,
        mediaToScreen(view, a.point1),
        mediaToScreen(view, a.point2),
        ARC_RADIUS_SAVED,
        a.color,
      );
      if (!arc) return;
      const mid = (arc.a1 + arc.a2) / 2;
      const r = ARC_RADIUS_SAVED + 22;
      labels.push({
        x: v.x + r * Math.cos(mid),
        y: v.y + r * Math.sin(mid),
        text: `${formatAngle(a.angle)}°`,
        color: a.color,
      });
    }
  }
}

/** The frame a player shows and its timing: what a stopwatch reads. */
export type Clock = { frame: number; timing: Timing };

const WATCH_WIDTH = 88;
const WATCH_HEIGHT = 22;
const WATCH_GAP = 6;

/** A stopwatch's reading box (logical canvas px), above its point `p` (on the screen). */
export function stopwatchBox(p: Point, textScale = 1): Area {
  const width = WATCH_WIDTH * textScale;
  const height = WATCH_HEIGHT * textScale;
  return { x: p.x - width / 2, y: p.y - DOT_RADIUS - WATCH_GAP * textScale - height, width, height };
}

/**
 * The stopwatch under a canvas point (its reading or its dot), the last drawn first; -1 for none.
 * `annotations` indices are returned, so that the caller can change that one.
 */
export function stopwatchUnder(
  view: ViewTransform,
  annotations: readonly Annotation[],
  p: Point,
  textScale = 1,
): number {
  const slop = 6;
  for (let i = annotations.length - 1; i >= 0; i--) {
    const a = annotations[i]!;
    if (a.type !== 'stopwatch') continue;
    const at = mediaToScreen(view, a.at);
    const box = stopwatchBox(at, textScale);
    const inBox =
      p.x >= box.x - slop &&
      p.x <= box.x + box.width + slop &&
      p.y >= box.y - slop &&
      p.y <= box.y + box.height + slop;
    if (inBox || Math.hypot(p.x - at.x, p.y - at.y) <= DOT_RADIUS + slop) return i;
  }
  return -1;
}

/**
 * The stopwatches, each a dot where it was placed and its real elapsed time at the frame shown above
 * it ('0.417 s'): a running one on a dark pill edged in its colour, a stopped one on a pill filled with
 * it. Drawn over every frame (the reading follows the frame), after the other annotations.
 */
export function drawStopwatches(
  ctx: Ctx,
  view: ViewTransform,
  annotations: readonly Annotation[],
  clock: Clock,
  textScale: number,
) {
  const watches = annotations.filter((a): a is StopwatchAnnotation => a.type === 'stopwatch');
  if (watches.length === 0) return;
  ctx.font = `600 ${LABEL_FONT_PX * textScale}px ui-sans-serif, system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  for (const s of watches) {
    const at = mediaToScreen(view, s.at);
    const running = s.stop === null;
    const text = formatSeconds(stopwatchSeconds(s, clock.timing, clock.frame));
    const box = stopwatchBox(at, textScale);
    const width = Math.max(box.width, ctx.measureText(text).width + 30 * textScale);
    const x = at.x - width / 2;
    ctx.fillStyle = running ? LABEL_BG : s.color;
    ctx.fillRect(x, box.y, width, box.height);
    if (running) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = s.color;
      ctx.strokeRect(x + 1, box.y + 1, width - 2, box.height - 2);
    }
    const ink = running ? s.color : '#000000';
    // A small stopwatch: a dial, its crown, and a hand that stands still once stopped.
    const r = 5 * textScale;
    const cx = x + 8 * textScale + r;
    const cy = box.y + box.height / 2 + textScale;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.moveTo(cx, cy - r);
    ctx.lineTo(cx, cy - r - 2 * textScale);
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + r * 0.6, cy - r * 0.6);
    ctx.lineWidth = 1.5 * textScale;
    ctx.strokeStyle = ink;
    ctx.stroke();
    ctx.fillStyle = ink;
    ctx.textAlign = 'left';
    ctx.fillText(text, cx + r + 5 * textScale, box.y + box.height / 2);
    ctx.fillStyle = s.color;
    dot(ctx, at);
  }
  ctx.lineWidth = LINE_WIDTH;
}

/** A dot's radius on each frame of a trajectory's path (its first and last points have full dots). */
const FRAME_DOT_RADIUS = 3;

/** A trajectory's path (logical canvas px): the line through its points, a small dot on each frame. */
function drawTrajectory(ctx: Ctx, points: readonly Point[], color: string) {
  if (points.length === 0) return;
  ctx.beginPath();
  ctx.moveTo(points[0]!.x, points[0]!.y);
  for (let i = 1; i < points.length; i++) ctx.lineTo(points[i]!.x, points[i]!.y);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.lineWidth = LINE_WIDTH;
  ctx.fillStyle = color;
  ctx.beginPath();
  for (const p of points) {
    ctx.moveTo(p.x + FRAME_DOT_RADIUS, p.y);
    ctx.arc(p.x, p.y, FRAME_DOT_RADIUS, 0, Math.PI * 2);
  }
  ctx.fill();
  // The ends: the first point ringed, the last a full dot.
  const first = points[0]!;
  const last = points.at(-1)!;
  ctx.beginPath();
  ctx.arc(first.x, first.y, DOT_RADIUS, 0, Math.PI * 2);
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.lineWidth = LINE_WIDTH;
  dot(ctx, last);
}

/** A dashed line with its ends marked across it: the calibration's reference. */
function drawReference(ctx: Ctx, s: Point, e: Point, color: string) {
  ctx.save();
  ctx.setLineDash([8, 6]);
  ctx.beginPath();
  ctx.moveTo(s.x, s.y);
  ctx.lineTo(e.x, e.y);
  ctx.lineCap = 'butt';
  ctx.strokeStyle = color;
  ctx.lineWidth = LINE_WIDTH;
  ctx.stroke();
  ctx.setLineDash([]);
  const len = Math.hypot(e.x - s.x, e.y - s.y) || 1;
  const nx = (-(e.y - s.y) / len) * 8;
  const ny = ((e.x - s.x) / len) * 8;
  ctx.beginPath();
  for (const p of [s, e]) {
    ctx.moveTo(p.x - nx, p.y - ny);
    ctx.lineTo(p.x + nx, p.y + ny);
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * The calibration's reference line (issue 33): dashed in its colour, its ends marked, with the real
 * length the member gave it ('1.00 m'). Drawn over the picture under the other drawings.
 */
export function drawCalibration(ctx: Ctx, view: ViewTransform, c: Calibration, textScale: number) {
  const s = mediaToScreen(view, c.start);
  const e = mediaToScreen(view, c.end);
  drawReference(ctx, s, e, TOOL_COLORS.calibrate);
  const at = lineLabelAt(s, e, LINE_LABEL_OFFSET * textScale);
  drawLabels(
    ctx,
    [
      {
        ...at,
        text: formatLength(Math.hypot(c.end.x - c.start.x, c.end.y - c.start.y), c),
        color: TOOL_COLORS.calibrate,
      },
    ],
    textScale,
  );
}

/** The gesture under way, drawn live above the saved annotations. */
export function drawPending(ctx: Ctx, view: ViewTransform, p: Pending) {
  ctx.lineWidth = LINE_WIDTH;
  switch (p.type) {
    case 'reference':
      drawReference(ctx, mediaToScreen(view, p.start), mediaToScreen(view, p.end), TOOL_COLORS.calibrate);
      return;
    case 'trajectory':
      drawTrajectory(
        ctx,
        p.points.map((q) => mediaToScreen(view, q.at)),
        TOOL_COLORS.trajectory,
      );
      return;
    case 'path':
      drawPolyline(ctx, view, p.points, TOOL_COLORS.draw);
      return;
    case 'line':
      drawLine(ctx, mediaToScreen(view, p.start), mediaToScreen(view, p.end), TOOL_COLORS.line);
      return;
    case 'angle-arm1':
    case 'angle-arm2':
      drawAngle(
        ctx,
        mediaToScreen(view, p.vertex),
        mediaToScreen(view, p.point1),
        p.type === 'angle-arm2' && p.point2 ? mediaToScreen(view, p.point2) : null,
        ARC_RADIUS_LIVE,
        TOOL_COLORS.angle,
      );
  }
}

const CROSSHAIR_ARM = 14;
const CROSSHAIR_GAP = 4;

/**
 * The keyboard's crosshair at a logical canvas point: four short arms around a gap, white over a dark
 * edge so it shows on any picture, and a dot in the tool's colour where the next point goes. `size`
 * enlarges it where the canvas is shown small (a phone), like the angle values.
 */
export function drawCrosshair(ctx: Ctx, p: Point, color: string, size = 1) {
  const arm = CROSSHAIR_ARM * size;
  const gap = CROSSHAIR_GAP * size;
  ctx.beginPath();
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    ctx.moveTo(p.x + dx * gap, p.y + dy * gap);
    ctx.lineTo(p.x + dx * arm, p.y + dy * arm);
  }
  ctx.lineCap = 'round';
  // Its strokes too, so that they stay as thick on the screen (a canvas fitted to a laptop's height).
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.85)';
  ctx.lineWidth = 5 * size;
  ctx.stroke();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2 * size;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(p.x, p.y, 2.5 * size, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.85)';
  ctx.stroke();
  ctx.lineWidth = LINE_WIDTH;
}

/**
 * Angle values on a dark pill. `textScale` enlarges them where the canvas is shown smaller than its
 * logical size (a phone), so the value stays readable.
 */
function drawLabels(ctx: Ctx, labels: readonly Label[], textScale: number) {
  if (labels.length === 0) return;
  ctx.font = `600 ${LABEL_FONT_PX * textScale}px ui-sans-serif, system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const h = 20 * textScale;
  for (const l of labels) {
    // 48 px wide, or as the text needs ('150.0 cm', '1.00 m · 7.50 m/s').
    const w = Math.max(48 * textScale, ctx.measureText(l.text).width + 12 * textScale);
    ctx.fillStyle = LABEL_BG;
    ctx.fillRect(l.x - w / 2, l.y - h / 2, w, h);
    ctx.fillStyle = l.color;
    ctx.fillText(l.text, l.x, l.y);
  }
}
