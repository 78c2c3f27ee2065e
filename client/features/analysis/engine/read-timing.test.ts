import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { concatBytes } from '@common/ebml';
import { nominalRate, parseMoov, readVideoTiming, readVideoTimingAt, slowedByEdits } from './read-timing';

/**
 * Fixtures (test/fixtures/timing-*), 64x48 test pictures made with ffmpeg 5.1 (`-fflags +bitexact`):
 *   timing-30fps.mp4:          -f lavfi -i testsrc=size=64x48:rate=30 -frames:v 30 -c:v libx264 -pix_fmt yuv420p -crf 40
 *   timing-240-saved-at-30.mp4: the same plus -metadata com.android.capture.fps=240 -movflags use_metadata_tags
 *                               (an Android slow-motion clip: 30 fps frames, keys + ilst in moov/udta/meta)
 *   timing-240fps.mp4:         testsrc at rate=240, 48 frames (an iPhone's slow motion is stored like this)
 *   timing-25fps.webm:         testsrc at rate=25, 25 frames, -c:v libvpx-vp9 -b:v 50k (DefaultDuration 40 ms)
 *   timing-30fps-fragmented.mp4: as timing-30fps.mp4 with -g 10 -movflags frag_keyframe+empty_moov (an empty
 *                               stts; each fragment's tfhd gives the frames' duration)
 * The edit lists that slow timing-240fps.mp4 down are written into its bytes here (ffmpeg writes one
 * plain edit).
 */
const FIXTURES = 'test/fixtures';
const bytesOf = (name: string) => new Uint8Array(fs.readFileSync(`${FIXTURES}/${name}`));
const blobOf = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)]);

/** Where a box's type is in the file (the first one). */
function find(bytes: Uint8Array, type: string): number {
  const code = [...type].map((c) => c.charCodeAt(0));
  for (let i = 4; i + 4 <= bytes.length; i++) {
    if (code.every((c, k) => bytes[i + k] === c)) return i - 4;
  }
  throw new Error(`no ${type}`);
}

/**
 * timing-240fps.mp4 with its one edit made `factor` times longer in the movie (and the movie and track
 * with it), at media rate `rate` (16.16 fixed point): how a player is told to slow it down.
 */
function slowed(factor: number, rate: number): Uint8Array {
  const bytes = bytesOf('timing-240fps.mp4');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const elst = find(bytes, 'elst');
  expect(view.getUint32(elst + 12)).toBe(1); // one edit, version 0
  view.setUint32(elst + 16, view.getUint32(elst + 16) * factor);
  view.setInt32(elst + 24, Math.round(rate * 65536));
  const mvhd = find(bytes, 'mvhd');
  view.setUint32(mvhd + 24, view.getUint32(mvhd + 24) * factor);
  const tkhd = find(bytes, 'tkhd');
  view.setUint32(tkhd + 28, view.getUint32(tkhd + 28) * factor);
  return bytes;
}

/**
 * A Blob of `size` bytes holding `parts` at their offsets and zeros elsewhere, nothing stored: it
 * records every range read through slice().
 */
function sparseBlob(size: number, parts: { at: number; bytes: Uint8Array }[]) {
  const reads: [number, number][] = [];
  const blob = {
    size,
    type: 'video/mp4',
    slice(start = 0, end = size) {
      const to = Math.min(end, size);
      reads.push([start, to]);
      const out = new Uint8Array(Math.max(0, to - start));
      for (const p of parts) {
        const from = Math.max(start, p.at);
        const until = Math.min(to, p.at + p.bytes.length);
        if (from < until) out.set(p.bytes.subarray(from - p.at, until - p.at), from - start);
      }
      return new Blob([out]);
    },
  } as unknown as Blob;
  return { blob, reads, bytesRead: () => reads.reduce((n, [s, e]) => n + Math.max(0, e - s), 0) };
}

// ——— boxes built by hand ———

const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};
const text = (s: string) => new TextEncoder().encode(s);
const cat = (...parts: Uint8Array[]) => concatBytes(parts);
const box = (type: string | number, ...payload: Uint8Array[]) => {
  const body = cat(...payload);
  return cat(u32(8 + body.length), typeof type === 'number' ? u32(type) : text(type), body);
};
const zeros = (n: number) => new Uint8Array(n);

