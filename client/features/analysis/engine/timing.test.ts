import { describe, expect, it } from 'vitest';
import {
  formatSeconds,
  frameAt,
  isCaptureRate,
  mediaSecondsOf,
  mediaTimeOfFrame,
  realSeconds,
  realSecondsOfFrames,
  realTimeAt,
  slowMotionFactor,
} from './timing';

const SLOW = { fileFps: 30, captureFps: 240 };

describe('real time from frames', () => {
  it('reads 240 frames of a 240 fps capture saved at 30 fps as exactly 1.000 s', () => {
    expect(realSecondsOfFrames(240, SLOW)).toBe(1);
    expect(formatSeconds(realSecondsOfFrames(240, SLOW))).toBe('1.000 s');
    // The file shows them over 8 s: the same clip as recorded reads 8 s.
    expect(realSecondsOfFrames(240, { fileFps: 30, captureFps: 30 })).toBe(8);
    expect(slowMotionFactor(SLOW)).toBe(8);
  });

  it('is exact at every frame, whatever rounding the media times carry', () => {
    for (let frame = 0; frame <= 960; frame++) {
      // A seek aims at the middle of the frame; the player may report its start, a little before or after.
      const times = [mediaTimeOfFrame(frame, 30), frame / 30, frame / 30 + 1e-9, (frame + 0.999) / 30];
      for (const t of times) {
        expect(frameAt(t, 30)).toBe(frame);
        expect(realTimeAt(t, SLOW)).toBe(frame / 240);
      }
    }
    expect(formatSeconds(realTimeAt(mediaTimeOfFrame(100, 30), SLOW))).toBe('0.417 s');
  });

  it('finds the frame of a seek in the middle of a frame, at other file rates too', () => {
    expect(frameAt(1.5 / 30, 30)).toBe(1);
    expect(frameAt(8.0166, 30)).toBe(240);
    expect(frameAt(0, 30)).toBe(0);
    expect(frameAt(-1, 30)).toBe(0);
    expect(frameAt(Number.NaN, 30)).toBe(0);
    const ntsc = 30000 / 1001;
    for (let frame = 0; frame < 2000; frame += 7)
      expect(frameAt(mediaTimeOfFrame(frame, ntsc), ntsc)).toBe(frame);
    expect(realTimeAt(mediaTimeOfFrame(240, ntsc), { fileFps: ntsc, captureFps: 240 })).toBe(1);
  });

  it('turns durations and offsets both ways', () => {
    expect(realSeconds(9, SLOW)).toBe(1.125);
    expect(mediaSecondsOf(1.125, SLOW)).toBe(9);
    expect(mediaSecondsOf(realSeconds(2.345, SLOW), SLOW)).toBeCloseTo(2.345, 12);
  });

  it('formats to the millisecond', () => {
    expect(formatSeconds(1)).toBe('1.000 s');
    expect(formatSeconds(0.4166666)).toBe('0.417 s');
    expect(formatSeconds(0)).toBe('0.000 s');
    expect(formatSeconds(12.3456)).toBe('12.346 s');
    expect(formatSeconds(Number.NaN)).toBe('0.000 s');
  });

  it('accepts typed capture rates from 1 to 10000 fps', () => {
    expect(isCaptureRate(240)).toBe(true);
    expect(isCaptureRate(29.97)).toBe(true);
    expect(isCaptureRate(0)).toBe(false);
    expect(isCaptureRate(20000)).toBe(false);
    expect(isCaptureRate(Number.NaN)).toBe(false);
  });
});
