/**
 * What the clip analysis reads a video file through when it decodes it in order with WebCodecs
 * (docs/decisions.md decision 42): a demuxer per container (webm-demux.ts, mp4-demux.ts) turns the
 * file's bytes into the video track's decoder settings and its encoded frames.
 */

/** The file's bytes, read a range at a time (a Blob's slices in the browser, a Buffer in tests). */
export interface ByteSource {
  readonly size: number;
  /** The bytes from `start` up to `end` (exclusive), fewer only at the end of the file. */
  read(start: number, end: number): Promise<Uint8Array>;
}

/** One encoded frame of the video track, in decode order. */
export interface EncodedSample {
  /** Presentation time in microseconds from the start of the clip (the first frame shown is at 0 or near it). */
  timestampUs: number;
  /** How long the frame is shown, in microseconds, when the file says. */
  durationUs?: number;
  /** A key frame: decoding can start here. */
  key: boolean;
  data: Uint8Array;
}

/** The video track of a file, ready to decode. */
export interface VideoTrack {
  /** WebCodecs decoder settings: the codec string, the coded size and, for H.264/HEVC/AV1, the description. */
  config: VideoDecoderConfig;
  /** The track's length in microseconds when the file says, else null. */
  durationUs: number | null;
  /** How many frames it has when the file says (MP4 does), else null. */
  frameCount: number | null;
  /**
   * How far the frames are turned, clockwise, when shown (a phone held upright stores them sideways and
   * says so in the file); a decoder gives them as stored.
   */
  rotation: 0 | 90 | 180 | 270;
}

export interface Demuxer {
  readonly track: VideoTrack;
  /** The video track's frames in decode order; other tracks are skipped. */
  samples(): AsyncGenerator<EncodedSample, void, undefined>;
}

/** The file is not one this demuxer reads, or its video cannot be decoded in order: fall back to seeking. */
export class UnsupportedClip extends Error {}

/** A Blob (a File, or a fetched lesson video) as a ByteSource. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
  };
}
