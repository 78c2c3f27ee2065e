/**
 * Gives a WebM file made by MediaRecorder the Duration and Cues it lacks, so that players show its real
 * length and can seek before playing. MediaRecorder writes a live stream: a Segment of unknown size whose
 * Info has no Duration, and no Cues. Plain TypeScript over bytes, shared by the browser (before upload)
 * and the server (at upload, and for files stored before this existed).
 *
 * The file is read once, as a stream (`WebmScanner.push`), keeping only its head (the bytes before the
 * first Cluster) and one entry per Cluster. `planWebmMend` then gives the new head: the same head with
 * Duration added to Info and a Cues element before the first Cluster; the rest of the file follows it
 * unchanged, from `resumeAt`.
 */
import { CLUSTER_CHILDREN, EBML_ID as ID, readFloat, readUint, readVint, SEGMENT_CHILDREN } from './ebml';

/** The head kept in memory is at most this long: a longer one is not a MediaRecorder file. */
const MAX_HEAD_BYTES = 1024 * 1024;
const UNKNOWN = -1;

type Master = { id: number; end: number };

/** What a scan found: enough to tell whether the file needs mending, and to mend it. */
export interface WebmScan {
  /** Why the file cannot be read or mended, or null. */
  problem: string | null;
  /** Info already has a Duration. */
  hasDuration: boolean;
  /** That Duration, in ticks (a float), or null when there is none. */
  infoDuration: number | null;
  /** A Cues element is already there. */
  hasCues: boolean;
  /** Nanoseconds per tick of the file's timestamps. */
  timecodeScale: number;
  /** The length in ticks: the last frame's time plus its (estimated) duration. */
  durationTicks: number;
  /** Every byte before the first Cluster. */
  head: Uint8Array;
  info: { start: number; end: number } | null;
  segment: { sizeOffset: number; sizeWidth: number; size: number; dataStart: number } | null;
  seekHead: { start: number; end: number } | null;
  /** Each Cluster: its offset from the Segment's data, its time in ticks, its first block's track. */
  clusters: { position: number; time: number; track: number }[];
  /** The file's length. */
  size: number;
}

/** Walks a WebM file as it streams by; see the module comment. */
export class WebmScanner {
  private pending: Uint8Array = new Uint8Array(0);
  /** Absolute offset of pending[0]. */
  private offset = 0;
  private skip = 0;
  private stack: Master[] = [];
  /** An element read whole (Info, SeekHead, a block's first bytes, a Timecode…). */
  private capture: { id: number; start: number; dataStart: number; need: number; end: number } | null = null;
  private headParts: Uint8Array[] = [];
  private headLength = 0;
  private inHead = true;
  private clusterTime = 0;
  private clusterIndex = -1;
  private blockDuration: number | null = null;
  private lastBlock: { track: number; time: number } | null = null;
  private tracks = new Map<number, { last: number; previous: number | null; end: number }>();
  private result: WebmScan = {
    problem: null,
    hasDuration: false,
    infoDuration: null,
    hasCues: false,
    timecodeScale: 1_000_000,
    durationTicks: 0,
    head: new Uint8Array(0),
    info: null,
    segment: null,
    seekHead: null,
    clusters: [],
    size: 0,
  };

  /** `stopAtDuration`: read no further once Info shows a Duration (the file needs nothing). */
  constructor(private readonly options: { stopAtDuration?: boolean } = {}) {}

  /** Nothing more to learn: the file cannot be read, or (with stopAtDuration) has its Duration. */
  get settled(): boolean {
    return this.result.problem !== null || (!!this.options.stopAtDuration && this.result.hasDuration);
  }

