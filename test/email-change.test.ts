import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGES_PER_HOUR, LINK_EXPIRED_OR_USED } from '../common/constants';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, logIn, type BuiltUser } from './helpers/factories';
import { mailedTokens, readMailbox } from './helpers/mailbox';
import { startSmtp } from './helpers/smtp';

const BOSS = 'coach@example.com';
/** The fake clock mailed links are issued and checked against. */
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: BOSS }, { clock: () => clock });
});
afterAll(() => t.close());

const changeEmail = (m: BuiltUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/change-email',
    payload,
    headers: { cookie: m.cookie },
    remoteAddress: m.address,
  });
const follow = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
const me = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user;
const login = (username: string, password: string) => logIn(t.app, username, password);
async function changeTokens(email: string): Promise<string[]> {
  await t.app.ctx.mail.flush();
  return mailedTokens(t.dataDir, email, '/confirm-email');
}

describe('change e-mail', () => {
  it('mails a link to the new address and a notice to the old one; the address changes when the link is followed', async () => {
    const m = await buildUser(t.app);
    const res = await changeEmail(m, { email: '  New.Address@Example.com ', password: m.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, pendingEmail: 'new.address@example.com' });
    // Nothing changes until the link is followed.
    expect((await me(m.cookie)).email).toBe(m.email);

    const [token] = await changeTokens('new.address@example.com');
    const mails = readMailbox(t.dataDir);
    const link = mails.find((x) => x.to.includes('new.address@example.com'))!;
    expect(link.subject).toBe('Confirm your new e-mail address for Tribe36');
    const notice = mails.find((x) => x.to.includes(m.email) && /being changed/.test(x.subject))!;
    expect(notice.subject).toBe('Your Tribe36 e-mail address is being changed');
    expect(notice.text).toContain('new.address@example.com');
    expect(notice.text).not.toMatch(/#token=/);

    expect((await follow(token)).statusCode).toBe(200);
    const after = await me(m.cookie);
    expect(after.email).toBe('new.address@example.com');
    expect(after.emailConfirmed).toBe(true);
    expect((await login('new.address@example.com', m.password)).statusCode).toBe(200);
    expect((await login(m.email, m.password)).statusCode).toBe(401);

    const again = await follow(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: LINK_EXPIRED_OR_USED });
  });

  it('asks for the password, and refuses the same address, a taken one and bad input', async () => {
    const m = await buildUser(t.app);
    const other = await buildUser(t.app);
    const wrong = await changeEmail(m, { email: 'fresh@example.com', password: 'not my password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid credentials' });
    const same = await changeEmail(m, { email: m.email.toUpperCase(), password: m.password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: 'That is already your e-mail address' });
    const taken = await changeEmail(m, { email: other.email, password: m.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'An account with this email already exists' });
    for (const payload of [
      { email: 'fresh@example.com\r\nBcc: victim@example.com', password: m.password },
      { email: 'not-an-address', password: m.password },
      { email: 'fresh@example.com' },
      { email: 'fresh@example.com', password: '' },
      { email: ['fresh@example.com'], password: m.password },
    ]) {
      const res = await changeEmail(m, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      payload: { email: 'fresh@example.com', password: m.password },
    });
    expect(anonymous.statusCode).toBe(401);
    await t.app.ctx.mail.flush();
    expect(readMailbox(t.dataDir).some((x) => /fresh@|victim/.test(x.headers))).toBe(false);
  });

  it('answers 409 when another account took the address before the link was followed', async () => {
    const m = await buildUser(t.app);
    expect((await changeEmail(m, { email: 'contested@example.com', password: m.password })).statusCode).toBe(
      200,
    );
    const [token] = await changeTokens('contested@example.com');
    await buildUser(t.app, { email: 'contested@example.com' });
    const res = await follow(token);
    expect(res.statusCode).toBe(409);
    expect((await me(m.cookie)).email).toBe(m.email);
  });

  it('holds a link 24 hours (fake clock), and a followed one voids the others', async () => {
    const m = await buildUser(t.app);
    const issuedAt = clock;
    await changeEmail(m, { email: 'late@example.com', password: m.password });
    await changeEmail(m, { email: 'second@example.com', password: m.password });
    const [late] = await changeTokens('late@example.com');
    const [second] = await changeTokens('second@example.com');
    try {
      clock = issuedAt + 24 * 60 * 60 * 1000 + 1000;
      const expired = await follow(late);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ error: LINK_EXPIRED_OR_USED });
      clock = issuedAt + 23 * 60 * 60 * 1000;
      expect((await follow(second)).statusCode).toBe(200);
    } finally {
      clock = Date.now();
    }
    expect((await me(m.cookie)).email).toBe('second@example.com');
  });

  it(`takes ${EMAIL_CHANGES_PER_HOUR} changes an hour`, async () => {
    const m = await buildUser(t.app);
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR; i++) {
      expect((await changeEmail(m, { email: `try${i}@example.com`, password: m.password })).statusCode).toBe(
        200,
      );
    }
    const refused = await changeEmail(m, { email: 'one-more@example.com', password: m.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('makes an ADMIN_EMAILS address an admin only once its link is followed', async () => {
    const m = await buildUser(t.app);
    expect((await changeEmail(m, { email: BOSS, password: m.password })).statusCode).toBe(200);
    expect((await me(m.cookie)).isAdmin).toBe(false);
    const [token] = await changeTokens(BOSS);
    expect((await follow(token)).statusCode).toBe(200);
    const after = await me(m.cookie);
    expect(after.email).toBe(BOSS);
    expect(after.isAdmin).toBe(true);
  });
});

describe('change e-mail through a real SMTP server', () => {
  it('sends the link and the notice over SMTP', async () => {
    const smtp = await startSmtp();
    const s = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const m = await buildUser(s.app);
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/change-email',
        payload: { email: 'over-smtp@example.com', password: m.password },
        headers: { cookie: m.cookie },
        remoteAddress: m.address,
      });
      expect(res.statusCode).toBe(200);
      await smtp.waitFor(3); // registration's confirmation, the link, the notice
      expect(smtp.mailTo(m.email).map((x) => x.subject)).toContain(
        'Your Tribe36 e-mail address is being changed',
      );
      const [token] = smtp.tokensTo('over-smtp@example.com', '/confirm-email');
      const done = await s.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
      expect(done.statusCode).toBe(200);
      const user = (await s.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).json().user;
      expect(user.email).toBe('over-smtp@example.com');
    } finally {
      await s.close();
      await smtp.close();
    }
  });
});
