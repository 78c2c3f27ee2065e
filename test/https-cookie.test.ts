import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tribe36.example.com' });
});
afterAll(() => t.close());

it('uses a Secure __Host- cookie when PUBLIC_URL is https', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { origin: 'https://tribe36.example.com' },
    payload: { email: 'secure@example.com', password: 'secret1' },
  });
  expect(res.statusCode).toBe(201);
  const cookie = String(res.headers['set-cookie']);
  expect(cookie).toMatch(/^__Host-tribe36_session=/);
  expect(cookie).toMatch(/Secure/);
  expect(cookie).toMatch(/Path=\//);
  expect(cookie).not.toMatch(/Domain=/);
  const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: cookie.split(';')[0]! } });
  expect(me.statusCode).toBe(200);
  expect(res.headers['strict-transport-security']).toBeDefined();
});

it('refuses a state change from another origin than PUBLIC_URL', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: 'https://evil.example.net' },
    payload: { username: 'secure@example.com', password: 'secret1' },
  });
  expect(res.statusCode).toBe(403);
});
