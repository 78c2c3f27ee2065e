import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys the server makes for itself (the device-cookie HMAC key), kept in the database so that
 * every instance on one DATABASE_URL signs and checks with the same key. Created on first use.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** base64url of the random bytes. */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ServerSecretRow = typeof serverSecrets.$inferSelect;
