import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, memberAddress, type BuiltUser } from './helpers/factories';
import { readMailbox, type ReceivedMail } from './helpers/mailbox';
import { serverEnvironment, startServer } from './helpers/server-process';

/**
 * Issue 29, part 1 (decision 46): every mailed link starts with the origin fixed at start-up
 * (PUBLIC_URL, else the listening address), whatever Host, X-Forwarded-Host or X-Forwarded-Proto a
 * request carries.
 */

const FORGED_HOST = '203.0.113.66:8080';

/** The ways a client could try to choose the links' address, with TRUST_PROXY=true. */
const FORGERIES: Record<string, Record<string, string>> = {
  'a forged IP Host': { host: FORGED_HOST },
  'a forged X-Forwarded-Host': { 'x-forwarded-host': FORGED_HOST },
  'a javascript: X-Forwarded-Proto': {
    'x-forwarded-proto': 'javascript:alert(document.domain)//',
    'x-forwarded-host': FORGED_HOST,
  },
};

/** Every link of a message: the text part's URLs and lines with a token, the HTML part's hrefs. */
function linksOf(mail: ReceivedMail): string[] {
  const inText = mail.text.split(/\s+/).filter((w) => /:\/\/|#token=/.test(w));
  const inHtml = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return [...inText, ...inHtml];
}

/** The messages to `email` written since `before` (the files already there). */
async function newMailTo(t: TestApp, email: string, before: Set<string>): Promise<ReceivedMail[]> {
  await t.app.ctx.passwordReset.drain();
  await t.app.ctx.mail.flush();
  return readMailbox(t.dataDir).filter((m) => !before.has(m.file) && m.to.includes(email));
}

/** The messages written so far, once what is queued is written. */
async function filesIn(t: TestApp): Promise<Set<string>> {
  await t.app.ctx.passwordReset.drain();
  await t.app.ctx.mail.flush();
  return new Set(readMailbox(t.dataDir).map((m) => m.file));
}

function expectLinksFrom(mails: ReceivedMail[], origin: string) {
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    const links = linksOf(mail);
    // A link in each part: written out in the text, as an anchor in the HTML.
    expect(links.length, mail.subject).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.startsWith(`${origin}/`), `${mail.subject}: ${link}`).toBe(true);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('203.0.113.66');
      expect(part).not.toMatch(/javascript:/i);
    }
  }
}

function describeOrigin(label: string, env: Record<string, string>, origin: string) {
  describe(label, () => {
    let t: TestApp;
    let n = 0;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: 'true', ...env });
    });
    afterAll(() => t.close());

    const post = (url: string, headers: Record<string, string>, payload?: object, m?: BuiltUser) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...(m ? { cookie: m.cookie } : {}) },
        remoteAddress: memberAddress(9000 + n++),
        ...(payload ? { payload } : {}),
      });

    for (const [forgery, headers] of Object.entries(FORGERIES)) {
      it(`forgot password with ${forgery}: the reset link starts with ${origin}`, async () => {
        const m = await buildUser(t.app);
        const before = await filesIn(t);
        expect((await post('/api/auth/forgot-password', headers, { email: m.email })).statusCode).toBe(200);
        const mails = await newMailTo(t, m.email, before);
        expect(mails.map((x) => x.subject)).toEqual(['Reset your Tribe36 password']);
        expectLinksFrom(mails, origin);
      });

      it(`Resend with ${forgery}: the confirmation link starts with ${origin}`, async () => {
        const m = await buildUser(t.app);
        const before = await filesIn(t);
        expect((await post('/api/auth/resend-confirmation', headers, undefined, m)).statusCode).toBe(200);
        const mails = await newMailTo(t, m.email, before);
        expect(mails.map((x) => x.subject)).toEqual(['Confirm your e-mail address for Tribe36']);
        expectLinksFrom(mails, origin);
      });

      it(`change e-mail with ${forgery}: the link to the new address starts with ${origin}`, async () => {
        const m = await buildUser(t.app);
        const to = `moved${n}.${process.pid}@example.com`;
        const before = await filesIn(t);
        const res = await post('/api/auth/change-email', headers, { email: to, password: m.password }, m);
        expect(res.statusCode).toBe(200);
        const mails = await newMailTo(t, to, before);
        expect(mails.map((x) => x.subject)).toEqual(['Confirm your new e-mail address for Tribe36']);
        expectLinksFrom(mails, origin);
      });
    }

    it(`the confirmation mailed at registration starts with ${origin} too`, async () => {
      const email = `joined.${process.pid}@example.com`;
      const res = await post('/api/auth/register', FORGERIES['a javascript: X-Forwarded-Proto']!, {
        username: email,
        email,
        password: 'correct horse battery',
      });
      expect(res.statusCode).toBe(201);
      expectLinksFrom(await newMailTo(t, email, new Set()), origin);
    });
  });
}

