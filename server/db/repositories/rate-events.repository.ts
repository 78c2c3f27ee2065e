import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateEvents } from '../schema';

export type RateEntry = { key: string; limit: number; windowMs: number };

/** Drizzle queries on rate_events only (server/lib/rate-event-store.ts gives them their meaning). */
export function rateEventsRepository(db: Db) {
  return {
    /**
     * Counts one attempt at `at` under every entry's key when each is under its limit, and returns 0;
     * otherwise counts nothing and returns the longest wait in milliseconds. One statement, atomic
     * across connections and servers (the `rate_take` function of migration 0011).
     */
    async take(entries: readonly RateEntry[], at: number): Promise<number> {
      const result = (await db.execute(sql`select rate_take(
          ${sql.param(entries.map((e) => e.key))}::text[],
          ${sql.param(entries.map((e) => e.limit))}::integer[],
          ${sql.param(entries.map((e) => e.windowMs))}::bigint[],
          ${new Date(at).toISOString()}::timestamptz
        )::float8 as wait`)) as unknown as { rows: Array<{ wait: number }> };
      return Number(result.rows[0]!.wait);
    },
    /** The time of the `limit`-th newest attempt of `key` after `since`, or null when there are fewer. */
    async nthNewestSince(key: string, limit: number, since: number): Promise<number | null> {
      const [row] = await db
        .select({ at: rateEvents.at })
        .from(rateEvents)
        .where(and(eq(rateEvents.key, key), gt(rateEvents.at, new Date(since))))
        .orderBy(desc(rateEvents.at))
        .offset(limit - 1)
        .limit(1);
      return row ? row.at.getTime() : null;
    },
    /** Removes one attempt of `key` counted at `at`. */
    async deleteOne(key: string, at: number): Promise<void> {
      const one = db
        .select({ id: rateEvents.id })
        .from(rateEvents)
        .where(and(eq(rateEvents.key, key), eq(rateEvents.at, new Date(at))))
        .limit(1);
      await db.delete(rateEvents).where(inArray(rateEvents.id, one));
    },
    async deleteKey(key: string): Promise<void> {
      await db.delete(rateEvents).where(eq(rateEvents.key, key));
    },
    /** Removes attempts whose window has passed at `now`. */
    async deleteExpired(now: number): Promise<void> {
      await db.delete(rateEvents).where(lte(rateEvents.expiresAt, new Date(now)));
    },
  };
}
