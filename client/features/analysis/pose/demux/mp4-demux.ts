/**
 * The video track of an MP4 or QuickTime (.mov) file — what phones record — for the clip analysis to
 * decode in order (types.ts). The file's boxes are walked by their headers alone; only the `moov` box
 * (the sample tables, usually a few hundred kilobytes, at either end of the file) is read whole and
 * parsed by mp4box.js; each frame's bytes are then read from `mdat` where the tables say, a few
 * megabytes at a time, so a clip of any length is never in memory at once.
 *
 * A phone held upright stores its frames sideways with a matrix that turns them when shown: the
 * turn is given as `rotation` (the player applies it, a decoder does not). Not read here
 * (UnsupportedClip, and the analysis seeks frame by frame instead): fragmented files (`moof`), and a
 * matrix other than a quarter turn (mirrored, scaled or skewed).
 */
import { createFile, DataStream, Endianness, MP4BoxBuffer, type Movie, type Sample } from 'mp4box';
import { UnsupportedClip, type ByteSource, type Demuxer, type EncodedSample } from './types';

/** The `moov` box is read whole: larger than this is not a clip a member records. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** Frames are read from the file this many bytes at a time (fewer when a frame is larger). */
const READ_BYTES = 4 * 1024 * 1024;

type TopBox = { type: string; start: number; size: number };

export { looksLikeMp4 } from './mp4-signature';

/** The top-level boxes of the file, from their 8- or 16-byte headers. */
async function topBoxes(source: ByteSource): Promise<TopBox[]> {
  const boxes: TopBox[] = [];
  let at = 0;
  while (at + 8 <= source.size) {
    const head = await source.read(at, at + 16);
    if (head.length < 8) break;
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    let size = view.getUint32(0);
    const type = String.fromCharCode(...head.subarray(4, 8));
    if (!/^[\x20-\x7e]{4}$/.test(type)) throw new UnsupportedClip('Not an MP4 file');
    if (size === 1) {
      if (head.length < 16) break;
      size = Number(view.getBigUint64(8));
    } else if (size === 0) {
      size = source.size - at;
    }
    if (size < 8) throw new UnsupportedClip('A damaged MP4 box');
    boxes.push({ type, start: at, size });
    at += size;
  }
  return boxes;
}

/** The presentation time of a sample, in microseconds. */
function presentationUs(sample: Sample, shift: number): number {
  return Math.round(((sample.cts - shift) * 1e6) / sample.timescale);
}

/** The decoder's description (avcC, hvcC or av1C, without its box header), when the codec has one. */
function descriptionOf(entry: unknown): Uint8Array | undefined {
  const e = entry as Record<string, { write(stream: DataStream): void } | undefined>;
  const box = e.avcC ?? e.hvcC ?? e.av1C;
  if (!box) return undefined;
  const stream = new DataStream(undefined, 0, Endianness.BIG_ENDIAN);
  box.write(stream);
  return new Uint8Array(stream.buffer, 8);
}

/**
 * The clockwise turn a tkhd matrix (a b u / c d v / x y w, 16.16 fixed point) shows the frames with,
 * or null for any other transform. A point (x, y) is shown at (a·x + c·y, b·x + d·y), y downwards:
 * a = d = 1 is upright; b = 1, c = −1 sends the right edge down, a quarter turn clockwise.
 */
function rotationOf(matrix: ArrayLike<number> | undefined): 0 | 90 | 180 | 270 | null {
  if (!matrix || matrix.length < 5) return 0;
  const one = 0x10000;
  const key = [matrix[0], matrix[1], matrix[3], matrix[4]].map((v) => Math.sign(v ?? 0)).join(',');
  if (![matrix[0], matrix[1], matrix[3], matrix[4]].every((v) => v === 0 || Math.abs(v ?? 0) === one))
    return null;
  const turns: Record<string, 0 | 90 | 180 | 270> = {
    '1,0,0,1': 0,
    '0,1,-1,0': 90,
    '-1,0,0,-1': 180,
    '0,-1,1,0': 270,
  };
  return turns[key] ?? null;
}

export async function openMp4(source: ByteSource): Promise<Demuxer> {
  const boxes = await topBoxes(source);
  if (boxes.some((b) => b.type === 'moof')) throw new UnsupportedClip('A fragmented MP4 file');
  const moov = boxes.find((b) => b.type === 'moov');
  if (!moov) throw new UnsupportedClip('No moov box: not an MP4 file, or one cut short');
  if (moov.size > MAX_MOOV_BYTES) throw new UnsupportedClip('The MP4 sample tables are too large');
  const ftyp = boxes.find((b) => b.type === 'ftyp');

  // mp4box.js is given the ftyp and moov boxes as if they were the whole file; the sample tables
  // keep their own offsets into the real file, where the frames are read from below.
  const parts = [ftyp, moov].filter((b): b is TopBox => !!b);
  const bytes = new Uint8Array(parts.reduce((n, b) => n + b.size, 0));
  let at = 0;
  for (const box of parts) {
    const part = await source.read(box.start, box.start + box.size);
    if (part.length < box.size) throw new UnsupportedClip('The MP4 file is cut short');
    bytes.set(part, at);
    at += box.size;
  }
  const file = createFile();
  let movie: Movie | null = null;
  let failure: string | null = null;
  file.onReady = (info) => (movie = info);
  file.onError = (_module, message) => (failure = message);
  file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes.buffer, 0));
  file.flush();
  const info = movie as Movie | null;
  if (!info) throw new UnsupportedClip(failure ?? 'The MP4 sample tables could not be read');
  const video = info.videoTracks[0];
  if (!video) throw new UnsupportedClip('No video track');
  const rotation = rotationOf(video.matrix as unknown as ArrayLike<number>);
  if (rotation === null) throw new UnsupportedClip('A mirrored or distorted video track');
  const trak = file.getTrackById(video.id);
  const samples = trak.samples ?? [];
  if (samples.length === 0) throw new UnsupportedClip('The video track has no frames');
  const entry = trak.mdia?.minf?.stbl?.stsd?.entries[0];
  const description = descriptionOf(entry);
  // The first frame shown is at 0, as a player shows it (a B-frame stream's first time is later).
  const shift = samples.reduce((min, s) => Math.min(min, s.cts), Infinity);

  return {
    track: {
      config: {
        codec: video.codec,
        codedWidth: video.video?.width ?? video.track_width,
        codedHeight: video.video?.height ?? video.track_height,
        ...(description ? { description } : {}),
      },
      durationUs: video.timescale > 0 ? Math.round((video.samples_duration * 1e6) / video.timescale) : null,
      frameCount: samples.length,
      rotation,
    },
    async *samples(): AsyncGenerator<EncodedSample, void, undefined> {
      let window: Uint8Array = new Uint8Array(0);
      let windowStart = 0;
      for (const sample of samples) {
        const end = sample.offset + sample.size;
        if (sample.offset < windowStart || end > windowStart + window.length) {
          windowStart = sample.offset;
          window = await source.read(
            windowStart,
            Math.min(source.size, windowStart + Math.max(READ_BYTES, sample.size)),
          );
          // A frame past the end of the file: the file was cut short; the frames before it stand.
          if (end > windowStart + window.length) return;
        }
        yield {
          timestampUs: presentationUs(sample, shift),
          durationUs: Math.round((sample.duration * 1e6) / sample.timescale),
          key: sample.is_sync,
          data: window.slice(sample.offset - windowStart, end - windowStart),
        };
      }
    },
  };
}
