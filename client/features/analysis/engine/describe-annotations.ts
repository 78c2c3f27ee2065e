import { distance, formatAngle, type Point } from '@common/geometry';
import type { Annotation } from './annotations';

/** The length of a polyline in media pixels. */
function pathLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1]!, points[i]!);
  return total;
}

/**
 * The annotations as a screen reader hears them, numbered per kind in the order they were drawn:
 * 'Drawing 1: 230 px long', 'Line 1: 142 px', 'Angle 1: 90.0°'. Lengths are pixels of the member's
 * picture (not of the canvas), so they do not change with the zoom.
 */
export function describeAnnotations(annotations: readonly Annotation[]): string[] {
  let paths = 0;
  let lines = 0;
  let angles = 0;
  return annotations.map((a) => {
    switch (a.type) {
      case 'path':
        return `Drawing ${++paths}: ${Math.round(pathLength(a.points))} px long`;
      case 'line':
        return `Line ${++lines}: ${Math.round(distance(a.start, a.end))} px`;
      case 'angle':
        return `Angle ${++angles}: ${formatAngle(a.angle)}°`;
    }
  });
}
