import { describe, expect, it } from 'vitest';
import { EBML_ID as ID, readUint, readVint } from './ebml';
import { WebmScanner } from './webm';
import { evenFrameUs, writeWebm, type EncodedFrame } from './webm-writer';

/** `count` frames at `fps`, a key frame each second, each a few distinct bytes. */
function frames(count: number, fps: number): EncodedFrame[] {
  return Array.from({ length: count }, (_, i) => ({
    timestampUs: Math.round((i * 1e6) / fps),
    key: i % fps === 0,
    data: Uint8Array.from([i % 256, 1, 2, 3]),
  }));
}

function scan(bytes: Uint8Array) {
  const scanner = new WebmScanner();
  scanner.push(bytes);
  return scanner.end();
}

/** The first child with `id` of the element whose data runs from `from` to `to`. */
function child(buf: Uint8Array, from: number, to: number, id: number) {
  for (let at = from; at < to;) {
    const i = readVint(buf, at, true)!;
    const s = readVint(buf, at + i.width, false)!;
    const start = at + i.width + s.width;
    if (i.value === id) return { start, end: start + s.value };
    at = start + s.value;
  }
  return null;
}

describe('writeWebm', () => {
  it('writes the Duration (last frame plus its length) and a Cue for each key frame’s Cluster', () => {
    const bytes = writeWebm({
      codec: 'V_VP8',
      width: 64,
      height: 32,
      frames: frames(120, 30),
      lastFrameUs: 1e6 / 30,
    });
    const found = scan(bytes);
    expect(found.problem).toBeNull();
    expect(found.hasDuration).toBe(true);
    expect(found.infoDuration).toBeCloseTo(4000, 2);
    expect(found.hasCues).toBe(true);
    expect(found.clusters.map((c) => c.time)).toEqual([0, 1000, 2000, 3000]);
    // A reader that counts frames (the last one's time plus the frame length) agrees within a tick.
    expect(Math.abs(found.durationTicks - 4000)).toBeLessThanOrEqual(1);

    // Each CueClusterPosition points at a Cluster.
    const segment = child(bytes, 0, bytes.length, ID.EBML)!.end;
    const seg = readVint(bytes, segment, true)!;
    const segSize = readVint(bytes, segment + seg.width, false)!;
    const body = segment + seg.width + segSize.width;
    const cues = child(bytes, body, bytes.length, ID.Cues)!;
    const positions: number[] = [];
    for (let at = cues.start; at < cues.end;) {
      const i = readVint(bytes, at, true)!;
      const s = readVint(bytes, at + i.width, false)!;
      const start = at + i.width + s.width;
      const track = child(bytes, start, start + s.value, ID.CueTrackPositions)!;
      const pos = child(bytes, track.start, track.end, ID.CueClusterPosition)!;
      positions.push(readUint(bytes, pos.start, pos.end));
      at = start + s.value;
    }
    expect(positions).toHaveLength(4);
    for (const p of positions) expect(readVint(bytes, body + p, true)!.value).toBe(ID.Cluster);
  });

  it('writes a DefaultDuration only for evenly spaced frames', () => {
    expect(evenFrameUs([0, 33_333, 66_667, 100_000])).toBeCloseTo(33_333.3, 0);
    expect(evenFrameUs([0, 33_333, 100_000])).toBeNull();
    expect(evenFrameUs([0])).toBeNull();
    const uneven = frames(3, 30);
    uneven[2]!.timestampUs = 200_000;
    const bytes = writeWebm({ codec: 'V_VP9', width: 64, height: 32, frames: uneven, lastFrameUs: 33_333 });
    const found = scan(bytes);
    expect(found.infoDuration).toBeCloseTo(233.333, 3);
    expect(new TextDecoder().decode(bytes)).toContain('V_VP9');
  });

  it('starts another Cluster before a block’s 16-bit time offset would overflow', () => {
    const long = frames(50, 1);
    for (const f of long) f.key = f.timestampUs === 0;
    const found = scan(writeWebm({ codec: 'V_VP8', width: 8, height: 8, frames: long, lastFrameUs: 1e6 }));
    expect(found.problem).toBeNull();
    expect(found.clusters.map((c) => c.time)).toEqual([0, 31_000]);
    expect(found.infoDuration).toBe(50_000);
  });
});
