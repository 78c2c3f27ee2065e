import { finished, Readable, Transform, type TransformCallback } from 'node:stream';
import type { MediaRepository } from '../db/repositories/media.repository';
import type { MediaKind, MediaRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { SNIFF_MAX_BYTES, sniffType, type SniffedType } from '../lib/sniff';
import { planWebmMend, WebmScanner } from '../../common/webm';
import type { BlobStore } from './blob';
import { canHaveThumbnail, makeThumbnail, NoThumbnail, THUMB_MAX_INPUT_BYTES } from './thumbnail';

/**
 * Passes bytes through once the first ones show an allowed type; fails with 415 otherwise, and
 * with 413 past the limit for that type.
 */
class Inspector extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private total = 0;
  type: SniffedType | null = null;
  /** Reads a WebM as it passes, to tell whether it lacks its Duration (a MediaRecorder file). */
  webm: WebmScanner | null = null;

  constructor(
    private readonly allowed: ReadonlySet<SniffedType>,
    private readonly maxBytes: (type: SniffedType | null) => number,
    private readonly tooLargeMessage: string,
    private readonly wrongTypeMessage: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.total += chunk.length;
    if (this.total > this.maxBytes(this.type)) {
      return done(new AppError('payload_too_large', this.tooLargeMessage));
    }
    if (this.type) {
      this.webm?.push(chunk);
      return done(null, chunk);
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    this.decide(false, done);
  }

  override _flush(done: TransformCallback) {
    if (this.type) return done();
    this.decide(true, done); // a file shorter than the look-ahead
  }

  private decide(complete: boolean, done: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [head];
    const type = sniffType(head, complete || this.headLength >= SNIFF_MAX_BYTES);
    if (type === 'more') return done();
    if (!type || !this.allowed.has(type)) {
      return done(new AppError('unsupported_media_type', this.wrongTypeMessage));
    }
    this.type = type;
    this.head = [];
    if (type === 'audio/webm' || type === 'video/webm') {
      this.webm = new WebmScanner({ stopAtDuration: true });
      this.webm.push(head);
    }
    if (this.total > this.maxBytes(type))
      return done(new AppError('payload_too_large', this.tooLargeMessage));
    done(null, head);
  }
}

export type SaveUploadOptions = {
  ownerId: string;
  kind: MediaKind;
  allowed: ReadonlySet<SniffedType>;
  /** The size limit: one number, or by the type found (null while it is not known yet). */
  maxBytes: number | ((type: SniffedType | null) => number);
  /** True when the multipart parser cut the file at its own limit. */
  truncated?: () => boolean;
  tooLargeMessage: string;
  wrongTypeMessage: string;
};

/**
 * Writes a copy of a scanned WebM blob with its Duration and Cues (common/webm.ts) under a new key and
 * deletes the original (unless `keepOriginal`): the new key and size, or null when the file needs nothing (or cannot be mended,
 * then it stays as it is).
 */
export async function mendWebmBlob(
  blobs: BlobStore,
  key: string,
  scanner: WebmScanner,
  { keepOriginal = false }: { keepOriginal?: boolean } = {},
): Promise<{ key: string; size: number } | null> {
  const scan = scanner.end();
  const plan = planWebmMend(scan);
  if (!plan) return null;
  const mendedKey = blobs.newKey();
  async function* mended() {
    yield Buffer.from(plan!.head);
    if (plan!.resumeAt < scan.size) yield* blobs.read(key, { start: plan!.resumeAt, end: scan.size - 1 });
  }
  const size = await blobs.write(mendedKey, Readable.from(mended()));
  if (!keepOriginal) await blobs.delete(key);
  return { key: mendedKey, size };
}

/** Reads a stored blob through a WebM scanner. */
export async function scanWebmBlob(blobs: BlobStore, key: string): Promise<WebmScanner> {
  const scanner = new WebmScanner({ stopAtDuration: true });
  for await (const chunk of blobs.read(key)) {
    scanner.push(chunk as Buffer);
    if (scanner.settled) break;
  }
  return scanner;
}

/** Stores uploads as media rows plus blobs: checked by content, bounded in size, never half-kept. */
export function createMediaStore(blobs: BlobStore, repo: MediaRepository) {
  /** Thumbnails being made by this process, by media id: simultaneous requests share one. */
  const making = new Map<string, Promise<MediaRow | null>>();

  /**
   * Makes, stores and records the small version of an image (decision 71). Several processes may make
   * one at once: each writes its own blob under a new key, the first to record its key in the row wins,
   * the others delete theirs and use the winner's. The row as it is now, or null when it has gone.
   */
  async function makeSmall(row: MediaRow): Promise<MediaRow | null> {
    let thumb: { key: string; size: number } | null = null;
    if (canHaveThumbnail(row.contentType) && row.size <= THUMB_MAX_INPUT_BYTES) {
      const read = async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of blobs.read(row.storageKey)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      try {
        const bytes = await makeThumbnail(read);
        const key = blobs.newKey();
        thumb = { key, size: await blobs.write(key, Readable.from([bytes])) };
      } catch (err) {
        // For now (too busy, too slow): the original this time, and a new try next time.
        if (err instanceof NoThumbnail && err.reason === 'busy') return row;
        // For good (not an image libvips reads, an animation, a bomb): recorded as none.
        if (!(err instanceof NoThumbnail)) throw err;
      }
    }
    let recorded;
    try {
      recorded = await repo.setThumb(row, thumb);
    } catch (err) {
      if (thumb) await blobs.delete(thumb.key).catch(() => {});
      throw err;
    }
    if (thumb && !recorded.won) await blobs.delete(thumb.key).catch(() => {});
    return recorded.row;
  }

  return {
    /**
     * The row with its small version made when it had none yet (`thumbSize` not null afterwards,
     * unless the server was too busy): serve `thumbKey` when set, otherwise the original.
     */
    async withSmall(row: MediaRow): Promise<MediaRow | null> {
      if (row.thumbSize !== null) return row;
      let pending = making.get(row.id);
      if (!pending) {
        pending = makeSmall(row).finally(() => making.delete(row.id));
        making.set(row.id, pending);
      }
      return pending;
    },

    /**
     * Streams an upload into the blob store and records it. The source is never destroyed: on a
     * refusal it is drained, so the rest of the request can still be read and answered.
     */
    async save(source: Readable, opts: SaveUploadOptions): Promise<MediaRow> {
      const limit = opts.maxBytes;
      const maxBytes = typeof limit === 'number' ? () => limit : limit;
      const inspector = new Inspector(opts.allowed, maxBytes, opts.tooLargeMessage, opts.wrongTypeMessage);
      const key = blobs.newKey();
      // pipe() does not pass a failing or vanishing source on: a client that hangs up mid-upload
      // must still end the write, so that its temporary file is removed. finished() also tells of
      // a source that failed or closed before this was called (a client gone while the route
      // was still checking its request). Our own errors (a malformed or stalled upload) are kept.
      finished(source, { writable: false }, (err) => {
        if (!err) return;
        inspector.destroy(
          err instanceof AppError ? err : new AppError('bad_request', 'The upload was interrupted'),
        );
      });
      source.pipe(inspector);
      let size: number;
      try {
        size = await blobs.write(key, inspector);
      } catch (err) {
        source.unpipe(inspector);
        source.resume();
        throw err;
      }
      if (opts.truncated?.()) {
        await blobs.delete(key);
        throw new AppError('payload_too_large', opts.tooLargeMessage);
      }
      if (size === 0 || !inspector.type) {
        await blobs.delete(key);
        throw new AppError('unsupported_media_type', opts.wrongTypeMessage);
      }
      // A WebM without its length (an older client's recording) is stored with it written in.
      let stored = { key, size };
      if (inspector.webm) {
        try {
          stored = (await mendWebmBlob(blobs, key, inspector.webm)) ?? stored;
        } catch (err) {
          await blobs.delete(key);
          throw err;
        }
      }
      try {
        return await repo.insert({
          ownerId: opts.ownerId,
          kind: opts.kind,
          contentType: inspector.type,
          size: stored.size,
          storageKey: stored.key,
        });
      } catch (err) {
        await blobs.delete(stored.key);
        throw err;
      }
    },

    /** Deletes a media row and its blobs (the file and its small version). */
    async remove(id: string): Promise<void> {
      const row = await repo.deleteById(id);
      if (row) await blobs.delete(row.storageKey);
      if (row?.thumbKey) await blobs.delete(row.thumbKey);
    },

    find: (id: string) => repo.findById(id),
    open: (row: MediaRow, range?: { start: number; end: number }) => blobs.read(row.storageKey, range),
    /** The small version's bytes (a row given by withSmall, with its thumbKey). */
    openSmall: (row: MediaRow, range?: { start: number; end: number }) => blobs.read(row.thumbKey!, range),
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
