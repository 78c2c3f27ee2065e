import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every moderation action (decision 53): who did what to whom or to which message, when and why.
 * Append only: nothing updates or deletes a row. The usernames are snapshots, kept when the account is
 * deleted later (the references are then set null); a removed message's text is kept in `details`.
 */
export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    /** What was done: 'message.deleted', 'member.suspended'… (common/contracts/moderation.ts). */
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUsername: text('target_username'),
    /** The kind of thing acted on when it is not a member: 'chat', 'discussion', 'attempt', 'invite'… */
    targetKind: text('target_kind'),
    /** Its id (a message id, an attempt's uuid…), as text. */
    targetRef: text('target_ref'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('moderation_audit_target_user_idx').on(t.targetUserId)],
);

export type ModerationAuditRow = typeof moderationAudit.$inferSelect;
