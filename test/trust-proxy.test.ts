import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * TRUST_PROXY (decision 29): the client address is the one the trusted proxy saw, so a client that
 * writes its own `X-Forwarded-For` cannot escape the per-address limits.
 */
const PROXY = '10.0.0.2';

function login(t: TestApp, username: string, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: 'wrong-password' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

function forgot(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'nobody@example.com' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

const RESET_REFUSED = 'Too many password reset requests from this address. Try again in 60 minutes.';

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('a forged leftmost X-Forwarded-For does not escape the sign-in limit of 50 per address', async () => {
    // The proxy appends the address it saw (198.51.100.7) to what the client sent.
    for (let i = 0; i < 50; i++) {
      const res = await login(t, `nobody-${i}`, PROXY, `203.0.113.${i}, 198.51.100.7`);
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    const refused = await login(t, 'nobody-else', PROXY, '203.0.113.200, 198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many login attempts. Try again in 15 minutes.' });
    // Another client of the proxy is not held, even one that names the locked address first.
    expect((await login(t, 'nobody-else', PROXY, '198.51.100.7, 198.51.100.8')).statusCode).toBe(401);
  });

  it('a request without X-Forwarded-For counts under the socket address', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(t, '192.0.2.30')).statusCode).toBe(200);
    expect((await forgot(t, '192.0.2.30')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY with addresses and ranges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
  });
  afterAll(() => t.close());

  it('takes the nearest address that is not a trusted proxy, through two proxies', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await forgot(t, PROXY, `203.0.113.${i}, 198.51.100.9, 10.0.0.3`);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const refused = await forgot(t, PROXY, '203.0.113.99, 198.51.100.9, 10.0.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(RESET_REFUSED);
  });

  it('believes no X-Forwarded-For from a client that is not a trusted proxy', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await forgot(t, '198.51.100.20', `203.0.113.${i}`)).statusCode).toBe(200);
    }
    expect((await forgot(t, '198.51.100.20', '203.0.113.250')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=true (every hop trusted: a warning at start-up says why)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('takes the leftmost X-Forwarded-For, which the client writes', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await forgot(t, PROXY, `203.0.113.${i}, 198.51.100.40`)).statusCode).toBe(200);
    }
  });
});
