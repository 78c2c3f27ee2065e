import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';

let t: TestApp;
let admin: BuiltUser;
let member: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'coach@example.com' });
  admin = await buildUser(t.app, { email: 'coach@example.com' });
  member = await buildUser(t.app, { email: 'player@example.com', password: 'original-pass' });
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('admin routes', () => {
  it('answer 401 to visitors and 403 to members', async () => {
    const list = await t.app.inject({ url: '/api/admin/members' });
    expect(list.statusCode).toBe(401);
    const asMember = await t.app.inject({ url: '/api/admin/members', headers: { cookie: member.cookie } });
    expect(asMember.statusCode).toBe(403);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${admin.user.id}/reset-password`,
      headers: { cookie: member.cookie },
    });
    expect(reset.statusCode).toBe(403);
  });

  it('list every member with e-mail, payment status and admin mark, and no password', async () => {
    const res = await t.app.inject({ url: '/api/admin/members', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toEqual(
      expect.arrayContaining([
        {
          id: admin.user.id,
          username: admin.user.username,
          name: admin.user.name,
          email: 'coach@example.com',
          isAdmin: true,
          paymentStatus: 'unpaid',
          lessonsDone: 0,
          membership: 'active',
          suspension: null,
        },
        {
          id: member.user.id,
          username: member.user.username,
          name: member.user.name,
          email: 'player@example.com',
          isAdmin: false,
          paymentStatus: 'unpaid',
          lessonsDone: 0,
          membership: 'active',
          suspension: null,
        },
      ]),
    );
    expect(res.body).not.toMatch(/password|argon2/i);
  });
});

describe('password reset and the change-password step', () => {
  it('gives a temporary password, ends the sessions, and holds the member at the change step', async () => {
    const otherDevice = sessionCookieOf(await login('player@example.com', 'original-pass'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.user.id}/reset-password`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { temporaryPassword } = res.json();
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);

    // Old sessions end at once; the old password no longer works.
    for (const cookie of [member.cookie, otherDevice]) {
      expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await login('player@example.com', 'original-pass')).statusCode).toBe(401);

    const signedIn = await login('player@example.com', temporaryPassword);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.mustChangePassword).toBe(true);
    const cookie = sessionCookieOf(signedIn);

    // me works; everything else answers 403 until the password is changed.
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/api/members?search=coach', undefined],
      ['PATCH', '/api/auth/profile', { school: 'X' }],
      ['GET', `/api/members/username/${admin.user.username}`, undefined],
    ] as const) {
      const blocked = await t.app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
      expect(blocked.statusCode, url).toBe(403);
      expect(blocked.json()).toEqual({ error: 'Password change required' });
    }

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: 'not-it', newPassword: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(401);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: temporaryPassword, newPassword: temporaryPassword },
    });
    expect(same.statusCode).toBe(400);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: temporaryPassword, newPassword: '123' },
    });
    expect(short.json()).toEqual({ error: 'New password must be at least 6 characters' });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: temporaryPassword, newPassword: 'brand-new-pass' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.mustChangePassword).toBe(false);
    expect((await t.app.inject({ url: '/api/members?search=coach', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await login('player@example.com', temporaryPassword)).statusCode).toBe(401);
    expect((await login('player@example.com', 'brand-new-pass')).statusCode).toBe(200);
  });

  it('a password change ends the member’s other sessions but keeps this one', async () => {
    const m = await buildUser(t.app, { password: 'first-pass' });
    const other = sessionCookieOf(await login(m.email, 'first-pass'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: m.cookie },
      payload: { currentPassword: 'first-pass', newPassword: 'second-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: other } })).statusCode).toBe(401);
  });

  it('an admin cannot reset their own password here, nor an unknown member', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${admin.user.id}/reset-password`,
      headers: { cookie: admin.cookie },
    });
    expect(own.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/members/00000000-0000-0000-0000-000000000000/reset-password',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
