import { and, asc, count, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { chatMessages, discussionMessages, memberBlocks, reports, users, type ReportRow } from '../schema';

/** A message as a report reads it: who wrote it, what it said, whether it still stands. */
export type ReportedMessage = {
  id: number;
  userId: string;
  content: string;
  messageType: string;
  createdAt: Date;
  removedAt: Date | null;
  thread: { thinkTank: string; topic: string; lesson: string } | null;
};

export type OpenReportRow = ReportRow & {
  reporterUsername: string;
  reporterName: string;
  targetUsername: string;
  targetName: string;
  targetSuspendedAt: Date | null;
};

/** Drizzle queries on reports and blocks (decision 55). */
export function reportsRepository(db: Db) {
  const reporter = alias(users, 'reporter');
  const target = alias(users, 'target');
  return {
    async chatMessage(id: number): Promise<ReportedMessage | null> {
      const [row] = await db
        .select({
          id: chatMessages.id,
          userId: chatMessages.userId,
          content: chatMessages.content,
          messageType: chatMessages.messageType,
          createdAt: chatMessages.createdAt,
          removedAt: chatMessages.removedAt,
        })
        .from(chatMessages)
        .where(eq(chatMessages.id, id));
      return row ? { ...row, thread: null } : null;
    },

    async discussionMessage(id: number): Promise<ReportedMessage | null> {
      const [row] = await db
        .select({
          id: discussionMessages.id,
          userId: discussionMessages.userId,
          content: discussionMessages.text,
          attemptId: discussionMessages.attemptId,
          createdAt: discussionMessages.createdAt,
          removedAt: discussionMessages.removedAt,
          thinkTank: discussionMessages.thinkTank,
          topic: discussionMessages.topicSlug,
          lesson: discussionMessages.lessonSlug,
        })
        .from(discussionMessages)
        .where(eq(discussionMessages.id, id));
      if (!row) return null;
      return {
        id: row.id,
        userId: row.userId,
        content: row.content,
        messageType: row.attemptId === null ? 'text' : 'attempt',
        createdAt: row.createdAt,
        removedAt: row.removedAt,
        thread: { thinkTank: row.thinkTank, topic: row.topic, lesson: row.lesson },
      };
    },

    /** Which of these messages still stand (not deleted, not removed by a coach). */
    async standing(kind: 'chat' | 'discussion', ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const table = kind === 'chat' ? chatMessages : discussionMessages;
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, ids), isNull(table.removedAt)));
      return new Set(rows.map((r) => r.id));
    },

    /** Stores a report; null when this member already has an open report of this target. */
    async insert(row: typeof reports.$inferInsert): Promise<ReportRow | null> {
      const [inserted] = await db.insert(reports).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    /** Every open report, oldest first, with the reporter's and the reported member's names. */
    async open(): Promise<OpenReportRow[]> {
      return db
        .select({
          ...getColumns(),
          reporterUsername: reporter.username,
          reporterName: reporter.name,
          targetUsername: target.username,
          targetName: target.name,
          targetSuspendedAt: target.suspendedAt,
        })
        .from(reports)
        .innerJoin(reporter, eq(reporter.id, reports.reporterId))
        .innerJoin(target, eq(target.id, reports.targetUserId))
        .where(isNull(reports.resolvedAt))
        .orderBy(asc(reports.createdAt), asc(reports.id));
    },

    /** The open reports of one target, oldest first. */
    async openOf(key: string): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(and(eq(reports.target, key), isNull(reports.resolvedAt)))
        .orderBy(asc(reports.createdAt), asc(reports.id));
    },

    /** Closes every open report of `key`; how many it closed. `tx` to do it in the caller's transaction. */
    async resolve(key: string, by: string, resolution: string, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(reports)
        .set({ resolvedAt: sql`now()`, resolvedBy: by, resolution })
        .where(and(eq(reports.target, key), isNull(reports.resolvedAt)))
        .returning({ id: reports.id });
      return rows.length;
    },

    async counts(): Promise<{ count: number; targets: number }> {
      const [row] = await db
        .select({ count: count(), targets: countDistinct(reports.target) })
        .from(reports)
        .where(isNull(reports.resolvedAt));
      return { count: Number(row?.count ?? 0), targets: Number(row?.targets ?? 0) };
    },

    /** Blocks `blockedId` for `blockerId`; false when it was blocked already. */
    async block(blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await db
        .insert(memberBlocks)
        .values({ blockerId, blockedId })
        .onConflictDoNothing()
        .returning({ id: memberBlocks.blockedId });
      return rows.length > 0;
    },

    /** Lifts a block; false when there was none. */
    async unblock(blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await db
        .delete(memberBlocks)
        .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)))
        .returning({ id: memberBlocks.blockedId });
      return rows.length > 0;
    },

    async blocks(blockerId: string, blockedId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: memberBlocks.blockedId })
        .from(memberBlocks)
        .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
      return row !== undefined;
    },

    /** The members `blockerId` blocks, most recently blocked first. */
    async blockedBy(blockerId: string) {
      return db
        .select({
          id: users.id,
          username: users.username,
          name: users.name,
          profilePicture: users.profilePicture,
          blockedAt: memberBlocks.createdAt,
        })
        .from(memberBlocks)
        .innerJoin(users, eq(users.id, memberBlocks.blockedId))
        .where(eq(memberBlocks.blockerId, blockerId))
        .orderBy(sql`${memberBlocks.createdAt} desc`);
    },

    /** Every block, or those of the given blockers (the block store's memory). */
    async allBlocks(blockerIds?: string[]): Promise<Array<{ blockerId: string; blockedId: string }>> {
      return db
        .select({ blockerId: memberBlocks.blockerId, blockedId: memberBlocks.blockedId })
        .from(memberBlocks)
        .where(blockerIds === undefined ? undefined : inArray(memberBlocks.blockerId, blockerIds));
    },
  };
}

function getColumns() {
  return {
    id: reports.id,
    reporterId: reports.reporterId,
    target: reports.target,
    targetUserId: reports.targetUserId,
    reason: reports.reason,
    note: reports.note,
    snapshot: reports.snapshot,
    createdAt: reports.createdAt,
    resolvedAt: reports.resolvedAt,
    resolvedBy: reports.resolvedBy,
    resolution: reports.resolution,
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
