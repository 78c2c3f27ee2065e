import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../server/db/client';
import { mailOutbox } from '../server/db/schema';
import { createEmlTransport } from '../server/mail/eml-transport';
import { createMailer, InvalidMailError, type MailLog, type MailTransport } from '../server/mail/mailer';
import { createTestApp, type TestApp } from './helpers/app';
import { MIGRATIONS_DIR, testDatabaseUrl } from './helpers/database';
import { freePort } from './helpers/free-port';
import { decodeTransferEncoding } from './helpers/mailbox';
import { startSmtp } from './helpers/smtp';

// ---- a small RFC 5322 / MIME reader, enough to check what the server writes ----

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(headers: Record<string, string>, body: string): string {
  return decodeTransferEncoding(headers['content-transfer-encoding'], body);
}

type Part = { headers: Record<string, string>; body: string };

function splitHead(raw: string): Part {
  const cut = raw.indexOf('\r\n\r\n');
  expect(cut, 'a blank line ends the header').toBeGreaterThan(0);
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, cut)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: raw.slice(cut + 4) };
}

function parseMessage(raw: string) {
  expect(raw).not.toMatch(/(^|[^\r])\n/); // CRLF line ends only
  const { headers, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  expect(boundary).toBeTruthy();
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => splitHead(p.replace(/^\r\n/, '')));
  const part = (type: string) => {
    const p = parts.find((x) => x.headers['content-type']?.startsWith(type));
    expect(p, type).toBeTruthy();
    expect(p!.headers['content-type']).toMatch(/charset=utf-8/i);
    expect(p!.headers['content-transfer-encoding']).toMatch(/^(quoted-printable|base64|7bit)$/i);
    return decodeBody(p!.headers, p!.body);
  };
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: part('text/plain'),
    html: part('text/html'),
  };
}

// ---- helpers ----

function recordingLog() {
  const entries: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) =>
    void entries.push({ level, obj: obj as Record<string, unknown>, msg });
  const log: MailLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, entries };
}

async function rowsOf(database: Database) {
  return database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}

const WELCOME = {
  subject: 'Bienvenue à Tribe36 ✓',
  text: 'Bonjour Léa,\n\nConfirmez votre adresse : https://tribe36.example.com/confirm-email#token=abc_DEF-123\n',
  html: '<p>Bonjour Léa,</p><p><a href="https://tribe36.example.com/confirm-email#token=abc_DEF-123">Confirmer</a></p>',
};
const LINK = 'https://tribe36.example.com/confirm-email#token=abc_DEF-123';

// ---- the file driver ----

describe('mail without SMTP_URL: .eml files in DATA_DIR/mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues in the outbox and writes a standard .eml file per message, oldest first', async () => {
    const { id } = await t.app.ctx.mail.send({ to: 'lea@example.com', ...WELCOME });
    await t.app.ctx.mail.send({ to: 'sam@example.com', subject: 'Second', text: 'Two', html: '<p>Two</p>' });
    await t.app.ctx.mail.flush();

    const dir = path.join(t.dataDir, 'mail');
    const names = fs.readdirSync(dir);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^\d{8}T\d{9}Z-\d{10}\.eml$/);
    const sorted = [...names].sort();
    expect(sorted[0]).toContain(`-${String(id).padStart(10, '0')}.eml`);

    const raw = fs.readFileSync(path.join(dir, sorted[0]!), 'utf8');
    const m = parseMessage(raw);
    expect(m.headers.from).toBe('Tribe36 <no-reply@localhost>');
    expect(m.headers.to).toBe('lea@example.com');
    expect(m.headers['mime-version']).toBe('1.0');
    expect(m.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(Date.parse(m.headers.date!)).toBeGreaterThan(Date.now() - 60_000);
    expect(m.headers['content-type']).toMatch(/^multipart\/alternative;/);
    // The subject is not ASCII: it travels as encoded words, and reads back the same.
    expect(m.headers.subject).toMatch(/^=\?UTF-8\?[BQ]\?/);
    expect(raw).not.toContain('✓');
    expect(m.subject).toBe('Bienvenue à Tribe36 ✓');
    expect(m.text).toContain('Bonjour Léa');
    expect(m.text).toContain(LINK);
    expect(m.html).toContain(`href="${LINK}"`);
    expect(parseMessage(fs.readFileSync(path.join(dir, sorted[1]!), 'utf8')).headers.to).toBe(
      'sam@example.com',
    );

    const rows = await rowsOf(t.app.ctx.database);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);
    // Sent, the row keeps who and what about, not the content: its links do not outlive the mail.
    expect(rows[0]!.toAddress).toBe('lea@example.com');
    expect([rows[0]!.textBody, rows[0]!.htmlBody, rows[0]!.links]).toEqual(['', '', []]);
  });

  it('delivers by itself right after a send (the worker wakes at once)', async () => {
    const before = fs.readdirSync(path.join(t.dataDir, 'mail')).length;
    await t.app.ctx.mail.send({ to: 'kim@example.com', subject: 'Soon', text: 'x', html: '<p>x</p>' });
    const deadline = Date.now() + 2000; // well before the next poll
    while (fs.readdirSync(path.join(t.dataDir, 'mail')).length === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(fs.readdirSync(path.join(t.dataDir, 'mail'))).toHaveLength(before + 1);
  });

  it('refuses header injection before queueing anything', async () => {
    const before = (await rowsOf(t.app.ctx.database)).length;
    const base = { to: 'lea@example.com', subject: 'Hi', text: 'x', html: 'x' };
    for (const bad of [
      { to: 'lea@example.com\r\nBcc: victim@example.com' },
      { to: 'lea@example.com, victim@example.com' },
      { to: 'Lea <lea@example.com>' },
      { subject: 'Hi\r\nBcc: victim@example.com' },
      { subject: 'Hi\nX-Injected: 1' },
      { subject: 'Hi\u0000' },
    ]) {
      await expect(t.app.ctx.mail.send({ ...base, ...bad })).rejects.toThrow(InvalidMailError);
    }
    expect(await rowsOf(t.app.ctx.database)).toHaveLength(before);
  });
});

