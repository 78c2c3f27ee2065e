import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '@common/ebml';
import { looksLikeMp4, openMp4 } from './mp4-demux';
import { UnsupportedClip, type ByteSource, type EncodedSample } from './types';

/**
 * e2e/fixtures/athlete.mp4 (moov at the end) was made with
 *   ffmpeg -i e2e/fixtures/athlete.webm -f lavfi -i "sine=frequency=440:duration=2" -c:v libx264 \
 *     -profile:v high -bf 2 -g 15 -pix_fmt yuv420p -crf 30 -c:a aac -b:a 32k -shortest athlete.mp4
 * and test/fixtures/athlete-faststart.mp4 (moov before mdat) with the same command plus
 * `-movflags +faststart`: H.264 High with 2 B-frames, 1280x800, 15 fps, 30 frames, key frames at
 * frames 0 and 15, AAC audio interleaved.
 */
const AT_END = 'e2e/fixtures/athlete.mp4';
const FASTSTART = 'test/fixtures/athlete-faststart.mp4';

/** A file by its path from the repository root. */
const fixture = (name: string) => new Uint8Array(fs.readFileSync(name));

function source(bytes: Uint8Array): ByteSource {
  const size = bytes.length;
  return { size, read: async (s, e) => bytes.subarray(s, Math.min(e, size)) };
}

/** A source that records every read, as [start, end) of what it answered. */
function recording(inner: ByteSource) {
  const reads: [number, number][] = [];
  const wrapped: ByteSource = {
    size: inner.size,
    read: async (start, end) => {
      const out = await inner.read(start, end);
      reads.push([start, start + out.length]);
      return out;
    },
  };
  return { source: wrapped, reads };
}

/** A source of `size` bytes holding `parts` at their offsets and zeros elsewhere (nothing stored). */
function sparse(size: number, parts: { at: number; bytes: Uint8Array }[]): ByteSource {
  return {
    size,
    read: async (start, end) => {
      const to = Math.min(end, size);
      const out = new Uint8Array(Math.max(0, to - start));
      for (const p of parts) {
        const from = Math.max(start, p.at);
        const until = Math.min(to, p.at + p.bytes.length);
        if (from < until) out.set(p.bytes.subarray(from - p.at, until - p.at), from - start);
      }
      return out;
    },
  };
}

async function all(from: Uint8Array | ByteSource): Promise<EncodedSample[]> {
  const demuxer = await openMp4(from instanceof Uint8Array ? source(from) : from);
  const out: EncodedSample[] = [];
  for await (const s of demuxer.samples()) out.push(s);
  return out;
}

// A little ISO BMFF box reader, enough to find and patch what the tests need.

type Box = { type: string; start: number; size: number };

function boxesIn(bytes: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    const size = view.getUint32(at);
    out.push({ type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)), start: at, size });
    at += size;
  }
  return out;
}

