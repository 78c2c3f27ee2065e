import { CANVAS_HEIGHT, CANVAS_WIDTH, formatAngle } from '@common/geometry';
import type { Annotation } from './annotations';
import { TOOL_COLORS } from './annotations';

/** One measured angle as it is written under an exported frame and sent with a posted attempt. */
export type AngleValue = { label: string; degrees: number };

/** The angles drawn on the frame, numbered in the order drawn: 'Angle 1' 42.5 (one decimal, as shown). */
export function angleValues(annotations: readonly Annotation[]): AngleValue[] {
  let n = 0;
  return annotations.flatMap((a) =>
    a.type === 'angle' ? [{ label: `Angle ${++n}`, degrees: Number(formatAngle(a.angle)) }] : [],
  );
}

const BAND_COLUMNS = 4;
const BAND_ROW = 30;
const BAND_PADDING = 12;

/** The height, in logical pixels, of the band of angle values under an exported frame (0 without angles). */
export function angleBandHeight(values: readonly AngleValue[]): number {
  if (values.length === 0) return 0;
  return BAND_PADDING * 2 + Math.ceil(values.length / BAND_COLUMNS) * BAND_ROW;
}

/**
 * Writes the angle values under the frame (issue 18: a posted frame says its measurements in words as
 * well as in the drawing): 'Angle 1: 42.5°', four to a row, on black, in the angle tool's yellow.
 * `ctx` is scaled to logical pixels; the band starts at the frame's bottom edge.
 */
export function drawAngleBand(ctx: CanvasRenderingContext2D, values: readonly AngleValue[]) {
  const height = angleBandHeight(values);
  if (height === 0) return;
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, CANVAS_HEIGHT, CANVAS_WIDTH, height);
  ctx.fillStyle = TOOL_COLORS.angle;
  ctx.font = '700 20px ui-sans-serif, system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const column = (CANVAS_WIDTH - BAND_PADDING * 2) / BAND_COLUMNS;
  values.forEach((v, i) => {
    const x = BAND_PADDING + (i % BAND_COLUMNS) * column;
    const y = CANVAS_HEIGHT + BAND_PADDING + Math.floor(i / BAND_COLUMNS) * BAND_ROW + BAND_ROW / 2;
    ctx.fillText(`${v.label}: ${formatAngle(v.degrees)}°`, x, y, column - 8);
  });
}
