import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Members' reports of a message or a member (decision 55). `target` names what is reported, the same
 * for every report of it: `chat-<id>`, `discussion-<id>` or `member-<user id>`; `target_user_id` is
 * the member reported or the message's author. A message's `snapshot` is what it said when reported,
 * kept if it is edited or deleted later. A report is open until a coach resolves its target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
  },
  (t) => [
    // One open report per member and target: reporting it again is 409 (decision 55).
    uniqueIndex('reports_open_reporter_target_idx')
      .on(t.reporterId, t.target)
      .where(sql`${t.resolvedAt} is null`),
    index('reports_open_idx')
      .on(t.target, t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/** Who blocks whom (decision 55): the blocked member's messages are left out of the blocker's views. */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('member_blocks_blocked_idx').on(t.blockedId),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