  push(chunk: Uint8Array): void {
    this.result.size += chunk.length;
    if (this.result.problem || (this.options.stopAtDuration && this.result.hasDuration)) return;
    if (this.inHead) this.keepHead(chunk);
    this.pending = this.pending.length ? concat([this.pending, chunk]) : chunk;
    try {
      this.run();
      if (this.options.stopAtDuration && this.result.hasDuration) this.pending = new Uint8Array(0);
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  /** The scan, once every byte has been pushed. */
  end(): WebmScan {
    const r = this.result;
    if (!r.problem && !r.segment) this.fail('no Segment');
    if (!r.problem && !r.info) this.fail('no Info');
    this.endBlockGroup();
    let ticks = 0;
    for (const t of this.tracks.values()) ticks = Math.max(ticks, t.end);
    r.durationTicks = ticks;
    r.head = concat(this.headParts);
    return r;
  }

  private fail(problem: string) {
    this.result.problem ??= problem;
    this.pending = new Uint8Array(0);
    this.headParts = [];
  }

  private keepHead(chunk: Uint8Array) {
    this.headParts.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength > MAX_HEAD_BYTES + chunk.length) this.fail('the head is too long');
  }

  private consume(n: number) {
    this.pending = this.pending.subarray(n);
    this.offset += n;
  }

  private run() {
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, this.pending.length);
        this.consume(n);
        this.skip -= n;
        if (this.skip > 0) return;
      }
      if (this.capture) {
        const c = this.capture;
        if (this.pending.length < c.need) return;
        this.captured(c.id, this.pending.subarray(0, c.need), c);
        this.consume(c.need);
        this.skip = c.end === UNKNOWN ? 0 : c.end - c.dataStart - c.need;
        this.capture = null;
        continue;
      }
      if (!this.element()) return;
    }
  }

  /** Reads one element header from pending; false when more bytes are needed. */
  private element(): boolean {
    const buf = this.pending;
    const id = readVint(buf, 0, true);
    if (!id) return false;
    if (id.width === 0 || id.width > 4) throw new Error(`bad element id at ${this.offset}`);
    const size = readVint(buf, id.width, false);
    if (!size) return false;
    if (size.width === 0) throw new Error(`bad element size at ${this.offset}`);
    const start = this.offset;
    const dataStart = start + id.width + size.width;
    const dataSize = size.unknown ? UNKNOWN : size.value;
    this.closeMasters(start, id.value);
    const parent = this.stack.at(-1);
    const end = dataSize === UNKNOWN ? UNKNOWN : dataStart + dataSize;
    if (parent && parent.end !== UNKNOWN && end !== UNKNOWN && end > parent.end) {
      throw new Error(`element at ${start} overruns its parent`);
    }
    this.consume(id.width + size.width);
    this.open(id.value, start, dataStart, dataSize, end, size);
    return true;
  }

  /** Ends the masters that end at `at`, and those of unknown size that cannot hold `id`. */
  private closeMasters(at: number, id: number) {
    for (;;) {
      const top = this.stack.at(-1);
      if (!top) return;
      if (top.end !== UNKNOWN && top.end <= at) this.pop();
      else if (top.end === UNKNOWN && top.id === ID.Cluster && !CLUSTER_CHILDREN.has(id)) this.pop();
      else return;
    }
  }

  private pop() {
    const top = this.stack.pop()!;
    if (top.id === ID.BlockGroup) this.endBlockGroup();
  }

  private open(
    id: number,
    start: number,
    dataStart: number,
    dataSize: number,
    end: number,
    size: { width: number; value: number },
  ) {
    const parent = this.stack.at(-1)?.id;
    const known = dataSize !== UNKNOWN;
    const whole = (need: number) => {
      this.capture = { id, start, dataStart, need, end };
    };
    if (parent === undefined) {
      if (id === ID.EBML && known) return void (this.skip = dataSize);
      if (id === ID.Segment && !this.result.segment) {
        this.result.segment = {
          sizeOffset: start + 4,
          sizeWidth: size.width,
          size: dataSize,
          dataStart,
        };
        this.stack.push({ id, end });
        return;
      }
      if (this.result.segment && known) return void (this.skip = dataSize); // anything after the Segment
      throw new Error(`unexpected element ${id.toString(16)} at ${start}`);
    }
    if (parent === ID.Segment) {
      if (!SEGMENT_CHILDREN.has(id)) throw new Error(`unexpected element ${id.toString(16)} at ${start}`);
      if (id === ID.Cluster) {
        this.leaveHead(start);
        this.result.clusters.push({
          position: start - this.result.segment!.dataStart,
          time: 0,
          track: 0,
        });
        this.clusterIndex = this.result.clusters.length - 1;
        this.clusterTime = 0;
        this.stack.push({ id, end });
        return;
      }
      if (!known) throw new Error(`element ${id.toString(16)} of unknown size at ${start}`);
      if (id === ID.Cues) this.result.hasCues = true;
      if (id === ID.Info) {
        if (this.inHead) this.result.info = { start, end };
        return whole(dataSize);
      }
      if (id === ID.SeekHead && this.inHead) this.result.seekHead = { start, end };
      this.skip = dataSize;
      return;
    }
    if (!known) throw new Error(`element ${id.toString(16)} of unknown size at ${start}`);
    if (parent === ID.Cluster) {
      if (id === ID.Timecode) return whole(dataSize);
      if (id === ID.SimpleBlock) return whole(Math.min(dataSize, 11));
      if (id === ID.BlockGroup) {
        this.blockDuration = null;
        this.lastBlock = null;
        this.stack.push({ id, end });
        return;
      }
    } else if (parent === ID.BlockGroup) {
      if (id === ID.Block) return whole(Math.min(dataSize, 11));
      if (id === ID.BlockDuration) return whole(dataSize);
    }
    this.skip = dataSize;
  }

  private captured(id: number, data: Uint8Array, c: { start: number }) {
    if (id === ID.Info) {
      let at = 0;
      while (at < data.length) {
        const childId = readVint(data, at, true);
        const childSize = childId && readVint(data, at + childId.width, false);
        if (!childId || !childSize || childId.width === 0 || childSize.width === 0 || childSize.unknown) {
          throw new Error(`bad Info at ${c.start}`);
        }
        const from = at + childId.width + childSize.width;
        const to = from + childSize.value;
        if (to > data.length) throw new Error(`bad Info at ${c.start}`);
        if (childId.value === ID.Duration) {
          this.result.hasDuration = true;
          this.result.infoDuration = readFloat(data, from, to);
        }
        if (childId.value === ID.TimecodeScale) this.result.timecodeScale = readUint(data, from, to);
        at = to;
      }
    } else if (id === ID.Timecode) {
      this.clusterTime = readUint(data, 0, data.length);
      const cluster = this.result.clusters[this.clusterIndex];
      if (cluster) cluster.time = this.clusterTime;
    } else if (id === ID.SimpleBlock || id === ID.Block) {
      const track = readVint(data, 0, false);
      if (!track || track.width === 0 || data.length < track.width + 2) {
        throw new Error(`bad block at ${c.start}`);
      }
      const relative = ((data[track.width]! << 24) >> 16) | data[track.width + 1]!;
      const time = this.clusterTime + relative;
      const cluster = this.result.clusters[this.clusterIndex];
      if (cluster && cluster.track === 0) cluster.track = track.value;
      if (id === ID.SimpleBlock) this.frame(track.value, time, null);
      else this.lastBlock = { track: track.value, time };
    } else if (id === ID.BlockDuration) {
      this.blockDuration = readUint(data, 0, data.length);
    }
  }

  private endBlockGroup() {
    if (this.lastBlock) this.frame(this.lastBlock.track, this.lastBlock.time, this.blockDuration);
    this.lastBlock = null;
    this.blockDuration = null;
  }

  /** A frame at `time`: a track ends after its last frame, which lasts as long as the one before it. */
  private frame(track: number, time: number, duration: number | null) {
    const t = this.tracks.get(track);
    if (!t) {
      this.tracks.set(track, { last: time, previous: null, end: time + (duration ?? 0) });
      return;
    }
    if (time >= t.last) {
      t.previous = t.last;
      t.last = time;
    }
    const step = duration ?? (t.previous === null ? 0 : t.last - t.previous);
    t.end = Math.max(t.end, time + step);
  }

  private leaveHead(clusterStart: number) {
    if (!this.inHead) return;
    this.inHead = false;
    // The head is every byte before the first Cluster.
    const head = concat(this.headParts);
    this.headParts = [head.slice(0, clusterStart)];
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** An element's ID and size header, the size in its shortest form (or `width` bytes). */
function header(id: number, size: number, width?: number): number[] {
  const idBytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) idBytes.unshift(v % 256);
  let w = width ?? 1;
  while (size >= 2 ** (7 * w) - 1) w++;
  return [...idBytes, ...sizeBytes(size, w)];
}

