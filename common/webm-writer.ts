/**
 * Writes a WebM file of one video track whose frames are already encoded (WebCodecs' VideoEncoder, VP8
 * or VP9), with its Duration, the frame length when the frames are evenly spaced, and Cues (one a
 * Cluster, a Cluster from each key frame) ahead of the Clusters, so that a player knows the clip's
 * length and seeks at once (decision 25). Used for a posted attempt's clip (decision 51) and by the
 * benchmarks; plain TypeScript over bytes.
 */
import { concatBytes as concat, EBML_ID as ID } from './ebml';

/** One encoded frame, in presentation order; times in microseconds from the clip's start. */
export type EncodedFrame = { timestampUs: number; key: boolean; data: Uint8Array };

type Part = Uint8Array | number[];

/** A Cluster's blocks hold their time as a signed 16-bit offset in milliseconds: start another well before. */
const MAX_CLUSTER_MS = 30_000;

/** `value` big-endian in `width` bytes (width 0: as few as it needs, at least one). */
function uintBytes(value: number, width = 0): number[] {
  const bytes: number[] = [];
  for (let v = value; v > 0 || bytes.length === 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  while (bytes.length < width) bytes.unshift(0);
  return bytes;
}

/** An element size as an EBML variable-length integer of the fewest bytes. */
function sizeBytes(size: number): number[] {
  let width = 1;
  while (size >= 2 ** (7 * width) - 1) width++;
  const bytes = uintBytes(size, width);
  bytes[0]! |= 1 << (8 - width);
  return bytes;
}

const element = (id: number, ...body: Part[]): Uint8Array => {
  const data = concat(body);
  return concat([uintBytes(id), sizeBytes(data.length), data]);
};
const uint = (id: number, value: number, width = 0) => element(id, uintBytes(value, width));
const text = (id: number, value: string) => element(id, new TextEncoder().encode(value));
const float = (id: number, value: number) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return element(id, bytes);
};

/** The interval between frames when they are evenly spaced (within 1 ms), else null. */
export function evenFrameUs(timesUs: readonly number[]): number | null {
  if (timesUs.length < 2) return null;
  const step = (timesUs[timesUs.length - 1]! - timesUs[0]!) / (timesUs.length - 1);
  if (step <= 0) return null;
  for (let i = 1; i < timesUs.length; i++) {
    if (Math.abs(timesUs[i]! - timesUs[i - 1]! - step) > 1000) return null;
  }
  return step;
}

/**
 * The WebM file of `frames` (in presentation order, the first a key frame). Its Duration is the last
 * frame's time plus `lastFrameUs` (how long the last frame is shown).
 */
export function writeWebm(options: {
  codec: 'V_VP8' | 'V_VP9';
  width: number;
  height: number;
  frames: readonly EncodedFrame[];
  lastFrameUs: number;
  app?: string;
}): Uint8Array {
  const { frames } = options;
  const app = options.app ?? 'tribe36';
  const ms = (us: number) => Math.round(us / 1000);
  const lastFrame = frames[frames.length - 1];
  const durationMs = lastFrame ? (lastFrame.timestampUs + options.lastFrameUs) / 1000 : 0;
  const even = evenFrameUs(frames.map((f) => f.timestampUs));

  const clusters: { timeMs: number; bytes: Uint8Array }[] = [];
  let group: EncodedFrame[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const timeMs = ms(group[0]!.timestampUs);
    const blocks = group.map((f) =>
      element(
        ID.SimpleBlock,
        [0x81], // track 1
        uintBytes((ms(f.timestampUs) - timeMs) & 0xffff, 2),
        [f.key ? 0x80 : 0],
        f.data,
      ),
    );
    clusters.push({ timeMs, bytes: element(ID.Cluster, uint(ID.Timecode, timeMs), ...blocks) });
    group = [];
  };
  for (const f of frames) {
    if (f.key || (group[0] && ms(f.timestampUs) - ms(group[0].timestampUs) > MAX_CLUSTER_MS)) flush();
    group.push(f);
  }
  flush();

  const head = [
    element(
      ID.Info,
      uint(ID.TimecodeScale, 1_000_000),
      float(ID.Duration, durationMs),
      text(ID.MuxingApp, app),
      text(ID.WritingApp, app),
    ),
    element(
      ID.Tracks,
      element(
        ID.TrackEntry,
        uint(ID.TrackNumber, 1),
        uint(ID.TrackUID, 1),
        uint(ID.TrackType, 1),
        uint(ID.FlagLacing, 0),
        text(ID.CodecID, options.codec),
        ...(even ? [uint(ID.DefaultDuration, Math.round(even * 1000))] : []),
        element(ID.Video, uint(ID.PixelWidth, options.width), uint(ID.PixelHeight, options.height)),
      ),
    ),
  ];
  // Cluster positions count from the start of the Segment's body and are written 8 bytes wide, so the
  // Cues' own length, which comes before the clusters, does not depend on them.
  const cues = (positions: number[]) =>
    element(
      ID.Cues,
      ...clusters.map((c, i) =>
        element(
          ID.CuePoint,
          uint(ID.CueTime, c.timeMs),
          element(ID.CueTrackPositions, uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, positions[i]!, 8)),
        ),
      ),
    );
  let at = head.reduce((n, h) => n + h.length, 0) + cues(clusters.map(() => 0)).length;
  const positions = clusters.map((c) => {
    const p = at;
    at += c.bytes.length;
    return p;
  });

  const ebml = element(
    ID.EBML,
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    text(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 2),
    uint(ID.DocTypeReadVersion, 2),
  );
  return concat([ebml, element(ID.Segment, ...head, cues(positions), ...clusters.map((c) => c.bytes))]);
}
