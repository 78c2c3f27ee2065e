/**
 * A posted attempt's clip, made frame by frame (issue 30, docs/decisions.md decision 51): the window
 * around the frame is decoded in order with WebCodecs (the pose worker's demuxers and decoder,
 * decision 42), each frame is drawn with the member's drawings by the caller, encoded with
 * `VideoEncoder` (VP8, else VP9) at the source's own frame times, and written as a WebM with its
 * Duration and Cues. Nothing plays in real time, so a busy moment costs time, never frames. Loaded
 * on demand (the post dialog asks for it), with mp4box.js for phone clips.
 */
import { writeWebm, type EncodedFrame } from '@common/webm-writer';
import { decodeFrames, openClip } from '../pose/demux/decode-clip';
import { blobSource, UnsupportedClip, type ByteSource, type Demuxer } from '../pose/demux/types';
import { clipWindow, inWindow, samplesForWindow, type ClipWindow } from './clip-window';

/** The browser cannot make this clip; `message` says why, to the member. */
export class ClipUnsupported extends Error {}

export type MakeClipOptions = {
  /** The member's own file, or the URL of a video this server serves (a lesson video). */
  source: Blob | string;
  /** The frame's time, in seconds: the clip is `seconds` centred on it, cut to the video. */
  at: number;
  seconds: number;
  /** The video's length as the player knows it (0 or Infinity when it does not): for the progress only. */
  duration: number;
  /** The video's size as the player shows it: decoded frames of another shape are not the member's view. */
  size: { width: number; height: number };
  /** The clip's size. */
  width: number;
  height: number;
  /**
   * Player 2 laid over player 1 (Side by Side's Overlay, decision 64): its file, its size as its player
   * shows it, and its media time at a media time of player 1 (Sync's mapping, capture rates counted).
   * Its frames are decoded in step with the clip's, in order, as the clip's are.
   */
  overlay?: OverlaySource | null;
  /**
   * Draws one frame (`image`, the player's size, upright) as the tool shows it, onto `ctx` of the clip's
   * size; `over` is player 2's frame shown at that moment (upright, its size) and its media time.
   */
  draw(
    ctx: CanvasRenderingContext2D,
    image: CanvasImageSource,
    seconds: number,
    over: { image: CanvasImageSource; seconds: number } | null,
  ): void;
  signal: AbortSignal;
  /** How far it is, from 0 to 1. */
  onProgress(fraction: number): void;
};

export type OverlaySource = {
  source: Blob | string;
  size: { width: number; height: number };
  timeAt(seconds: number): number;
};

const BITRATE = 2_500_000;
/** A key frame at least this often, so that the player seeks quickly (each starts a Cluster and a Cue). */
const KEY_EVERY_US = 1_000_000;
/** Frames waiting for the encoder at most. */
const ENCODE_AHEAD = 3;
const FALLBACK_FRAME_US = 1e6 / 30;

type Encoder = { config: VideoEncoderConfig; codec: 'V_VP8' | 'V_VP9' };

/**
 * The first WebM codec this browser encodes at this size, or null. VP9 first: Chromium's VP8 encoder
 * at 1280 × 640 made 3–4 frames a second on a busy 2-core machine (its threads wait for each other by
 * spinning), VP9 about 40 (decision 51).
 */
async function pickEncoder(width: number, height: number): Promise<Encoder | null> {
  if (typeof VideoEncoder !== 'function' || typeof VideoFrame !== 'function') return null;
  const candidates = [
    { codec: 'V_VP9', config: { codec: 'vp09.00.10.08', width, height, bitrate: BITRATE } },
    { codec: 'V_VP8', config: { codec: 'vp8', width, height, bitrate: BITRATE } },
  ] as const;
  for (const candidate of candidates) {
    const support = await VideoEncoder.isConfigSupported(candidate.config).catch(() => null);
    if (support?.supported) return { codec: candidate.codec, config: { ...candidate.config } };
  }
  return null;
}

