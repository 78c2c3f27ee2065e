import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { media } from './media';
import { recordings } from './recordings';
import { users } from './users';

/**
 * A member's progress through one of the 36 lessons (issue 18): done or not, when they last opened it
 * (for 'Continue' and for the unread mark of a coach's reply), and where its video was stopped. A row
 * exists once the member has opened or marked the lesson; only the member reads it (admins see counts).
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    thinkTank: text('think_tank').notNull(),
    topicSlug: text('topic_slug').notNull(),
    lessonSlug: text('lesson_slug').notNull(),
    /** When the member marked the lesson done, or watched 90 % of its video; null: not done. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    /**
     * When the member first marked it done (decision 83): kept when it is undone and done again, so
     * the leaderboard counts a lesson once, in the period it was first done.
     */
    firstDoneAt: timestamp('first_done_at', { withTimezone: true }),
    /** When the member last opened the lesson page. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** Where the lesson video was stopped, in seconds; null: from the start. */
    positionSeconds: real('position_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.thinkTank, t.topicSlug, t.lessonSlug] }),
    check('lesson_progress_position', sql`${t.positionSeconds} is null or ${t.positionSeconds} >= 0`),
    // The leaderboard's lessons done in a period (issue 34).
    index('lesson_progress_done_idx')
      .on(t.doneAt, t.userId)
      .where(sql`${t.doneAt} is not null`),
    // The leaderboard's lessons first done in a week or month (decision 83).
    index('lesson_progress_first_done_idx')
      .on(t.firstDoneAt, t.userId)
      .where(sql`${t.doneAt} is not null`),
  ],
);

/** One value measured on a posted frame, as drawn with the angle tool: 'Angle 1' 42.5°. */
export type AttemptAngle = { label: string; degrees: number };

/**
 * An attempt posted back (issue 18): the annotated frame a member exported from the analysis tool, the
 * clip's segment around it, or a saved voiceover, with a caption. It is shown by the one message that
 * carries it (a lesson discussion's or the community chat's); deleting the attempt deletes that message
 * and the frame's and clip's files. A voiceover stays on its owner's calendar.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The annotated frame (PNG with the angle values under it), uploaded by the member. */
    imageMediaId: uuid('image_media_id')
      .unique()
      .references(() => media.id, { onDelete: 'set null' }),
    /** The clip's segment around the frame (WebM), uploaded by the member. */
    clipMediaId: uuid('clip_media_id')
      .unique()
      .references(() => media.id, { onDelete: 'set null' }),
    /** A voiceover from the member's calendar; its files become visible to those who see the post. */
    recordingId: uuid('recording_id').references(() => recordings.id, { onDelete: 'set null' }),
    caption: text('caption').notNull().default(''),
    /** The angle values measured on the frame, also written under it in the PNG. */
    angles: jsonb('angles').$type<AttemptAngle[]>().notNull().default([]),
    /** Where in the member's clip the frame was taken, in seconds. */
    frameSeconds: real('frame_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a coach first answered it (decision 52): an admin's message after it in its lesson's
     * discussion, or an admin's chat reply to its message. Set with that message, in its statement;
     * worked out again when a reply is deleted; null while it awaits a reply.
     */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** That first reply: a discussion message for an attempt posted to a lesson, else a chat message. */
    replyMessageId: bigint('reply_message_id', { mode: 'number' }),
    /** When the member opened that reply (My attempts, or the lesson); unread while before `repliedAt`. */
    replySeenAt: timestamp('reply_seen_at', { withTimezone: true }),
  },
  (t) => [
    // A member's own attempts, newest first (My attempts), and their unread replies.
    index('attempts_user_idx').on(t.userId, t.createdAt, t.id),
    index('attempts_recording_idx').on(t.recordingId),
    // The coaches' review list, oldest (or newest) first across lessons and the chat (issue 30).
    index('attempts_created_idx').on(t.createdAt, t.id),
    // The inbox's awaiting list and its count read only the attempts no coach has answered (decision 52).
    index('attempts_awaiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.repliedAt} is null`),
    // The leaderboard's attempts a coach replied to in a period (issue 34).
    index('attempts_replied_idx')
      .on(t.repliedAt, t.userId)
      .where(sql`${t.repliedAt} is not null`),
  ],
);

export type AttemptRow = typeof attempts.$inferSelect;
