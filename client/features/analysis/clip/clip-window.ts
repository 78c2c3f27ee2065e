import type { EncodedSample } from '../pose/demux/types';

/**
 * Which part of a video a posted clip holds (issue 30, docs/decisions.md decision 51): `seconds`
 * centred on the frame at `at`, cut (never shifted) to the video's start; its end is cut by the file
 * itself, where the frames stop. Times in microseconds.
 */
export type ClipWindow = { fromUs: number; toUs: number };

export function clipWindow(at: number, seconds: number): ClipWindow {
  const atUs = Math.round(at * 1e6);
  const half = Math.round((seconds * 1e6) / 2);
  return { fromUs: Math.max(0, atUs - half), toUs: atUs + half };
}

/**
 * A frame shown at `timestampUs` belongs to the clip when it starts inside the window. A frame's time
 * in a file is rounded (to the millisecond in WebM), so half a millisecond either way counts as on the
 * boundary: a 30 fps clip's frame 90 (3.000 s) starts a window from 3 s, frame 210 (7.000 s) does not
 * end one to 7 s.
 */
export function inWindow(timestampUs: number, window: ClipWindow): boolean {
  return timestampUs >= window.fromUs - 500 && timestampUs < window.toUs - 500;
}

/** Frames past the window's end that are still read, for decoders that show frames out of decode order. */
const REORDER_US = 1_000_000;
/** The encoded frames kept before the window while waiting for a later key frame (then decoded anyway). */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/**
 * The encoded frames to decode for the window, in decode order: from the last key frame at or before
 * its start (the frames before that key frame are never decoded), to the first key frame at or after its
 * end, or a second past it. Frames before the window are held until it is known which key frame it
 * starts from; past 64 MiB of them (a file with few key frames) they are let through to be decoded.
 */
export async function* samplesForWindow(
  samples: AsyncGenerator<EncodedSample, void, undefined>,
  window: ClipWindow,
): AsyncGenerator<EncodedSample, void, undefined> {
  let held: EncodedSample[] = [];
  let heldBytes = 0;
  let started = false;
  try {
    for await (const sample of samples) {
      if (!started) {
        if (sample.key && sample.timestampUs <= window.fromUs + 500) {
          held = [sample];
          heldBytes = sample.data.length;
          continue;
        }
        if (held.length === 0 && !sample.key) continue;
        held.push(sample);
        heldBytes += sample.data.length;
        if (sample.timestampUs < window.fromUs - 500 && heldBytes <= MAX_BUFFERED_BYTES) continue;
        started = true;
        yield* held;
        held = [];
        continue;
      }
      if (
        sample.timestampUs >= window.toUs - 500 &&
        (sample.key || sample.timestampUs >= window.toUs + REORDER_US)
      )
        return;
      yield sample;
    }
    // The file ended before the window started: what is held still decodes to its last frames.
    if (!started) yield* held;
  } finally {
    await samples.return(undefined);
  }
}
