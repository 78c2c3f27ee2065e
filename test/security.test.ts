import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Tribe36</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('cross-site requests', () => {
  const body = { username: 'someone@example.com', password: 'whatever' };

  it('refuses a POST marked Sec-Fetch-Site: cross-site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused' });
  });

  it('refuses a POST whose Origin is not the host it was sent to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://evil.example', host: 'localhost:5000' },
    });
    expect(res.statusCode).toBe(403);
    const nullOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'null', host: 'localhost:5000' },
    });
    expect(nullOrigin.statusCode).toBe(403);
  });

  it('accepts the same origin and same-site fetch metadata', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'http://localhost:5000', host: 'localhost:5000', 'sec-fetch-site': 'same-origin' },
      payload: { email: 'same@example.com', password: 'secret1' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a text/plain body (the cross-site "simple request") with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Unsupported content type: send application/json' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.com&password=secret1',
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('responses', () => {
  it('answers an unknown /api path with 404 JSON, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['DELETE', '/api/members/count'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('serves index.html for client routes and real files as themselves', async () => {
    for (const url of ['/', '/profile', '/think-tanks/intellectual/optimal-self', '/no/such/page?x=1']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const missing = await t.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the security headers on every response, pages and errors alike', async () => {
    for (const url of ['/', '/api/health', '/api/nope', '/api/auth/me']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      // Scripts from this origin only; WebAssembly may be compiled (the pose model, decision 41), but
      // neither eval nor inline script is allowed.
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' blob: data:");
      expect(csp).toContain("media-src 'self' blob: data:");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers the health check when the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('never sends a password or hash, and never a stack trace', async () => {
    const m = await buildUser(t.app, { password: 'find-me-if-you-can' });
    const responses = [
      await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: m.email, password: m.password },
      }),
      await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile',
        headers: { cookie: m.cookie },
        payload: { school: 'X' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: m.email, password: m.password },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: '{bad',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const res of responses) {
      expect(res.body).not.toMatch(/"password(Hash)?"\s*:/i);
      expect(res.body).not.toMatch(/hash/i);
      expect(res.body).not.toContain('$argon2');
      expect(res.body).not.toContain(m.password);
      expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    }
  });
});