describeOrigin(
  'PUBLIC_URL set',
  { PUBLIC_URL: 'https://tribe36.example.com/any/path' },
  'https://tribe36.example.com',
);
// Unset: the address the server is configured to listen on (HOST 127.0.0.1 and PORT 5000 by
// default); the real port once it listens (below).
describeOrigin('PUBLIC_URL unset', {}, 'http://127.0.0.1:5000');
describeOrigin('PUBLIC_URL unset, HOST 0.0.0.0', { HOST: '0.0.0.0', PORT: '5123' }, 'http://127.0.0.1:5123');

describe('the server process', () => {
  let env: Record<string, string>;
  let dataDir: string;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    ({ env, dataDir, remove } = await serverEnvironment('tribe36-links-'));
  });
  afterAll(async () => remove());

  it('says at start-up where mailed links point, the listening address with its real port, and mails them so', async () => {
    const server = await startServer(env);
    try {
      const port = new URL(server.url).port;
      const origin = `http://127.0.0.1:${port}`;
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.includes('Mailed links point at'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 30,
        linkOrigin: origin,
        msg: `Mailed links point at ${origin} (the listening address: PUBLIC_URL is unset)`,
      });
      expect(server.output()).not.toMatch(/PUBLIC_URL is unset: mailed links/);

      const email = `process.${process.pid}@example.com`;
      const headers = { 'content-type': 'application/json', host: FORGED_HOST };
      const register = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, email, password: 'correct horse battery' }),
      });
      expect(register.status).toBe(201);
      // fetch will not forge Host: a raw request does.
      const forgot = await rawPost(server.url, '/api/auth/forgot-password', headers, { email });
      expect(forgot).toMatch(/^HTTP\/1\.1 200/);
      let mails: ReceivedMail[] = [];
      const deadline = Date.now() + 15_000;
      while (mails.length < 2 && Date.now() < deadline) {
        mails = readMailbox(dataDir).filter((m) => m.to.includes(email));
        if (mails.length < 2) await new Promise((r) => setTimeout(r, 50));
      }
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Confirm your e-mail address for Tribe36',
        'Reset your Tribe36 password',
      ]);
      expectLinksFrom(mails, origin);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('warns when HOST is not a loopback address and PUBLIC_URL is unset, saying how to set it', async () => {
    const server = await startServer({ ...env, HOST: '0.0.0.0' });
    try {
      const port = new URL(server.url).port;
      const warning = server
        .output()
        .split('\n')
        .filter((l) => l.includes('PUBLIC_URL is unset: mailed links'))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(warning).toHaveLength(1);
      expect(warning[0]!.level).toBe(40);
      expect(warning[0]!.msg).toContain('HOST is 0.0.0.0');
      expect(warning[0]!.msg).toContain(`point at http://127.0.0.1:${port}`);
      expect(warning[0]!.msg).toContain('Set PUBLIC_URL to the address members use');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const published = await startServer({ ...env, PUBLIC_URL: 'https://tribe36.example.com' });
    try {
      expect(published.output()).toContain('Mailed links point at https://tribe36.example.com (PUBLIC_URL)');
      expect(published.output()).not.toMatch(/PUBLIC_URL is unset/);
    } finally {
      published.child.kill('SIGTERM');
      await published.exited;
    }
  });
});

/** A POST over a raw socket, with the headers exactly as given (Host included); the answer's text. */
async function rawPost(base: string, url: string, headers: Record<string, string>, body: object) {
  const { hostname, port } = new URL(base);
  const payload = JSON.stringify(body);
  const head = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(payload)) })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      // write, not end: a client that half-closes may have its socket closed before a slow answer
      // (the server's own 'connection: close' ends it once answered).
      socket.write(`POST ${url} HTTP/1.1\r\n${head}\r\nconnection: close\r\n\r\n${payload}`);
    });
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