/** A video of this server read a range at a time (the whole of a lesson video is never in memory). */
async function urlSource(url: string): Promise<ByteSource> {
  const first = await fetch(url, { headers: { Range: 'bytes=0-0' } });
  if (!first.ok) throw new Error(`The video could not be read (${first.status})`);
  const total = /\/(\d+)$/.exec(first.headers.get('Content-Range') ?? '')?.[1];
  if (first.status !== 206 || !total) {
    // No ranges: the whole file.
    return blobSource(await (await fetch(url)).blob());
  }
  await first.body?.cancel();
  return {
    size: Number(total),
    read: async (start, end) => {
      if (end <= start) return new Uint8Array(0);
      const response = await fetch(url, { headers: { Range: `bytes=${start}-${end - 1}` } });
      if (!response.ok) throw new Error(`The video could not be read (${response.status})`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return response.status === 206 ? bytes : bytes.subarray(start, end);
    },
  };
}

async function open(source: Blob | string): Promise<Demuxer> {
  try {
    return await openClip(typeof source === 'string' ? await urlSource(source) : blobSource(source));
  } catch (error) {
    if (error instanceof UnsupportedClip)
      throw new ClipUnsupported('it cannot read this video frame by frame');
    throw error;
  }
}

/**
 * Why this browser cannot make the clip of `source` (in words for the dialog: 'it cannot encode
 * video'), or null when it can: an encoder for WebM, and a decoder for the video's codec (HEVC often
 * has none), and for the overlaid video's when player 2 is laid over it.
 */
export async function clipProblem(
  source: Blob | string,
  width: number,
  height: number,
  overlay: Blob | string | null = null,
): Promise<string | null> {
  if (typeof VideoDecoder !== 'function' || !(await pickEncoder(width, height)))
    return 'it cannot encode video';
  try {
    for (const file of overlay ? [source, overlay] : [source]) {
      const { config } = (await open(file)).track;
      const support = await VideoDecoder.isConfigSupported(config).catch(() => null);
      if (!support?.supported)
        return file === source
          ? 'it cannot decode this video’s format in order'
          : 'it cannot decode the overlaid video’s format in order';
    }
    return null;
  } catch (error) {
    if (error instanceof ClipUnsupported) return error.message;
    throw error;
  }
}

/** `frame` turned `rotation` degrees clockwise onto `canvas` (the size it is shown at). */
function turn(canvas: HTMLCanvasElement, frame: VideoFrame, rotation: 90 | 180 | 270): HTMLCanvasElement {
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, canvas.width / 2, canvas.height / 2);
  ctx.rotate((rotation * Math.PI) / 180);
  const [w, h] = rotation === 180 ? [canvas.width, canvas.height] : [canvas.height, canvas.width];
  ctx.drawImage(frame, -w / 2, -h / 2, w, h);
  return canvas;
}

const abortError = () => new DOMException('The clip was cancelled', 'AbortError');

