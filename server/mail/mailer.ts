import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Config, MailTimings } from '../config';
import type { Database, Db } from '../db/client';
import { mailOutbox, type MailOutboxRow } from '../db/schema';
import { createEmlTransport } from './eml-transport';
import { buildMessage, checkOutgoingMail, type OutgoingMail } from './message';
import { createSmtpTransport } from './smtp-transport';
import type { MailLog, MailTransport } from './transport';

export type { OutgoingMail } from './message';
export { InvalidMailError } from './message';
export type { MailLog, MailTransport } from './transport';

/**
 * The one way the server sends mail (decision 17). `send` checks the message and puts it in the
 * database outbox, and returns: it never waits on SMTP. The worker delivers due messages.
 */
export type Mailer = {
  /**
   * Queues one message; throws InvalidMailError for a bad recipient or subject (nothing queued). With
   * `tx`, the row is inserted in that transaction (a notification batch marks its items in the same
   * one, decision 60); the worker is woken once it may have committed.
   */
  send(mail: OutgoingMail, tx?: Db): Promise<{ id: number }>;
  /** Starts the worker (and checks the SMTP server, warning when it cannot be reached). */
  start(log: MailLog): void;
  /** Delivers, in this process, every message due now; resolves when done (tests, the CLI). */
  flush(): Promise<void>;
  /** Stops the worker, after the delivery under way. */
  stop(): Promise<void>;
  readonly transport: MailTransport;
};

/**
 * A message that was sent or given up keeps its recipient, subject and status, not its content: its
 * links (a password reset's, say) must not outlive the mail in the database (decision 17).
 */
const EMPTIED = { textBody: '', htmlBody: '', links: [] as string[], headers: null };

export const DEFAULT_MAIL_TIMINGS: MailTimings = {
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60 * 1000,
  giveUpMs: 3 * 24 * 60 * 60 * 1000,
  pollMs: 5_000,
  leaseMs: 5 * 60 * 1000,
};

/** The delay after the attempt numbered `attempts` failed: 30 s, 1 min, 2 min… at most 1 h. */
export function retryDelayMs(attempts: number, timings: MailTimings = DEFAULT_MAIL_TIMINGS): number {
  return Math.min(timings.retryMaxMs, timings.retryBaseMs * 2 ** Math.max(0, Math.min(attempts - 1, 40)));
}

export type MailerOptions = {
  database: Database;
  config: Config;
  /** Defaults to SMTP when config.mail.smtpUrl is set, else .eml files in DATA_DIR/mail. */
  transport?: MailTransport;
  /** The clock (tests). */
  now?: () => Date;
};

const silent: MailLog = { info() {}, warn() {}, error() {} };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

export function createMailer({
  database,
  config,
  transport: given,
  now = () => new Date(),
}: MailerOptions): Mailer {
  const { db } = database;
  const timings: MailTimings = { ...DEFAULT_MAIL_TIMINGS, ...config.mailTimings };
  const from = config.mail.from;
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1) || 'localhost';
  const transport =
    given ??
    (config.mail.smtpUrl
      ? createSmtpTransport(config.mail.smtpUrl, from)
      : createEmlTransport(path.join(config.dataDir, 'mail')));
  let log = silent;
  let started = false;
  let stopped = false;
  let poll: NodeJS.Timeout | undefined;
  // One drain at a time in this process; callers while one is queued share it.
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;

  /**
   * Claims the next due message: pushes it forward by a lease, so no other worker (on another
   * server, same PostgreSQL) takes it meanwhile, and one that dies leaves it for another later.
   * The id is a scalar subquery (evaluated once); SKIP LOCKED passes over rows being claimed.
   */
  async function claim(): Promise<MailOutboxRow | undefined> {
    const at = now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(mailOutbox)
      .set({
        nextAttemptAt: new Date(at.getTime() + timings.leaseMs),
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(and(eq(mailOutbox.id, sql`(${due})`), eq(mailOutbox.status, 'pending')))
      .returning();
    return row;
  }

  async function deliver(row: MailOutboxRow) {
    try {
      const raw = await buildMessage(row, from);
      await transport.deliver(row, raw, log);
    } catch (err) {
      const at = now();
      const delay = retryDelayMs(row.attempts, timings);
      const giveUp = at.getTime() + delay - row.createdAt.getTime() > timings.giveUpMs;
      await db
        .update(mailOutbox)
        .set(
          giveUp
            ? { status: 'failed', lastError: errorText(err), ...EMPTIED }
            : { nextAttemptAt: new Date(at.getTime() + delay), lastError: errorText(err) },
        )
        .where(eq(mailOutbox.id, row.id));
      const about = {
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        attempts: row.attempts,
        via: transport.description,
      };
      if (giveUp) log.error({ ...about, err: errorText(err) }, 'mail could not be delivered: given up');
      else log.warn({ ...about, err: errorText(err), retryInMs: delay }, 'mail delivery failed: will retry');
      return;
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now(), lastError: null, ...EMPTIED })
      .where(eq(mailOutbox.id, row.id));
  }

  async function drain() {
    while (!stopped) {
      const row = await claim();
      if (!row) return;
      await deliver(row);
    }
  }

  function kick(): Promise<void> {
    if (queued) return queued;
    const run = chain.then(async () => {
      queued = undefined;
      if (stopped) return;
      try {
        await drain();
      } catch (err) {
        // The database is away, for instance: the next poll tries again.
        log.warn({ err: errorText(err) }, 'the mail outbox could not be read');
      }
    });
    queued = run;
    chain = run;
    return run;
  }

  return {
    transport,
    async send(mail, tx) {
      const m = checkOutgoingMail(mail);
      const at = now();
      const [row] = await (tx ?? db)
        .insert(mailOutbox)
        .values({
          messageId: `${randomUUID()}@${domain}`,
          toAddress: m.to,
          subject: m.subject,
          textBody: m.text,
          htmlBody: m.html,
          links: m.links,
          headers: Object.keys(m.headers).length > 0 ? m.headers : null,
          createdAt: at,
          nextAttemptAt: at,
        })
        .returning({ id: mailOutbox.id });
      // In a transaction, the row is seen once it commits: the caller flushes then (or the poll delivers).
      if (started && !tx) void kick();
      return { id: row!.id };
    },
    start(logger) {
      if (started || stopped) return;
      started = true;
      log = logger;
      if (transport.verify) {
        transport.verify().then(
          () => log.info({ smtp: transport.description }, 'SMTP server ready'),
          (err: unknown) =>
            log.warn(
              { smtp: transport.description, err: errorText(err) },
              'SMTP server unreachable: mail waits in the outbox and is retried',
            ),
        );
      } else {
        log.info({ via: transport.description }, 'SMTP_URL is unset: mail is written as .eml files');
      }
      poll = setInterval(() => void kick(), timings.pollMs);
      poll.unref();
      void kick();
    },
    flush: () => kick(),
    async stop() {
      stopped = true;
      clearInterval(poll);
      await chain;
      transport.close?.();
    },
  };
}
