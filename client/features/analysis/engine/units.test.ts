import { describe, expect, it } from 'vitest';
import { realSecondsOfFrames } from './timing';
import {
  formatLength,
  formatSpeed,
  metresPerPixel,
  metresPerSecond,
  metresTo,
  pixelsToMetres,
  type Calibration,
} from './units';

/** A horizontal reference line of `px` media pixels said to be `length` `unit` long. */
const reference = (px: number, length: number, unit: Calibration['unit']): Calibration => ({
  start: { x: 10, y: 20 },
  end: { x: 10 + px, y: 20 },
  length,
  unit,
});

describe('real units from a calibration', () => {
  it('100 px = 1 m: 50 px are 0.50 m, 142 px 1.42 m', () => {
    const c = reference(100, 1, 'm');
    expect(metresPerPixel(c)).toBe(0.01);
    expect(pixelsToMetres(50, c)).toBe(0.5);
    expect(formatLength(50, c)).toBe('0.50 m');
    expect(formatLength(142, c)).toBe('1.42 m');
    expect(formatLength(0, c)).toBe('0.00 m');
  });

  it('measures the reference along its own slant (a 3-4-5 line)', () => {
    const c: Calibration = { start: { x: 0, y: 0 }, end: { x: 30, y: 40 }, length: 50, unit: 'cm' };
    expect(metresPerPixel(c)).toBe(0.01);
    expect(formatLength(25, c)).toBe('25.0 cm');
  });

  it('shows a length in the unit the reference was typed in: cm, in and ft, exactly', () => {
    // 200 px = 100 cm: 1 px is half a centimetre.
    expect(formatLength(50, reference(200, 100, 'cm'))).toBe('25.0 cm');
    // 100 px = 12 in: 25 px are 3 in, 0.0762 m (an inch is exactly 2.54 cm).
    const inches = reference(100, 12, 'in');
    expect(formatLength(25, inches)).toBe('3.0 in');
    expect(pixelsToMetres(25, inches)).toBeCloseTo(0.0762, 12);
    // 100 px = 1 ft: 50 px are half a foot, 0.1524 m.
    const feet = reference(100, 1, 'ft');
    expect(formatLength(50, feet)).toBe('0.50 ft');
    expect(pixelsToMetres(50, feet)).toBeCloseTo(0.1524, 12);
  });

  it('converts metres into each unit', () => {
    expect(metresTo(1, 'cm')).toBe(100);
    expect(metresTo(1, 'm')).toBe(1);
    expect(metresTo(0.0254, 'in')).toBe(1);
    expect(metresTo(0.3048, 'ft')).toBe(1);
    expect(metresTo(1, 'in')).toBeCloseTo(39.3700787, 6);
  });

  it('stays in pixels without a calibration, or with a reference of no length', () => {
    expect(formatLength(142.4, null)).toBe('142 px');
    expect(pixelsToMetres(50, null)).toBeNull();
    const flat: Calibration = { start: { x: 5, y: 5 }, end: { x: 5, y: 5 }, length: 1, unit: 'm' };
    expect(metresPerPixel(flat)).toBeNull();
    expect(formatLength(50, flat)).toBe('50 px');
    expect(metresPerPixel(reference(100, 0, 'm'))).toBeNull();
  });

  it('speed: metres over real seconds counted in frames (1 m over 4 frames at 30 fps is 7.50 m/s)', () => {
    const c = reference(100, 1, 'm');
    const seconds = realSecondsOfFrames(4, { fileFps: 30, captureFps: 30 });
    const mps = metresPerSecond(pixelsToMetres(100, c), seconds)!;
    expect(mps).toBeCloseTo(7.5, 12);
    expect(formatSpeed(mps)).toBe('7.50 m/s');
    // The same frames of a 240 fps capture saved at 30 fps took an eighth of the time: 8 times faster.
    const slow = realSecondsOfFrames(4, { fileFps: 30, captureFps: 240 });
    expect(formatSpeed(metresPerSecond(1, slow)!)).toBe('60.00 m/s');
  });

  it('has no speed without a calibration or without time', () => {
    expect(metresPerSecond(null, 1)).toBeNull();
    expect(metresPerSecond(1, 0)).toBeNull();
  });
});
