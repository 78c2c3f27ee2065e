import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { concatBytes, EBML_ID as ID } from '@common/ebml';
import { UnsupportedClip, type ByteSource, type EncodedSample } from './types';
import { openWebm } from './webm-demux';

/** A file by its path from the repository root. */
const fixture = (name: string) => new Uint8Array(fs.readFileSync(name));

function source(bytes: Uint8Array): ByteSource {
  const size = bytes.length;
  return { size, read: async (s, e) => bytes.subarray(s, Math.min(e, size)) };
}

async function all(bytes: Uint8Array | ByteSource): Promise<EncodedSample[]> {
  const demuxer = await openWebm(bytes instanceof Uint8Array ? source(bytes) : bytes);
  const out: EncodedSample[] = [];
  for await (const s of demuxer.samples()) out.push(s);
  return out;
}

// A little EBML writer, enough to build the files the tests need.

type Part = Uint8Array | number[];
const cat = (...parts: Part[]) => concatBytes(parts);

function bigEndian(value: number, width: number): number[] {
  const out: number[] = [];
  for (let i = 0, v = value; i < width; i++, v = Math.floor(v / 256)) out.unshift(v % 256);
  return out;
}

function idBytes(id: number): number[] {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return out;
}

function sizeBytes(size: number): number[] {
  let width = 1;
  while (size >= 2 ** (7 * width) - 1) width++;
  const out = bigEndian(size, width);
  out[0]! |= 0x80 >> (width - 1);
  return out;
}

/** An element of known size. */
const el = (id: number, ...body: Part[]) => {
  const data = cat(...body);
  return cat(idBytes(id), sizeBytes(data.length), data);
};
/** An element of unknown size, as MediaRecorder writes the Segment and Clusters. */
const live = (id: number, ...body: Part[]) =>
  cat(idBytes(id), [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], ...body);
const uint = (id: number, value: number) => {
  let width = 1;
  while (value >= 2 ** (8 * width)) width++;
  return el(id, bigEndian(value, width));
};
const text = (id: number, s: string) => el(id, new TextEncoder().encode(s));
const float = (id: number, value: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, value);
  return el(id, b);
};

function videoTrack(
  options: { number?: number; codec?: string; codecPrivate?: Part; defaultDurationNs?: number } = {},
) {
  return el(
    ID.TrackEntry,
    uint(ID.TrackNumber, options.number ?? 1),
    uint(ID.TrackType, 1),
    text(ID.CodecID, options.codec ?? 'V_VP8'),
    options.codecPrivate ? el(ID.CodecPrivate, options.codecPrivate) : [],
    options.defaultDurationNs ? uint(ID.DefaultDuration, options.defaultDurationNs) : [],
    el(ID.Video, uint(ID.PixelWidth, 64), uint(ID.PixelHeight, 48)),
  );
}

const audioTrack = (number: number) =>
  el(ID.TrackEntry, uint(ID.TrackNumber, number), uint(ID.TrackType, 2), text(ID.CodecID, 'A_OPUS'));

/** The EBML header, then a Segment (of unknown size when `live`) holding Info, Tracks and `body`. */
function webm(options: { tracks?: Part[]; info?: Part[]; body?: Part[]; live?: boolean; docType?: string }) {
  const header = el(ID.EBML, text(ID.DocType, options.docType ?? 'webm'));
  const children = [
    el(ID.Info, ...(options.info ?? [])),
    el(ID.Tracks, ...(options.tracks ?? [videoTrack()])),
    ...(options.body ?? []),
  ];
  return cat(header, options.live ? live(ID.Segment, ...children) : el(ID.Segment, ...children));
}

const blockBytes = (track: number, relative: number, flags: number, data: Part) =>
  cat([0x80 | track], bigEndian(relative & 0xffff, 2), [flags], data);
const simpleBlock = (track: number, relative: number, data: Part, flags = 0) =>
  el(ID.SimpleBlock, blockBytes(track, relative, flags, data));
