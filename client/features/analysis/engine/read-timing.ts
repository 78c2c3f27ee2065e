/**
 * A video file's own timing (issue 33, part 2; docs/decisions.md decision 62, "Reading the rate"): the
 * rate its frames are stored at (`fileFps`) and, when the file says, the rate they were captured at
 * (`captureFps`, e.g. 240 for a phone's slow motion saved at 30 fps). Only the parts of the file that
 * say so are read, through Blob.slice (or HTTP ranges for a lesson's video): an MP4/MOV's box headers
 * and its `moov` box (the sample tables, at either end of the file); a WebM's head and its first frames.
 * A 2 GB clip costs a few reads.
 *
 * MP4/MOV:
 * - file rate: the video track's `mdhd` timescale over its nominal `stts` sample delta (the most common
 *   delta, averaged with the deltas near it so that a 240 fps track in a 600 timescale, 2 and 3 in
 *   turn, reads 240), put on a standard rate like the measured one (pose/frame-rate.ts);
 * - capture rate, from the `mdta` metadata (`keys` + `ilst` in `moov/meta`, `moov/udta/meta` or the
 *   video track's): `com.android.capture.fps` (Android slow motion and time lapse), and any key named
 *   like a capture rate (`….capture.fps`, `….capture-fps`, `….capture.framerate`, as written for
 *   Apple's files by some tools);
 * - a slow-motion edit list (an edit with a media rate below 1, or one whose duration in the movie is
 *   at least 1.5 times the media it shows; how an iPhone keeps its slow motion), or Apple's
 *   `com.apple.quicktime.full-frame-rate-playback-intent` = 0 (an iPhone's slow-motion original): the
 *   frames are stored at their capture times, so the capture rate is the stored rate. Chromium (and
 *   Firefox) play such a file at its stored times, not slowed (checked in Chromium: a 240 fps track
 *   slowed 8 times by its edit list plays its frames 1/240 s apart), so the file rate is the stored
 *   rate too and every time the member reads is real time.
 * WebM/Matroska: the video track's DefaultDuration (through the demuxer's frames), else the times of
 * its first frames; Matroska has no capture-rate field.
 *
 * A file that is not a video, is cut short or lies about its sizes gives nulls; this never throws.
 */
import { rateFromTimes, snapFrameRate } from '../pose/frame-rate';
import { openWebm } from '../pose/demux/webm-demux';
import { looksLikeMp4 } from '../pose/demux/mp4-signature';
import { blobSource, type ByteSource } from '../pose/demux/types';
import { isCaptureRate } from './timing';

export type FileTiming = { fileFps: number | null; captureFps: number | null };

const NOTHING: FileTiming = { fileFps: null, captureFps: null };
/** The `moov` box is read whole: larger than this is not a clip a member records (as mp4-demux.ts). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** Top-level boxes looked at before giving up (a file of tiny boxes would otherwise be read header by header). */
const MAX_TOP_BOXES = 1000;
/** The first fragments of a fragmented MP4 read for their sample durations, and how large one may be. */
const FRAGMENTS = 3;
const MAX_MOOF_BYTES = 1024 * 1024;
/** WebM frames whose times are read when the track has no DefaultDuration. */
const WEBM_FRAMES = 60;
/** An edit showing its media this many times longer than the media is slow motion. */
const SLOWED = 1.5;
/** Metadata keys that hold a capture rate: com.android.capture.fps, com.apple.quicktime.capture-fps, …capture.framerate. */
const CAPTURE_KEY = /(^|\.)capture[._-]?(fps|frame-?rate)$/i;
const PLAYBACK_INTENT_KEY = 'com.apple.quicktime.full-frame-rate-playback-intent';

/** The file's frame rate and capture rate, each null when the file does not say. Never throws. */
export async function readVideoTiming(file: Blob): Promise<FileTiming> {
  try {
    return await readTiming(blobSource(file));
  } catch {
    return NOTHING;
  }
}

/**
 * The same for a video this server serves (a lesson's video), read by HTTP ranges. A server that does not
 * answer ranges gives nulls: the whole video is never fetched for this.
 */
export async function readVideoTimingAt(url: string): Promise<FileTiming> {
  try {
    const source = await rangeSource(url);
    return source ? await readTiming(source) : NOTHING;
  } catch {
    return NOTHING;
  }
}

