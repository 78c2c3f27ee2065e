import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../client';
import { sessions, type SessionRow } from '../schema';

/** Drizzle queries on sessions only. */
export function sessionsRepository(db: Db) {
  return {
    async insert(row: { tokenHash: string; userId: string; expiresAt: Date }): Promise<SessionRow> {
      const [created] = await db.insert(sessions).values(row).returning();
      return created!;
    },
    async findByHash(tokenHash: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },
    async touch(tokenHash: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
    },
    async deleteByHash(tokenHash: string): Promise<boolean> {
      const rows = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({
        tokenHash: sessions.tokenHash,
      });
      return rows.length > 0;
    },
    async deleteForUser(userId: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },
    /** Ends every session of a user but one (after a password change). */
    async deleteForUserExcept(userId: string, keepTokenHash: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },
    /** Removes sessions past their absolute or idle expiry. */
    async deleteExpired(now: Date, idleBefore: Date): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },
    async countForUser(userId: string): Promise<number> {
      const rows = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(and(eq(sessions.userId, userId)));
      return rows.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
