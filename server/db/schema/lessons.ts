import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { media } from './media';
import { attempts } from './progress';
import { users } from './users';

/** The video of a lesson slot (docs/decisions.md decision 10), keyed by think tank, topic and lesson. */
export const lessonVideos = pgTable(
  'lesson_videos',
  {
    thinkTank: text('think_tank').notNull(),
    topicSlug: text('topic_slug').notNull(),
    lessonSlug: text('lesson_slug').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The video's captions (WebVTT), uploaded by an admin; removed with the video they belong to. */
    captionsMediaId: uuid('captions_media_id').references(() => media.id, { onDelete: 'set null' }),
    /** The video's length in seconds, read from the file (timestamped comments are checked against it). */
    durationSeconds: real('duration_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.thinkTank, t.topicSlug, t.lessonSlug] })],
);

/**
 * An upload URL issued to an admin (POST /api/videos/upload-url): one PUT within its lifetime,
 * then one registration. Only the SHA-256 of the URL's token is kept.
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    tokenHash: text('token_hash').primaryKey(),
    issuedTo: uuid('issued_to')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_uploads_expires_idx').on(t.expiresAt)],
);

/** Saved discussion messages of a lesson, spiritual or physiological page (docs/decisions.md decision 5). */
export const discussionMessages = pgTable(
  'discussion_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    thinkTank: text('think_tank').notNull(),
    topicSlug: text('topic_slug').notNull(),
    lessonSlug: text('lesson_slug').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** A time in the lesson video the message points at ('at 1:42'), in seconds; null: none. */
    videoSeconds: real('video_seconds'),
    /** The attempt this message posts (issue 18); deleting the attempt deletes the message. */
    attemptId: uuid('attempt_id').references((): AnyPgColumn => attempts.id, { onDelete: 'cascade' }),
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
    /**
     * The message of the same thread this one replies to, quoting it (issue 32, decision 57); null
     * when none, or when that message was deleted.
     */
    replyToId: bigint('reply_to_id', { mode: 'number' }).references(
      (): AnyPgColumn => discussionMessages.id,
      { onDelete: 'set null' },
    ),
  },
  (t) => [
    // A deleted message's replies lose their quote (the foreign key's set null reads them here).
    index('discussion_messages_reply_to_idx').on(t.replyToId),
    index('discussion_messages_thread_idx').on(t.thinkTank, t.topicSlug, t.lessonSlug, t.id),
    // A member's messages in a discussion, and a coach's since a time: the unread mark of
    // GET /api/progress (decision 36) reads only the coaches' replies made after the lesson was opened.
    index('discussion_messages_user_idx').on(t.userId, t.thinkTank, t.topicSlug, t.lessonSlug, t.createdAt),
    index('discussion_messages_attempt_idx').on(t.attemptId),
  ],
);