describe('the outbox worker, with its own clock and transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { mailTimings: { pollMs: 3_600_000 } });
    await t.app.ctx.mail.stop(); // only the workers of these tests deliver
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prints each message’s links in the log at info, and names the files by queue time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-eml-'));
    const { log, entries } = recordingLog();
    let clock = new Date('2026-11-23T10:15:00.123Z');
    const mailer = createMailer({
      database: t.app.ctx.database,
      config: t.config,
      transport: createEmlTransport(dir),
      now: () => clock,
    });
    try {
      const first = await mailer.send({ to: 'lea@example.com', ...WELCOME });
      clock = new Date('2026-11-23T10:15:00.124Z');
      const second = await mailer.send({ to: 'lea@example.com', subject: 'x', text: 'x', html: 'x' });
      mailer.start(log);
      await mailer.flush();
      expect(fs.readdirSync(dir).sort()).toEqual([
        `20261123T101500123Z-${String(first.id).padStart(10, '0')}.eml`,
        `20261123T101500124Z-${String(second.id).padStart(10, '0')}.eml`,
      ]);
      const written = entries.filter((e) => e.level === 'info' && e.msg === 'mail written');
      expect(written[0]!.obj).toMatchObject({
        to: 'lea@example.com',
        subject: WELCOME.subject,
        links: [LINK],
      });
      expect(entries.some((e) => e.level === 'info' && /SMTP_URL is unset/.test(e.msg))).toBe(true);
      const m = parseMessage(fs.readFileSync(path.join(dir, fs.readdirSync(dir).sort()[0]!), 'utf8'));
      expect(new Date(m.headers.date!).getTime()).toBe(Date.parse('2026-11-23T10:15:00.000Z'));
    } finally {
      await mailer.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('retries with a growing delay, then gives up after about three days, logged at error', async () => {
    const { log, entries } = recordingLog();
    const t0 = Date.parse('2026-11-23T10:00:00.000Z');
    let clock = new Date(t0);
    let calls = 0;
    const broken: MailTransport = {
      description: 'a broken transport',
      async deliver() {
        calls++;
        throw new Error('connection refused');
      },
    };
    const mailer = createMailer({
      database: t.app.ctx.database,
      config: t.config,
      transport: broken,
      now: () => clock,
    });
    try {
      mailer.start(log);
      const { id } = await mailer.send({ to: 'lea@example.com', subject: 'Retry', text: 'x', html: 'x' });
      await mailer.flush();
      const row = async () =>
        (await t.app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
      let r = await row();
      expect(r).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
      expect(r.nextAttemptAt.getTime()).toBe(t0 + 30_000);
      // Not due yet: nothing happens.
      clock = new Date(t0 + 29_000);
      await mailer.flush();
      expect(calls).toBe(1);
      clock = new Date(t0 + 30_000);
      await mailer.flush();
      r = await row();
      expect(r.attempts).toBe(2);
      expect(r.nextAttemptAt.getTime()).toBe(t0 + 30_000 + 60_000);
      expect(entries.filter((e) => e.level === 'warn' && /will retry/.test(e.msg))).toHaveLength(2);
      // Three days on, the next failure is the last.
      clock = new Date(t0 + 3 * 24 * 3600 * 1000);
      await mailer.flush();
      r = await row();
      expect(r.status).toBe('failed');
      expect(r.attempts).toBe(3);
      const error = entries.find((e) => e.level === 'error');
      expect(error?.obj).toMatchObject({ id, to: 'lea@example.com', attempts: 3 });
      clock = new Date(t0 + 4 * 24 * 3600 * 1000);
      await mailer.flush();
      expect(calls).toBe(3);
    } finally {
      await mailer.stop();
    }
  });
});

// ---- the SMTP driver ----

describe('mail through SMTP_URL', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  });

  it('sends through a real SMTP server, with the envelope, headers and both parts', async () => {
    const smtp = await startSmtp();
    opened.push(smtp);
    const t = await createTestApp({
      SMTP_URL: `smtp://tester:${encodeURIComponent('p@ss:word')}@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Tribe36 Coach <coach@example.com>',
    });
    opened.push(t);
    await t.app.ctx.mail.send({ to: 'lea@example.com', ...WELCOME });
    await smtp.waitFor(1); // the worker woke by itself
    const got = smtp.received[0]!;
    expect(got.from).toBe('coach@example.com');
    expect(got.to).toEqual(['lea@example.com']);
    expect(got.user).toBe('tester');
    const m = parseMessage(got.raw);
    expect(m.headers.from).toBe('Tribe36 Coach <coach@example.com>');
    expect(m.headers.to).toBe('lea@example.com');
    expect(m.headers['message-id']).toMatch(/@example\.com>$/);
    expect(m.headers['mime-version']).toBe('1.0');
    expect(m.subject).toBe('Bienvenue à Tribe36 ✓');
    expect(m.text).toContain(LINK);
    expect(m.html).toContain(LINK);
    await t.app.ctx.mail.flush();
    const rows = await rowsOf(t.app.ctx.database);
    expect(rows.map((r) => r.status)).toEqual(['sent']);
    expect(fs.existsSync(path.join(t.dataDir, 'mail'))).toBe(false);
  });

  it('keeps mail in the outbox while the server is down, warns at start-up, and delivers once it is up', async () => {
    const port = await freePort();
    const t = await createTestApp({}, { mailTimings: { pollMs: 3_600_000 } });
    opened.push(t);
    await t.app.ctx.mail.stop(); // this test runs its own worker on the app's database
    const { log, entries } = recordingLog();
    const mailer = createMailer({
      database: t.app.ctx.database,
      config: {
        ...t.config,
        mail: {
          smtpUrl: `smtp://tester:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}`,
          from: { name: 'Tribe36', address: 'coach@example.com' },
        },
        mailTimings: { retryBaseMs: 300, retryMaxMs: 600, pollMs: 100 },
      },
    });
    opened.push({ close: () => mailer.stop() });
    mailer.start(log);
    const { id } = await mailer.send({ to: 'lea@example.com', subject: 'Later', text: 'x', html: 'x' });
    await mailer.flush();
    const [row] = await t.app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(row!.createdAt.getTime());
    expect(row!.lastError).toBeTruthy();
    // The start-up check warned, naming the server without its password.
    const deadline = Date.now() + 5000;
    while (!entries.some((e) => e.level === 'warn' && /unreachable/.test(e.msg)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const warning = entries.find((e) => e.level === 'warn' && /unreachable/.test(e.msg));
    expect(warning?.obj.smtp).toBe(`smtp://tester@127.0.0.1:${port}`);
    expect(JSON.stringify(entries)).not.toMatch(/p@ss|p%40ss/);

    const smtp = await startSmtp(port);
    opened.push(smtp);
    await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    let sent;
    for (let i = 0; i < 50; i++) {
      [sent] = await t.app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (sent?.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(sent?.status).toBe('sent');
    expect(sent!.attempts).toBeGreaterThanOrEqual(2);
  });
});