/** Holds `frame` for a drawing, upright at the size its player shows (a copy when it must be turned). */
function uprightCanvas(size: { width: number; height: number }, rotation: number): HTMLCanvasElement | null {
  if (!rotation) return null;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

/**
 * Player 2's frames, decoded in order as player 1's clip asks for later and later times: `at(us)` is
 * the frame shown at `us` of player 2's file (its last frame at or before it; before its first frame,
 * the first). Frames are read once; the one shown is kept until a later one replaces it.
 */
async function overlayFrames(overlay: OverlaySource, window: ClipWindow) {
  const demuxer = await open(overlay.source);
  const { rotation } = demuxer.track;
  const from = Math.max(0, overlay.timeAt(window.fromUs / 1e6));
  const to = Math.max(from, overlay.timeAt(window.toUs / 1e6));
  const frames = decodeFrames({
    track: demuxer.track,
    samples: () => samplesForWindow(demuxer.samples(), clipWindow((from + to) / 2, to - from)),
  });
  const upright = uprightCanvas(overlay.size, rotation);
  let shown: VideoFrame | null = null;
  let next: VideoFrame | null = null;
  let ended = false;
  return {
    async at(us: number): Promise<{ image: CanvasImageSource; seconds: number } | null> {
      while (!ended) {
        if (!next) {
          const step = await frames.next();
          if (step.done) {
            ended = true;
            break;
          }
          next = step.value;
        }
        // Half a millisecond either way is the same moment (WebM rounds to the millisecond).
        if (next.timestamp > us + 500 && shown) break;
        shown?.close();
        shown = next;
        next = null;
        if (shown.timestamp > us + 500) break;
      }
      if (!shown) return null;
      const image = upright ? turn(upright, shown, rotation as 90 | 180 | 270) : shown;
      return { image, seconds: shown.timestamp / 1e6 };
    },
    async close() {
      shown?.close();
      next?.close();
      shown = next = null;
      await frames.return(undefined);
    },
  };
}

/** Makes the clip (see the module comment): a WebM file with its Duration and Cues. */
export async function makeClip(options: MakeClipOptions): Promise<Blob> {
  const { signal, width, height, size } = options;
  const encoder = await pickEncoder(width, height);
  if (!encoder) throw new ClipUnsupported('it cannot encode video');
  if (signal.aborted) throw abortError();
  const demuxer = await open(options.source);
  const { rotation } = demuxer.track;
  const window = clipWindow(options.at, options.seconds);
  const endUs = Number.isFinite(options.duration) && options.duration > 0 ? options.duration * 1e6 : Infinity;
  const spanUs = Math.max(1, Math.min(window.toUs, endUs) - window.fromUs);

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  // Not willReadFrequently: a canvas kept in memory drew a frame in 30 ms, three times slower.
  const ctx = canvas.getContext('2d', { alpha: false })!;
  const upright = uprightCanvas(size, rotation);
  const over = options.overlay ? await overlayFrames(options.overlay, window) : null;

  const chunks: EncodedFrame[] = [];
  let failure: unknown = null;
  const videoEncoder = new VideoEncoder({
    output: (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      chunks.push({ timestampUs: chunk.timestamp, key: chunk.type === 'key', data });
    },
    error: (error) => (failure = error),
  });
  videoEncoder.configure(encoder.config);

  let firstUs: number | null = null;
  let lastKeyUs = -Infinity;
  const times: number[] = [];
  let lastDurationUs: number | null = null;
  /** The last frame before the window: the clip of a window past the video's last frame is that frame. */
  let before: VideoFrame | null = null;

  const encode = async (frame: VideoFrame) => {
    const aspect =
      rotation % 180 ? frame.displayHeight / frame.displayWidth : frame.displayWidth / frame.displayHeight;
    if (Math.abs(aspect - size.width / size.height) > 0.02 * (size.width / size.height))
      throw new ClipUnsupported('it does not read this video as the player shows it');
    const sourceUs = frame.timestamp;
    firstUs ??= sourceUs;
    const timestamp = sourceUs - firstUs;
    const overFrame = over ? await over.at(options.overlay!.timeAt(sourceUs / 1e6) * 1e6) : null;
    options.draw(
      ctx,
      upright ? turn(upright, frame, rotation as 90 | 180 | 270) : frame,
      sourceUs / 1e6,
      overFrame,
    );
    if (frame.duration) lastDurationUs = frame.duration;
    const out = new VideoFrame(canvas, {
      timestamp,
      ...(frame.duration ? { duration: frame.duration } : {}),
    });
    const key = timestamp - lastKeyUs >= KEY_EVERY_US;
    if (key) lastKeyUs = timestamp;
    videoEncoder.encode(out, { keyFrame: key });
    out.close();
    times.push(timestamp);
    while (videoEncoder.encodeQueueSize > ENCODE_AHEAD && !failure)
      await new Promise((resolve) => videoEncoder.addEventListener('dequeue', resolve, { once: true }));
    if (failure) throw failure;
    options.onProgress(Math.min(1, (sourceUs - window.fromUs) / spanUs));
  };

  try {
    const windowed: Demuxer = {
      track: demuxer.track,
      samples: () => samplesForWindow(demuxer.samples(), window),
    };
    for await (const frame of decodeFrames(windowed)) {
      try {
        if (signal.aborted) throw abortError();
        if (inWindow(frame.timestamp, window)) {
          before?.close();
          before = null;
          await encode(frame);
        } else if (frame.timestamp < window.fromUs && times.length === 0) {
          before?.close();
          before = frame.clone();
        }
      } finally {
        frame.close();
      }
    }
    if (signal.aborted) throw abortError();
    // Never empty: a window past the video's last frame holds that frame.
    if (times.length === 0 && before) await encode(before);
    if (times.length === 0) throw new Error('No frame of the video could be decoded');
    await videoEncoder.flush();
    if (failure) throw failure;
  } catch (error) {
    if (error instanceof UnsupportedClip)
      throw new ClipUnsupported('it cannot decode this video’s format in order');
    throw error;
  } finally {
    before?.close();
    await over?.close();
    if (videoEncoder.state !== 'closed') videoEncoder.close();
  }

  const intervals = times.slice(1).map((t, i) => t - times[i]!);
  const lastFrameUs = intervals.length
    ? intervals.sort((a, b) => a - b)[Math.floor(intervals.length / 2)]!
    : (lastDurationUs ?? FALLBACK_FRAME_US);
  chunks.sort((a, b) => a.timestampUs - b.timestampUs);
  const webm = writeWebm({ codec: encoder.codec, width, height, frames: chunks, lastFrameUs });
  options.onProgress(1);
  return new Blob([webm as Uint8Array<ArrayBuffer>], { type: 'video/webm' });
}
