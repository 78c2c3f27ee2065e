import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  attempts,
  chatMessages,
  discussionMessages,
  moderationAudit,
  users,
  type ModerationAuditRow,
} from '../schema';

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
    /** An attempt's caption and author, for the audit of its removal; null when it is gone. */
    async attemptFacts(attemptId: string, tx: Db = db) {
      const [row] = await tx
        .select({ caption: attempts.caption, userId: attempts.userId, username: users.username })
        .from(attempts)
        .innerJoin(users, eq(users.id, attempts.userId))
        .where(eq(attempts.id, attemptId))
        .limit(1);
      return row ?? null;
    },
    /**
     * A coach removes an attempt (decision 53): the messages that post it become tombstones that only
     * its author sees (the caption kept as their text), no longer tied to the attempt, which the
     * caller then deletes with its files. The ids of the messages, in the chat and in discussions.
     */
    async tombstoneAttempt(attemptId: string, by: string, reason: string | null, tx: Db = db) {
      const set = { removedAt: sql`now()`, removedBy: by, removalReason: reason, attemptId: null };
      const chat = await tx
        .update(chatMessages)
        .set(set)
        .where(eq(chatMessages.attemptId, attemptId))
        .returning({ id: chatMessages.id });
      const discussion = await tx
        .update(discussionMessages)
        .set(set)
        .where(eq(discussionMessages.attemptId, attemptId))
        .returning({
          id: discussionMessages.id,
          thinkTank: discussionMessages.thinkTank,
          topicSlug: discussionMessages.topicSlug,
          lessonSlug: discussionMessages.lessonSlug,
        });
      return { chat: chat.map((r) => r.id), discussion };
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
