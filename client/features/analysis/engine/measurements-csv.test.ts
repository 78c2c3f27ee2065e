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
      'item,type,length_px,length,length_unit,angle_deg,start_frame,stop_frame,start_s,stop_s,duration_s,speed_m_s,frame,time_s,x_px,y_px'.split(
        ',',
      ),
      ['Line 1', 'line', '50.0', '', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['Angle 1', 'angle', '', '', '', '90.0', '', '', '', '', '', '', '', '', '', ''],
      ['Drawing 1', 'drawing', '20.0', '', '', '', '', '', '', '', '', '', '', '', '', ''],
      // 100 frames of a 240 fps capture: 0.417 s, from 0.100 s to 0.517 s.
      [
        'Stopwatch 1',
        'stopwatch',
        '',
        '',
        '',
        '',
        '24',
        '124',
        '0.100',
        '0.517',
        '0.417',
        '',
        '',
        '',
        '',
        '',
      ],
      // A running stopwatch has no stop yet.
      ['Stopwatch 2', 'stopwatch', '', '', '', '', '0', '', '0.000', '', '', '', '', '', '', ''],
      ['Line 2', 'line', '100.0', '', '', '', '', '', '', '', '', '', '', '', '', ''],
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

  it('gives a trajectory a row, then a row per point: frame, real time, place, distance so far, speed', () => {
    // 100 px = 1 m; five points 25 px apart on frames 3 to 7 of a 30 fps clip: 1 m in 4/30 s.
    const calibration = { start: { x: 0, y: 0 }, end: { x: 100, y: 0 }, length: 1, unit: 'm' as const };
    const trajectory: Annotation = {
      type: 'trajectory',
      points: [0, 25, 50, 75, 100].map((x, i) => ({ frame: 3 + i, at: { x, y: 10 } })),
      joint: null,
      color: TOOL_COLORS.trajectory,
    };
    const timing = { fileFps: 30, captureFps: 30 };
    const table = rows(measurementsCsv({ annotations: [trajectory], timing, calibration }));
    expect(table.slice(2)).toEqual([
      [
        'Trajectory 1',
        'trajectory',
        '100.0',
        '1.000',
        'm',
        '',
        '3',
        '7',
        '0.100',
        '0.233',
        '0.133',
        '7.500',
        '',
        '',
        '',
        '',
      ],
      [
        'Trajectory 1 point 1',
        'trajectory point',
        '0.0',
        '0.000',
        'm',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '3',
        '0.100',
        '0.0',
        '10.0',
      ],
      [
        'Trajectory 1 point 2',
        'trajectory point',
        '25.0',
        '0.250',
        'm',
        '',
        '',
        '',
        '',
        '',
        '',
        '7.500',
        '4',
        '0.133',
        '25.0',
        '10.0',
      ],
      [
        'Trajectory 1 point 3',
        'trajectory point',
        '50.0',
        '0.500',
        'm',
        '',
        '',
        '',
        '',
        '',
        '',
        '7.500',
        '5',
        '0.167',
        '50.0',
        '10.0',
      ],
      [
        'Trajectory 1 point 4',
        'trajectory point',
        '75.0',
        '0.750',
        'm',
        '',
        '',
        '',
        '',
        '',
        '',
        '7.500',
        '6',
        '0.200',
        '75.0',
        '10.0',
      ],
      [
        'Trajectory 1 point 5',
        'trajectory point',
        '100.0',
        '1.000',
        'm',
        '',
        '',
        '',
        '',
        '',
        '',
        '7.500',
        '7',
        '0.233',
        '100.0',
        '10.0',
      ],
    ]);
    // Uncalibrated: pixels only, no speed in m/s.
    const plain = rows(measurementsCsv({ annotations: [trajectory], timing, calibration: null }));
    expect(plain[1]!.slice(0, 12)).toEqual([
      'Trajectory 1',
      'trajectory',
      '100.0',
      '',
      '',
      '',
      '3',
      '7',
      '0.100',
      '0.233',
      '0.133',
      '',
    ]);
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
