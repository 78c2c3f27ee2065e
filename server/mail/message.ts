import MailComposer from 'nodemailer/lib/mail-composer';
import { z } from 'zod';
import type { MailAddress } from '../config';
import type { MailOutboxRow } from '../db/schema';

/** What a module asks the mailer to send: one recipient, a subject, a text and an HTML body. */
export type OutgoingMail = {
  /** One e-mail address, without a display name. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries (printed in the log by the file driver); found in `text` when absent. */
  links?: string[];
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058, decision 60): names
   * of letters, digits and dashes, values without line breaks.
   */
  headers?: Record<string, string>;
};

export class InvalidMailError extends Error {
  override name = 'InvalidMailError';
}

// A line break or NUL in a header would end it and start another (header injection).
// eslint-disable-next-line no-control-regex
const HEADER_BREAK = /[\r\n\u0000]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const ONE_ADDRESS = z.email();
const SUBJECT_MAX = 998;
const BODY_MAX = 1_000_000;
const LINK = /https?:\/\/[^\s<>"')\]]+/g;

/**
 * Checks a message before it is queued and returns it normalised (trimmed address, links found).
 * Throws InvalidMailError for anything that could break out of its header: CR, LF or NUL in the
 * address or the subject, an address that is not exactly one e-mail address.
 */
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,75}$/;
/** Fields the composer writes itself: never given as extra headers. */
const OWN_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
]);

/** Extra header fields checked: known-safe names, values without CR, LF or NUL, at most 2,000 characters. */
function checkHeaders(headers: unknown): Record<string, string> {
  if (headers === undefined || headers === null) return {};
  if (typeof headers !== 'object' || Array.isArray(headers)) {
    throw new InvalidMailError('The extra headers must be an object of names and values');
  }
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (!HEADER_NAME.test(name) || OWN_HEADERS.has(name.toLowerCase())) {
      throw new InvalidMailError(`The header name ${JSON.stringify(name)} is not allowed`);
    }
    if (typeof value !== 'string' || CONTROL.test(value) || value.length > 2000) {
      throw new InvalidMailError(`The header ${name} must be one line of at most 2000 characters`);
    }
    out[name] = value;
  }
  return out;
}

export function checkOutgoingMail(mail: OutgoingMail): Required<OutgoingMail> {
  const { to, subject, text, html } = mail;
  if (typeof to !== 'string' || CONTROL.test(to)) {
    throw new InvalidMailError('The recipient must be one e-mail address, without line breaks');
  }
  const address = to.trim();
  if (!ONE_ADDRESS.safeParse(address).success) {
    throw new InvalidMailError(`The recipient must be one e-mail address (got ${JSON.stringify(to)})`);
  }
  if (typeof subject !== 'string' || HEADER_BREAK.test(subject)) {
    throw new InvalidMailError('The subject must not contain a line break or NUL');
  }
  if (subject.trim() === '' || subject.length > SUBJECT_MAX) {
    throw new InvalidMailError(`The subject must have 1 to ${SUBJECT_MAX} characters`);
  }
  for (const [name, body] of [
    ['text', text],
    ['html', html],
  ] as const) {
    if (typeof body !== 'string' || body.includes('\u0000') || body.length > BODY_MAX) {
      throw new InvalidMailError(
        `The ${name} body must be a string without NUL, at most ${BODY_MAX} characters`,
      );
    }
  }
  const links = mail.links ?? [...new Set(text.match(LINK) ?? [])];
  if (!Array.isArray(links) || links.some((l) => typeof l !== 'string' || CONTROL.test(l))) {
    throw new InvalidMailError('The links must be strings without control characters');
  }
  return { to: address, subject, text, html, links, headers: checkHeaders(mail.headers) };
}

/** The sender as a header value: nodemailer quotes and encodes the name. */
export function formatAddress(from: MailAddress) {
  if (HEADER_BREAK.test(from.name) || HEADER_BREAK.test(from.address)) {
    throw new InvalidMailError('The sender must not contain a line break or NUL');
  }
  return from.name ? { name: from.name, address: from.address } : from.address;
}

/** RFC 5322 lines end with CRLF, in the bodies as in the header. */
const crlf = (s: string) => s.replace(/\r\n|\r|\n/g, '\r\n');

/**
 * The RFC 5322 bytes of one queued message: Date (when it was queued), From, To, Subject,
 * Message-ID (the same on every attempt), MIME-Version, and multipart/alternative with a
 * text/plain and a text/html part in UTF-8 (nodemailer chooses quoted-printable or base64, encodes
 * non-ASCII headers and folds long lines).
 */
export async function buildMessage(row: MailOutboxRow, from: MailAddress): Promise<Buffer> {
  const { headers } = checkOutgoingMail({
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    headers: row.headers ?? undefined,
  });
  const composer = new MailComposer({
    from: formatAddress(from),
    to: row.toAddress,
    subject: row.subject,
    text: crlf(row.textBody),
    html: crlf(row.htmlBody),
    date: row.createdAt,
    messageId: `<${row.messageId}>`,
    headers,
    // Not a header: the generated Message-ID is ours, and no X-Mailer is added.
    xMailer: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