/** The one child of `parent` (or top-level box when null) of the given type. */
function child(bytes: Uint8Array, parent: Box | null, type: string): Box {
  const list = parent
    ? boxesIn(bytes, parent.start + 8, parent.start + parent.size)
    : boxesIn(bytes, 0, bytes.length);
  const found = list.filter((b) => b.type === type);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The moov's traks, by their handler type ('vide', 'soun'). */
function traks(bytes: Uint8Array): Map<string, Box> {
  const moov = child(bytes, null, 'moov');
  const out = new Map<string, Box>();
  for (const trak of boxesIn(bytes, moov.start + 8, moov.start + moov.size).filter(
    (b) => b.type === 'trak',
  )) {
    const hdlr = child(bytes, child(bytes, trak, 'mdia'), 'hdlr');
    // hdlr: header(8) version/flags(4) pre_defined(4) handler_type(4)
    out.set(String.fromCharCode(...bytes.subarray(hdlr.start + 16, hdlr.start + 20)), trak);
  }
  return out;
}

const stblOf = (bytes: Uint8Array, trak: Box) =>
  child(bytes, child(bytes, child(bytes, trak, 'mdia'), 'minf'), 'stbl');

/** The payload of the video track's avcC box, as the file stores it. */
function avcCOf(bytes: Uint8Array): Uint8Array {
  const stsd = child(bytes, stblOf(bytes, traks(bytes).get('vide')!), 'stsd');
  // stsd: header(8) version/flags(4) entry_count(4), then the avc1 entry, whose boxes follow its
  // 78 bytes of VisualSampleEntry fields.
  const avc1 = boxesIn(bytes, stsd.start + 16, stsd.start + stsd.size)[0]!;
  expect(avc1.type).toBe('avc1');
  const avcC = boxesIn(bytes, avc1.start + 86, avc1.start + avc1.size).find((b) => b.type === 'avcC')!;
  return bytes.subarray(avcC.start + 8, avcC.start + avcC.size);
}

/** A copy of `bytes` with a trak's tkhd matrix set to a b / c d (16.16 fixed point). */
function withMatrix(bytes: Uint8Array, handler: string, [a, b, c, d]: number[]): Uint8Array {
  const copy = bytes.slice();
  const tkhd = child(copy, traks(copy).get(handler)!, 'tkhd');
  expect(copy[tkhd.start + 8]).toBe(0); // version 0: 32-bit times
  // header(8) version/flags(4) creation(4) modification(4) track_ID(4) reserved(4) duration(4)
  // reserved(8) layer(2) alternate_group(2) volume(2) reserved(2): the matrix at 48, a b u c d v x y w.
  const view = new DataView(copy.buffer);
  const matrix = tkhd.start + 48;
  view.setInt32(matrix, a!);
  view.setInt32(matrix + 4, b!);
  view.setInt32(matrix + 12, c!);
  view.setInt32(matrix + 16, d!);
  return copy;
}

const cat = (...parts: (Uint8Array | number[])[]) => concatBytes(parts);
const boxHeader = (size: number, type: string) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  return out;
};

/** The file offset of each sample's bytes (found in the whole file; decode order is file order). */
function offsetsOf(bytes: Uint8Array, samples: EncodedSample[]): number[] {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let from = 0;
  return samples.map((s) => {
    const at = file.indexOf(s.data, from);
    expect(at).toBeGreaterThan(0);
    from = at + s.data.length;
    return at;
  });
}

/** What every version of the fixture must give: decoder settings and the 30 frames. */
async function expectAthlete(bytes: Uint8Array) {
  const demuxer = await openMp4(source(bytes));
  const { config, durationUs, frameCount } = demuxer.track;
  expect(config.codec).toBe('avc1.640020');
  expect([config.codedWidth, config.codedHeight]).toEqual([1280, 800]);
  // The avcC record: configurationVersion 1, AVCProfileIndication 100 (High), compatibility, level 3.2.
  const description = config.description as Uint8Array;
  expect(description).toBeInstanceOf(Uint8Array);
  expect(Array.from(description.subarray(0, 4))).toEqual([0x01, 0x64, 0x00, 0x20]);
  // Exactly the file's avcC payload: no box header, nothing after it.
  expect(Buffer.compare(description, avcCOf(bytes))).toBe(0);
  expect(durationUs).toBe(2_000_000);
  expect(frameCount).toBe(30);

  const samples = await all(bytes);
  expect(samples).toHaveLength(30);
  expect(samples[0]!.key).toBe(true);
  expect(samples[0]!.timestampUs).toBe(0);
  expect(samples.filter((s) => s.key).map((s) => s.timestampUs)).toEqual([0, 1_000_000]);
  // The B-frame delay (composition offsets) is taken off: the first frame shown is at 0.
  const shown = samples.map((s) => s.timestampUs).sort((a, b) => a - b);
  expect(shown).toEqual(Array.from({ length: 30 }, (_, i) => Math.round((i * 1e6) / 15)));
  // B-frames: decode order is not presentation order.
  expect(samples.map((s) => s.timestampUs)).not.toEqual(shown);
  for (const s of samples) expect(s.durationUs).toBe(66_667);
  // AVCC: each frame is NAL units behind 4-byte big-endian lengths that chain exactly to its end.
  for (const s of samples) {
    const view = new DataView(s.data.buffer, s.data.byteOffset, s.data.byteLength);
    let at = 0;
    let units = 0;
    while (at + 4 <= s.data.length) {
      const length = view.getUint32(at);
      expect(length).toBeGreaterThan(0);
      at += 4 + length;
      units++;
    }
    expect(units).toBeGreaterThan(0);
    expect(at).toBe(s.data.length);
    // Each frame is its own copy, not a view into a larger read that it would keep alive.
    expect(s.data.buffer.byteLength).toBe(s.data.length);
  }
  return samples;
}

