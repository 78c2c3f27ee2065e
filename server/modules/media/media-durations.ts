import type { MediaRepository } from '../../db/repositories/media.repository';
import type { BlobStore } from '../../storage/blob';
import { mendWebmBlob, scanWebmBlob } from '../../storage/media-store';
import type { ServiceLog } from '../../context';

/**
 * Gives the WebM files stored before uploads were mended (migration 0010 marks them) their Duration and
 * Cues, one at a time in the background after start-up, so that old voice messages and recordings show
 * their length too. The mended copy is a new blob; the row takes it only if nobody changed the row
 * meanwhile (another server doing the same, a deletion), else the copy is dropped. A file that cannot be
 * read is logged and marked checked, so it is not tried at every start.
 */
export function mediaDurationMender({
  repo,
  blobs,
  log,
}: {
  repo: MediaRepository;
  blobs: BlobStore;
  log: ServiceLog;
}) {
  let stopped = false;
  let running: Promise<void> | null = null;

  async function mendOne(after: string | null): Promise<string | null> {
    const row = await repo.nextUncheckedDuration(after);
    if (!row) return null;
    let mended: { key: string; size: number } | null = null;
    try {
      const scanner = await scanWebmBlob(blobs, row.storageKey);
      mended = await mendWebmBlob(blobs, row.storageKey, scanner, { keepOriginal: true });
    } catch (err) {
      log.warn({ err, mediaId: row.id }, 'could not check the duration of a stored WebM; left as it is');
    }
    const taken = await repo.markDurationChecked(
      row,
      mended ? { storageKey: mended.key, size: mended.size } : null,
    );
    if (mended) {
      // The row now points at the copy (or has gone): one of the two blobs is not needed any more.
      await blobs.delete(taken ? row.storageKey : mended.key);
      if (taken) log.info({ mediaId: row.id, size: mended.size }, 'stored WebM given its duration');
    }
    return row.id;
  }

  /** One pass over every file still to check. */
  async function pass(): Promise<void> {
    let after: string | null = null;
    while (!stopped) {
      after = await mendOne(after);
      if (after === null) return;
    }
  }

  return {
    /** Starts the background pass after start-up. */
    start() {
      running ??= pass().catch((err: unknown) => log.warn({ err }, 'the stored WebM duration pass stopped'));
    },
    /** Stops after the file under way. */
    async stop() {
      stopped = true;
      await running;
    },
    /** Runs a pass now and settles when it is over (tests, after the start-up pass). */
    async pass() {
      await running;
      await pass();
    },
  };
}

export type MediaDurationMender = ReturnType<typeof mediaDurationMender>;
