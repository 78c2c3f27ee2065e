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
} from './annotations';

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

function boundsOf(a: Annotation): Rect {
  let b = boundsCache.get(a);
  if (b) return b;
  const pts =
    a.type === 'path' ? a.points : a.type === 'line' ? [a.start, a.end] : [a.vertex, a.point1, a.point2];
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
    drawAnnotation(ctx, view, a, labels);
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

function drawAnnotation(ctx: Ctx, view: ViewTransform, a: Annotation, labels: Label[]) {
  switch (a.type) {
    case 'path':
      drawPolyline(ctx, view, pathAtScale(a.points, viewScale(view)), a.color);
      return;
    case 'line':
      drawLine(ctx, mediaToScreen(view, a.start), mediaToScreen(view, a.end), a.color);
      return;
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

/** The gesture under way, drawn live above the saved annotations. */
export function drawPending(ctx: Ctx, view: ViewTransform, p: Pending) {
  ctx.lineWidth = LINE_WIDTH;
  switch (p.type) {
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
  const w = 48 * textScale;
  const h = 20 * textScale;
  for (const l of labels) {
    ctx.fillStyle = LABEL_BG;
    ctx.fillRect(l.x - w / 2, l.y - h / 2, w, h);
    ctx.fillStyle = l.color;
    ctx.fillText(l.text, l.x, l.y);
  }
}
