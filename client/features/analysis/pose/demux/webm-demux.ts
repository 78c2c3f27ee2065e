/**
 * Reads the video track of a WebM (Matroska) file so that the clip analysis can decode it in order with
 * WebCodecs: the decoder settings from the file's head (EBML header, Info, Tracks), then the encoded
 * frames as the Clusters stream by. The file is read a chunk at a time through a ByteSource, so a clip of
 * any length costs a few MiB of memory. MediaRecorder files (a Segment and Clusters of unknown size, no
 * Cues) are read as they are. The element walk follows common/webm.ts and shares its ids and readers (common/ebml.ts).
 */
import {
  CLUSTER_CHILDREN,
  EBML_ID as ID,
  readFloat,
  readUint,
  readVint,
  SEGMENT_CHILDREN,
} from '@common/ebml';
import { UnsupportedClip, type ByteSource, type Demuxer, type EncodedSample, type VideoTrack } from './types';

/** How much is read from the source at once. */
const CHUNK = 1024 * 1024;
/** Info, Tracks and the EBML header are read whole: a longer one is not a file we can trust. */
const MAX_HEAD_ELEMENT = 1024 * 1024;
/** A frame (or BlockGroup) longer than this is damage, not video. */
const MAX_BLOCK = 64 * 1024 * 1024;
const UNKNOWN = -1;
const TRACK_TYPE_VIDEO = 1;

/** An element's header: `size` is UNKNOWN for the all-ones size of a live stream. */
interface Header {
  id: number;
  start: number;
  dataStart: number;
  size: number;
}

/** What the head says about the video track. */
interface VideoEntry {
  number: number;
  codecId: string;
  codecPrivate: Uint8Array | null;
  width: number;
  height: number;
  defaultDurationNs: number | null;
}

/** Where the Clusters are and how to turn their ticks into microseconds. */
interface Layout {
  firstCluster: number;
  segmentEnd: number;
  timecodeScale: number;
}

function readText(buf: Uint8Array, start: number, end: number): string {
  // EBML strings may be padded with zero bytes.
  return new TextDecoder().decode(buf.subarray(start, end)).replace(/\0+$/, '');
}

/** The children of a master element held whole in `buf`, or null when they do not parse. */
function children(buf: Uint8Array, from: number, to: number) {
  const out: { id: number; start: number; end: number }[] = [];
  let at = from;
  while (at < to) {
    const id = readVint(buf, at, true);
    const size = id && id.width > 0 && id.width <= 4 ? readVint(buf, at + id.width, false) : null;
    if (!id || !size || size.width === 0 || size.unknown) return null;
    const start = at + id.width + size.width;
    const end = start + size.value;
    if (end > to) return null;
    out.push({ id: id.value, start, end });
    at = end;
  }
  return out;
}

/** The file read forward a chunk at a time, keeping one chunk (or one long element) in memory. */
class Reader {
  private buf = new Uint8Array(0);
  /** Absolute offset of buf[0]. */
  private bufStart = 0;
  /** Absolute offset of the next byte to read; moving it past the chunk skips without reading. */
  pos = 0;

  constructor(private readonly source: ByteSource) {}

  /** The `n` bytes at `pos` (without moving it), or null when the file ends first. */
  async bytes(n: number): Promise<Uint8Array | null> {
    const at = this.pos - this.bufStart;
    if (at >= 0 && at + n <= this.buf.length) return this.buf.subarray(at, at + n);
    if (this.pos + n > this.source.size) return null;
    const want = Math.min(Math.max(n, CHUNK), this.source.size - this.pos);
    const next = new Uint8Array(want);
    let filled = 0;
    if (at >= 0 && at < this.buf.length) {
      next.set(this.buf.subarray(at));
      filled = this.buf.length - at;
    }
    // Long elements are gathered a chunk at a time, so no single read asks for more than CHUNK.
    while (filled < want) {
      const from = this.pos + filled;
      const got = await this.source.read(from, Math.min(from + CHUNK, this.pos + want));
      if (got.length === 0) return null; // the source is shorter than it said
      const part = got.subarray(0, want - filled);
      next.set(part, filled);
      filled += part.length;
    }
    this.buf = next;
    this.bufStart = this.pos;
    return next.subarray(0, n);
  }

