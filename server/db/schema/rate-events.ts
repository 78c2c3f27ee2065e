import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counted attempts of every limit that must hold across server processes (sign-in failures,
 * registrations, password-reset requests, chat and discussion posts): one row per attempt under
 * its key (`unknown:<account>`, `address:<ip>`, `chat:<user>`…). A key's rows are counted under a
 * transaction-scoped advisory lock on the key, so two processes cannot both take the last place
 * (server/lib/rate-event-store.ts). Rows past `expires_at` count for nothing and are pruned.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    /** `at` plus the window of the rule it was counted under. */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('rate_events_key_at_idx').on(t.key, t.at)],
);
