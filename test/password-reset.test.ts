import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINK_EXPIRED_OR_USED,
  PASSWORD_RESET_REQUESTS_PER_ADDRESS,
  PASSWORD_RESET_SENT,
  PASSWORD_RESETS_PER_HOUR,
  PASSWORD_TOO_SHORT,
} from '../common/constants';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, logIn, memberAddress } from './helpers/factories';
import { mailedTokens, readMailbox } from './helpers/mailbox';
import { startSmtp } from './helpers/smtp';

/** The fake clock mailed links are issued and checked against. */
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => clock });
});
afterAll(() => t.close());

/** Each request from a loopback address of its own, unless given one: requests are limited per address. */
let addresses = 5000;
const forgot = (email: unknown, remoteAddress = memberAddress(addresses++)) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
const check = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token } });
const reset = (token: unknown, password: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });
const login = (username: string, password: string) => logIn(t.app, username, password);
const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });

/** The reset links mailed to `email` so far, once the requests under way have queued theirs. */
async function resetTokens(email: string): Promise<string[]> {
  await t.app.ctx.passwordReset.drain();
  await t.app.ctx.mail.flush();
  return mailedTokens(t.dataDir, email, '/reset-password');
}

describe('forgot password', () => {
  it('answers a known and an unknown address alike, and mails a link only to the known one', async () => {
    const m = await buildUser(t.app);
    const known = await forgot(m.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: PASSWORD_RESET_SENT });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);

    expect(await resetTokens(m.email)).toHaveLength(1);
    expect(readMailbox(t.dataDir).some((x) => x.to.includes('nobody-here@example.com'))).toBe(false);
    const mail = readMailbox(t.dataDir).find((x) => x.to.includes(m.email) && /Reset/.test(x.subject))!;
    expect(mail.subject).toBe('Reset your Tribe36 password');
    expect(mail.text).toContain('it works once, for 1 hour');
  });

  it('answers before the account is even looked up, so its time says nothing about the address', async () => {
    const m = await buildUser(t.app);
    const users = t.app.ctx.users;
    const lookUp = users.findByEmail;
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let lookedUp = 0;
    users.findByEmail = async (email) => {
      lookedUp += 1;
      await stalled;
      return lookUp(email);
    };
    try {
      // Both answers arrive while the look-up is still held: neither waited on it.
      for (const email of [m.email, 'stranger@example.com']) {
        const res = await forgot(email);
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(PASSWORD_RESET_SENT);
      }
      expect(lookedUp).toBe(2);
    } finally {
      release();
      users.findByEmail = lookUp;
    }
    expect(await resetTokens(m.email)).toHaveLength(1);
  });

  it('sets a new password from the link once, ends every session and signs this browser in', async () => {
    const m = await buildUser(t.app);
    const other = sessionCookieOf(await login(m.email, m.password));
    expect((await forgot(m.email)).statusCode).toBe(200);
    const [token] = await resetTokens(m.email);

    expect((await check(token)).statusCode).toBe(200);
    // A password the spec refuses is refused with its message, and the link stays usable.
    const short = await reset(token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: PASSWORD_TOO_SHORT });
    expect((await check(token)).statusCode).toBe(200);

    const res = await reset(token, 'a brand new secret');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(m.email);
    // Following the link proved the address too.
    expect(res.json().user.emailConfirmed).toBe(true);
    const cookie = sessionCookieOf(res);
    expect(String(res.headers['set-cookie'])).toMatch(/tribe36_device=/);
    expect((await me(cookie)).statusCode).toBe(200);
    for (const old of [m.cookie, other]) expect((await me(old)).statusCode).toBe(401);

    expect((await login(m.email, m.password)).statusCode).toBe(401);
    expect((await login(m.user.username, 'a brand new secret')).statusCode).toBe(200);

    // Single use.
    for (const again of [await check(token), await reset(token, 'yet another secret')]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: LINK_EXPIRED_OR_USED });
    }
  });

  it('refuses unknown, tampered, malformed and expired links with the same answer', async () => {
    const m = await buildUser(t.app);
    await forgot(m.email);
    const [token] = await resetTokens(m.email);
    const tampered = (token!.startsWith('A') ? 'B' : 'A') + token!.slice(1);
    for (const bad of [tampered, 'x'.repeat(43), 'short', '', 'a\u0000b']) {
      const res = await reset(bad, 'a brand new secret');
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect((await check(bad)).statusCode).toBe(400);
    }
    expect((await reset(tampered, 'a brand new secret')).json()).toEqual({ error: LINK_EXPIRED_OR_USED });

    // A link holds one hour: at 59 minutes it still works, a second past the hour it does not.
    await forgot(m.email);
    const [, fresh] = await resetTokens(m.email);
    const issuedAt = clock;
    try {
      clock = issuedAt + 59 * 60 * 1000;
      expect((await check(fresh)).statusCode).toBe(200);
      clock = issuedAt + 60 * 60 * 1000 + 1000;
      for (const link of [token, fresh]) {
        const expired = await reset(link, 'a brand new secret');
        expect(expired.statusCode).toBe(400);
        expect(expired.json()).toEqual({ error: LINK_EXPIRED_OR_USED });
      }
    } finally {
      clock = Date.now();
    }
    expect((await login(m.email, m.password)).statusCode).toBe(200);
  });

  it(`mails one account at most ${PASSWORD_RESETS_PER_HOUR} links an hour, with the same answer`, async () => {
    const m = await buildUser(t.app);
    for (let i = 0; i < PASSWORD_RESETS_PER_HOUR + 2; i++) {
      const res = await forgot(m.email);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(PASSWORD_RESET_SENT);
    }
    expect(await resetTokens(m.email)).toHaveLength(PASSWORD_RESETS_PER_HOUR);
  });

  it('keeps to that limit when the requests arrive all at once', async () => {
    const m = await buildUser(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(m.email)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await resetTokens(m.email)).toHaveLength(PASSWORD_RESETS_PER_HOUR);
  });

  it(`takes ${PASSWORD_RESET_REQUESTS_PER_ADDRESS} requests an hour from one client address`, async () => {
    const address = memberAddress(4999);
    for (let i = 0; i < PASSWORD_RESET_REQUESTS_PER_ADDRESS; i++) {
      expect((await forgot(`someone${i}@example.com`, address)).statusCode).toBe(200);
    }
    const refused = await forgot('someone-else@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(
      /^Too many password reset requests from this address\. Try again in/,
    );
    // Another address is not held up.
    expect((await forgot('someone-else@example.com')).statusCode).toBe(200);
  });

  it('refuses bad addresses and header injection before anything is queued', async () => {
    for (const email of ['not-an-address', 'a@b.com\r\nBcc: victim@example.com', '', 42, null]) {
      const res = await forgot(email);
      expect(res.statusCode, JSON.stringify(email)).toBe(400);
      expect(res.json().error).toMatch(/email/);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {} });
    expect(missing.statusCode).toBe(400);
    await t.app.ctx.mail.flush();
    expect(readMailbox(t.dataDir).some((x) => /victim/.test(x.headers))).toBe(false);
  });

  it('cancels a pending change of address when the password is reset', async () => {
    const m = await buildUser(t.app);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      payload: { email: 'thief@example.com', password: m.password },
      headers: { cookie: m.cookie },
      remoteAddress: m.address,
    });
    expect(change.statusCode).toBe(200);
    await t.app.ctx.mail.flush();
    const [changeToken] = mailedTokens(t.dataDir, 'thief@example.com', '/confirm-email');
    await forgot(m.email);
    const [token] = await resetTokens(m.email);
    expect((await reset(token, 'a brand new secret')).statusCode).toBe(200);
    const follow = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: changeToken },
    });
    expect(follow.statusCode).toBe(400);
    expect(follow.json()).toEqual({ error: LINK_EXPIRED_OR_USED });
  });
});