  /** The element header at `pos`, moving past it: 'end' when the file ends, 'bad' when it is not EBML. */
  async header(): Promise<Header | 'end' | 'bad'> {
    const start = this.pos;
    const available = Math.min(12, this.source.size - start);
    if (available < 2) return 'end';
    const b = await this.bytes(available);
    if (!b) return 'end';
    const id = readVint(b, 0, true);
    if (!id) return 'end';
    if (id.width === 0 || id.width > 4) return 'bad';
    const size = readVint(b, id.width, false);
    if (!size) return 'end';
    if (size.width === 0) return 'bad';
    const dataStart = start + id.width + size.width;
    this.pos = dataStart;
    return { id: id.value, start, dataStart, size: size.unknown ? UNKNOWN : size.value };
  }
}

/** A Block's (or SimpleBlock's) header: track number, signed relative time, flags; null when damaged. */
function blockHeader(b: Uint8Array) {
  const track = readVint(b, 0, false);
  if (!track || track.width === 0 || b.length < track.width + 3) return null;
  const relative = ((b[track.width]! << 24) >> 16) | b[track.width + 1]!;
  return { track: track.value, relative, flags: b[track.width + 2]!, length: track.width + 3 };
}

/** Opens a WebM file: reads its head (and peeks at its first video frame) and returns its video track. */
export async function openWebm(source: ByteSource): Promise<Demuxer> {
  const r = new Reader(source);
  const ebml = await r.header();
  if (typeof ebml === 'string' || ebml.id !== ID.EBML || ebml.size === UNKNOWN || ebml.size > 4096) {
    throw new UnsupportedClip('not a WebM file');
  }
  const ebmlData = await r.bytes(ebml.size);
  const ebmlChildren = ebmlData && children(ebmlData, 0, ebmlData.length);
  if (!ebmlData || !ebmlChildren) throw new UnsupportedClip('not a WebM file');
  let docType = 'matroska'; // the EBML default when DocType is absent
  for (const c of ebmlChildren) {
    if (c.id === ID.DocType) docType = readText(ebmlData, c.start, c.end);
  }
  if (docType !== 'webm' && docType !== 'matroska') {
    throw new UnsupportedClip(`not a WebM file (DocType ${docType})`);
  }
  r.pos = ebml.dataStart + ebml.size;

  let segment: Header | null = null;
  while (!segment) {
    const h = await r.header();
    if (typeof h === 'string') throw new UnsupportedClip('no Segment');
    if (h.id === ID.Segment) segment = h;
    else if (h.size === UNKNOWN) throw new UnsupportedClip('no Segment');
    else r.pos = h.dataStart + h.size;
  }
  const segmentEnd = segment.size === UNKNOWN ? Infinity : segment.dataStart + segment.size;

  // The head: everything before the first Cluster.
  let timecodeScale = 1_000_000;
  let durationTicks: number | null = null;
  let tracks: VideoEntry | null | undefined; // undefined until Tracks is read
  let firstCluster = source.size; // a file without Clusters has no frames
  while (r.pos < segmentEnd) {
    const h = await r.header();
    if (h === 'end') break;
    if (h === 'bad') throw new UnsupportedClip('the WebM head is damaged');
    if (h.id === ID.Cluster) {
      firstCluster = h.start;
      break;
    }
    if (h.size === UNKNOWN) throw new UnsupportedClip('the WebM head is damaged');
    if (h.id === ID.Info || h.id === ID.Tracks) {
      const name = h.id === ID.Info ? 'Info' : 'Tracks';
      if (h.size > MAX_HEAD_ELEMENT) throw new UnsupportedClip(`the WebM ${name} is too large`);
      const data = await r.bytes(h.size);
      if (!data) throw new UnsupportedClip('the file ends in its head');
      if (h.id === ID.Info) {
        const info = readInfo(data);
        timecodeScale = info.timecodeScale;
        durationTicks = info.durationTicks;
      } else {
        tracks ??= readTracks(data);
      }
    }
    r.pos = h.dataStart + h.size;
  }
  if (tracks === undefined) throw new UnsupportedClip('no Tracks before the first Cluster');
  if (tracks === null) throw new UnsupportedClip('no video track');
  const video = tracks;
  const layout: Layout = { firstCluster, segmentEnd, timecodeScale };

  // The first frame: VP9's profile is only in its header, and a laced file is refused here rather than later.
  const peek = frames(source, layout, video);
  const first = await peek.next();
  await peek.return();

  const track: VideoTrack = {
    config: decoderConfig(video, first.done ? undefined : first.value.data),
    durationUs:
      durationTicks !== null && Number.isFinite(durationTicks) && durationTicks > 0
        ? Math.round((durationTicks * timecodeScale) / 1000)
        : null,
    frameCount: null,
    rotation: 0,
  };
  return { track, samples: () => frames(source, layout, video) };
}

