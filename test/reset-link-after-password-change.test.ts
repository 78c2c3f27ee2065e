import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_EXPIRED_OR_USED } from '../common/constants';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, memberAddress, type BuiltUser } from './helpers/factories';
import { mailedTokens } from './helpers/mailbox';

/**
 * Issue 29, part 2: a reset link mailed before the password changed cannot be used after it,
 * whichever route changed it.
 */
const COACH = 'coach.voids@example.com';
let t: TestApp;
let coach: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: COACH });
  coach = await buildUser(t.app, { email: COACH });
});
afterAll(() => t.close());

let addresses = 11000;
const post = (url: string, payload: object | undefined, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
    remoteAddress: memberAddress(addresses++),
  });

/** Asks for a reset link for `email` and returns it once it is mailed. */
async function resetLinkFor(email: string): Promise<string> {
  const before = mailedTokens(t.dataDir, email, '/reset-password').length;
  expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
  await t.app.ctx.passwordReset.drain();
  await t.app.ctx.mail.flush();
  const tokens = mailedTokens(t.dataDir, email, '/reset-password');
  expect(tokens).toHaveLength(before + 1);
  // Usable until the password changes.
  expect((await post('/api/auth/reset-password/check', { token: tokens.at(-1) })).statusCode).toBe(200);
  return tokens.at(-1)!;
}

/** The link is refused, checked and used alike, and the password it would set does not sign in. */
async function expectRefused(token: string, email: string) {
  for (const url of ['/api/auth/reset-password/check', '/api/auth/reset-password']) {
    const res = await post(url, { token, password: 'stolen by the link' });
    expect(res.statusCode, url).toBe(400);
    expect(res.json(), url).toEqual({ error: LINK_EXPIRED_OR_USED });
    expect(res.headers['set-cookie'], url).toBeUndefined();
  }
  expect(
    (await post('/api/auth/login', { username: email, password: 'stolen by the link' })).statusCode,
  ).toBe(401);
}

describe('a pending reset link', () => {
  it('dies when the member changes the password', async () => {
    const m = await buildUser(t.app);
    const [first, second] = [await resetLinkFor(m.email), await resetLinkFor(m.email)];
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: m.password, newPassword: 'a brand new password' },
      m.cookie,
    );
    expect(res.statusCode).toBe(200);
    for (const token of [first!, second!]) await expectRefused(token, m.email);
    // The member's own change stands.
    expect(
      (await post('/api/auth/login', { username: m.email, password: 'a brand new password' })).statusCode,
    ).toBe(200);
    // A link asked for afterwards works.
    expect(
      (await post('/api/auth/reset-password/check', { token: await resetLinkFor(m.email) })).statusCode,
    ).toBe(200);
  });

  it('dies when an admin resets the password', async () => {
    const m = await buildUser(t.app);
    const token = await resetLinkFor(m.email);
    const res = await post(`/api/admin/members/${m.user.id}/reset-password`, undefined, coach.cookie);
    expect(res.statusCode).toBe(200);
    await expectRefused(token, m.email);
  });

  it('dies when the member makes the forced change after an admin reset', async () => {
    const m = await buildUser(t.app);
    const reset = await post(`/api/admin/members/${m.user.id}/reset-password`, undefined, coach.cookie);
    const { temporaryPassword } = reset.json();
    const signedIn = await post('/api/auth/login', { username: m.email, password: temporaryPassword });
    expect(signedIn.json().user.mustChangePassword).toBe(true);
    const cookie = sessionCookieOf(signedIn);
    // Asked for while held at the change-password step (the route allows it).
    const token = await resetLinkFor(m.email);

    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: temporaryPassword, newPassword: 'my own password again' },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.mustChangePassword).toBe(false);
    await expectRefused(token, m.email);
  });

  it('dies when another reset link sets the password', async () => {
    const m = await buildUser(t.app);
    const [used, other] = [await resetLinkFor(m.email), await resetLinkFor(m.email)];
    const res = await post('/api/auth/reset-password', { token: used, password: 'set by the first link' });
    expect(res.statusCode).toBe(200);
    await expectRefused(other!, m.email);
  });
});
