import { and, count, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { accountTokens, users, type AccountTokenPurpose, type AccountTokenRow } from '../schema';

/** Drizzle queries on the mailed single-use links only. */
export function accountTokensRepository(db: Db) {
  return {
    /**
     * Stores a link unless `limit` links of its purpose were made for the user since `since`; false
     * when over. The user's row is locked while counting, so requests racing on several
     * connections or servers cannot all slip under the limit.
     */
    async insertWithin(
      row: {
        tokenHash: string;
        userId: string;
        purpose: AccountTokenPurpose;
        email: string;
        expiresAt: Date;
        createdAt: Date;
      },
      limit: { max: number; since: Date } | null,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (limit) {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
          const [made] = await tx
            .select({ n: count() })
            .from(accountTokens)
            .where(
              and(
                eq(accountTokens.userId, row.userId),
                eq(accountTokens.purpose, row.purpose),
                gt(accountTokens.createdAt, limit.since),
              ),
            );
          if (Number(made?.n ?? 0) >= limit.max) return false;
        }
        await tx.insert(accountTokens).values(row);
        return true;
      });
    },
    /**
     * Uses a link once: marks it used and returns it when it exists for one of these purposes, is
     * unused and has not expired at `now`; null otherwise. One statement, so two clicks cannot both
     * use it.
     */
    async consume(
      tokenHash: string,
      purposes: readonly AccountTokenPurpose[],
      now: Date,
    ): Promise<AccountTokenRow | null> {
      const [row] = await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash),
            inArray(accountTokens.purpose, [...purposes]),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Whether a link would still be accepted by `consume` at `now` (without using it). */
    async isUsable(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<boolean> {
      const rows = await db
        .select({ tokenHash: accountTokens.tokenHash })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        );
      return rows.length > 0;
    },
    /** Voids a user's unused links of these purposes (a new password cancels pending resets and address changes). */
    async cancel(userId: string, purposes: readonly AccountTokenPurpose[], now: Date): Promise<void> {
      await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, userId),
            inArray(accountTokens.purpose, [...purposes]),
            isNull(accountTokens.usedAt),
          ),
        );
    },
    /** Links of one purpose sent to a user after `since` (to limit resending). */
    async countSince(userId: string, purpose: AccountTokenPurpose, since: Date): Promise<number> {
      const rows = await db
        .select({ tokenHash: accountTokens.tokenHash })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
            gt(accountTokens.createdAt, since),
          ),
        );
      return rows.length;
    },
    /** Removes links that expired or were used before `before`. */
    async deleteStale(before: Date): Promise<void> {
      await db
        .delete(accountTokens)
        .where(or(lt(accountTokens.expiresAt, before), lt(accountTokens.usedAt, before)));
    },
  };
}

export type AccountTokensRepository = ReturnType<typeof accountTokensRepository>;