/** A moov with one video track of `frames` samples of `delta` in `timescale`, and extra boxes. */
function moov(timescale: number, deltas: [number, number][], ...extra: Uint8Array[]) {
  const mdhd = box('mdhd', zeros(12), u32(timescale), u32(0), zeros(4));
  const hdlr = box('hdlr', zeros(8), text('vide'), zeros(13));
  const stts = box('stts', zeros(4), u32(deltas.length), ...deltas.flatMap(([c, d]) => [u32(c), u32(d)]));
  const tkhd = box('tkhd', zeros(12), u32(1), zeros(64)); // track 1
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', box('stbl', stts))));
  return box('moov', box('mvhd', zeros(12), u32(1000), u32(1000), zeros(80)), trak, ...extra);
}

/** An mdta meta box (QuickTime's, no version; or ISO's full box) with one key and its data box. */
function mdtaMeta(key: string, type: number, value: Uint8Array, iso = false) {
  const hdlr = box('hdlr', zeros(8), text('mdta'), zeros(13));
  const keys = box('keys', zeros(4), u32(1), box('mdta', text(key)));
  const ilst = box('ilst', box(1, box('data', u32(type), zeros(4), value)));
  return box('meta', ...(iso ? [zeros(4)] : []), hdlr, keys, ilst);
}

const float32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, n);
  return b;
};

