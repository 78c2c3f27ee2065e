import { bigint, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Where each member stopped reading the community chat (issue 32 part 3, decision 59): the id of the
 * newest message they have read. It only moves forward. No row: nothing unread yet (a member who never
 * opened the chat since is not greeted by the whole room as new).
 */
export const chatReads = pgTable('chat_reads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
