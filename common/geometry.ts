/**
 * Pure geometry of the video-analysis tool (SPEC §4, §5, §9): angles, the zoom clamp and the view
 * transform between the 800 × 400 logical canvas ("screen") and the loaded media's own pixels ("media").
 * No DOM, so it is unit-tested in Node and shared by the engine and its benchmark.
 */

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };

/** The logical drawing space of the analysis canvas. */
export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 400;
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;

/**
 * The angle from the arm vertex→p1 to the arm vertex→p2, in degrees in [0, 360). Zero-length arms
 * give 0.
 */
export function directedAngle(vertex: Point, p1: Point, p2: Point): number {
  const a1 = Math.atan2(p1.y - vertex.y, p1.x - vertex.x);
  const a2 = Math.atan2(p2.y - vertex.y, p2.x - vertex.x);
  const deg = ((a2 - a1) * 180) / Math.PI;
  const normalized = ((deg % 360) + 360) % 360;
  // -0 and 360 - ε round-trips land on 0.
  return normalized >= 360 ? 0 : normalized;
}

/** An angle over 180° is reflected to 360 − angle (SPEC §5). */
export function reflectAngle(degrees: number): number {
  return degrees > 180 ? 360 - degrees : degrees;
}

/** The angle a member sees at the vertex: directed, then reflected into [0, 180]. */
export function measureAngle(vertex: Point, p1: Point, p2: Point): number {
  return reflectAngle(directedAngle(vertex, p1, p2));
}

/** An angle to 1 decimal: 90 → '90.0', 44.96 → '45.0'. */
export function formatAngle(degrees: number): string {
  // Rounding first avoids toFixed's binary surprises (1.05.toFixed(1) is '1.1', 0.35 → '0.3').
  const rounded = Math.round(degrees * 10 + Number.EPSILON * 10) / 10;
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(1);
}

/** The banner text after a measurement (docs/decisions.md decision 11). */
export function angleBannerText(degrees: number): string {
  return `Measured Angle: ${formatAngle(degrees)}°`;
}

/** Zoom clamped to 0.5–4 (SPEC §5); a non-finite value falls back to 1. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** Where the media sits at zoom 1: scaled to fit inside the canvas and centred (letterboxed). */
export type Letterbox = { x: number; y: number; scale: number };

export function letterbox(
  media: Size,
  canvas: Size = { width: CANVAS_WIDTH, height: CANVAS_HEIGHT },
): Letterbox {
  if (media.width <= 0 || media.height <= 0) return { x: 0, y: 0, scale: 1 };
  const scale = Math.min(canvas.width / media.width, canvas.height / media.height);
  return {
    x: (canvas.width - media.width * scale) / 2,
    y: (canvas.height - media.height * scale) / 2,
    scale,
  };
}

/**
 * The view: the letterbox of the media, then a zoom about the canvas origin, then a pan, all in
 * logical canvas pixels. screen = (box + media · scale) · zoom + pan.
 */
export type ViewTransform = { box: Letterbox; zoom: number; panX: number; panY: number };

export function makeView(media: Size, canvas?: Size): ViewTransform {
  return { box: letterbox(media, canvas), zoom: 1, panX: 0, panY: 0 };
}

/** The total scale from media pixels to canvas pixels. */
export function viewScale(view: ViewTransform): number {
  return view.box.scale * view.zoom;
}

export function mediaToScreen(view: ViewTransform, p: Point): Point {
  return {
    x: (view.box.x + p.x * view.box.scale) * view.zoom + view.panX,
    y: (view.box.y + p.y * view.box.scale) * view.zoom + view.panY,
  };
}

export function screenToMedia(view: ViewTransform, p: Point): Point {
  return {
    x: ((p.x - view.panX) / view.zoom - view.box.x) / view.box.scale,
    y: ((p.y - view.panY) / view.zoom - view.box.y) / view.box.scale,
  };
}

/** The view zoomed to `zoom` (clamped) while the media point under `anchor` (screen) stays put. */
export function zoomAbout(view: ViewTransform, zoom: number, anchor: Point): ViewTransform {
  const next = clampZoom(zoom);
  const ratio = next / view.zoom;
  return {
    box: view.box,
    zoom: next,
    panX: anchor.x - (anchor.x - view.panX) * ratio,
    panY: anchor.y - (anchor.y - view.panY) * ratio,
  };
}

/** The view moved by a screen delta. */
export function panBy(view: ViewTransform, dx: number, dy: number): ViewTransform {
  return { ...view, panX: view.panX + dx, panY: view.panY + dy };
}

/** Converts a pointer's client position to logical canvas coordinates, given the canvas's box. */
export function clientToCanvas(
  client: Point,
  rect: { left: number; top: number; width: number; height: number },
  canvas: Size = { width: CANVAS_WIDTH, height: CANVAS_HEIGHT },
): Point {
  return {
    x: rect.width > 0 ? ((client.x - rect.left) * canvas.width) / rect.width : 0,
    y: rect.height > 0 ? ((client.y - rect.top) * canvas.height) / rect.height : 0,
  };
}

/**
 * The points of a polyline that matter at a given tolerance (Ramer–Douglas–Peucker): every dropped
 * point lies within `tolerance` of the simplified line. The first and last points are always kept.
 */
export function simplifyPath(points: readonly Point[], tolerance: number): Point[] {
  const n = points.length;
  if (n <= 2 || tolerance <= 0) return points.slice();
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  const tol2 = tolerance * tolerance;
  const stack: number[] = [0, n - 1];
  while (stack.length > 0) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    const a = points[first]!;
    const b = points[last]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD2 = tol2;
    for (let i = first + 1; i < last; i++) {
      const p = points[i]!;
      let d2: number;
      if (len2 === 0) d2 = (p.x - a.x) ** 2 + (p.y - a.y) ** 2;
      else {
        const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
        d2 = (p.x - a.x - t * dx) ** 2 + (p.y - a.y - t * dy) ** 2;
      }
      if (d2 > worstD2) {
        worstD2 = d2;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(first, worst, worst, last);
    }
  }
  const out: Point[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(points[i]!);
  return out;
}
