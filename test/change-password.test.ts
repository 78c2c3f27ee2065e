import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '../common/constants';
import { ERRORS } from '../common/contracts/errors';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, logIn, type BuiltUser } from './helpers/factories';
import { readMailbox } from './helpers/mailbox';

/** Issue 30, part 5: a signed-in member changes their password from Settings. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) => logIn(t.app, username, password);
const change = (m: BuiltUser, payload: object, cookie = m.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload,
    headers: { cookie },
    remoteAddress: m.address,
  });
const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });
/** The password notices mailed to `email` so far. */
async function notices(email: string) {
  await t.app.ctx.mail.flush();
  return readMailbox(t.dataDir).filter(
    (m) => m.to.includes(email) && m.subject === 'Your Tribe36 password was changed',
  );
}

describe('POST /api/auth/change-password, signed in', () => {
  it('refuses a visitor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'x', newPassword: 'a new password' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password, and the password stays', async () => {
    const m = await buildUser(t.app);
    const res = await change(m, { currentPassword: 'not my password', newPassword: 'a new password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ERRORS.invalidCredentials });
    expect((await login(m.email, m.password)).statusCode).toBe(200);
    expect((await login(m.email, 'a new password')).statusCode).toBe(401);
    expect((await me(m.cookie)).statusCode).toBe(200);
    expect(await notices(m.email)).toHaveLength(0);
  });

  it('refuses a new password the registration would refuse, naming the rule', async () => {
    const m = await buildUser(t.app);
    for (const [newPassword, error] of [
      ['short', 'New password must be at least 6 characters'],
      ['x'.repeat(257), 'New password must be at most 256 characters'],
      [m.password, 'New password must differ from the current password'],
    ] as const) {
      const res = await change(m, { currentPassword: m.password, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json(), newPassword).toEqual({ error: error });
    }
    expect((await login(m.email, m.password)).statusCode).toBe(200);
    expect(await notices(m.email)).toHaveLength(0);
  });

  it("ends the member's other sessions, keeps this one, retires the old password and mails a notice", async () => {
    const m = await buildUser(t.app);
    const other = sessionCookieOf(await login(m.email, m.password));
    expect((await me(other)).statusCode).toBe(200);

    const res = await change(m, { currentPassword: m.password, newPassword: 'a brand new password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: m.user.id, mustChangePassword: false });
    // No new cookie: this browser keeps its session.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await me(m.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);

    expect((await login(m.email, m.password)).statusCode).toBe(401);
    expect((await login(m.email, 'a brand new password')).statusCode).toBe(200);

    const [notice, ...more] = await notices(m.email);
    expect(more).toHaveLength(0);
    // The address is not confirmed: greeted by the address, never by a name (issue 29).
    expect(notice!.text).toMatch(new RegExp(`^Hi ${m.email.replace(/[.]/g, '\\.')},`));
    expect(notice!.text).toContain('signed out');
    expect(notice!.text).not.toContain('a brand new password');
    expect(notice!.text).not.toMatch(/#token=/);
  });

  it('greets a member whose address is confirmed by their name', async () => {
    const m = await buildUser(t.app);
    await t.app.ctx.users.confirmEmail(m.user.id, m.email, new Date());
    await t.app.ctx.sessions.userChanged(m.user.id);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      payload: { name: 'Zelda Quinn' },
      headers: { cookie: m.cookie },
    });
    expect(renamed.statusCode).toBe(200);
    expect(
      (await change(m, { currentPassword: m.password, newPassword: 'zelda’s new one' })).statusCode,
    ).toBe(200);
    const [notice] = await notices(m.email);
    expect(notice!.text).toMatch(/^Hi Zelda Quinn,/);
  });

  it('is limited like sign-in attempts: past the limit a right password waits too', async () => {
    const m = await buildUser(t.app);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect(
        (await change(m, { currentPassword: `wrong ${i}`, newPassword: 'a new password' })).statusCode,
      ).toBe(401);
    }
    const res = await change(m, { currentPassword: m.password, newPassword: 'a new password' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect((await login(m.email, m.password)).statusCode).toBe(200);
  });
});