describe('openMp4 on real files', () => {
  it('e2e/fixtures/athlete.mp4 (moov at the end): H.264 High 1280x800, 30 frames, B-frames', async () => {
    await expectAthlete(fixture(AT_END));
  });

  it('test/fixtures/athlete-faststart.mp4 (moov first): the same track and the same frames', async () => {
    const atEnd = await all(fixture(AT_END));
    const faststart = await expectAthlete(fixture(FASTSTART));
    // Only the file layout differs: same times, key flags and bytes.
    expect(faststart.map((s) => s.timestampUs)).toEqual(atEnd.map((s) => s.timestampUs));
    expect(faststart.map((s) => s.key)).toEqual(atEnd.map((s) => s.key));
    faststart.forEach((s, i) => expect(Buffer.compare(s.data, atEnd[i]!.data)).toBe(0));
  });

  it('reads the same frames again from a second samples() call', async () => {
    const demuxer = await openMp4(source(fixture(AT_END)));
    const times = async () => {
      const out: number[] = [];
      for await (const s of demuxer.samples()) out.push(s.timestampUs);
      return out;
    };
    const first = await times();
    expect(first).toHaveLength(30);
    expect(await times()).toEqual(first);
  });

  it('looksLikeMp4 is true for the head of either file', () => {
    expect(looksLikeMp4(fixture(AT_END).subarray(0, 16))).toBe(true);
    expect(looksLikeMp4(fixture(FASTSTART).subarray(0, 16))).toBe(true);
  });
});