const keyBlock = (track: number, relative: number, data: Part) => simpleBlock(track, relative, data, 0x80);
function blockGroup(
  track: number,
  relative: number,
  data: Part,
  extra: { duration?: number; reference?: number },
) {
  return el(
    ID.BlockGroup,
    el(ID.Block, blockBytes(track, relative, 0, data)),
    extra.duration !== undefined ? uint(ID.BlockDuration, extra.duration) : [],
    extra.reference !== undefined ? el(ID.ReferenceBlock, bigEndian(extra.reference & 0xff, 1)) : [],
  );
}
const cluster = (time: number, ...blocks: Part[]) => el(ID.Cluster, uint(ID.Timecode, time), ...blocks);
const liveCluster = (time: number, ...blocks: Part[]) => live(ID.Cluster, uint(ID.Timecode, time), ...blocks);

/** A frame's bytes, telling frames apart by their first byte. */
const frame = (n: number, length = 4) => Array.from({ length }, (_, i) => (i === 0 ? n : i));

const brief = (samples: EncodedSample[]) =>
  samples.map((s) => ({ t: s.timestampUs, key: s.key, first: s.data[0], d: s.durationUs }));

describe('openWebm on real files', () => {
  it('e2e/fixtures/athlete.webm: VP8 1280x800, 30 frames at 15 fps, key frames at 0 s and 1 s', async () => {
    const bytes = fixture('e2e/fixtures/athlete.webm');
    const demuxer = await openWebm(source(bytes));
    expect(demuxer.track).toEqual({
      config: { codec: 'vp8', codedWidth: 1280, codedHeight: 800 },
      durationUs: 2_000_000,
      frameCount: null,
      rotation: 0,
    });
    const samples = await all(bytes);
    expect(samples).toHaveLength(30);
    expect(samples.filter((s) => s.key).map((s) => s.timestampUs)).toEqual([0, 1_000_000]);
    // Millisecond ticks: 0, 67, 133, 200… ms, each frame lasting the track's DefaultDuration (1/15 s).
    samples.forEach((s, i) => {
      expect(s.timestampUs).toBe(Math.round((i * 1000) / 15) * 1000);
      expect(s.durationUs).toBe(66_667);
    });
    // A VP8 key frame starts with its start code after the 3-byte frame tag.
    expect(Array.from(samples[0]!.data.subarray(3, 6))).toEqual([0x9d, 0x01, 0x2a]);
    expect(samples[0]!.data).toHaveLength(136_246);
    expect(samples.at(-1)!.data).toHaveLength(8_925);
    expect(samples[0]!.data.buffer).not.toBe(bytes.buffer);
  });

  it('test/fixtures/clip.webm: VP8 160x90 with SeekHead and Cues, 18 frames, one key frame', async () => {
    const bytes = fixture('test/fixtures/clip.webm');
    const demuxer = await openWebm(source(bytes));
    expect(demuxer.track.config).toEqual({ codec: 'vp8', codedWidth: 160, codedHeight: 90 });
    expect(demuxer.track.durationUs).toBe(1_109_224);
    const samples = await all(bytes);
    expect(samples).toHaveLength(18);
    expect(samples.map((s) => s.key)).toEqual(samples.map((_, i) => i === 0));
    expect(samples.map((s) => s.timestampUs / 1000).slice(0, 4)).toEqual([0, 4, 119, 185]);
    expect(samples.at(-1)!.timestampUs).toBe(1_109_000);
  });

  it('test/fixtures/recorded-screen.webm: MediaRecorder live stream (unknown sizes, BlockGroups), 25 frames', async () => {
    const bytes = fixture('test/fixtures/recorded-screen.webm');
    const demuxer = await openWebm(source(bytes));
    expect(demuxer.track).toEqual({
      config: { codec: 'vp8', codedWidth: 160, codedHeight: 90 },
      durationUs: null,
      frameCount: null,
      rotation: 0,
    });
    const samples = await all(bytes);
    expect(samples).toHaveLength(25);
    // Every BlockGroup after the first has a ReferenceBlock: one key frame.
    expect(samples.map((s) => s.key)).toEqual(samples.map((_, i) => i === 0));
    expect(samples[0]!.timestampUs).toBe(0);
    expect(samples.at(-1)!.timestampUs).toBe(2_399_000);
    for (let i = 1; i < samples.length; i++) {
      expect(samples[i]!.timestampUs).toBeGreaterThan(samples[i - 1]!.timestampUs);
    }
  });

  it('test/fixtures/recorded-voice.webm: Opus only, no video track', async () => {
    const bytes = fixture('test/fixtures/recorded-voice.webm');
    await expect(openWebm(source(bytes))).rejects.toThrow(UnsupportedClip);
    await expect(openWebm(source(bytes))).rejects.toThrow('no video track');
  });
});