describe('readVideoTiming', () => {
  it('reads a 30 fps MP4 as 30 fps, with no capture rate', async () => {
    expect(await readVideoTiming(blobOf(bytesOf('timing-30fps.mp4')))).toEqual({
      fileFps: 30,
      captureFps: null,
    });
  });

  it("reads an Android slow-motion clip's capture rate: 240 fps saved at 30", async () => {
    expect(await readVideoTiming(blobOf(bytesOf('timing-240-saved-at-30.mp4')))).toEqual({
      fileFps: 30,
      captureFps: 240,
    });
  });

  it('reads a 240 fps MP4 without slow-motion marks as 240 fps and no capture rate', async () => {
    expect(await readVideoTiming(blobOf(bytesOf('timing-240fps.mp4')))).toEqual({
      fileFps: 240,
      captureFps: null,
    });
  });

  it('reads an edit list that slows the track (media rate 1/8) as captured at the stored rate', async () => {
    expect(await readVideoTiming(blobOf(slowed(8, 0.125)))).toEqual({ fileFps: 240, captureFps: 240 });
  });

  it('reads an edit eight times longer than its media (at rate 1) as slowed too', async () => {
    expect(await readVideoTiming(blobOf(slowed(8, 1)))).toEqual({ fileFps: 240, captureFps: 240 });
    // A little longer (rounding, a last frame held) is not slow motion.
    expect(await readVideoTiming(blobOf(slowed(1, 1)))).toEqual({ fileFps: 240, captureFps: null });
  });

  it('reads a fragmented MP4 (empty stts) from its first fragments', async () => {
    expect(await readVideoTiming(blobOf(bytesOf('timing-30fps-fragmented.mp4')))).toEqual({
      fileFps: 30,
      captureFps: null,
    });
  });

  it('reads a 25 fps WebM as 25 fps', async () => {
    expect(await readVideoTiming(blobOf(bytesOf('timing-25fps.webm')))).toEqual({
      fileFps: 25,
      captureFps: null,
    });
  });

  it('reads a WebM without DefaultDuration from its frame times (a 10 fps MediaRecorder recording)', async () => {
    expect(await readVideoTiming(blobOf(bytesOf('recorded-screen.webm')))).toEqual({
      fileFps: 10,
      captureFps: null,
    });
  });

  it('gives nulls, never throws, for files that are not videos or lie', async () => {
    const nothing = { fileFps: null, captureFps: null };
    const mp4 = bytesOf('timing-30fps.mp4');
    const webm = bytesOf('timing-25fps.webm');
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    const cases: Uint8Array[] = [
      new Uint8Array(0),
      text('not a video at all, just some words'),
      random,
      mp4.slice(0, mp4.length / 2), // cut before its moov (at the end)
      webm.slice(0, 40), // cut in its head
      cat(u32(4), text('ftyp'), random), // a box smaller than its header
      cat(u32(1), text('ftyp'), u32(0xffffffff), u32(0xffffffff), random), // a 64-bit size past any file
      cat(box('ftyp', text('isom')), u32(0x7fffffff), text('moov'), random), // a moov larger than allowed
      cat(box('ftyp', text('isom')), u32(600), text('moov'), random), // a moov of garbage
      cat(text('\x1aE\xdf\xa3'), random), // an EBML magic over garbage
    ];
    for (const bytes of cases) expect(await readVideoTiming(blobOf(bytes))).toEqual(nothing);
    // A cut moov keeps what came before the cut.
    const faststart = cat(box('ftyp', text('isom')), moov(30_000, [[30, 1000]]));
    const cut = await readVideoTiming(blobOf(faststart.slice(0, faststart.length - 4)));
    expect(cut.captureFps).toBeNull();
  });

  it('reads a 2 GB file by its box headers and its moov only', async () => {
    const mp4 = bytesOf('timing-30fps.mp4'); // ftyp, free, mdat, moov
    const mdat = find(mp4, 'mdat');
    const moovAt = find(mp4, 'moov');
    const tail = mp4.subarray(moovAt);
    const size = 2 * 1024 ** 3;
    // The mdat grows to fill 2 GB; the moov stays at the end.
    const head = mp4.slice(0, mdat + 8);
    new DataView(head.buffer).setUint32(mdat, size - tail.length - mdat);
    const file = sparseBlob(size, [
      { at: 0, bytes: head },
      { at: size - tail.length, bytes: tail },
    ]);
    expect(await readVideoTiming(file.blob)).toEqual({ fileFps: 30, captureFps: null });
    expect(file.bytesRead()).toBeLessThan(64 * 1024);
    expect(file.reads.every(([s, e]) => e - s <= tail.length)).toBe(true);

    // A 2 GB WebM is read by its head and first frames only.
    const webm = bytesOf('timing-25fps.webm');
    const big = sparseBlob(size, [{ at: 0, bytes: webm }]);
    expect((await readVideoTiming(big.blob)).fileFps).toBe(25);
    expect(big.bytesRead()).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('the MP4 metadata and tables read', () => {
  it("reads Android's own layout: moov/meta without version, the capture rate as a float32", () => {
    const m = moov(90_000, [[30, 3000]], mdtaMeta('com.android.capture.fps', 23, float32(120)));
    expect(parseMoov(m)).toEqual({ fileFps: 30, captureFps: 120 });
    // A key ending in NULs, a rate a float cannot hold exactly.
    const n = moov(90_000, [[30, 3000]], mdtaMeta('com.android.capture.fps\0', 23, float32(239.99)));
    expect(parseMoov(n)).toEqual({ fileFps: 30, captureFps: 240 });
  });

  it('reads capture-rate keys named the way tools write them for Apple files, in an ISO meta', () => {
    for (const key of ['com.apple.quicktime.capture-fps', 'com.apple.quicktime.capture.framerate']) {
      const m = moov(600, [[10, 20]], box('udta', mdtaMeta(key, 1, text('240'), true)));
      expect(parseMoov(m)).toEqual({ fileFps: 30, captureFps: 240 });
    }
  });

  it("reads Apple's slow-motion original (playback intent 0) as captured at its stored rate", () => {
    const intent = (v: number) =>
      mdtaMeta('com.apple.quicktime.full-frame-rate-playback-intent', 21, new Uint8Array([v]));
    // 240 fps in a 600 timescale: deltas of 2 and 3 in turn.
    const deltas: [number, number][] = Array.from({ length: 20 }, (_, i) => [1, i % 2 ? 3 : 2]);
    expect(parseMoov(moov(600, deltas, intent(0)))).toEqual({ fileFps: 240, captureFps: 240 });
    expect(parseMoov(moov(600, deltas, intent(1)))).toEqual({ fileFps: 240, captureFps: null });
  });

  it('ignores a capture rate that is no rate, and keys of other meanings', () => {
    expect(parseMoov(moov(30, [[30, 1]], mdtaMeta('com.android.capture.fps', 1, text('fast'))))).toEqual({
      fileFps: 30,
      captureFps: null,
    });
    expect(parseMoov(moov(30, [[30, 1]], mdtaMeta('com.android.capture.fps', 23, float32(0))))).toEqual({
      fileFps: 30,
      captureFps: null,
    });
    expect(parseMoov(moov(30, [[30, 1]], mdtaMeta('com.apple.quicktime.make', 1, text('240'))))).toEqual({
      fileFps: 30,
      captureFps: null,
    });
  });

  it('takes the nominal rate: the common delta, its neighbours, not the pauses', () => {
    expect(nominalRate([[30, 1001]], 30_000)).toBe(29.97);
    expect(nominalRate([[24, 1001]], 24_000)).toBe(23.976);
    expect(
      nominalRate(
        [
          [29, 1000],
          [1, 30_000],
          [10, 1000],
        ],
        30_000,
      ),
    ).toBe(30); // a 1 s pause
    expect(
      nominalRate(
        [
          [66, 33],
          [34, 34],
          [2, 32],
        ],
        1000,
      ),
    ).toBe(30); // a phone's variable rate, in ms
    expect(nominalRate([[1, 1000]], 30_000)).toBeNull(); // one frame says no rate
    expect(nominalRate([[30, 1000]], 0)).toBeNull();
    expect(nominalRate([], 30_000)).toBeNull();
  });

  it("reads a fragment's own sample durations, else its default, else the movie's (trex)", () => {
    // trun flags: data offset (0x01) and each sample's duration (0x100) and size (0x200).
    const trun = (durations: number[]) =>
      box('trun', u32(0x301), u32(durations.length), u32(0), ...durations.flatMap((d) => [u32(d), u32(100)]));
    const tfhd = (flags: number, ...rest: Uint8Array[]) => box('tfhd', u32(flags), u32(1), ...rest);
    const moof = (...traf: Uint8Array[]) => box('moof', box('mfhd', zeros(8)), box('traf', ...traf));
    const alternating = Array.from({ length: 12 }, (_, i) => (i % 2 ? 3 : 2)); // 240 fps in 600
    expect(parseMoov(moov(600, []), [moof(tfhd(0), trun(alternating))])).toEqual({
      fileFps: 240,
      captureFps: null,
    });
    // Default duration in the tfhd (flag 0x08) for a run without durations (flags 0x01 only).
    const plainRun = box('trun', u32(0x01), u32(10), u32(0));
    expect(parseMoov(moov(30_000, []), [moof(tfhd(0x08, u32(1001)), plainRun)])).toEqual({
      fileFps: 29.97,
      captureFps: null,
    });
    // Neither: the movie's trex for track 1.
    const mvex = box('mvex', box('trex', zeros(4), u32(1), u32(1), u32(500), u32(0), u32(0)));
    expect(parseMoov(moov(12_000, [], mvex), [moof(tfhd(0), plainRun)])).toEqual({
      fileFps: 24,
      captureFps: null,
    });
    // Another track's fragments say nothing of the video's.
    const other = box('tfhd', u32(0x08), u32(2), u32(1001));
    expect(parseMoov(moov(30_000, []), [moof(other, plainRun)])).toEqual({ fileFps: null, captureFps: null });
  });

  it('tells a slowing edit from plain ones', () => {
    const edit = (segment: number, mediaTime: number, rate = 1) => ({ segment, mediaTime, rate });
    // movie 1000/s, media 600/s, 2 s of media (1200)
    expect(slowedByEdits([edit(2000, 0)], 1000, 600, 1200)).toBe(false);
    expect(slowedByEdits([edit(500, -1), edit(2000, 0)], 1000, 600, 1200)).toBe(false); // a pause first
    expect(slowedByEdits([edit(2000, 0, 0.5)], 1000, 600, 1200)).toBe(true);
    // normal, 8 times slower, normal (an iPhone's slow motion in the middle of its clip)
    expect(slowedByEdits([edit(500, 0), edit(4000, 300), edit(1000, 600)], 1000, 600, 1200)).toBe(true);
    expect(slowedByEdits([edit(2000, 0)], 0, 600, 1200)).toBe(false);
  });
});

describe('readVideoTimingAt (a lesson video, by HTTP ranges)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A server holding `bytes` that answers ranges (206) or, with `ranges` false, the whole file (200). */
  function serve(bytes: Uint8Array, ranges = true) {
    const asked: string[] = [];
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const range = new Headers(init?.headers).get('Range') ?? '';
      asked.push(range);
      const m = /^bytes=(\d+)-(\d+)$/.exec(range);
      if (!ranges || !m) return new Response(new Uint8Array(bytes), { status: 200 });
      const start = Number(m[1]);
      const end = Math.min(Number(m[2]) + 1, bytes.length);
      return new Response(bytes.slice(start, end), {
        status: 206,
        headers: { 'Content-Range': `bytes ${start}-${end - 1}/${bytes.length}` },
      });
    });
    vi.stubGlobal('fetch', fetch);
    return asked;
  }

  it("reads an MP4's and a WebM's rate by ranges", async () => {
    const asked = serve(bytesOf('timing-240-saved-at-30.mp4'));
    expect(await readVideoTimingAt('/api/lesson-video')).toEqual({ fileFps: 30, captureFps: 240 });
    expect(asked.every((r) => /^bytes=\d+-\d+$/.test(r))).toBe(true);
    serve(bytesOf('timing-25fps.webm'));
    expect(await readVideoTimingAt('/api/lesson-video')).toEqual({ fileFps: 25, captureFps: null });
  });

  it('gives nulls when the server answers no ranges or fails, without reading on', async () => {
    const asked = serve(bytesOf('timing-30fps.mp4'), false);
    expect(await readVideoTimingAt('/api/lesson-video')).toEqual({ fileFps: null, captureFps: null });
    expect(asked).toHaveLength(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await readVideoTimingAt('/api/lesson-video')).toEqual({ fileFps: null, captureFps: null });
  });
});
