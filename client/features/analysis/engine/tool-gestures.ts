import { distance, measureAngle, type Point } from '@common/geometry';
import { TOOL_COLORS, type Annotation, type Pending, type Tool } from './annotations';

/**
 * The tools' gestures (SPEC §4) as pure steps over the shape under way, in media coordinates:
 * - draw: press starts a path, move extends it, release saves it;
 * - line: press sets the start, move the end, release saves it (a click without a drag draws nothing);
 * - calibrate: as a line, but its release gives the calibration's reference line (issue 33);
 * - angle: press on the vertex and drag along the first arm; its release fixes point1. The next
 *   press-and-release marks point2, and the angle is measured and saved. A plain click on the vertex
 *   waits for a click on point1 instead, so the tool also works click by click.
 * `dragged` says whether the pointer has moved beyond a click since the press.
 */
export function pressTool(tool: Tool, pending: Pending | null, m: Point): Pending | null {
  switch (tool) {
    // The stopwatch and the trajectory (issue 33) have gestures of their own in the engine.
    case 'none':
    case 'stopwatch':
    case 'trajectory':
      return pending;
    case 'draw':
      return { type: 'path', points: [m] };
    case 'line':
      return { type: 'line', start: m, end: m };
    case 'calibrate':
      return { type: 'reference', start: m, end: m };
    case 'angle':
      if (pending?.type === 'angle-arm2') return { ...pending, point2: m };
      if (pending?.type === 'angle-arm1' && !pending.dragging)
        return { ...pending, point1: m, dragging: true };
      return { type: 'angle-arm1', vertex: m, point1: m, dragging: true };
  }
}

/** Follows the pointer; returns whether anything changed (and needs drawing). */
export function moveTool(pending: Pending | null, m: Point, dragged: boolean): boolean {
  if (!pending) return false;
  if (pending.type === 'path') pending.points.push(m);
  else if (pending.type === 'line' || pending.type === 'reference') pending.end = m;
  else if (pending.type === 'angle-arm1' && dragged) pending.point1 = m;
  else if (pending.type === 'angle-arm2') pending.point2 = m;
  else return false;
  return true;
}

/** A calibration's reference line, drawn and waiting for its real length (media pixels). */
export type Reference = { start: Point; end: Point };

/**
 * Ends a press: what is still under way, the annotation to save, if any, and a calibration's reference
 * line once drawn (its length is then asked; a click without a drag draws none).
 */
export function releaseTool(
  pending: Pending | null,
  m: Point,
  dragged: boolean,
): { pending: Pending | null; saved: Annotation | null; reference?: Reference } {
  if (!pending) return { pending: null, saved: null };
  switch (pending.type) {
    case 'reference':
      return dragged && distance(pending.start, m) > 0
        ? { pending: null, saved: null, reference: { start: pending.start, end: m } }
        : { pending: null, saved: null };
    // A trajectory's points are added by the engine, which knows the frame (trajectory.ts).
    case 'trajectory':
      return { pending, saved: null };
    case 'path': {
      const points = [...pending.points, m];
      return { pending: null, saved: { type: 'path', points, color: TOOL_COLORS.draw } };
    }
    case 'line':
      return {
        pending: null,
        saved: dragged ? { type: 'line', start: pending.start, end: m, color: TOOL_COLORS.line } : null,
      };
    case 'angle-arm1': {
      const point1 = dragged ? m : pending.point1;
      const armed = distance(pending.vertex, point1) > 0;
      return {
        pending: armed
          ? { type: 'angle-arm2', vertex: pending.vertex, point1, point2: null }
          : { ...pending, dragging: false },
        saved: null,
      };
    }
    case 'angle-arm2': {
      const angle = measureAngle(pending.vertex, pending.point1, m);
      return {
        pending: null,
        saved: {
          type: 'angle',
          vertex: pending.vertex,
          point1: pending.point1,
          point2: m,
          angle,
          color: TOOL_COLORS.angle,
        },
      };
    }
  }
}

/**
 * The keyboard's Enter or Space at media point `m` (where the crosshair is), for the chosen tool: each
 * press sets the next point, and the crosshair's moves in between go to `moveTool` as drags.
 * - draw: the first press starts a path (the moves extend it), the second saves it;
 * - line: the first press sets the start, the second the end (not on the start);
 * - angle: the vertex, then the end of the first arm (not on the vertex), then the end of the second;
 * - calibrate: as a line; its second point gives the reference line, whose length is then asked.
 * Returns what is pending, the annotation saved if any, and which point was set (for the announcement).
 */
export function keyTool(
  tool: Tool,
  pending: Pending | null,
  m: Point,
): { pending: Pending | null; saved: Annotation | null; reference?: Reference; step: KeyStep } {
  if (tool === 'none' || tool === 'stopwatch' || tool === 'trajectory')
    return { pending, saved: null, step: 'none' };
  if (!pending || !matchesTool(tool, pending)) {
    if (tool === 'angle')
      return {
        pending: { type: 'angle-arm1', vertex: m, point1: m, dragging: false },
        saved: null,
        step: 'vertex',
      };
    return {
      pending: pressTool(tool, null, m),
      saved: null,
      step: tool === 'line' ? 'line-start' : tool === 'calibrate' ? 'reference-start' : 'path-start',
    };
  }
  const atStart =
    ((pending.type === 'line' || pending.type === 'reference') && distance(pending.start, m) === 0) ||
    (pending.type === 'angle-arm1' && distance(pending.vertex, m) === 0);
  if (atStart) return { pending, saved: null, step: 'same-point' };
  const { pending: next, saved, reference } = releaseTool(pending, m, true);
  if (reference) return { pending: next, saved: null, reference, step: 'reference' };
  return { pending: next, saved, step: saved ? 'saved' : 'first-arm' };
}

/** Which point a key press set: the announcement says it. */
export type KeyStep =
  | 'none'
  | 'path-start'
  | 'line-start'
  | 'reference-start'
  | 'vertex'
  | 'first-arm'
  | 'same-point'
  | 'saved'
  | 'reference';

function matchesTool(tool: Tool, pending: Pending): boolean {
  if (tool === 'draw') return pending.type === 'path';
  if (tool === 'line') return pending.type === 'line';
  if (tool === 'calibrate') return pending.type === 'reference';
  return pending.type === 'angle-arm1' || pending.type === 'angle-arm2';
}
