import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationKind, NotificationTarget } from '../../../common/contracts/notifications';
import { users } from './users';

/**
 * What concerns a member (issue 32, decision 56), newest last by id. `source` names what caused it
 * (`chat-<id>`, `discussion-<id>`, `attempt-<id>`, `report-<id>`, `lesson-<path>`…): one notification
 * per member, kind and source, so an edit that mentions someone again does not notify twice.
 * `emailed_at` is when a mail batch took it (sent, or dropped because it was read or the member was
 * active), `pushed_at` when it was pushed or passed over for push.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    target: jsonb('target').$type<NotificationTarget>().notNull(),
    source: text('source').notNull(),
    excerpt: text('excerpt'),
    /** False when the member turned this kind off in the app: kept only for mail or push, never listed. */
    inApp: boolean('in_app').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's count and the mail batches read only unread rows (Discourse's partial index).
    index('notifications_unread_idx')
      .on(t.userId, t.id)
      .where(sql`${t.readAt} is null and ${t.inApp}`),
    uniqueIndex('notifications_source_idx').on(t.userId, t.kind, t.source),
    check(
      'notifications_kind',
      sql`${t.kind} in ('mention', 'discussion-reply', 'attempt-reply', 'attempt-new', 'report-new', 'lesson-video', 'membership-approved', 'moderation', 'assignment-new', 'assignment-due', 'event-reminder', 'event-changed')`,
    ),
  ],
);

/**
 * A member's choices per kind (common/contracts/notifications.ts has the defaults): a row only for a
 * kind the member changed. `email` is a frequency: immediately, every-15-minutes, hourly or never.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    inApp: boolean('in_app').notNull(),
    email: text('email').notNull(),
    push: boolean('push').notNull(),
    /** Raised by each one-click unsubscribe of this kind, so that a used link cannot be used again. */
    unsubscribeVersion: integer('unsubscribe_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      'notification_preferences_email',
      sql`${t.email} in ('immediately', 'every-15-minutes', 'hourly', 'never')`,
    ),
  ],
);

/**
 * Which members have a live stream open, per server process (`instance` is a random id of the
 * process): a row while one is open, kept fresh by a heartbeat (`seen_at`) and deleted when the
 * process's last stream of that member closes. A member is active while a row is younger than the
 * presence window, on any process; mail and push wait for members who are not (decision 56).
 */
export const livePresence = pgTable(
  'live_presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instance: text('instance').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instance] }), index('live_presence_seen_idx').on(t.seenAt)],
);

export type NotificationRow = typeof notifications.$inferSelect;
