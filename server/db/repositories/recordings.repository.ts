import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { recordings, type RecordingRow } from '../schema';

/** Drizzle queries on recordings only. */
export function recordingsRepository(db: Db) {
  return {
    async insert(row: Omit<RecordingRow, 'id' | 'recordedAt'>): Promise<RecordingRow> {
      const [created] = await db.insert(recordings).values(row).returning();
      return created!;
    },
    async listFor(userId: string): Promise<RecordingRow[]> {
      return db
        .select()
        .from(recordings)
        .where(eq(recordings.userId, userId))
        .orderBy(desc(recordings.recordedAt), desc(recordings.id));
    },
    /** Deletes a member's recording; null when it is not theirs or does not exist. */
    async deleteOwn(id: string, userId: string): Promise<RecordingRow | null> {
      const [row] = await db
        .delete(recordings)
        .where(and(eq(recordings.id, id), eq(recordings.userId, userId)))
        .returning();
      return row ?? null;
    },
  };
}

export type RecordingsRepository = ReturnType<typeof recordingsRepository>;
