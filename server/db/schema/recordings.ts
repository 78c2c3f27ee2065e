import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { media } from './media';
import { users } from './users';

/** A voiceover: the microphone and the screen, recorded together (docs/decisions.md decision 4). */
export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    durationSeconds: integer('duration_seconds').notNull(),
    audioMediaId: uuid('audio_media_id')
      .notNull()
      .references(() => media.id),
    screenMediaId: uuid('screen_media_id')
      .notNull()
      .references(() => media.id),
    sourceVideoUrl: text('source_video_url').notNull().default(''),
    recordingType: text('recording_type').notNull().default('voiceover'),
    /**
     * The screen file carries an audio track (the voice, recorded into it since decision 48): it
     * plays alone. False for recordings made before, whose voice is only in the audio file.
     */
    screenHasAudio: boolean('screen_has_audio').notNull().default(false),
  },
  (t) => [index('recordings_user_recorded_idx').on(t.userId, t.recordedAt)],
);

export type RecordingRow = typeof recordings.$inferSelect;
