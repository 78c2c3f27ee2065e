import { and, asc, count, eq, gt, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { chatMessages, chatReads } from '../schema';

/** Where members stopped reading the chat (decision 59), and what is unread after it. */
export function chatReadsRepository(db: Db) {
  /** Others' standing messages after `lastReadId`, leaving out the authors in `hiddenIds`. */
  const unreadWhere = (userId: string, lastReadId: number, hiddenIds: readonly string[]) =>
    and(
      gt(chatMessages.id, lastReadId),
      isNull(chatMessages.removedAt),
      ne(chatMessages.userId, userId),
      hiddenIds.length > 0 ? notInArray(chatMessages.userId, [...hiddenIds]) : undefined,
    );

  return {
    /** The member's last read message id, or null when they have none. */
    async lastRead(userId: string): Promise<number | null> {
      const [row] = await db
        .select({ lastReadId: chatReads.lastReadId })
        .from(chatReads)
        .where(eq(chatReads.userId, userId));
      return row?.lastReadId ?? null;
    },

    /**
     * Moves the member's position forward to `id`, taken as the room's newest message id when beyond
     * it; an older id leaves it as it is. Returns the position after.
     */
    async advance(userId: string, id: number): Promise<number> {
      const newest = sql`(select coalesce(max(${chatMessages.id}), 0) from ${chatMessages})`;
      const [row] = await db
        .insert(chatReads)
        .values({ userId, lastReadId: sql`least(${id}::bigint, ${newest})` })
        .onConflictDoUpdate({
          target: chatReads.userId,
          set: {
            lastReadId: sql`greatest(${chatReads.lastReadId}, excluded.last_read_id)`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ lastReadId: chatReads.lastReadId });
      return row!.lastReadId;
    },

    /** The first unread message's id and how many there are, counted up to `max`. */
    async unread(
      userId: string,
      lastReadId: number,
      hiddenIds: readonly string[],
      max: number,
    ): Promise<{ unread: number; firstUnreadId: number | null }> {
      const where = unreadWhere(userId, lastReadId, hiddenIds);
      const capped = db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(where)
        .orderBy(asc(chatMessages.id))
        .limit(max)
        .as('capped');
      const [row] = await db
        .select({ unread: count(), first: sql<string | number | null>`min(${capped.id})` })
        .from(capped);
      const first = row?.first;
      return { unread: row?.unread ?? 0, firstUnreadId: first == null ? null : Number(first) };
    },
  };
}

export type ChatReadsRepository = ReturnType<typeof chatReadsRepository>;
