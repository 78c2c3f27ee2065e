import { desc, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { moderationAudit, type ModerationAuditRow } from '../schema';

export type NewAuditRow = typeof moderationAudit.$inferInsert;

/** Drizzle queries on the moderation audit (decision 53): appended to and read, never updated or deleted. */
export function moderationRepository(db: Db) {
  return {
    /** Appends one entry; `tx` to write it in the caller's transaction. */
    async append(row: NewAuditRow, tx: Db = db): Promise<ModerationAuditRow> {
      const [inserted] = await tx.insert(moderationAudit).values(row).returning();
      return inserted!;
    },
    /** Up to `limit` entries, newest first, older than the entry `before` when given. */
    async page(limit: number, before?: number): Promise<ModerationAuditRow[]> {
      return db
        .select()
        .from(moderationAudit)
        .where(before === undefined ? undefined : lt(moderationAudit.id, before))
        .orderBy(desc(moderationAudit.id))
        .limit(limit);
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