function readInfo(data: Uint8Array) {
  const list = children(data, 0, data.length);
  if (!list) throw new UnsupportedClip('the WebM Info is damaged');
  let timecodeScale = 1_000_000;
  let durationTicks: number | null = null;
  for (const c of list) {
    if (c.id === ID.TimecodeScale) timecodeScale = readUint(data, c.start, c.end) || 1_000_000;
    if (c.id === ID.Duration) durationTicks = readFloat(data, c.start, c.end);
  }
  return { timecodeScale, durationTicks };
}

/** The first video TrackEntry, or null when there is none. */
function readTracks(data: Uint8Array): VideoEntry | null {
  const damaged = () => new UnsupportedClip('the WebM Tracks is damaged');
  const entries = children(data, 0, data.length);
  if (!entries) throw damaged();
  for (const entry of entries) {
    if (entry.id !== ID.TrackEntry) continue;
    const fields = children(data, entry.start, entry.end);
    if (!fields) throw damaged();
    let type = 0;
    let encoded = false;
    const v: VideoEntry = {
      number: 0,
      codecId: '',
      codecPrivate: null,
      width: 0,
      height: 0,
      defaultDurationNs: null,
    };
    for (const f of fields) {
      if (f.id === ID.TrackType) type = readUint(data, f.start, f.end);
      else if (f.id === ID.TrackNumber) v.number = readUint(data, f.start, f.end);
      else if (f.id === ID.CodecID) v.codecId = readText(data, f.start, f.end);
      else if (f.id === ID.CodecPrivate) v.codecPrivate = data.slice(f.start, f.end);
      else if (f.id === ID.DefaultDuration) v.defaultDurationNs = readUint(data, f.start, f.end) || null;
      else if (f.id === ID.ContentEncodings) encoded = true;
      else if (f.id === ID.Video) {
        const sizes = children(data, f.start, f.end);
        if (!sizes) throw damaged();
        for (const s of sizes) {
          if (s.id === ID.PixelWidth) v.width = readUint(data, s.start, s.end);
          if (s.id === ID.PixelHeight) v.height = readUint(data, s.start, s.end);
        }
      }
    }
    if (type !== TRACK_TYPE_VIDEO) continue;
    if (v.number === 0) throw damaged();
    // Compressed (header-stripped) or encrypted frames are not what the decoder expects.
    if (encoded) throw new UnsupportedClip('the video track is compressed or encrypted');
    return v;
  }
  return null;
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** The WebCodecs settings for the track; `first` is its first frame, when there is one. */
function decoderConfig(video: VideoEntry, first: Uint8Array | undefined): VideoDecoderConfig {
  const size = { codedWidth: video.width, codedHeight: video.height };
  const cp = video.codecPrivate;
  switch (video.codecId) {
    case 'V_VP8':
      return { codec: 'vp8', ...size };
    case 'V_VP9': {
      // The uncompressed header's first byte: frame_marker (2 bits, 0b10), profile_low_bit, profile_high_bit.
      const b = first?.[0];
      if (b === undefined || b >> 6 !== 0b10) return { codec: 'vp09.00.10.08', ...size };
      const profile = (((b >> 4) & 1) << 1) | ((b >> 5) & 1);
      return { codec: `vp09.${twoDigits(profile)}.10.${profile >= 2 ? '10' : '08'}`, ...size };
    }
    case 'V_AV1': {
      // An av1C record: marker and version (0x81), then seq_profile|seq_level_idx_0, then tier and depth bits.
      if (!cp || cp.length < 4 || cp[0] !== 0x81) return { codec: 'av01.0.04M.08', ...size };
      const profile = cp[1]! >> 5;
      const level = cp[1]! & 0x1f;
      const tier = cp[2]! & 0x80 ? 'H' : 'M';
      const depth = cp[2]! & 0x40 ? (cp[2]! & 0x20 ? 12 : 10) : 8;
      return {
        codec: `av01.${profile}.${twoDigits(level)}${tier}.${twoDigits(depth)}`,
        description: cp,
        ...size,
      };
    }
    case 'V_MPEG4/ISO/AVC': {
      // An avcC record: version 1, then profile, constraint flags and level, as the codec string spells them.
      if (!cp || cp.length < 4 || cp[0] !== 1)
        throw new UnsupportedClip('the H.264 track has no avcC record');
      const hex = Array.from(cp.subarray(1, 4), (x) => x.toString(16).padStart(2, '0')).join('');
      return { codec: `avc1.${hex}`, description: cp, ...size };
    }
    case 'V_MPEGH/ISO/HEVC':
      throw new UnsupportedClip('HEVC in WebM is not supported');
    default:
      throw new UnsupportedClip(`unsupported video codec ${video.codecId || '(none)'}`);
  }
}

/**
 * The video track's frames in file order, from the first Cluster. A truncated or damaged file ends the
 * stream quietly; lacing on the video track throws UnsupportedClip (its frames cannot be told apart cheaply).
 */
async function* frames(
  source: ByteSource,
  layout: Layout,
  video: VideoEntry,
): AsyncGenerator<EncodedSample, void, undefined> {
  const r = new Reader(source);
  r.pos = layout.firstCluster;
  const toUs = (ticks: number) => Math.round((ticks * layout.timecodeScale) / 1000);
  const defaultDurationUs =
    video.defaultDurationNs === null ? undefined : Math.round(video.defaultDurationNs / 1000);
  /** Where the current Cluster ends (Infinity: unknown size), or null outside one. */
  let clusterEnd: number | null = null;
  let clusterTime = 0;

  const sample = (block: Uint8Array, key: (flags: number) => boolean, durationUs: number | undefined) => {
    const h = blockHeader(block);
    if (!h) return 'bad';
    if (h.track !== video.number) return null;
    if ((h.flags >> 1) & 3) throw new UnsupportedClip('the video track uses lacing');
    const s: EncodedSample = {
      timestampUs: toUs(clusterTime + h.relative),
      key: key(h.flags),
      // A copy: the caller hands it to an EncodedVideoChunk, and the reader's chunk is reused.
      data: block.slice(h.length),
    };
    if (durationUs !== undefined) s.durationUs = durationUs;
    return s;
  };

  while (r.pos < layout.segmentEnd) {
    if (clusterEnd !== null && r.pos >= clusterEnd) clusterEnd = null;
    const h = await r.header();
    if (typeof h === 'string') return;
    const end = h.size === UNKNOWN ? Infinity : h.dataStart + h.size;
    // A Cluster of unknown size ends where an element that cannot be its child begins.
    const inCluster = clusterEnd !== null && (clusterEnd !== Infinity || CLUSTER_CHILDREN.has(h.id));
    if (!inCluster) {
      clusterEnd = null;
      if (!SEGMENT_CHILDREN.has(h.id)) return; // damage, or whatever follows the Segment
      if (h.id === ID.Cluster) {
        clusterEnd = end;
        clusterTime = 0;
      } else if (end === Infinity) {
        return;
      } else {
        r.pos = end;
      }
      continue;
    }
    if (end === Infinity || end > clusterEnd!) return; // overruns its Cluster: damage
    if (h.id === ID.Timecode) {
      if (h.size > 8) return;
      const b = await r.bytes(h.size);
      if (!b) return;
      clusterTime = readUint(b, 0, b.length);
    } else if (h.id === ID.SimpleBlock) {
      if (h.size > MAX_BLOCK) return;
      const head = await r.bytes(Math.min(h.size, 12));
      const bh = head && blockHeader(head);
      if (!bh) return;
      if (bh.track === video.number) {
        const b = await r.bytes(h.size);
        if (!b) return; // the last frame is cut short
        const s = sample(b, (flags) => (flags & 0x80) !== 0, defaultDurationUs);
        if (s === 'bad') return;
        if (s) yield s;
      }
    } else if (h.id === ID.BlockGroup) {
      if (h.size > MAX_BLOCK) return;
      const g = await r.bytes(h.size);
      if (!g) return;
      const list = children(g, 0, g.length);
      if (!list) return;
      let block: Uint8Array | null = null;
      let referenced = false;
      let durationUs = defaultDurationUs;
      for (const c of list) {
        if (c.id === ID.Block) block = g.subarray(c.start, c.end);
        else if (c.id === ID.ReferenceBlock) referenced = true;
        else if (c.id === ID.BlockDuration) durationUs = toUs(readUint(g, c.start, c.end));
      }
      if (block) {
        // A Block has no key flag: it is a key frame when it refers to no other.
        const s = sample(block, () => !referenced, durationUs);
        if (s === 'bad') return;
        if (s) yield s;
      }
    }
    r.pos = end;
  }
}
