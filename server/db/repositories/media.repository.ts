import { eq } from 'drizzle-orm';
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
    async deleteById(id: string): Promise<MediaRow | null> {
      const [row] = await db.delete(media).where(eq(media.id, id)).returning();
      return row ?? null;
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