describe('openWebm on built files', () => {
  it('reads Clusters of unknown size in a Segment of unknown size, skipping Cues, Tags and Void', async () => {
    const decoy = keyBlock(1, 0, frame(99)); // inside Cues: must not be read as a frame
    const bytes = webm({
      live: true,
      body: [
        liveCluster(0, keyBlock(1, 0, frame(1)), simpleBlock(1, 33, frame(2))),
        el(ID.Void, [0, 0, 0]),
        liveCluster(66, simpleBlock(1, 0, frame(3))),
        el(ID.Cues, decoy),
        liveCluster(100, keyBlock(1, 0, frame(4))),
        el(ID.Tags, decoy),
      ],
    });
    expect(brief(await all(bytes))).toEqual([
      { t: 0, key: true, first: 1, d: undefined },
      { t: 33_000, key: false, first: 2, d: undefined },
      { t: 66_000, key: false, first: 3, d: undefined },
      { t: 100_000, key: true, first: 4, d: undefined },
    ]);
  });

  it('reads BlockGroups: key when no ReferenceBlock, BlockDuration over DefaultDuration', async () => {
    const bytes = webm({
      info: [uint(ID.TimecodeScale, 500_000), float(ID.Duration, 400)],
      tracks: [videoTrack({ defaultDurationNs: 40_000_000 })],
      body: [
        cluster(
          0,
          blockGroup(1, 0, frame(1), { duration: 80 }),
          blockGroup(1, 80, frame(2), { reference: -80 }),
          simpleBlock(1, 160, frame(3)),
        ),
        cluster(200, blockGroup(1, -10, frame(4), { reference: -30, duration: 20 })),
      ],
    });
    const demuxer = await openWebm(source(bytes));
    expect(demuxer.track.durationUs).toBe(200_000);
    // Ticks of half a millisecond.
    expect(brief(await all(bytes))).toEqual([
      { t: 0, key: true, first: 1, d: 40_000 },
      { t: 40_000, key: false, first: 2, d: 40_000 },
      { t: 80_000, key: false, first: 3, d: 40_000 },
      { t: 95_000, key: false, first: 4, d: 10_000 },
    ]);
  });

  it('skips an interleaved audio track, laced audio blocks included', async () => {
    const bytes = webm({
      tracks: [audioTrack(1), videoTrack({ number: 2 })],
      body: [
        cluster(
          0,
          simpleBlock(1, 0, frame(50), 0x86), // audio, EBML lacing
          keyBlock(2, 0, frame(1)),
          blockGroup(1, 20, frame(51), {}),
          simpleBlock(2, 40, frame(2)),
          simpleBlock(1, 40, frame(52)),
        ),
      ],
    });
    expect(brief(await all(bytes)).map((s) => s.first)).toEqual([1, 2]);
  });

  it('reads the VP9 profile from the first frame, and still yields that frame', async () => {
    // 0x90: frame_marker 0b10, profile_low_bit 0, profile_high_bit 1: profile 2.
    const vp9 = (firstByte: number) =>
      webm({
        tracks: [videoTrack({ codec: 'V_VP9' })],
        body: [cluster(0, keyBlock(1, 0, [firstByte, 1, 2]), simpleBlock(1, 33, [0x90, 0, 0]))],
      });
    const demuxer = await openWebm(source(vp9(0x90)));
    expect(demuxer.track.config).toEqual({ codec: 'vp09.02.10.10', codedWidth: 64, codedHeight: 48 });
    const samples = await all(vp9(0x90));
    expect(samples.map((s) => Array.from(s.data))).toEqual([
      [0x90, 1, 2],
      [0x90, 0, 0],
    ]);
    const profile1 = webm({
      tracks: [videoTrack({ codec: 'V_VP9' })],
      body: [cluster(0, keyBlock(1, 0, [0xa2]))],
    });
    expect((await openWebm(source(profile1))).track.config.codec).toBe('vp09.01.10.08');
    const noFrames = webm({ tracks: [videoTrack({ codec: 'V_VP9' })] });
    expect((await openWebm(source(noFrames))).track.config.codec).toBe('vp09.00.10.08');
    expect(await all(noFrames)).toEqual([]);
  });

  it('reads the AV1 codec string and description from the av1C CodecPrivate', async () => {
    const av1 = (codecPrivate?: number[]) =>
      openWebm(source(webm({ tracks: [videoTrack({ codec: 'V_AV1', codecPrivate })] })));
    // Profile 0, level 8, main tier, high_bitdepth: 10 bits.
    const c = (await av1([0x81, 0x08, 0x40, 0x00])).track.config;
    expect(c.codec).toBe('av01.0.08M.10');
    expect(Array.from(c.description as Uint8Array)).toEqual([0x81, 0x08, 0x40, 0x00]);
    // Profile 2, level 13, high tier, twelve_bit.
    expect((await av1([0x81, 0x4d, 0xe0, 0x00])).track.config.codec).toBe('av01.2.13H.12');
    const none = (await av1()).track.config;
    expect(none.codec).toBe('av01.0.04M.08');
    expect(none.description).toBeUndefined();
  });

  it('reads the H.264 codec string and description from the avcC CodecPrivate', async () => {
    const avcC = [0x01, 0x64, 0x00, 0x1f, 0xff, 0xe1, 0x00, 0x02, 0x67, 0x64];
    const demuxer = await openWebm(
      source(webm({ tracks: [videoTrack({ codec: 'V_MPEG4/ISO/AVC', codecPrivate: avcC })] })),
    );
    expect(demuxer.track.config.codec).toBe('avc1.64001f');
    expect(Array.from(demuxer.track.config.description as Uint8Array)).toEqual(avcC);
    const bare = webm({ tracks: [videoTrack({ codec: 'V_MPEG4/ISO/AVC' })] });
    await expect(openWebm(source(bare))).rejects.toThrow(UnsupportedClip);
  });

  it('refuses HEVC, other codecs, and an encoded (compressed) video track', async () => {
    for (const codec of ['V_MPEGH/ISO/HEVC', 'V_THEORA']) {
      await expect(openWebm(source(webm({ tracks: [videoTrack({ codec })] })))).rejects.toThrow(
        UnsupportedClip,
      );
    }
    const encoded = el(
      ID.TrackEntry,
      uint(ID.TrackNumber, 1),
      uint(ID.TrackType, 1),
      text(ID.CodecID, 'V_VP8'),
      el(ID.ContentEncodings),
    );
    await expect(openWebm(source(webm({ tracks: [encoded] })))).rejects.toThrow(UnsupportedClip);
  });

  it('refuses lacing on the video track, at open or later in the stream', async () => {
    const lacedFirst = webm({ body: [cluster(0, simpleBlock(1, 0, frame(1), 0x82))] });
    await expect(openWebm(source(lacedFirst))).rejects.toThrow('lacing');
    const lacedLater = webm({
      body: [cluster(0, keyBlock(1, 0, frame(1)), simpleBlock(1, 33, frame(2), 0x06))],
    });
    await expect(all(lacedLater)).rejects.toThrow(UnsupportedClip);
  });

  it('refuses files that are not WebM', async () => {
    const notWebm = [
      new Uint8Array(0),
      new TextEncoder().encode('not a video at all'),
      cat([0, 0, 0, 0x20], new TextEncoder().encode('ftypisom'), new Uint8Array(24)), // an MP4
      webm({ docType: 'foo' }),
      el(ID.EBML, text(ID.DocType, 'webm')), // no Segment
    ];
    for (const bytes of notWebm) await expect(openWebm(source(bytes))).rejects.toThrow(UnsupportedClip);
    await expect(openWebm(source(webm({ tracks: [audioTrack(1)] })))).rejects.toThrow('no video track');
  });

  it('refuses a Tracks longer than 1 MiB', async () => {
    const huge = webm({ tracks: [videoTrack({ codecPrivate: new Uint8Array(1024 * 1024 + 1) })] });
    await expect(openWebm(source(huge))).rejects.toThrow('too large');
  });

  it('ends the stream quietly at any cut, after the frames before it', async () => {
    const blocks = [
      keyBlock(1, 0, frame(1, 40)),
      simpleBlock(1, 33, frame(2, 40)),
      simpleBlock(1, 66, frame(3, 40)),
    ];
    const full = webm({ live: true, body: [liveCluster(0, ...blocks)] });
    const headLength = full.length - blocks.reduce((n, b) => n + b.length, 0);
    expect(brief(await all(full)).map((s) => s.first)).toEqual([1, 2, 3]);
    for (let cut = headLength; cut < full.length; cut++) {
      const firsts = brief(await all(full.subarray(0, cut))).map((s) => s.first);
      const whole = cut - headLength;
      const expected = [1, 2, 3].slice(
        0,
        whole < blocks[0]!.length ? 0 : whole < 2 * blocks[0]!.length ? 1 : 2,
      );
      expect(firsts).toEqual(expected);
    }
  });

  it('stops at garbage in the middle of the stream', async () => {
    const bytes = webm({
      live: true,
      body: [
        liveCluster(0, keyBlock(1, 0, frame(1)), simpleBlock(1, 33, frame(2))),
        new Uint8Array(64), // zero bytes: no element ID starts with 0x00
        liveCluster(66, keyBlock(1, 0, frame(3))),
      ],
    });
    expect(brief(await all(bytes)).map((s) => s.first)).toEqual([1, 2]);
    const overrun = webm({
      body: [cat(idBytes(ID.Cluster), sizeBytes(8), uint(ID.Timecode, 0), simpleBlock(1, 0, frame(1, 20)))],
    });
    expect(await all(overrun)).toEqual([]);
  });

  it('gives each frame its own copy of the bytes, and reads the same frames again', async () => {
    const bytes = webm({ body: [cluster(0, keyBlock(1, 0, frame(1)), simpleBlock(1, 33, frame(2)))] });
    const demuxer = await openWebm(source(bytes));
    const first: EncodedSample[] = [];
    for await (const s of demuxer.samples()) first.push(s);
    bytes.fill(0);
    expect(first.map((s) => Array.from(s.data))).toEqual([frame(1), frame(2)]);
    // Not a view into a larger chunk, which would keep that chunk alive as long as the frame.
    for (const s of first) expect(s.data.buffer.byteLength).toBe(s.data.length);
    const again = webm({ body: [cluster(0, keyBlock(1, 0, frame(1)), simpleBlock(1, 33, frame(2)))] });
    const d2 = await openWebm(source(again));
    const a: EncodedSample[] = [];
    const b: EncodedSample[] = [];
    for await (const s of d2.samples()) a.push(s);
    for await (const s of d2.samples()) b.push(s);
    expect(brief(b)).toEqual(brief(a));
  });

  it('reads a multi-GiB file in chunks of at most 1 MiB, skipping what it does not need unread', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 7);
    for (let i = 0; i < big.length; i++) big[i] = i % 251;
    const before = webm({
      live: true,
      body: [liveCluster(0, keyBlock(1, 0, big), simpleBlock(1, 33, frame(2)))],
    });
    // Then a 3 GiB Void (zero bytes nobody stores), then one more Cluster.
    const voidSize = 3 * 1024 ** 3;
    const voidHeader = cat(idBytes(ID.Void), sizeBytes(voidSize));
    const after = liveCluster(66, simpleBlock(1, 0, frame(3)));
    const parts = [
      { at: 0, bytes: cat(before, voidHeader) },
      { at: before.length + voidHeader.length + voidSize, bytes: after },
    ];
    const size = parts[1]!.at + after.length;
    let largest = 0;
    let total = 0;
    const sparse: ByteSource = {
      size,
      read: async (start, end) => {
        const to = Math.min(end, size);
        largest = Math.max(largest, to - start);
        total += to - start;
        const out = new Uint8Array(to - start);
        for (const p of parts) {
          const from = Math.max(start, p.at);
          const until = Math.min(to, p.at + p.bytes.length);
          if (from < until) out.set(p.bytes.subarray(from - p.at, until - p.at), from - start);
        }
        return out;
      },
    };
    const samples = await all(sparse);
    expect(brief(samples).map((s) => [s.t, s.first])).toEqual([
      [0, 0],
      [33_000, 2],
      [66_000, 3],
    ]);
    // Buffer.compare: a deep toEqual over 5 MiB takes seconds.
    expect(Buffer.compare(samples[0]!.data, big)).toBe(0);
    expect(largest).toBeLessThanOrEqual(1024 * 1024);
    // The big frame twice (once when openWebm peeks at it), and little else.
    expect(total).toBeLessThan(2 * big.length + 4 * 1024 * 1024);
  });
});
