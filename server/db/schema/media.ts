import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const MEDIA_KINDS = [
  'avatar',
  'chat',
  'recording-audio',
  'recording-screen',
  'lesson-video',
  'lesson-captions',
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A stored file (docs/architecture.md "Data model"): served by id through the one media handler. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    /** The type found in the file's first bytes, never the one the client declared. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The blob store's generated key; never derived from the client's file name. */
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * False for a WebM stored before uploads were given their Duration (migration 0010): the server
     * mends it in the background (media-durations.ts) and sets it. Every new file is checked at upload.
     */
    durationChecked: boolean('duration_checked').notNull().default(true),
    /**
     * The small version of an image (GET /api/media/:id?size=small, decision 71), made on its first
     * request: both null until then; its blob's key and size once made; a null key and a size of 0 when
     * none can be made (not an image, animated, unreadable, too many pixels), the original is served.
     */
    thumbKey: text('thumb_key').unique(),
    thumbSize: bigint('thumb_size', { mode: 'number' }),
  },
  (t) => [
    index('media_owner_kind_idx').on(t.ownerId, t.kind),
    check(
      'media_kind',
      sql`${t.kind} in ('avatar', 'chat', 'recording-audio', 'recording-screen', 'lesson-video', 'lesson-captions')`,
    ),
  ],
);

export type MediaRow = typeof media.$inferSelect;
