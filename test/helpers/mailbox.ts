import fs from 'node:fs';
import path from 'node:path';

export type ReceivedMail = {
  file: string;
  headers: string;
  to: string;
  subject: string;
  text: string;
  /** The text/html part, decoded ('' when there is none). */
  html: string;
};

/** Decodes a MIME body by its Content-Transfer-Encoding (quoted-printable, base64, or as is). */
export function decodeTransferEncoding(encoding: string | undefined, body: string): string {
  const e = encoding?.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const decodeBody = (headers: string, body: string) =>
  decodeTransferEncoding(/^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1], body);

/** The text/plain part of an RFC 5322 message (the whole body when it is not multipart). */
export function plainText(raw: string): { headers: string; text: string } {
  return mimePart(raw, 'text/plain');
}

/** One part of an RFC 5322 message by its type (the whole body when it is not multipart). */
export function mimePart(raw: string, type: 'text/plain' | 'text/html'): { headers: string; text: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, cut).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(cut).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return { headers, text: decodeBody(headers, body) };
  for (const part of body.split(`--${boundary}`)) {
    const partCut = part.search(/\r?\n\r?\n/);
    if (partCut < 0) continue;
    const partHeaders = part.slice(0, partCut);
    if (!new RegExp(`content-type:\\s*${type.replace('/', '\\/')}`, 'i').test(partHeaders)) continue;
    return { headers, text: decodeBody(partHeaders, part.slice(partCut).replace(/^\r?\n\r?\n/, '')) };
  }
  return { headers, text: '' };
}

/**
 * The messages the server wrote to DATA_DIR/mail (the outbox's file driver, used when SMTP_URL is
 * unset), oldest first, as a member's mailbox would show them.
 */
export function readMailbox(dataDir: string): ReceivedMail[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const { headers, text } = plainText(raw);
      return {
        file: name,
        headers,
        to: /^to:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '',
        subject: /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '',
        text,
        html: mimePart(raw, 'text/html').text,
      };
    });
}

/** The tokens of the links to one page (`/confirm-email`) in a message's text. */
export function tokensIn(text: string, page: string): string[] {
  const pattern = new RegExp(`${page.replace(/[/]/g, '\\/')}#token=([A-Za-z0-9_-]{43})`, 'g');
  return [...text.matchAll(pattern)].map((match) => match[1]!);
}

/** The tokens of the links to one page (`/confirm-email`) mailed to `email`, oldest first. */
export function mailedTokens(dataDir: string, email: string, page: string): string[] {
  return readMailbox(dataDir)
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()))
    .flatMap((m) => tokensIn(m.text, page));
}