// ---- several servers on one PostgreSQL ----

describe.skipIf(!testDatabaseUrl)('two workers on one PostgreSQL', () => {
  it('deliver each message exactly once', async () => {
    const t = await createTestApp({}, { mailTimings: { pollMs: 3_600_000 } });
    const databases: Database[] = [];
    try {
      await t.app.ctx.mail.stop();
      const delivered: number[] = [];
      const slow: MailTransport = {
        description: 'a recording transport',
        async deliver(row) {
          await new Promise((r) => setTimeout(r, Math.random() * 5));
          delivered.push(row.id);
        },
      };
      for (let i = 0; i < 2; i++) {
        databases.push(await openDatabase({ url: t.config.databaseUrl, migrationsDir: MIGRATIONS_DIR }));
      }
      const [a, b] = databases.map((database) =>
        createMailer({ database, config: t.config, transport: slow }),
      );
      const ids: number[] = [];
      for (let i = 0; i < 40; i++) {
        ids.push((await a!.send({ to: `m${i}@example.com`, subject: `n${i}`, text: 'x', html: 'x' })).id);
      }
      await Promise.all([a!.flush(), b!.flush(), a!.flush(), b!.flush()]);
      expect([...delivered].sort((x, y) => x - y)).toEqual(ids);
      const rows = await rowsOf(t.app.ctx.database);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      await Promise.all([a!.stop(), b!.stop()]);
    } finally {
      for (const d of databases) await d.close();
      await t.close();
    }
  });
});
