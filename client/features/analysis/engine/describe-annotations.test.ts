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

  it('once calibrated, gives lines and drawings in its unit, and a trajectory its distance, time and speed', () => {
    const calibration = { start: { x: 0, y: 0 }, end: { x: 100, y: 0 }, length: 1, unit: 'm' as const };
    const timing = { fileFps: 15, captureFps: 15 };
    const trajectory = {
      type: 'trajectory' as const,
      points: [0, 25, 50, 75, 100].map((x, frame) => ({ frame, at: { x, y: 0 } })),
      joint: null,
      color: TOOL_COLORS.trajectory,
    };
    const drawn = [
      { type: 'line' as const, start: { x: 0, y: 0 }, end: { x: 50, y: 0 }, color: TOOL_COLORS.line },
      {
        type: 'path' as const,
        points: [
          { x: 0, y: 0 },
          { x: 0, y: 20 },
        ],
        color: TOOL_COLORS.draw,
      },
      trajectory,
      { ...trajectory, joint: 'leftKnee' },
    ];
    expect(describeAnnotations(drawn, { calibration, timing })).toEqual([
      'Line 1: 0.50 m',
      'Drawing 1: 0.20 m long',
      'Trajectory 1: 1.00 m in 0.267 s, 3.75 m/s, 5 points',
      'Trajectory 2 (Left knee): 1.00 m in 0.267 s, 3.75 m/s, 5 points',
    ]);
    expect(describeAnnotations(drawn, { timing })[2]).toBe(
      'Trajectory 1: 100 px in 0.267 s, 375 px/s, 5 points',
    );
  });

  it('says nothing of an empty canvas', () => {
    expect(describeAnnotations([])).toEqual([]);
  });
});
