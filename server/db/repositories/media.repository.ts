import { and, eq, gt } from 'drizzle-orm';
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
    async deleteById(id: string): Promise<MediaRow | null> {
      const [row] = await db.delete(media).where(eq(media.id, id)).returning();
      return row ?? null;
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
