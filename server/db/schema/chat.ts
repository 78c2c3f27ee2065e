import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    messageType: text('message_type', { enum: ['text', 'photo', 'video', 'voice'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_user_idx').on(t.userId),
    check('chat_messages_type', sql`${t.messageType} in ('text', 'photo', 'video', 'voice')`),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;
