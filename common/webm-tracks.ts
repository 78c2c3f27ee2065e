/**
 * Which kinds of track a WebM file declares, read from its first bytes (the Tracks element comes before
 * the first Cluster in every MediaRecorder file). The server uses it to tell a voiceover whose screen file
 * carries the voice (decision 48) from one recorded before, whose screen file is silent.
 */
import { EBML_ID as ID, readUint, readVint } from './ebml';

export interface WebmTrackKinds {
  video: boolean;
  audio: boolean;
}

const TRACK_TYPE_VIDEO = 1;
const TRACK_TYPE_AUDIO = 2;

/**
 * The kinds of the file's tracks, or null when these bytes do not hold its whole Tracks element (read
 * more), or when the file has none before its first Cluster or cannot be read (then nothing is known).
 */
export function webmTrackKinds(bytes: Uint8Array): WebmTrackKinds | null {
  let at = 0;
  while (at < bytes.length) {
    const id = readVint(bytes, at, true);
    if (!id || id.width === 0) return null;
    const size = readVint(bytes, at + id.width, false);
    if (!size || size.width === 0) return null;
    const dataStart = at + id.width + size.width;
    if (id.value === ID.Segment) {
      // Its children follow; its size may be unknown (a live MediaRecorder stream).
      at = dataStart;
      continue;
    }
    if (id.value === ID.Cluster || size.unknown) return null;
    const end = dataStart + size.value;
    if (id.value === ID.Tracks) return end > bytes.length ? null : kindsIn(bytes, dataStart, end);
    at = end;
  }
  return null;
}

/** The kinds of the TrackEntry elements between `start` and `end` (the data of Tracks). */
function kindsIn(bytes: Uint8Array, start: number, end: number): WebmTrackKinds | null {
  const kinds: WebmTrackKinds = { video: false, audio: false };
  for (const entry of children(bytes, start, end)) {
    if (entry.id !== ID.TrackEntry) continue;
    for (const field of children(bytes, entry.start, entry.end)) {
      if (field.id !== ID.TrackType) continue;
      const type = readUint(bytes, field.start, field.end);
      if (type === TRACK_TYPE_VIDEO) kinds.video = true;
      if (type === TRACK_TYPE_AUDIO) kinds.audio = true;
    }
  }
  return kinds;
}

/** The child elements of a master element whose data lies wholly between `start` and `end`. */
function* children(bytes: Uint8Array, start: number, end: number) {
  let at = start;
  while (at < end) {
    const id = readVint(bytes, at, true);
    if (!id || id.width === 0) return;
    const size = readVint(bytes, at + id.width, false);
    if (!size || size.width === 0 || size.unknown) return;
    const dataStart = at + id.width + size.width;
    const dataEnd = dataStart + size.value;
    if (dataEnd > end) return;
    yield { id: id.value, start: dataStart, end: dataEnd };
    at = dataEnd;
  }
}
