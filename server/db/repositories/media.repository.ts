import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { media, type MediaKind, type MediaRow } from '../schema';

/** Drizzle queries on media rows only. */
export function mediaRepository(db: Db) {
  return {
    async insert(row: {
      id?: string;
      ownerId: string;
      kind: MediaKind;
      contentType: string;
      size: number;
      storageKey: string;
    }): Promise<MediaRow> {
      const [created] = await db.insert(media).values(row).returning();
      return created!;
    },
    async findById(id: string): Promise<MediaRow | null> {
      const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
      return row ?? null;
    },
    /** One stored file whose Duration is still to be checked (migration 0010), or null. */
    async nextUncheckedDuration(after: string | null): Promise<MediaRow | null> {
      const [row] = await db
        .select()
        .from(media)
        .where(
          after
            ? and(eq(media.durationChecked, false), gt(media.id, after))
            : eq(media.durationChecked, false),
        )
        .orderBy(media.id)
        .limit(1);
      return row ?? null;
    },
    /**
     * Marks a file checked, with its mended blob when given; false when the row has gone or another
     * process changed it first (then the caller's new blob is not used).
     */
    async markDurationChecked(
      row: MediaRow,
      mended: { storageKey: string; size: number } | null,
    ): Promise<boolean> {
      const updated = await db
        .update(media)
        .set({ durationChecked: true, ...(mended ?? {}) })
        .where(and(eq(media.id, row.id), eq(media.storageKey, row.storageKey)))
        .returning({ id: media.id });
      return updated.length > 0;
    },
    /**
     * Records the small version of an image (its blob, or null when none can be made) unless another
     * process recorded one first or the file changed or went: the row as it is now (the winner's
     * thumbnail then), or null when the row has gone. `won` tells whether the caller's blob is used.
     */
    async setThumb(
      row: MediaRow,
      thumb: { key: string; size: number } | null,
    ): Promise<{ row: MediaRow | null; won: boolean }> {
      const [updated] = await db
        .update(media)
        .set({ thumbKey: thumb?.key ?? null, thumbSize: thumb?.size ?? 0 })
        .where(and(eq(media.id, row.id), eq(media.storageKey, row.storageKey), isNull(media.thumbSize)))
        .returning();
      if (updated) return { row: updated, won: true };
      const [now] = await db.select().from(media).where(eq(media.id, row.id)).limit(1);
      return { row: now ?? null, won: false };
    },
    async deleteById(id: string): Promise<MediaRow | null> {
      const [row] = await db.delete(media).where(eq(media.id, id)).returning();
      return row ?? null;
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
