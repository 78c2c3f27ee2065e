import nodemailer from 'nodemailer';
import type { MailAddress } from '../config';
import type { MailTransport } from './transport';

/** The SMTP URL without its password, for the log. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  url.password = '';
  return url.toString().replace(/\/$/, '');
}

export type SmtpTimeouts = {
  /** Time to open the connection. */
  connectionMs: number;
  /** Time for the server's greeting. */
  greetingMs: number;
  /** A connection silent this long is given up. */
  socketMs: number;
};

const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 60_000 };

/**
 * The SMTP driver, used when SMTP_URL is set (smtp:// with STARTTLS when the server offers it, or
 * smtps://), through nodemailer: one connection per message, the envelope sender MAIL_FROM.
 */
export function createSmtpTransport(
  smtpUrl: string,
  from: MailAddress,
  timeouts: Partial<SmtpTimeouts> = {},
): MailTransport {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: t.connectionMs,
    greetingTimeout: t.greetingMs,
    socketTimeout: t.socketMs,
  });
  return {
    description: describeSmtpUrl(smtpUrl),
    async deliver(row, raw) {
      await transporter.sendMail({ envelope: { from: from.address, to: [row.toAddress] }, raw });
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}