describe('openMp4 reads', () => {
  for (const name of [AT_END, FASTSTART]) {
    it(`${name}: opening reads box headers, ftyp and moov, never the frames in mdat`, async () => {
      const bytes = fixture(name);
      const top = boxesIn(bytes, 0, bytes.length);
      const { source: src, reads } = recording(source(bytes));
      const demuxer = await openMp4(src);
      for (const [start, end] of reads) {
        const box = top.find((b) => b.start === start);
        expect(box, `a read at ${start}`).toBeDefined();
        // A header read (at most 16 bytes: size, type, 64-bit size), or a whole ftyp or moov.
        const whole = end === box!.start + box!.size && ['ftyp', 'moov'].includes(box!.type);
        expect(end - start <= 16 || whole, `read ${start}-${end} of ${box!.type}`).toBe(true);
      }
      expect(reads.some(([s, e]) => e - s > 16 && top.find((b) => b.start === s)!.type === 'mdat')).toBe(
        false,
      );

      reads.length = 0;
      let largest = 0;
      for await (const s of demuxer.samples()) largest = Math.max(largest, s.data.length);
      for (const [start, end] of reads) expect(end - start).toBeLessThanOrEqual(4 * 1024 * 1024 + largest);
      // The whole mdat is smaller than one 4 MiB read.
      expect(reads).toHaveLength(1);
    });
  }

  it('reads frames spread over a large file a few MiB at a time, each frame intact', async () => {
    // The faststart file with every chunk (video and audio) moved 1 MiB further than the one before:
    // its stco offsets patched, the mdat grown to match, zeros in between that nobody stores.
    const bytes = fixture(FASTSTART);
    const original = await all(bytes);
    const head = bytes.slice();
    const view = new DataView(head.buffer);
    const mdat = child(head, null, 'mdat');
    expect(mdat.start).toBeGreaterThan(child(head, null, 'moov').start);
    const entries: number[] = []; // where each stco entry is in the file
    for (const trak of traks(head).values()) {
      const stco = child(head, stblOf(head, trak), 'stco');
      const count = view.getUint32(stco.start + 12);
      for (let i = 0; i < count; i++) entries.push(stco.start + 16 + 4 * i);
    }
    const offsets = [...new Set(entries.map((e) => view.getUint32(e)))].sort((a, b) => a - b);
    const gap = 1024 * 1024;
    const moved = (offset: number) => offset + offsets.indexOf(offset) * gap;
    const parts = [{ at: 0, bytes: head.subarray(0, mdat.start + 8) }];
    offsets.forEach((offset, k) => {
      const end = offsets[k + 1] ?? mdat.start + mdat.size;
      parts.push({ at: moved(offset), bytes: bytes.subarray(offset, end) });
    });
    for (const e of entries) view.setUint32(e, moved(view.getUint32(e)));
    const size = mdat.start + mdat.size + (offsets.length - 1) * gap;
    view.setUint32(mdat.start, size - mdat.start);
    expect(size).toBeGreaterThan(50 * 1024 * 1024);

    const { source: src, reads } = recording(sparse(size, parts));
    const samples = await all(src);
    expect(samples.map((s) => [s.timestampUs, s.key])).toEqual(original.map((s) => [s.timestampUs, s.key]));
    samples.forEach((s, i) => expect(Buffer.compare(s.data, original[i]!.data)).toBe(0));
    const largest = Math.max(...samples.map((s) => s.data.length));
    for (const [start, end] of reads) expect(end - start).toBeLessThanOrEqual(4 * 1024 * 1024 + largest);
    // Several frames per read, not one read per frame.
    expect(reads.length).toBeLessThan(samples.length);
  });
});

