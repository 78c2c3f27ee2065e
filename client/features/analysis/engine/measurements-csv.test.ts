import { describe, expect, it } from 'vitest';
import { TOOL_COLORS, type Annotation } from './annotations';
import { measurementsCsv } from './measurements-csv';

const SLOW = { fileFps: 30, captureFps: 240 };

const drawn: Annotation[] = [
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
      { x: 10, y: 10 },
    ],
    color: TOOL_COLORS.draw,
  },
  { type: 'stopwatch', at: { x: 5, y: 5 }, start: 24, stop: 124, color: TOOL_COLORS.stopwatch },
  { type: 'stopwatch', at: { x: 9, y: 9 }, start: 0, stop: null, color: TOOL_COLORS.stopwatch },
  { type: 'line', start: { x: 0, y: 0 }, end: { x: 0, y: 100 }, color: TOOL_COLORS.line },
];

const rows = (csv: string) =>
  csv
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describe('measurementsCsv', () => {
  it('has a row per annotation in the order drawn, with pixels and real seconds to the millisecond', () => {
    const csv = measurementsCsv({ annotations: drawn, timing: SLOW, calibration: null });
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(rows(csv)).toEqual([
      'item,type,length_px,length,length_unit,angle_deg,start_frame,stop_frame,start_s,stop_s,duration_s,speed_m_s'.split(
        ',',
      ),
      ['Line 1', 'line', '50.0', '', '', '', '', '', '', '', '', ''],
      ['Angle 1', 'angle', '', '', '', '90.0', '', '', '', '', '', ''],
      ['Drawing 1', 'drawing', '20.0', '', '', '', '', '', '', '', '', ''],
      // 100 frames of a 240 fps capture: 0.417 s, from 0.100 s to 0.517 s.
      ['Stopwatch 1', 'stopwatch', '', '', '', '', '24', '124', '0.100', '0.517', '0.417', ''],
      // A running stopwatch has no stop yet.
      ['Stopwatch 2', 'stopwatch', '', '', '', '', '0', '', '0.000', '', '', ''],
      ['Line 2', 'line', '100.0', '', '', '', '', '', '', '', '', ''],
    ]);
  });

  it('adds lengths in the calibrated unit, and the reference itself first', () => {
    const calibration = { start: { x: 0, y: 0 }, end: { x: 200, y: 0 }, length: 1, unit: 'm' as const };
    const table = rows(measurementsCsv({ annotations: drawn, timing: SLOW, calibration }));
    expect(table[1]!.slice(0, 5)).toEqual(['Calibration', 'calibration', '200.0', '1.000', 'm']);
    expect(table[2]!.slice(0, 5)).toEqual(['Line 1', 'line', '50.0', '0.250', 'm']);
    expect(table[4]!.slice(0, 5)).toEqual(['Drawing 1', 'drawing', '20.0', '0.100', 'm']);
    expect(table[7]!.slice(0, 5)).toEqual(['Line 2', 'line', '100.0', '0.500', 'm']);
    const inches = rows(
      measurementsCsv({
        annotations: drawn,
        timing: SLOW,
        calibration: { ...calibration, length: 100, unit: 'cm' },
      }),
    );
    expect(inches[7]!.slice(2, 5)).toEqual(['100.0', '50.000', 'cm']);
  });

  it('is only the header with nothing drawn', () => {
    expect(rows(measurementsCsv({ annotations: [], timing: SLOW, calibration: null }))).toHaveLength(1);
  });

  it('counts a stopwatch at the rate it was captured: 240 frames of 240 fps are 1.000 s', () => {
    const one: Annotation = { type: 'stopwatch', at: { x: 0, y: 0 }, start: 0, stop: 240, color: '#fff' };
    expect(rows(measurementsCsv({ annotations: [one], timing: SLOW, calibration: null }))[1]![10]).toBe(
      '1.000',
    );
    const asRecorded = { fileFps: 30, captureFps: 30 };
    expect(rows(measurementsCsv({ annotations: [one], timing: asRecorded, calibration: null }))[1]![10]).toBe(
      '8.000',
    );
  });
});
