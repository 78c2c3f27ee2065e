import { index, pgTable, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's notification settings that are not per kind (decision 60): the weekly digest (opt-in),
 * when it is next due, and when the member was last seen (sessions.last_seen_at carried over by the
 * mail worker, so that it outlives the sessions, which are deleted after 7 idle days). A row only for
 * a member who changed a setting.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    weeklyDigest: boolean('weekly_digest').notNull().default(false),
    /** When the next digest goes out (a week after the last one, or after opting in); null when off. */
    digestDueAt: timestamp('digest_due_at', { withTimezone: true }),
    /** The newest sessions.last_seen_at the worker saw for this member. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_settings_digest_idx').on(t.digestDueAt)],
);

/**
 * The mail batch pending for a member (decision 60): at most one per member, due when the earliest of
 * its items' windows ends (30 s, 15 min or 1 h); a worker claims it by deleting it, so that one process
 * sends it, once.
 */
export const notificationMailBatches = pgTable(
  'notification_mail_batches',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_mail_batches_due_idx').on(t.dueAt)],
);

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
