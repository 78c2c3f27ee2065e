import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function login(username: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
  });
}

describe('POST /api/auth/login', () => {
  it('signs in by e-mail in any letter case and by handle, with a new session each time', async () => {
    const m = await buildUser(t.app, { email: 'kobe.b@example.com', password: 'mamba-24' });
    const byEmail = await login('  KOBE.B@Example.com ', 'mamba-24');
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user).toMatchObject({ id: m.user.id, username: 'kobe-b' });
    const byHandle = await login('kobe-b', 'mamba-24');
    expect(byHandle.statusCode).toBe(200);
    expect(sessionCookieOf(byHandle)).not.toBe(sessionCookieOf(byEmail));
    expect(sessionCookieOf(byHandle)).not.toBe(m.cookie);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    await buildUser(t.app, { email: 'wrongpw@example.com', password: 'right-one' });
    const wrong = await login('wrongpw@example.com', 'wrong-one', '10.0.0.1');
    const unknown = await login('nobody@example.com', 'whatever', '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid credentials' });
    expect(unknown.json()).toEqual({ error: 'Invalid credentials' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses missing or mistyped fields with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/username/);
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a', password: 5 },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error).toMatch(/password/);
  });

  it('throttles an account at the 11th failure, even with the right password', async () => {
    await buildUser(t.app, { email: 'target@example.com', password: 'the-right-one' });
    for (let i = 1; i <= 10; i++) {
      const res = await login(i % 2 ? 'target@example.com' : 'target', 'nope', `10.1.0.${i}`);
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const eleventh = await login('target@example.com', 'the-right-one', '10.1.1.1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: 'Too many login attempts. Try again in 15 minutes.' });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('throttles an address after 50 failures across accounts', async () => {
    for (let i = 1; i <= 50; i++) {
      const res = await login(`ghost${i}@example.com`, 'nope', '10.2.0.1');
      expect(res.statusCode).toBe(401);
    }
    const res = await login('ghost51@example.com', 'nope', '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
    // Another address is not affected.
    expect((await login('ghost51@example.com', 'nope', '10.2.0.2')).statusCode).toBe(401);
  });

  it('clears the account count on success', async () => {
    await buildUser(t.app, { email: 'clear@example.com', password: 'right-pass' });
    for (let i = 0; i < 9; i++)
      expect((await login('clear@example.com', 'bad', '10.3.0.1')).statusCode).toBe(401);
    expect((await login('clear@example.com', 'right-pass', '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await login('clear@example.com', 'bad', '10.3.0.2')).statusCode).toBe(401);
    expect((await login('clear@example.com', 'right-pass', '10.3.0.2')).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 401 Not signed in without a session or with a made-up one', async () => {
    const none = await t.app.inject({ url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Not signed in' });
    const forged = await t.app.inject({ url: '/api/auth/me', headers: { cookie: 'tribe36_session=forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('logout deletes the session so the old cookie no longer works', async () => {
    const m = await buildUser(t.app);
    const other = await login(m.email, m.password);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: m.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(String(out.headers['set-cookie'])).toMatch(/tribe36_session=;/);

    const after = await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } });
    expect(after.statusCode).toBe(401);
    // The member's other session (another device) is untouched.
    const otherMe = await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookieOf(other) } });
    expect(otherMe.statusCode).toBe(200);
    // The database holds only the SHA-256 of tokens, and no longer this one.
    const token = m.cookie.split('=')[1]!;
    const { hashToken } = await import('../server/storage/session-store');
    const { sessionsRepository } = await import('../server/db/repositories/sessions.repository');
    const repo = sessionsRepository(t.app.ctx.database.db);
    expect(await repo.findByHash(token)).toBeNull();
    expect(await repo.findByHash(hashToken(token))).toBeNull();
    expect(await repo.findByHash(hashToken(sessionCookieOf(other).split('=')[1]!))).not.toBeNull();
  });

  it('logout without a session still answers ok', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('sets an HttpOnly, SameSite=Lax cookie for 30 days, not Secure over http', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'flags@example.com', password: 'secret1' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^tribe36_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
  });
});

describe('GET /api/members/count', () => {
  it('counts the members', async () => {
    const before = (await t.app.inject({ url: '/api/members/count' })).json().count;
    await buildUser(t.app);
    const res = await t.app.inject({ url: '/api/members/count' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: before + 1 });
  });
});
