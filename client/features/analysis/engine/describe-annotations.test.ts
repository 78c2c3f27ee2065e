import { describe, expect, it } from 'vitest';
import { TOOL_COLORS } from './annotations';
import { describeAnnotations } from './describe-annotations';

describe('annotations as text', () => {
  it('numbers each kind in drawing order, with lengths in picture pixels and angles to 1 decimal', () => {
    expect(
      describeAnnotations([
        { type: 'line', start: { x: 0, y: 0 }, end: { x: 30, y: 40 }, color: TOOL_COLORS.line },
        {
          type: 'angle',
          vertex: { x: 0, y: 0 },
          point1: { x: 1, y: 0 },
          point2: { x: 0, y: 1 },
          angle: 90,
          color: TOOL_COLORS.angle,
        },
        {
          type: 'path',
          points: [
            { x: 0, y: 0 },
            { x: 10, y: 0 },
            { x: 10, y: 10.4 },
          ],
          color: TOOL_COLORS.draw,
        },
        { type: 'line', start: { x: 0, y: 0 }, end: { x: 141.6, y: 0 }, color: TOOL_COLORS.line },
        {
          type: 'angle',
          vertex: { x: 0, y: 0 },
          point1: { x: 1, y: 0 },
          point2: { x: 1, y: 1 },
          angle: 44.96,
          color: TOOL_COLORS.angle,
        },
      ]),
    ).toEqual([
      'Line 1: 50 px',
      'Angle 1: 90.0°',
      'Drawing 1: 20 px long',
      'Line 2: 142 px',
      'Angle 2: 45.0°',
    ]);
  });

  it('gives stopwatches their real durations to the millisecond, at the capture rate', () => {
    const timing = { fileFps: 30, captureFps: 240 };
    expect(
      describeAnnotations(
        [
          { type: 'stopwatch', at: { x: 0, y: 0 }, start: 24, stop: 124, color: TOOL_COLORS.stopwatch },
          { type: 'stopwatch', at: { x: 0, y: 0 }, start: 240, stop: null, color: TOOL_COLORS.stopwatch },
        ],
        { timing },
      ),
    ).toEqual(['Stopwatch 1: 0.417 s (from 0.100 s)', 'Stopwatch 2: running from 1.000 s']);
  });

  it('says nothing of an empty canvas', () => {
    expect(describeAnnotations([])).toEqual([]);
  });
});
