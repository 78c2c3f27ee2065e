import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { attempts } from './progress';
import { users } from './users';

/** The community room's messages; the identity id is the paging and stream cursor. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: ['text', 'photo', 'video', 'voice', 'attempt'] }).notNull(),
    /** For an 'attempt' message (issue 18): the attempt it posts, `content` being its caption. */
    attemptId: uuid('attempt_id').references((): AnyPgColumn => attempts.id, { onDelete: 'cascade' }),
    /** The message this one answers (issue 30: a coach's reply to an attempt); null when none or deleted. */
    replyToId: bigint('reply_to_id', { mode: 'number' }).references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author last edited it (decision 53); null: never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * When a coach removed it (decision 53): a tombstone that only its author sees ('Removed by a
     * coach'), left out of every other list, poll and stream; null while it stands.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
    /** The members its text mentions (`@handle`, issue 32): an edit notifies only those it adds. */
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('chat_messages_user_idx').on(t.userId),
    index('chat_messages_attempt_idx').on(t.attemptId),
    // The replies to a message: whether a coach answered an attempt (the review list, issue 30).
    index('chat_messages_reply_to_idx').on(t.replyToId, t.userId),
    check('chat_messages_type', sql`${t.messageType} in ('text', 'photo', 'video', 'voice', 'attempt')`),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;