async function rangeSource(url: string): Promise<ByteSource | null> {
  const first = await fetch(url, { headers: { Range: 'bytes=0-15' } });
  const total = /\/(\d+)$/.exec(first.headers.get('Content-Range') ?? '')?.[1];
  await first.body?.cancel();
  if (first.status !== 206 || !total) return null;
  return {
    size: Number(total),
    read: async (start, end) => {
      if (end <= start) return new Uint8Array(0);
      const response = await fetch(url, { headers: { Range: `bytes=${start}-${end - 1}` } });
      if (response.status !== 206) {
        await response.body?.cancel();
        throw new Error(`No range from the video (${response.status})`);
      }
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

async function readTiming(source: ByteSource): Promise<FileTiming> {
  const head = await source.read(0, 16);
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return readWebm(source);
  if (looksLikeMp4(head)) return readMp4(source);
  return NOTHING;
}

// ——— MP4 / QuickTime ———

/** A box held in memory: where its header begins (`at`), and its payload from `start` to `end`. */
type Box = { type: string; at: number; start: number; end: number };

const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** The box at `at` in `b` (payload from `start` to `end`, clipped to `to`), or null when damaged. */
function boxAt(b: Uint8Array, view: DataView, at: number, to: number): Box | null {
  if (at + 8 > to) return null;
  let size = view.getUint32(at);
  let start = at + 8;
  if (size === 1) {
    if (at + 16 > to) return null;
    size = Number(view.getBigUint64(at + 8));
    start = at + 16;
  } else if (size === 0) {
    size = to - at;
  }
  if (size < start - at) return null;
  return { type: fourcc(b, at + 4), at, start, end: Math.min(to, at + size) };
}

/** The boxes from `from` to `to`; a damaged one ends the list (a cut file keeps what came before). */
function childrenOf(b: Uint8Array, view: DataView, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  for (;;) {
    const box = boxAt(b, view, at, to);
    if (!box) return out;
    out.push(box);
    if (box.end <= at) return out;
    at = box.end;
  }
}

/**
 * The top-level boxes, from their headers alone; in a fragmented file the walk stops at its
 * FRAGMENTS-th `moof` (such a file has a `moof` and an `mdat` for every second or so).
 */
async function topBoxes(source: ByteSource): Promise<{ type: string; at: number; size: number }[]> {
  const boxes: { type: string; at: number; size: number }[] = [];
  let at = 0;
  let moofs = 0;
  while (at + 8 <= source.size && boxes.length < MAX_TOP_BOXES && moofs < FRAGMENTS) {
    const head = await source.read(at, at + 16);
    if (head.length < 8) break;
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    let size = view.getUint32(0);
    const type = fourcc(head, 4);
    if (!/^[\x20-\x7e]{4}$/.test(type)) break;
    if (size === 1) {
      if (head.length < 16) break;
      size = Number(view.getBigUint64(8));
    } else if (size === 0) {
      size = source.size - at;
    }
    if (size < 8) break;
    boxes.push({ type, at, size });
    if (type === 'moof') moofs++;
    at += size;
  }
  return boxes;
}

async function readMp4(source: ByteSource): Promise<FileTiming> {
  const boxes = await topBoxes(source);
  const moov = boxes.find((b) => b.type === 'moov');
  if (!moov || moov.size > MAX_MOOV_BYTES) return NOTHING;
  const b = await source.read(moov.at, moov.at + moov.size);
  // A fragmented file (a browser's MP4 recording) keeps its frames' durations in its fragments.
  const moofs: Uint8Array[] = [];
  for (const box of boxes.filter((x) => x.type === 'moof' && x.size <= MAX_MOOF_BYTES)) {
    moofs.push(await source.read(box.at, box.at + box.size));
  }
  return parseMoov(b, moofs);
}

type Edit = { segment: number; mediaTime: number; rate: number };

/**
 * What the moov says, with the first fragments (`moof` boxes) of a fragmented file, whose sample
 * durations stand for its empty `stts`. Exported for tests that build boxes by hand.
 */
export function parseMoov(b: Uint8Array, moofs: readonly Uint8Array[] = []): FileTiming {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const moov = boxAt(b, view, 0, b.length);
  if (!moov || moov.type !== 'moov') return NOTHING;
  const kids = (box: Box) => childrenOf(b, view, box.start, box.end);
  const child = (box: Box | undefined, type: string) =>
    box ? kids(box).find((c) => c.type === type) : undefined;
  const top = kids(moov);

  const mvhd = top.find((c) => c.type === 'mvhd');
  const movieScale = mvhd ? timescaleOf(view, mvhd) : 0;

  // The first video track: its handler says 'vide'.
  const video = top
    .filter((c) => c.type === 'trak')
    .find((trak) => {
      const hdlr = child(child(trak, 'mdia'), 'hdlr');
      return !!hdlr && hdlr.start + 12 <= hdlr.end && fourcc(b, hdlr.start + 8) === 'vide';
    });
  const mdia = child(video, 'mdia');
  const mdhd = child(mdia, 'mdhd');
  const stts = child(child(child(mdia, 'minf'), 'stbl'), 'stts');
  const mediaScale = mdhd ? timescaleOf(view, mdhd) : 0;
  let deltas = stts ? sampleDeltas(view, stts) : [];
  if (deltas.length === 0 && video && moofs.length > 0) {
    const tkhd = child(video, 'tkhd');
    const trackId = tkhd ? view.getUint32(tkhd.start + (view.getUint8(tkhd.start) === 1 ? 20 : 12)) : 0;
    const trex =
      child(moov, 'mvex') &&
      kids(child(moov, 'mvex')!).find(
        (c) => c.type === 'trex' && c.start + 16 <= c.end && view.getUint32(c.start + 4) === trackId,
      );
    const fallback = trex ? view.getUint32(trex.start + 12) : 0;
    deltas = moofs.flatMap((moof) => fragmentDeltas(moof, trackId, fallback));
  }
  const fileFps = nominalRate(deltas, mediaScale);

  // Metadata: the movie's (moov/meta, moov/udta/meta), then the video track's.
  const metas = [moov, child(moov, 'udta'), video, child(video, 'udta')]
    .map((box) => child(box, 'meta'))
    .filter((m): m is Box => !!m);
  const values = new Map<string, number>();
  for (const meta of metas) {
    for (const [key, value] of readMdta(b, view, meta)) if (!values.has(key)) values.set(key, value);
  }
  for (const [key, value] of values) {
    if (!CAPTURE_KEY.test(key)) continue;
    const fps = snapFrameRate(value);
    if (isCaptureRate(fps)) return { fileFps, captureFps: fps };
  }

  // Slow motion kept as the file's own stored rate: an edit list that slows it, or Apple's intent key.
  const elst = child(child(video, 'edts'), 'elst');
  const mediaLength = deltas.reduce((n, [count, delta]) => n + count * delta, 0);
  const slowed =
    values.get(PLAYBACK_INTENT_KEY) === 0 ||
    (!!elst && slowedByEdits(readEdits(view, elst), movieScale, mediaScale, mediaLength));
  return { fileFps, captureFps: slowed ? fileFps : null };
}

/**
 * The sample durations of track `trackId` in one `moof`, as [count, delta] pairs: each sample's own
 * (trun), else the fragment's default (tfhd), else the movie's (trex, `fallback`).
 */
function fragmentDeltas(bytes: Uint8Array, trackId: number, fallback: number): [number, number][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const moof = boxAt(bytes, view, 0, bytes.length);
  if (!moof || moof.type !== 'moof') return [];
  const out: [number, number][] = [];
  for (const traf of childrenOf(bytes, view, moof.start, moof.end)) {
    if (traf.type !== 'traf') continue;
    const boxes = childrenOf(bytes, view, traf.start, traf.end);
    const tfhd = boxes.find((c) => c.type === 'tfhd');
    if (!tfhd || tfhd.start + 8 > tfhd.end || view.getUint32(tfhd.start + 4) !== trackId) continue;
    const flags = view.getUint32(tfhd.start) & 0xffffff;
    // base-data-offset (8 bytes), sample-description-index (4), then default-sample-duration.
    const at = tfhd.start + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
    const defaultDuration = flags & 0x08 && at + 4 <= tfhd.end ? view.getUint32(at) : fallback;
    for (const trun of boxes.filter((c) => c.type === 'trun' && c.start + 8 <= c.end)) {
      const runFlags = view.getUint32(trun.start) & 0xffffff;
      const count = view.getUint32(trun.start + 4);
      if (!(runFlags & 0x100)) {
        if (defaultDuration > 0) out.push([count, defaultDuration]);
        continue;
      }
      const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => runFlags & f).length * 4;
      let p = trun.start + 8 + (runFlags & 0x01 ? 4 : 0) + (runFlags & 0x04 ? 4 : 0);
      for (let i = 0; i < count && p + 4 <= trun.end; i++, p += perSample) out.push([1, view.getUint32(p)]);
    }
  }
  return out;
}

/** The timescale of an mvhd or mdhd (version 0: 32-bit times; version 1: 64-bit). */
function timescaleOf(view: DataView, box: Box): number {
  const at = box.start + (view.getUint8(box.start) === 1 ? 20 : 12);
  return at + 4 <= box.end ? view.getUint32(at) : 0;
}

/** The stts table as [sample count, delta] pairs (as many as the box holds). */
function sampleDeltas(view: DataView, stts: Box): [number, number][] {
  if (stts.start + 8 > stts.end) return [];
  const count = view.getUint32(stts.start + 4);
  const out: [number, number][] = [];
  for (let i = 0, at = stts.start + 8; i < count && at + 8 <= stts.end; i++, at += 8) {
    out.push([view.getUint32(at), view.getUint32(at + 4)]);
  }
  return out;
}

/**
 * The nominal rate of a track: its most common sample delta, averaged with the deltas within half of
 * it (a phone's variable rate, a 240 fps track's 2s and 3s in a 600 timescale) and apart from pauses.
 */
export function nominalRate(deltas: readonly [number, number][], timescale: number): number | null {
  if (timescale <= 0) return null;
  const byDelta = new Map<number, number>();
  let samples = 0;
  for (const [count, delta] of deltas) {
    if (count === 0 || delta === 0) continue;
    byDelta.set(delta, (byDelta.get(delta) ?? 0) + count);
    samples += count;
  }
  if (samples < 2) return null;
  let common = 0;
  for (const [delta, count] of byDelta) if (count > (byDelta.get(common) ?? 0)) common = delta;
  let count = 0;
  let total = 0;
  for (const [delta, n] of byDelta) {
    if (delta < common / 2 || delta > common * 1.5) continue;
    count += n;
    total += n * delta;
  }
  const fps = (timescale * count) / total;
  return Number.isFinite(fps) && fps >= 0.1 && fps <= 10_000 ? snapFrameRate(fps) : null;
}

function readEdits(view: DataView, elst: Box): Edit[] {
  if (elst.start + 8 > elst.end) return [];
  const v1 = view.getUint8(elst.start) === 1;
  const count = view.getUint32(elst.start + 4);
  const size = v1 ? 20 : 12;
  const out: Edit[] = [];
  for (let i = 0, at = elst.start + 8; i < count && at + size <= elst.end; i++, at += size) {
    const segment = v1 ? Number(view.getBigUint64(at)) : view.getUint32(at);
    const mediaTime = v1 ? Number(view.getBigInt64(at + 8)) : view.getInt32(at + 4);
    const rate = view.getInt32(at + (v1 ? 16 : 8)) / 65536;
    out.push({ segment, mediaTime, rate });
  }
  return out;
}

/**
 * Whether an edit slows the media down: its media rate is below 1, or (at rate 1) its duration in the
 * movie is at least SLOWED times the media it shows (up to the next edit's media time, or the media's end).
 */
export function slowedByEdits(
  edits: readonly Edit[],
  movieScale: number,
  mediaScale: number,
  mediaLength: number,
): boolean {
  if (movieScale <= 0 || mediaScale <= 0) return false;
  return edits.some((edit, i) => {
    if (edit.mediaTime < 0) return false; // an empty edit: a pause before the track starts
    if (edit.rate > 0 && edit.rate < 0.99) return true;
    if (edit.rate !== 1) return false;
    const next = edits.slice(i + 1).find((e) => e.mediaTime >= 0);
    const shown = (next ? next.mediaTime : mediaLength) - edit.mediaTime;
    return shown > 0 && edit.segment / movieScale >= (SLOWED * shown) / mediaScale;
  });
}

/** The numbers of an mdta `meta` box: its `keys` names and their `ilst` values (other values are skipped). */
function readMdta(b: Uint8Array, view: DataView, meta: Box): Map<string, number> {
  const values = new Map<string, number>();
  // ISO's meta is a full box (4 bytes of version and flags first); QuickTime's is not.
  const quickTime =
    meta.start + 8 <= meta.end && ['hdlr', 'keys', 'ilst'].includes(fourcc(b, meta.start + 4));
  const from = quickTime ? meta.start : meta.start + 4;
  const kids = childrenOf(b, view, from, meta.end);
  const keysBox = kids.find((c) => c.type === 'keys');
  const ilst = kids.find((c) => c.type === 'ilst');
  if (!keysBox || !ilst) return values;
  const names: string[] = [];
  for (const entry of childrenOf(b, view, keysBox.start + 8, keysBox.end)) {
    // Each key: size, namespace ('mdta'), then the name; boxAt read the namespace as its type.
    names.push(new TextDecoder().decode(b.subarray(entry.start, entry.end)).replace(/\0+$/, ''));
  }
  for (const item of childrenOf(b, view, ilst.start, ilst.end)) {
    // An ilst item's type is the 1-based index of its key.
    const index = view.getUint32(item.at + 4);
    const name = names[index - 1];
    const data = childrenOf(b, view, item.start, item.end).find((c) => c.type === 'data');
    if (!name || !data || data.start + 8 > data.end) continue;
    const value = dataValue(view, view.getUint32(data.start) & 0xffffff, data.start + 8, data.end);
    if (value !== null) values.set(name, value);
  }
  return values;
}

/** A `data` box's value as a number, by its well-known type (QuickTime file format, "Well-known types"). */
function dataValue(view: DataView, type: number, from: number, to: number): number | null {
  const n = to - from;
  const signed = (size: number) =>
    size === 1
      ? view.getInt8(from)
      : size === 2
        ? view.getInt16(from)
        : size === 4
          ? view.getInt32(from)
          : size === 8
            ? Number(view.getBigInt64(from))
            : null;
  const unsigned = (size: number) =>
    size === 1
      ? view.getUint8(from)
      : size === 2
        ? view.getUint16(from)
        : size === 4
          ? view.getUint32(from)
          : size === 8
            ? Number(view.getBigUint64(from))
            : null;
  switch (type) {
    case 1: {
      // UTF-8 text, as ffmpeg writes it: "240"
      const text = new TextDecoder().decode(new Uint8Array(view.buffer, view.byteOffset + from, n)).trim();
      const value = /^[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : NaN;
      return Number.isFinite(value) ? value : null;
    }
    case 23: // float32, as Android writes com.android.capture.fps
      return n === 4 ? view.getFloat32(from) : null;
    case 24:
      return n === 8 ? view.getFloat64(from) : null;
    case 21:
      return signed(n);
    case 22:
      return unsigned(n);
    case 65:
      return n === 1 ? signed(1) : null;
    case 66:
      return n === 2 ? signed(2) : null;
    case 67:
      return n === 4 ? signed(4) : null;
    case 74:
      return n === 8 ? signed(8) : null;
    case 75:
      return n === 1 ? unsigned(1) : null;
    case 76:
      return n === 2 ? unsigned(2) : null;
    case 77:
      return n === 4 ? unsigned(4) : null;
    case 78:
      return n === 8 ? unsigned(8) : null;
    default:
      return null;
  }
}

// ——— WebM / Matroska ———

async function readWebm(source: ByteSource): Promise<FileTiming> {
  const demuxer = await openWebm(source);
  const times: number[] = [];
  for await (const sample of demuxer.samples()) {
    // The frame's duration is the track's DefaultDuration (or its BlockGroup's own): the file's word.
    if (sample.durationUs !== undefined && sample.durationUs > 0) {
      return { fileFps: snapFrameRate(1e6 / sample.durationUs), captureFps: null };
    }
    times.push(sample.timestampUs);
    if (times.length >= WEBM_FRAMES) break;
  }
  return { fileFps: rateFromMicroseconds(times), captureFps: null };
}

/**
 * A rate from frame times in microseconds, in any order (B-frames come in decode order): sorted, then
 * as the player's measured rate (rateFromTimes), within 0.1–10,000 fps.
 */
function rateFromMicroseconds(times: number[]): number | null {
  const perMicrosecond = rateFromTimes(
    [...times].sort((a, b) => a - b),
    0,
  );
  if (perMicrosecond === null) return null;
  const fps = perMicrosecond * 1e6;
  return Number.isFinite(fps) && fps >= 0.1 && fps <= 10_000 ? snapFrameRate(fps) : null;
}
