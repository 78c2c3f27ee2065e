import { describe, expect, it } from 'vitest';
import type { EncodedSample } from '../pose/demux/types';
import { clipWindow, inWindow, samplesForWindow } from './clip-window';

/** A 30 fps file's frames in decode order, a key frame every `keyEvery`, times rounded to the ms. */
function samples(count: number, keyEvery: number, fps = 30): EncodedSample[] {
  return Array.from({ length: count }, (_, i) => ({
    timestampUs: Math.round((i * 1000) / fps) * 1000,
    key: i % keyEvery === 0,
    data: new Uint8Array(1),
  }));
}

async function* generate(list: EncodedSample[]) {
  yield* list;
}

async function collect(list: EncodedSample[], at: number, seconds = 4) {
  const out: EncodedSample[] = [];
  for await (const s of samplesForWindow(generate(list), clipWindow(at, seconds))) out.push(s);
  return out;
}

/** Which frames of `list` the clip shows (the window's frames after decoding). */
const shown = (list: EncodedSample[], at: number) =>
  list.filter((s) => inWindow(s.timestampUs, clipWindow(at, 4))).map((s) => s.timestampUs);

describe('clipWindow', () => {
  it('is the asked seconds centred on the frame', () => {
    expect(clipWindow(5, 4)).toEqual({ fromUs: 3_000_000, toUs: 7_000_000 });
  });

  it('is cut, not shifted, at the video’s start', () => {
    expect(clipWindow(0.5, 4)).toEqual({ fromUs: 0, toUs: 2_500_000 });
  });

  it('holds 4 s of a 30 fps clip at 5 s: 120 frames, from 3 s', () => {
    const frames = shown(samples(300, 30), 5);
    expect(frames).toHaveLength(120);
    expect(frames[0]).toBe(3_000_000);
    expect(frames.at(-1)).toBe(6_967_000);
  });

  it('holds 2.5 s at 0.5 s (75 frames) and every frame of a shorter clip', () => {
    expect(shown(samples(300, 30), 0.5)).toHaveLength(75);
    expect(shown(samples(60, 30), 1)).toHaveLength(60);
  });
});

describe('samplesForWindow', () => {
  it('starts at the last key frame at or before the window and stops at the first key frame after it', async () => {
    const got = await collect(samples(300, 30), 5.5);
    // Window 3.5–7.5 s: from the key frame at 3 s to the one at 8 s (not included).
    expect(got[0]!.timestampUs).toBe(3_000_000);
    expect(got[0]!.key).toBe(true);
    expect(got.at(-1)!.timestampUs).toBe(7_967_000);
    expect(got.filter((s) => s.key)).toHaveLength(5);
  });

  it('stops a second past the window when no key frame comes', async () => {
    const got = await collect(samples(600, 1000), 5);
    expect(got[0]!.timestampUs).toBe(0);
    expect(got.at(-1)!.timestampUs).toBeLessThan(8_000_000);
    expect(got.at(-1)!.timestampUs).toBeGreaterThanOrEqual(7_900_000);
  });

  it('skips frames before the first key frame (a cut file), and ends with the file', async () => {
    const list = samples(90, 30).slice(5);
    const got = await collect(list, 1);
    expect(got[0]!.timestampUs).toBe(1_000_000);
    expect(got.at(-1)!.timestampUs).toBe(2_967_000);
  });

  it('gives the last key frame’s frames when the window starts after the file ends', async () => {
    const got = await collect(samples(60, 30), 9);
    expect(got.map((s) => s.timestampUs)).toEqual(
      samples(60, 30)
        .slice(30)
        .map((s) => s.timestampUs),
    );
  });
});