describe('openMp4 on cut and damaged files', () => {
  it('refuses a file with moov at the end cut short in the middle of mdat', async () => {
    const bytes = fixture(AT_END);
    const mdat = child(bytes, null, 'mdat');
    for (const cut of [mdat.start + 8, mdat.start + Math.floor(mdat.size / 2), mdat.start + mdat.size]) {
      await expect(openMp4(source(bytes.subarray(0, cut)))).rejects.toThrow(UnsupportedClip);
    }
    // Cut inside the moov itself.
    await expect(openMp4(source(bytes.subarray(0, bytes.length - 100)))).rejects.toThrow(UnsupportedClip);
  });

  it('refuses a faststart file cut inside its moov', async () => {
    const bytes = fixture(FASTSTART);
    const moov = child(bytes, null, 'moov');
    for (const cut of [moov.start + 4, moov.start + 100, moov.start + moov.size - 1]) {
      await expect(openMp4(source(bytes.subarray(0, cut)))).rejects.toThrow(UnsupportedClip);
    }
  });

  it('gives a faststart file cut in mdat the frames wholly before the cut, then ends quietly', async () => {
    const bytes = fixture(FASTSTART);
    const whole = await all(bytes);
    const starts = offsetsOf(bytes, whole);
    const ends = starts.map((s, i) => s + whole[i]!.data.length);
    const mdat = child(bytes, null, 'mdat');
    const cuts = [
      mdat.start + 8, // no frame at all
      ends[9]!, // exactly after frame 10 (decode order)
      ends[9]! - 1, // one byte short of it
      starts[20]! + 5,
      mdat.start + Math.floor(mdat.size / 2),
      bytes.length - 1,
    ];
    for (const cut of cuts) {
      const expected = ends.filter((e) => e <= cut).length;
      const samples = await all(bytes.subarray(0, cut));
      expect(samples, `cut at ${cut}`).toHaveLength(expected);
      samples.forEach((s, i) => {
        expect(s.timestampUs).toBe(whole[i]!.timestampUs);
        expect(Buffer.compare(s.data, whole[i]!.data)).toBe(0);
      });
    }
    expect(ends.filter((e) => e <= ends[9]!)).toHaveLength(10);
  });

  it('refuses a fragmented file (a moof box at the top level)', async () => {
    const bytes = cat(fixture(FASTSTART), boxHeader(16, 'moof'), new Uint8Array(8));
    await expect(openMp4(source(bytes))).rejects.toThrow('fragmented');
  });

  it('says how far a video track the file asks to be shown turned is turned, and refuses a mirrored one', async () => {
    const bytes = fixture(AT_END);
    const one = 0x10000;
    expect((await openMp4(source(bytes))).track.rotation).toBe(0);
    const turns = { 90: [0, one, -one, 0], 180: [-one, 0, 0, -one], 270: [0, -one, one, 0] };
    for (const [degrees, matrix] of Object.entries(turns)) {
      const track = (await openMp4(source(withMatrix(bytes, 'vide', matrix)))).track;
      expect(track.rotation, `${degrees}°`).toBe(Number(degrees));
      expect(track.config.codedWidth).toBe(1280);
    }
    // As ffmpeg's `-metadata:s:v:0 rotate=90` writes it (e2e/fixtures/athlete-turned.mp4).
    expect((await openMp4(source(fixture('e2e/fixtures/athlete-turned.mp4')))).track.rotation).toBe(270);
    for (const matrix of [
      [-one, 0, 0, one],
      [one, 0, 0, -one],
      [2 * one, 0, 0, 2 * one],
    ]) {
      await expect(openMp4(source(withMatrix(bytes, 'vide', matrix))), String(matrix)).rejects.toThrow(
        'mirrored',
      );
    }
    // The audio track's matrix means nothing to the video.
    const audioTurned = withMatrix(bytes, 'soun', turns[90]);
    expect((await openMp4(source(audioTurned))).track.rotation).toBe(0);
  });

  it('refuses a moov larger than 64 MiB without reading it', async () => {
    const ftyp = fixture(AT_END).subarray(0, 32);
    expect(String.fromCharCode(...ftyp.subarray(4, 8))).toBe('ftyp');
    const moovSize = 64 * 1024 * 1024 + 8;
    const big = recording(sparse(32 + moovSize, [{ at: 0, bytes: cat(ftyp, boxHeader(moovSize, 'moov')) }]));
    await expect(openMp4(big.source)).rejects.toThrow('too large');
    // The same with a 64-bit size (size 1, then largesize).
    const largeSize = 2 ** 33;
    const header64 = cat(boxHeader(1, 'moov'), [0, 0, 0, 2, 0, 0, 0, 0]);
    const big64 = recording(sparse(32 + largeSize, [{ at: 0, bytes: cat(ftyp, header64) }]));
    await expect(openMp4(big64.source)).rejects.toThrow('too large');
    for (const [start, end] of [...big.reads, ...big64.reads]) expect(end - start).toBeLessThanOrEqual(32);
  });
});

describe('files that are not MP4', () => {
  const notMp4 = {
    text: new TextEncoder().encode('not a video at all, just some words'),
    empty: new Uint8Array(0),
    'a WebM': fixture('e2e/fixtures/athlete.webm').subarray(0, 4096),
  };

  for (const [name, bytes] of Object.entries(notMp4)) {
    it(`refuses ${name}, and looksLikeMp4 says no`, async () => {
      await expect(openMp4(source(bytes))).rejects.toThrow(UnsupportedClip);
      expect(looksLikeMp4(bytes.subarray(0, 16))).toBe(false);
    });
  }
});
