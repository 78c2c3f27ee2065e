import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_EXPIRED_OR_USED } from '../common/constants';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';
import { mailedTokens, readMailbox } from './helpers/mailbox';
import { startSmtp } from './helpers/smtp';

const BOSS = 'boss@example.com';
/** The fake clock mailed links are issued and checked against. */
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: BOSS }, { clock: () => clock });
});
afterAll(() => t.close());

/** The confirmation links mailed to `email` so far, once the outbox has delivered `count`. */
async function linksTo(email: string, count = 1): Promise<string[]> {
  await expect
    .poll(() => mailedTokens(t.dataDir, email, '/confirm-email').length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  return mailedTokens(t.dataDir, email, '/confirm-email');
}
const confirm = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
const me = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user;

describe('e-mail confirmation', () => {
  it('mails a link at registration that confirms the address once', async () => {
    const m = await buildUser(t.app);
    expect(m.user.emailConfirmed).toBe(false);
    const [token] = await linksTo(m.email);
    const mail = readMailbox(t.dataDir).find((x) => x.to.includes(m.email))!;
    expect(mail.subject).toBe('Confirm your e-mail address for Tribe36');
    expect(mail.text).toContain('/confirm-email#token=');

    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect((await me(m.cookie)).emailConfirmed).toBe(true);
    // Single use: the same link again says so, without saying anything about the account.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: LINK_EXPIRED_OR_USED });
  });

  it('refuses unknown, tampered, malformed and expired links with the same answer', async () => {
    const m = await buildUser(t.app);
    const [token] = await linksTo(m.email);
    const tampered = (token!.startsWith('A') ? 'B' : 'A') + token!.slice(1);
    for (const bad of [tampered, 'x'.repeat(43), 'short', '', 'a\u0000b']) {
      const res = await confirm(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await confirm(tampered)).json()).toEqual({ error: LINK_EXPIRED_OR_USED });
    // A day and a second later on the links' clock.
    clock += 24 * 60 * 60 * 1000 + 1000;
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: LINK_EXPIRED_OR_USED });
    expect((await me(m.cookie)).emailConfirmed).toBe(false);
    clock = Date.now();
  });

  it('makes an ADMIN_EMAILS address an admin only once it is proven', async () => {
    // A stranger registers the coach's address first, in another letter case.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Boss@Example.com', email: 'Boss@Example.com', password: 'secret-pass' },
      remoteAddress: '127.9.9.9',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.isAdmin).toBe(false);
    const cookie = sessionCookieOf(res);
    const list = () => t.app.inject({ url: '/api/admin/members', headers: { cookie } });
    expect((await list()).statusCode).toBe(403);

    // Only whoever reads the coach's mailbox can follow the link.
    const [token] = await linksTo(BOSS);
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({ isAdmin: true, emailConfirmed: true });
    expect((await list()).statusCode).toBe(200);
  });

  it('resends a link on request, three times an hour at most, and not once confirmed', async () => {
    const m = await buildUser(t.app);
    await linksTo(m.email);
    const resend = (cookie = m.cookie) =>
      t.app.inject({ method: 'POST', url: '/api/auth/resend-confirmation', headers: { cookie } });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/resend-confirmation' })).statusCode).toBe(
      401,
    );
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const tokens = await linksTo(m.email, 3);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // Any of the links works (the newest here), and then resending is refused.
    expect((await confirm(tokens.at(-1))).statusCode).toBe(200);
    const n = await buildUser(t.app);
    await linksTo(n.email);
    const [nToken] = mailedTokens(t.dataDir, n.email, '/confirm-email');
    expect((await confirm(nToken)).statusCode).toBe(200);
    const done = await resend(n.cookie);
    expect(done.statusCode).toBe(400);
    expect(done.json().error).toBe('Your e-mail address is already confirmed');
  });
});

describe('e-mail confirmation through a real SMTP server', () => {
  it('mails the link at registration over SMTP, and it confirms the address', async () => {
    const smtp = await startSmtp();
    const s = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const m = await buildUser(s.app);
      await smtp.waitFor(1);
      expect(smtp.mailTo(m.email).map((x) => x.subject)).toEqual(['Confirm your e-mail address for Tribe36']);
      const [token] = smtp.tokensTo(m.email, '/confirm-email');
      const res = await s.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
      expect(res.statusCode).toBe(200);
      const user = (await s.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).json().user;
      expect(user.emailConfirmed).toBe(true);
    } finally {
      await s.close();
      await smtp.close();
    }
  });
});
