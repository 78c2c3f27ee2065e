import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const ADMISSION_MODES = ['open', 'approval', 'invite'] as const;

/**
 * The community's settings (decision 54): one row (id 1), read on every registration so that a change
 * holds at once on every process. `admission`: who gets in (open, approval by a coach, invitation).
 */
export const communitySettings = pgTable(
  'community_settings',
  {
    id: integer('id').primaryKey().default(1),
    admission: text('admission', { enum: ADMISSION_MODES }).notNull().default('open'),
    /**
     * The community's time zone (IANA name, issue 34): assignments' due times are set and shown in it,
     * and the leaderboard's week and month, and streaks' weeks, start at midnight in it.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('community_settings_one_row', sql`${t.id} = 1`),
    check('community_settings_admission', sql`${t.admission} in ('open', 'approval', 'invite')`),
  ],
);

/**
 * Invitations (decision 54): a link `/join#invite=…` whose token only the SHA-256 of is kept. `uses`
 * is raised by one conditional UPDATE, so two registrations on the last use cannot both win.
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: no end date. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Null: any number of members. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('invites_created_idx').on(t.createdAt),
    check('invites_uses', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

export type CommunitySettingsRow = typeof communitySettings.$inferSelect;
export type AdmissionMode = (typeof ADMISSION_MODES)[number];
export type InviteRow = typeof invites.$inferSelect;
