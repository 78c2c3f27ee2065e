import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The mail outbox (decision 17): `ctx.mail.send` inserts a row and returns; the worker of
 * server/mail/mailer.ts delivers pending rows (SMTP or .eml files), retrying with a growing delay,
 * and marks them sent, or failed after about three days. The identity id orders the messages.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The RFC 5322 Message-ID, without angle brackets, the same on every attempt. */
    messageId: text('message_id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The links the message carries, printed in the log by the file driver. */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /**
     * Extra header fields (List-Unsubscribe and List-Unsubscribe-Post of a notification mail, decision
     * 60), or null.
     */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts started so far (counted when a worker claims the row). */
    attempts: integer('attempts').notNull().default(0),
    /** When the row is due; a worker that claims it moves it forward by a lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
