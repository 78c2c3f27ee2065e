import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { attempts } from './progress';
import { users } from './users';

/*
 * ACCESS (issue 34): the drills a coach assigns (Accountability), the sessions members attend
 * (Scheduling), and the calendar feed that carries them to a member's calendar app. The board and the
 * streaks (Competition, Support) are read from lessons done and attempts, and keep no table of their own.
 */

/**
 * A lesson a coach assigned as a drill, due at a time. Its members are in `assignment_members`
 * (everyone: every active member when it was set). Deleting it (the coach) deletes their rows.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    thinkTank: text('think_tank').notNull(),
    topicSlug: text('topic_slug').notNull(),
    lessonSlug: text('lesson_slug').notNull(),
    /** Set for everyone (every active member at the time), rather than to members named. */
    everyone: boolean('everyone').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assignments_due_idx').on(t.dueAt), index('assignments_created_idx').on(t.createdAt)],
);

/**
 * One member's part of an assignment. `completedAt` and `attemptId`: the first attempt the member posted
 * to the lesson after it was assigned (null while open). `remindedAt`: when the reminder 24 h before the
 * due time was claimed (one conditional UPDATE, so one process sends it).
 */
export const assignmentMembers = pgTable(
  'assignment_members',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('assignment_members_user_idx').on(t.userId, t.assignmentId),
    index('assignment_members_attempt_idx').on(t.attemptId),
  ],
);

export const RSVP_STATUSES = ['going', 'maybe', 'no'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/**
 * A session on the community's calendar, set by a coach. A weekly series is one row per occurrence
 * sharing `seriesId` (up to 24). `place` or `url` (a meeting link, shown only to those going).
 * `sequence` is raised by each change (iCalendar's SEQUENCE); `remindedDayAt` and `remindedSoonAt` are
 * the claims of the reminders 24 h and 10 minutes before, cleared when the start moves.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id'),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    place: text('place'),
    url: text('url'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sequence: integer('sequence').notNull().default(0),
    remindedDayAt: timestamp('reminded_day_at', { withTimezone: true }),
    remindedSoonAt: timestamp('reminded_soon_at', { withTimezone: true }),
  },
  (t) => [
    index('events_starts_idx').on(t.startsAt),
    index('events_series_idx').on(t.seriesId),
    check('events_duration', sql`${t.durationMinutes} between 1 and 1440`),
  ],
);

/** A member's answer to an event: going, maybe or no. */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RSVP_STATUSES }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_rsvps_user_idx').on(t.userId),
    check('event_rsvps_status', sql`${t.status} in ('going', 'maybe', 'no')`),
  ],
);

/**
 * A member's calendar feed (`/api/calendar/<token>.ics`): only the SHA-256 of its secret token is kept.
 * A new token replaces the old one; revoking deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AssignmentRow = typeof assignments.$inferSelect;
export type AssignmentMemberRow = typeof assignmentMembers.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type EventRsvpRow = typeof eventRsvps.$inferSelect;
