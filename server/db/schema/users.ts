import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public handle (docs/decisions.md decision 9): lower-case letters, digits and dashes. */
    username: text('username').notNull().unique(),
    /** Trimmed and lower-cased before it is stored. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    profilePicture: text('profile_picture'),
    age: integer('age'),
    height: text('height'),
    weight: text('weight'),
    school: text('school'),
    hometown: text('hometown'),
    background: text('background'),
    injuryHistory: text('injury_history'),
    goalOne: text('goal_one'),
    goalTwo: text('goal_two'),
    goalThree: text('goal_three'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    privacyLevel: text('privacy_level', { enum: ['private', 'selective', 'public'] })
      .notNull()
      .default('public'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When the member followed the confirmation link sent to `email` (null: not proven yet). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member deleted their account (decision 18). The row stays, emptied of everything
     * personal, so that their chat and discussion messages keep an author: 'Deleted member'.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Decision 54: 'active' (a member), 'pending' (registered while admission needs a coach's
     * approval) or 'declined' (a coach declined the request; the address stays taken).
     */
    membership: text('membership', { enum: ['active', 'pending', 'declined'] })
      .notNull()
      .default('active'),
    /** When a coach suspended the account (null: not suspended); it ends at `suspendedUntil` if set. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_username_format', sql`${t.username} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('users_privacy_level', sql`${t.privacyLevel} in ('private', 'selective', 'public')`),
    check('users_membership', sql`${t.membership} in ('active', 'pending', 'declined')`),
    // The join requests waiting for a coach (decision 54).
    index('users_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.membership} <> 'active'`),
    check('users_age_range', sql`${t.age} is null or (${t.age} between 0 and 130)`),
    // The few admins, found without reading every member (the unread mark of GET /api/progress).
    index('users_admin_idx')
      .on(t.id)
      .where(sql`${t.isAdmin}`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
