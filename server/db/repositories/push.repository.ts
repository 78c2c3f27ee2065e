import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { notifications, pushSubscriptions, users, type PushSubscriptionRow } from '../schema';

/** Drizzle queries for web push (decision 61): subscriptions, and the notifications' `pushed_at`. */
export function pushRepository(db: Db) {
  return {
    /** Stores this device's subscription for the member (and session); an endpoint seen before is taken over. */
    async upsert(values: {
      endpoint: string;
      userId: string;
      sessionHash: string;
      p256dh: string;
      auth: string;
    }): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: values.userId,
            sessionHash: values.sessionHash,
            p256dh: values.p256dh,
            auth: values.auth,
            updatedAt: sql`now()`,
          },
        });
    },

    /** Keeps the member's `keep` most recently saved subscriptions and deletes the others. */
    async keepNewest(userId: string, keep: number): Promise<void> {
      await db.execute(sql`
        delete from ${pushSubscriptions}
        where ${pushSubscriptions.userId} = ${userId}
          and ${pushSubscriptions.endpoint} not in (
            select ${pushSubscriptions.endpoint} from ${pushSubscriptions}
            where ${pushSubscriptions.userId} = ${userId}
            order by ${pushSubscriptions.updatedAt} desc, ${pushSubscriptions.createdAt} desc
            limit ${keep}
          )`);
    },

    /** Deletes the member's own subscription of this endpoint; false when there is none of theirs. */
    async removeOwn(endpoint: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
        .returning({ endpoint: pushSubscriptions.endpoint });
      return rows.length > 0;
    },

    /** Deletes a subscription whose push service said it is gone (404, 410). */
    async remove(endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },

    async forUsers(userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
    },

    /** The display names of the given members (the actors of notifications). */
    async names(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...userIds]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Marks notifications as pushed (or passed over for push). */
    async markPushed(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(notifications)
        .set({ pushedAt: sql`now()` })
        .where(and(inArray(notifications.id, [...ids]), isNull(notifications.pushedAt)));
    },
  };
}

export type PushRepository = ReturnType<typeof pushRepository>;
