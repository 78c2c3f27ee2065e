/**
 * What the WebM code shares (common/webm.ts mends MediaRecorder files, the pose worker's demuxer reads
 * clips, the benchmarks write them): the EBML element ids of Matroska that any of them uses, and the
 * readers of EBML's numbers.
 */

export const EBML_ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  DefaultDuration: 0x23e383,
  ContentEncodings: 0x6d80,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  Position: 0xa7,
  PrevSize: 0xab,
  SilentTracks: 0x5854,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockDuration: 0x9b,
  ReferenceBlock: 0xfb,
  EncryptedBlock: 0xaf,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
  Tags: 0x1254c367,
  Chapters: 0x1043a770,
  Attachments: 0x1941a469,
  Void: 0xec,
  CRC32: 0xbf,
} as const;

/** The elements a Segment holds: any other id where one is expected is damage. */
export const SEGMENT_CHILDREN: ReadonlySet<number> = new Set<number>([
  EBML_ID.SeekHead,
  EBML_ID.Info,
  EBML_ID.Tracks,
  EBML_ID.Cluster,
  EBML_ID.Cues,
  EBML_ID.Tags,
  EBML_ID.Chapters,
  EBML_ID.Attachments,
  EBML_ID.Void,
  EBML_ID.CRC32,
]);
/** The elements a Cluster holds: any other id ends a Cluster of unknown size. */
export const CLUSTER_CHILDREN: ReadonlySet<number> = new Set<number>([
  EBML_ID.Timecode,
  EBML_ID.SimpleBlock,
  EBML_ID.BlockGroup,
  EBML_ID.Position,
  EBML_ID.PrevSize,
  EBML_ID.SilentTracks,
  EBML_ID.EncryptedBlock,
  EBML_ID.Void,
  EBML_ID.CRC32,
]);

/** Reads an EBML variable-length integer at `at`: its value and width, or null when more bytes are needed. */
export function readVint(buf: Uint8Array, at: number, keepMarker: boolean) {
  if (at >= buf.length) return null;
  const first = buf[at]!;
  let width = 1;
  while (width <= 8 && !(first & (0x80 >> (width - 1)))) width++;
  if (width > 8) return { width: 0, value: 0, unknown: false };
  if (at + width > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> width);
  let allOnes = value === 0xff >> width;
  for (let i = 1; i < width; i++) {
    const b = buf[at + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { width, value, unknown: !keepMarker && allOnes };
}

export function readUint(buf: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 256 + buf[i]!;
  return value;
}

/** An EBML float (4 or 8 bytes), or null for another width. */
export function readFloat(buf: Uint8Array, start: number, end: number): number | null {
  const view = new DataView(buf.buffer, buf.byteOffset + start, end - start);
  if (end - start === 4) return view.getFloat32(0);
  if (end - start === 8) return view.getFloat64(0);
  return null;
}

/** The parts one after the other, in one array. */
export function concatBytes(parts: readonly (Uint8Array | readonly number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