function sizeBytes(size: number, width: number): number[] {
  const out: number[] = [];
  let v = size;
  for (let i = 0; i < width; i++) {
    out.unshift(v % 256);
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (width - 1);
  return out;
}

function uintBytes(value: number, width: number): number[] {
  const out: number[] = [];
  let v = value;
  for (let i = 0; i < width; i++) {
    out.unshift(v % 256);
    v = Math.floor(v / 256);
  }
  return out;
}

/** What to write instead of the file's first `resumeAt` bytes; the rest follows unchanged. */
export interface WebmMend {
  head: Uint8Array;
  resumeAt: number;
  /** The length written into the file, in seconds. */
  durationSeconds: number;
}

/**
 * The new head of a scanned file that lacks a Duration: null when it has one already, or cannot be
 * mended safely (then it is left as it is).
 */
export function planWebmMend(scan: WebmScan): WebmMend | null {
  if (scan.problem || scan.hasDuration || scan.hasCues || !scan.info || !scan.segment) return null;
  if (scan.durationTicks <= 0 || scan.clusters.length === 0) return null;
  const head = scan.head;
  const firstCluster = scan.segment.dataStart + scan.clusters[0]!.position;
  if (head.length !== firstCluster || scan.info.end > firstCluster) return null;

  // Info with a Duration (float64, in ticks) after its other children.
  const infoData = head.subarray(scan.info.start, scan.info.end);
  const infoHeader = readVint(infoData, 0, true)!.width + readVint(infoData, 4, false)!.width;
  const children = infoData.subarray(infoHeader);
  const duration = new Uint8Array(11);
  duration.set(header(ID.Duration, 8));
  new DataView(duration.buffer).setFloat64(3, scan.durationTicks);
  const info = concat([
    Uint8Array.from(header(ID.Info, children.length + duration.length)),
    children,
    duration,
  ]);
  const infoGrowth = info.length - (scan.info.end - scan.info.start);

  // Cues before the first Cluster, every number 8 bytes wide so its length is known before the positions.
  // CuePoint { CueTime, CueTrackPositions { CueTrack, CueClusterPosition } }: each number 1 + 1 + 8 bytes.
  const positionsLength = 10 + 10;
  const cuePointLength = 10 + 2 + positionsLength;
  const cuesDataLength = scan.clusters.length * (2 + cuePointLength);
  const cuesLength = header(ID.Cues, cuesDataLength).length;
  const growth = infoGrowth + cuesLength + cuesDataLength;
  const cues: number[] = header(ID.Cues, cuesDataLength);
  for (const c of scan.clusters) {
    cues.push(...header(ID.CuePoint, cuePointLength, 1));
    cues.push(...header(ID.CueTime, 8), ...uintBytes(c.time, 8));
    cues.push(...header(ID.CueTrackPositions, positionsLength, 1));
    cues.push(...header(ID.CueTrack, 8), ...uintBytes(Math.max(1, c.track), 8));
    cues.push(...header(ID.CueClusterPosition, 8), ...uintBytes(c.position + growth, 8));
  }
  if (cues.length !== cuesLength + cuesDataLength) return null;

  const before = head.slice(0, scan.info.start);
  // A Segment of known size grows by as much.
  const seg = scan.segment;
  if (seg.size !== UNKNOWN) {
    const size = seg.size + growth;
    if (size >= 2 ** (7 * seg.sizeWidth) - 1) return null;
    before.set(sizeBytes(size, seg.sizeWidth), seg.sizeOffset);
  }
  // A SeekHead before Info points past it: those positions move.
  if (scan.seekHead) {
    if (scan.seekHead.end > scan.info.start) return null;
    if (
      !shiftSeekPositions(
        before,
        scan.seekHead,
        seg.dataStart,
        scan.info.start,
        infoGrowth,
        firstCluster,
        growth,
      )
    ) {
      return null;
    }
  }
  const between = head.subarray(scan.info.end, firstCluster);
  return {
    head: concat([before, info, between, Uint8Array.from(cues)]),
    resumeAt: firstCluster,
    durationSeconds: (scan.durationTicks * scan.timecodeScale) / 1e9,
  };
}

/** Adds the growth to each SeekPosition past Info, in place; false when one does not fit its width. */
function shiftSeekPositions(
  buf: Uint8Array,
  seekHead: { start: number; end: number },
  segmentData: number,
  infoStart: number,
  infoGrowth: number,
  firstCluster: number,
  growth: number,
): boolean {
  const walk = (
    from: number,
    to: number,
    visit: (id: number, dataStart: number, dataEnd: number) => boolean,
  ) => {
    let at = from;
    while (at < to) {
      const id = readVint(buf, at, true);
      const size = id && readVint(buf, at + id.width, false);
      if (!id || !size || id.width === 0 || size.width === 0 || size.unknown) return false;
      const dataStart = at + id.width + size.width;
      const dataEnd = dataStart + size.value;
      if (dataEnd > to || !visit(id.value, dataStart, dataEnd)) return false;
      at = dataEnd;
    }
    return true;
  };
  const first = readVint(buf, seekHead.start, true)!;
  const size = readVint(buf, seekHead.start + first.width, false)!;
  return walk(seekHead.start + first.width + size.width, seekHead.end, (id, s, e) => {
    if (id !== ID.Seek) return true;
    return walk(s, e, (childId, cs, ce) => {
      if (childId !== ID.SeekPosition) return true;
      const position = readUint(buf, cs, ce);
      const absolute = segmentData + position;
      const moved =
        absolute >= firstCluster
          ? position + growth
          : absolute > infoStart
            ? position + infoGrowth
            : position;
      if (moved >= 2 ** (8 * (ce - cs))) return false;
      buf.set(uintBytes(moved, ce - cs), cs);
      return true;
    });
  });
}
