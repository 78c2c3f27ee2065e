/**
 * File types recognised by their first bytes (docs/decisions.md decision 8): the declared type and the
 * name are never trusted. SVG, HTML and executables have no signature here, so they are never
 * accepted.
 */
export type SniffedType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'video/mp4'
  | 'video/webm'
  | 'video/quicktime'
  | 'audio/webm'
  | 'audio/ogg'
  | 'audio/mpeg'
  | 'audio/mp4'
  | 'text/vtt';

/** Bytes needed before most types can be told; WebM may need up to SNIFF_MAX_BYTES to find its tracks. */
export const SNIFF_BYTES = 16;
export const SNIFF_MAX_BYTES = 64 * 1024;

const startsWith = (buf: Uint8Array, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const text = (buf: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...buf.subarray(start, end));

function indexOfAscii(buf: Uint8Array, needle: string): number {
  const n = ascii(needle);
  outer: for (let i = 0; i + n.length <= buf.length; i++) {
    for (let j = 0; j < n.length; j++) if (buf[i + j] !== n[j]) continue outer;
    return i;
  }
  return -1;
}

const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * The type of a file from its first bytes: a type, null when it is none we accept, or 'more'
 * when more bytes are needed to tell (only while `complete` is false).
 */
export function sniffType(head: Uint8Array, complete = true): SniffedType | null | 'more' {
  if (head.length < SNIFF_BYTES && !complete) return 'more';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (isWebVttSignature(head)) return 'text/vtt';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('ftyp'), 4)) {
    const brand = text(head, 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ') return 'audio/mp4';
    return 'video/mp4';
  }
  if (head.length >= 8 && QUICKTIME_ATOMS.has(text(head, 4, 8))) return 'video/quicktime';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return sniffWebm(head, complete);
  if (startsWith(head, ascii('OggS'))) {
    // Ogg may carry Theora video; only audio Ogg is accepted.
    if (!complete && head.length < 512) return 'more';
    return indexOfAscii(head.subarray(0, 512), 'theora') >= 0 ? null : 'audio/ogg';
  }
  if (startsWith(head, ascii('ID3'))) return 'audio/mpeg';
  // An MPEG audio frame header: sync bits, then layer III.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) === 0x02) {
    return 'audio/mpeg';
  }
  return null;
}

/** WebM (not any Matroska) with a video track is video; with audio tracks only, audio. */
function sniffWebm(head: Uint8Array, complete: boolean): SniffedType | null | 'more' {
  if (indexOfAscii(head.subarray(0, 64), 'webm') < 0) {
    return !complete && head.length < 64 ? 'more' : null;
  }
  const video = ['V_VP8', 'V_VP9', 'V_AV1'].some((c) => indexOfAscii(head, c) >= 0);
  if (video) return 'video/webm';
  const audio = ['A_OPUS', 'A_VORBIS'].some((c) => indexOfAscii(head, c) >= 0);
  // A video track may follow the audio ones: audio only is decided at the end of the look-ahead
  // (or of a shorter file).
  if (!complete && head.length < SNIFF_MAX_BYTES) return 'more';
  return audio ? 'audio/webm' : null;
}

export const IMAGE_TYPES: ReadonlySet<SniffedType> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);
export const VIDEO_TYPES: ReadonlySet<SniffedType> = new Set(['video/mp4', 'video/webm', 'video/quicktime']);
export const AUDIO_TYPES: ReadonlySet<SniffedType> = new Set([
  'audio/webm',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
]);

export type MediaFamily = 'image' | 'video' | 'audio';

export function familyOf(type: string): MediaFamily | null {
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return null;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** A WebVTT file's first line: an optional BOM, 'WEBVTT', then the end of the file or a space, tab or line break. */
function isWebVttSignature(head: Uint8Array): boolean {
  const at = startsWith(head, UTF8_BOM) ? 3 : 0;
  if (!startsWith(head, ascii('WEBVTT'), at)) return false;
  const next = head[at + 6];
  return next === undefined || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d;
}

/**
 * A whole WebVTT file: the signature line, UTF-8 throughout, no NUL, and at least one cue timing line
 * ('00:01.000 --> 00:04.000'). Anything else (an HTML page named .vtt, a binary) is refused.
 */
export function isWebVtt(bytes: Uint8Array): boolean {
  if (!isWebVttSignature(bytes)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (text.includes('\0')) return false;
  return /(^|\n)\s*(\d+:)?\d{2}:\d{2}\.\d{3}[ \t]+-->[ \t]+(\d+:)?\d{2}:\d{2}\.\d{3}/.test(
    text.replace(/\r\n?/g, '\n'),
  );
}