describe('spent links', () => {
  it('are forgotten a week after they expired, unused ones kept until then', async () => {
    const m = await buildUser(t.app);
    await forgot(m.email);
    const [token] = await resetTokens(m.email);
    const issuedAt = clock;
    try {
      clock = issuedAt + 6 * 24 * 60 * 60 * 1000;
      await t.app.ctx.accountLinks.prune();
      expect(await t.app.ctx.accountLinks.sentWithin(m.user.id, 'reset-password', 7 * 24 * 3600_000)).toBe(1);
      clock = issuedAt + 8 * 24 * 60 * 60 * 1000 + 60 * 60 * 1000;
      await t.app.ctx.accountLinks.prune();
      expect(await t.app.ctx.accountLinks.sentWithin(m.user.id, 'reset-password', 30 * 24 * 3600_000)).toBe(
        0,
      );
      expect((await check(token)).statusCode).toBe(400);
    } finally {
      clock = Date.now();
    }
  });
});

describe('forgot password through a real SMTP server', () => {
  it('mails the link over SMTP and the link signs the member in with the new password', async () => {
    const smtp = await startSmtp();
    const s = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Tribe36 <coach@example.com>' });
    try {
      const m = await buildUser(s.app);
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: m.email },
        remoteAddress: m.address,
      });
      expect(res.json()).toEqual({ ok: true, message: PASSWORD_RESET_SENT });
      await smtp.waitFor(2); // the confirmation from registration, then the reset link
      const [token] = smtp.tokensTo(m.email, '/reset-password');
      expect(smtp.mailTo(m.email).map((x) => x.subject)).toContain('Reset your Tribe36 password');
      const done = await s.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'sent over smtp' },
      });
      expect(done.statusCode).toBe(200);
      expect((await s.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).statusCode).toBe(
        401,
      );
    } finally {
      await s.close();
      await smtp.close();
    }
  });
});
