import type { MailOutboxRow } from '../db/schema';

/** The logger the mailer writes to (pino's shape: the app's logger in the server). */
export type MailLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** One way of delivering a built message: SMTP or .eml files. */
export type MailTransport = {
  /** Where mail goes, for the log (never a password). */
  readonly description: string;
  /** Delivers one message (its RFC 5322 bytes); throws when it could not be delivered now. */
  deliver(row: MailOutboxRow, raw: Buffer, log: MailLog): Promise<void>;
  /** Checks at start-up that mail can be delivered; throws when not. */
  verify?(): Promise<void>;
  close?(): void;
};
