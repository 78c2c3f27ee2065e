// Real lengths and speeds from a calibration (issue 33, part 3; docs/decisions.md decision 62).
//
// A member draws a reference line over something of known length and types that length: from then on a
// length in the picture's pixels is that many metres per pixel. Lengths are kept in media pixels (the
// member's picture, not the canvas), so a calibration survives zoom, pan and frame steps.
import { distance, type Point } from '@common/geometry';

export const LENGTH_UNITS = ['cm', 'm', 'in', 'ft'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** Metres in one of each unit (the inch is exactly 2.54 cm). */
export const METRES_PER_UNIT: Record<LengthUnit, number> = { cm: 0.01, m: 1, in: 0.0254, ft: 0.3048 };

/** Digits after the point a length is shown with, per unit: '0.50 m', '50.0 cm', '19.7 in', '1.64 ft'. */
const DIGITS: Record<LengthUnit, number> = { cm: 1, m: 2, in: 1, ft: 2 };

/**
 * A player's calibration: the reference line (media pixels, drawn in its own colour), its real length
 * and the unit the member typed it in, which every length is then shown in.
 */
export type Calibration = { start: Point; end: Point; length: number; unit: LengthUnit };

/** Metres per media pixel; null when the reference line has no length. */
export function metresPerPixel(c: Calibration): number | null {
  const px = distance(c.start, c.end);
  if (!(px > 0) || !(c.length > 0)) return null;
  return (c.length * METRES_PER_UNIT[c.unit]) / px;
}

/** A length in media pixels, in metres (null without a usable calibration). */
export function pixelsToMetres(pixels: number, c: Calibration | null): number | null {
  const scale = c ? metresPerPixel(c) : null;
  return scale === null ? null : pixels * scale;
}

/** Metres in `unit`. */
export function metresTo(metres: number, unit: LengthUnit): number {
  return metres / METRES_PER_UNIT[unit];
}

/** A length in media pixels as the member reads it: '0.50 m' when calibrated, else '142 px'. */
export function formatLength(pixels: number, c: Calibration | null): string {
  const metres = pixelsToMetres(pixels, c);
  if (metres === null || !c) return `${Math.round(pixels)} px`;
  return `${metresTo(metres, c.unit).toFixed(DIGITS[c.unit])} ${c.unit}`;
}

/** Speed in metres per second; null for no time or no calibration. */
export function metresPerSecond(metres: number | null, realSeconds: number): number | null {
  if (metres === null || !(realSeconds > 0)) return null;
  return metres / realSeconds;
}

/** A speed as read: '3.42 m/s'. */
export function formatSpeed(mps: number): string {
  return `${mps.toFixed(2)} m/s`;
}
