import { distance, measureAngle, type Point } from '@common/geometry';
import { TOOL_COLORS, type Annotation, type Pending, type Tool } from './annotations';

/**
 * The tools' gestures (SPEC §4) as pure steps over the shape under way, in media coordinates:
 * - draw: press starts a path, move extends it, release saves it;
 * - line: press sets the start, move the end, release saves it (a click without a drag draws nothing);
 * - angle: press on the vertex and drag along the first arm; its release fixes point1. The next
 *   press-and-release marks point2, and the angle is measured and saved. A plain click on the vertex
 *   waits for a click on point1 instead, so the tool also works click by click.
 * `dragged` says whether the pointer has moved beyond a click since the press.
 */
export function pressTool(tool: Tool, pending: Pending | null, m: Point): Pending | null {
  switch (tool) {
    case 'none':
      return pending;
    case 'draw':
      return { type: 'path', points: [m] };
    case 'line':
      return { type: 'line', start: m, end: m };
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
  else if (pending.type === 'line') pending.end = m;
  else if (pending.type === 'angle-arm1' && dragged) pending.point1 = m;
  else if (pending.type === 'angle-arm2') pending.point2 = m;
  else return false;
  return true;
}

/** Ends a press: what is still under way, and the annotation to save, if any. */
export function releaseTool(
  pending: Pending | null,
  m: Point,
  dragged: boolean,
): { pending: Pending | null; saved: Annotation | null } {
  if (!pending) return { pending: null, saved: null };
  switch (pending.type) {
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
