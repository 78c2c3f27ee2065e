// The 'Measurements CSV' a member downloads beside Export (issue 33; docs/decisions.md decision 62):
// one row per annotation of the player, in the order drawn, with what it measures in numbers. Lengths
// are in the picture's pixels and, once the player is calibrated, in the calibration's unit too; times
// are real time (timing.ts: whole frames divided by the capture rate).
import { distance, type Point } from '@common/geometry';
import type { Annotation } from './annotations';
import { realSecondsOfFrames, type Timing } from './timing';
import { jointLabel, trajectoryRows, trajectoryStats } from './trajectory';
import { metresTo, pixelsToMetres, type Calibration } from './units';

/** What the rows are computed from: the player's annotations, timing and calibration. */
export type MeasurementsInput = {
  annotations: readonly Annotation[];
  timing: Timing;
  calibration: Calibration | null;
};

/**
 * The columns. `length` is in `length_unit` (empty when not calibrated); `start_s`, `stop_s` and
 * `duration_s` are real seconds to the millisecond; frames are counted at the file's rate from 0.
 * A trajectory has a row for the whole (its length along the path, first and last frames, mean speed)
 * then one per point: its `frame` and real `time_s`, its place `x_px`, `y_px` (the picture's pixels),
 * the distance along the path so far as its length, and the speed since the point before.
 */
export const MEASUREMENT_COLUMNS = [
  'item',
  'type',
  'length_px',
  'length',
  'length_unit',
  'angle_deg',
  'start_frame',
  'stop_frame',
  'start_s',
  'stop_s',
  'duration_s',
  'speed_m_s',
  'frame',
  'time_s',
  'x_px',
  'y_px',
] as const;
export type MeasurementColumn = (typeof MEASUREMENT_COLUMNS)[number];
/** One row: the cells it fills (the others stay empty). */
export type MeasurementRow = Partial<Record<MeasurementColumn, string>>;

/** A number to a fixed count of decimals, never '-0.000'. */
export function fixed(value: number, decimals: number): string {
  const scale = 10 ** decimals;
  const rounded = Math.round(value * scale + Math.sign(value) * Number.EPSILON * scale) / scale;
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(decimals);
}

/** Real seconds of a frame count, to the millisecond. */
export function seconds(frames: number, timing: Timing): string {
  return fixed(realSecondsOfFrames(frames, timing), 3);
}

/** A length's cells: pixels (1 decimal) and, when calibrated, the calibration's unit (3 decimals). */
export function lengthCells(pixels: number, calibration: Calibration | null): MeasurementRow {
  const metres = pixelsToMetres(pixels, calibration);
  return {
    length_px: fixed(pixels, 1),
    ...(metres !== null && calibration
      ? { length: fixed(metresTo(metres, calibration.unit), 3), length_unit: calibration.unit }
      : {}),
  };
}

/** The length of a polyline in media pixels. */
function pathLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1]!, points[i]!);
  return total;
}

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
function cell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows, numbered per kind in the order drawn as the annotation list names them ('Line 2'). */
export function measurementRows({ annotations, timing, calibration }: MeasurementsInput): MeasurementRow[] {
  const counts = new Map<string, number>();
  const name = (kind: string) => {
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    return `${kind} ${n}`;
  };
  const rows: MeasurementRow[] = [];
  if (calibration) {
    rows.push({
      item: 'Calibration',
      type: 'calibration',
      ...lengthCells(distance(calibration.start, calibration.end), calibration),
    });
  }
  for (const a of annotations) {
    // Each kind of annotation adds its row here (the trajectory's: distance, times and speed).
    switch (a.type) {
      case 'path':
        rows.push({
          item: name('Drawing'),
          type: 'drawing',
          ...lengthCells(pathLength(a.points), calibration),
        });
        break;
      case 'line':
        rows.push({
          item: name('Line'),
          type: 'line',
          ...lengthCells(distance(a.start, a.end), calibration),
        });
        break;
      case 'angle':
        rows.push({ item: name('Angle'), type: 'angle', angle_deg: fixed(a.angle, 1) });
        break;
      case 'stopwatch': {
        const stopped = a.stop !== null;
        rows.push({
          item: name('Stopwatch'),
          type: 'stopwatch',
          start_frame: String(a.start),
          start_s: seconds(a.start, timing),
          ...(stopped
            ? {
                stop_frame: String(a.stop),
                stop_s: seconds(a.stop!, timing),
                duration_s: seconds(a.stop! - a.start, timing),
              }
            : {}),
        });
        break;
      }
      case 'trajectory': {
        const item = name('Trajectory');
        const stats = trajectoryStats(a.points, calibration, timing);
        const first = a.points[0];
        const last = a.points.at(-1);
        rows.push({
          item: a.joint ? `${item} (${jointLabel(a.joint)})` : item,
          type: 'trajectory',
          ...lengthCells(stats.pixels, calibration),
          ...(first && last
            ? {
                start_frame: String(first.frame),
                stop_frame: String(last.frame),
                start_s: seconds(first.frame, timing),
                stop_s: seconds(last.frame, timing),
                duration_s: seconds(last.frame - first.frame, timing),
              }
            : {}),
          ...(stats.speed !== null ? { speed_m_s: fixed(stats.speed, 3) } : {}),
        });
        trajectoryRows(a.points, calibration, timing).forEach((p, i) => {
          rows.push({
            item: `${item} point ${i + 1}`,
            type: 'trajectory point',
            ...lengthCells(p.distancePixels, calibration),
            ...(p.speed !== null ? { speed_m_s: fixed(p.speed, 3) } : {}),
            frame: String(p.frame),
            time_s: fixed(p.time, 3),
            x_px: fixed(p.x, 1),
            y_px: fixed(p.y, 1),
          });
        });
        break;
      }
    }
  }
  return rows;
}

/** The CSV: the header, then a row per measurement; lines end with \r\n (RFC 4180). */
export function measurementsCsv(input: MeasurementsInput): string {
  const lines = [MEASUREMENT_COLUMNS.join(',')];
  for (const row of measurementRows(input)) {
    lines.push(MEASUREMENT_COLUMNS.map((c) => cell(row[c] ?? '')).join(','));
  }
  return lines.map((line) => `${line}\r\n`).join('');
}
