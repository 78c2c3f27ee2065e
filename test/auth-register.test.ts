import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function register(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and answers the current user', async () => {
    const res = await register({
      username: 'Zelda.QB@X.com',
      email: '  Zelda.QB@X.com ',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      username: 'zelda-qb',
      name: 'zelda-qb',
      email: 'zelda.qb@x.com',
      isAdmin: false,
      profilePicture: null,
      paymentStatus: 'unpaid',
      privacyLevel: 'public',
      mustChangePassword: false,
      emailConfirmed: false,
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');

    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookieOf(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it('refuses the same e-mail again, in any letter case', async () => {
    const first = await register({
      username: 'dup@example.com',
      email: 'dup@example.com',
      password: 'secret1',
    });
    expect(first.statusCode).toBe(201);
    for (const email of ['dup@example.com', 'DUP@Example.COM']) {
      const res = await register({ username: email, email, password: 'secret1' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'An account with this email already exists' });
    }
  });

  it('gives a second member with the same e-mail name the next free handle', async () => {
    const a = await register({ email: 'sam@one.com', password: 'secret1' });
    const b = await register({ email: 'sam@two.com', password: 'secret1' });
    const c = await register({ email: 'Sam@three.com', password: 'secret1' });
    expect(a.json().user.username).toBe('sam');
    expect(b.json().user.username).toBe('sam-2');
    expect(c.json().user.username).toBe('sam-3');
  });

  it('refuses a malformed e-mail, naming the field', async () => {
    for (const email of ['not-an-email', 'a@', '@b.com', '']) {
      const res = await register({ username: email, email, password: 'secret1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/email/i);
    }
  });

  it('refuses a password under 6 characters with the spec message', async () => {
    const res = await register({ email: 'short@example.com', password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Password must be at least 6 characters' });
  });

  it('accepts 256 characters whole and refuses 257', async () => {
    const long = 'p'.repeat(255) + 'Q';
    const ok = await register({ email: 'long@example.com', password: long });
    expect(ok.statusCode).toBe(201);
    // Never truncated: a password sharing the first 255 characters does not work.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'long@example.com', password: 'p'.repeat(255) + 'X' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'long@example.com', password: long },
    });
    expect(right.statusCode).toBe(200);

    const tooLong = await register({ email: 'toolong@example.com', password: 'p'.repeat(257) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatch(/password/i);
  });

  it('refuses missing fields, naming each', async () => {
    const noEmail = await register({ username: 'x', password: 'secret1' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ error: 'email is required' });
    const noPassword = await register({ email: 'nopw@example.com' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ error: 'password is required' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses fields of the wrong type with 400, never 500', async () => {
    for (const payload of [
      { email: 42, password: 'secret1' },
      { email: 'types@example.com', password: 123456 },
      { email: ['a@b.com'], password: 'secret1' },
      { email: 'types@example.com', password: 'secret1', username: { a: 1 } },
      [1, 2, 3],
      'a string',
      null,
    ]) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await register('{"email": "x@y.com", "password": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON in request body' });
  });

  it('answers a 2 MiB body with 413 and creates nothing', async () => {
    const res = await register({
      email: 'big@example.com',
      password: 'secret1',
      pad: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'big@example.com', password: 'secret1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('never stores the password in plain text', async () => {
    await register({ email: 'plain@example.com', password: 'visible-secret' });
    const row = await t.app.ctx.users.findByEmail('plain@example.com');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain('visible-secret');
  });
});
