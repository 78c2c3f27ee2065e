import type { Readable } from 'node:stream';
import { WebmScanner } from '../../common/webm';
import type { LessonsRepository, Slot } from '../db/repositories/lessons.repository';
import type { MediaStore } from './media-store';

/** Reads the bytes [start, end] (inclusive) of a stored file. */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

/** A WebM's Info (with its Duration) comes before the first Cluster, within its first megabytes. */
const WEBM_HEAD_BYTES = 2 * 1024 * 1024;
/** Boxes looked at in an MP4 before giving up: a real file has a handful at the top and in `moov`. */
const MP4_MAX_BOXES = 1000;

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const u32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at);
const u64 = (b: Uint8Array, at: number) => Number(new DataView(b.buffer, b.byteOffset).getBigUint64(at));
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

type Box = { type: string; start: number; dataStart: number; end: number };

/** The boxes between `from` and `to` (ISO BMFF: 32-bit size, or 1 then a 64-bit size, or 0 to the end). */
async function* boxes(read: ReadRange, from: number, to: number, budget: { left: number }) {
  let at = from;
  while (at + 8 <= to && budget.left-- > 0) {
    const head = await read(at, Math.min(at + 16, to) - 1);
    if (head.length < 8) return;
    let size = u32(head, 0);
    let headerLength = 8;
    if (size === 1) {
      if (head.length < 16) return;
      size = u64(head, 8);
      headerLength = 16;
    } else if (size === 0) size = to - at;
    if (size < headerLength || at + size > to) return;
    yield { type: fourcc(head, 4), start: at, dataStart: at + headerLength, end: at + size } satisfies Box;
    at += size;
  }
}

/**
 * The length of an MP4 or QuickTime file from its movie header (`moov` → `mvhd`: duration ÷ timescale),
 * or for a fragmented file whose `mvhd` says 0, from `mvex` → `mehd`. Only the box headers and that
 * header are read, so a large file is not read whole. Null when the file does not say.
 */
export async function mp4Seconds(read: ReadRange, size: number): Promise<number | null> {
  const budget = { left: MP4_MAX_BOXES };
  for await (const top of boxes(read, 0, size, budget)) {
    if (top.type !== 'moov') continue;
    let timescale = 0;
    let seconds: number | null = null;
    for await (const box of boxes(read, top.dataStart, top.end, budget)) {
      if (box.type === 'mvhd') {
        const h = await read(box.dataStart, Math.min(box.dataStart + 32, box.end) - 1);
        const v1 = h[0] === 1;
        if (h.length < (v1 ? 32 : 20)) return null;
        timescale = u32(h, v1 ? 20 : 12);
        const duration = v1 ? u64(h, 24) : u32(h, 16);
        const unknown = v1 ? duration >= Number.MAX_SAFE_INTEGER : duration === 0xffffffff;
        if (timescale === 0) return null;
        if (duration > 0 && !unknown) seconds = duration / timescale;
      } else if (box.type === 'mvex' && seconds === null && timescale > 0) {
        for await (const child of boxes(read, box.dataStart, box.end, budget)) {
          if (child.type !== 'mehd') continue;
          const h = await read(child.dataStart, Math.min(child.dataStart + 12, child.end) - 1);
          const v1 = h[0] === 1;
          if (h.length < (v1 ? 12 : 8)) return null;
          const duration = v1 ? u64(h, 4) : u32(h, 4);
          if (duration > 0) seconds = duration / timescale;
        }
      }
    }
    return seconds;
  }
  return null;
}

/** The length of a WebM from the Duration in its Info (uploads are given one: decision 25), or null. */
export async function webmSeconds(read: ReadRange, size: number): Promise<number | null> {
  const scanner = new WebmScanner({ stopAtDuration: true });
  const step = 64 * 1024;
  for (let at = 0; at < Math.min(size, WEBM_HEAD_BYTES) && !scanner.settled; at += step) {
    scanner.push(await read(at, Math.min(at + step, size) - 1));
  }
  const scan = scanner.end();
  if (scan.infoDuration === null || !(scan.infoDuration > 0)) return null;
  return (scan.infoDuration * scan.timecodeScale) / 1e9;
}

/**
 * Lesson videos' lengths (docs/decisions.md decision 37): read from the file when a video is registered,
 * and for a video registered before (its length null) the first time it is needed, then kept.
 */
export function lessonVideoLengths({ repo, media }: { repo: LessonsRepository; media: MediaStore }) {
  /** A stored video's length in seconds; null when the file does not say or cannot be read. */
  async function measure(mediaId: string): Promise<number | null> {
    try {
      const row = await media.find(mediaId);
      if (!row) return null;
      const read: ReadRange = (start, end) => bytesOf(media.open(row, { start, end }));
      const seconds =
        row.contentType === 'video/webm'
          ? await webmSeconds(read, row.size)
          : row.contentType === 'video/mp4' || row.contentType === 'video/quicktime'
            ? await mp4Seconds(read, row.size)
            : null;
      return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
    } catch {
      return null;
    }
  }
  return {
    measure,
    /** The slot's video and its length (null: unknown), or null when the slot has no video. */
    async of(slot: Slot): Promise<{ seconds: number | null } | null> {
      const row = await repo.videoOf(slot);
      if (!row) return null;
      if (row.durationSeconds !== null) return { seconds: row.durationSeconds };
      const seconds = await measure(row.mediaId);
      if (seconds !== null) await repo.setDuration(slot, row.mediaId, seconds);
      return { seconds };
    },
  };
}

export type LessonVideoLengths = ReturnType<typeof lessonVideoLengths>;
