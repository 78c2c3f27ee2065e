import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostRefusal } from '../server/plugins/security';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';
import { multipart, pngBytes } from './helpers/uploads';

// docs/decisions.md decision 12: the Host rule against DNS rebinding, no-store on API answers, and the
// Permissions-Policy header.
const NO_PUBLIC_URL = 'Host "evil.example" is not allowed: set PUBLIC_URL to the address members use';
const ADMIN_EMAIL = 'coach@example.com';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** Whether this machine can listen on the IPv6 loopback. */
async function hasIpv6Loopback(): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => server.close(() => resolve(true)));
  });
}

/** One raw HTTP exchange (for what fetch cannot send: no Host, or an HTTP/1.0 request). */
async function rawExchange(host: string, port: number, request: string): Promise<string> {
  const socket = net.connect(port, host);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (received += d));
  socket.write(request);
  await new Promise((resolve) => socket.once('close', resolve).once('end', resolve));
  socket.destroy();
  return received;
}

describe('the Host rule with PUBLIC_URL unset', () => {
  it('refuses a request for another host name, reads included, with what to set', async () => {
    const health = await t.app.inject({ url: '/api/health', headers: { host: 'evil.example' } });
    expect(health.statusCode).toBe(403);
    expect(health.json()).toEqual({ error: NO_PUBLIC_URL });
    expect(health.headers['cache-control']).toBe('no-store');

    // The shape of DNS rebinding: Origin and Host agree, both the attacker's name.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'evil.example', origin: 'http://evil.example' },
      payload: { email: 'rebound@example.com', password: 'secret1' },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual({ error: NO_PUBLIC_URL });

    const page = await t.app.inject({ url: '/', headers: { host: 'evil.example', accept: 'text/html' } });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toContain(NO_PUBLIC_URL);
    expect(page.body).not.toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toBeDefined();

    const withPort = await t.app.inject({ url: '/api/auth/me', headers: { host: 'evil.example:5000' } });
    expect(withPort.statusCode).toBe(403);
    expect(withPort.json().error).toContain('Host "evil.example:5000" is not allowed');
  });

  it('serves IP addresses and localhost, with or without a port', async () => {
    for (const host of [
      '127.0.0.1:5000',
      '127.0.0.1',
      '[::1]:5000',
      '[::1]',
      'localhost:5000',
      'localhost',
      'LOCALHOST:80',
      '192.168.1.20:5000',
    ]) {
      const res = await t.app.inject({ url: '/api/health', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      const page = await t.app.inject({ url: '/', headers: { host, accept: 'text/html' } });
      expect(page.statusCode, host).toBe(200);
    }
  });

  it('refuses malformed hosts and names that only look local', async () => {
    for (const host of [
      '::1',
      '127.0.0.1:abc',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      '[evil]',
      'a b',
    ]) {
      const res = await t.app.inject({ url: '/api/health', headers: { host } });
      expect(res.statusCode, host).toBe(403);
    }
  });

  it('works over real HTTP on 127.0.0.1 and [::1], and answers 400 to a request with no Host', async () => {
    const listening = await createTestApp();
    try {
      const ipv6 = await hasIpv6Loopback();
      await listening.app.listen({ port: 0, host: ipv6 ? '::' : '127.0.0.1' });
      const { port } = listening.app.server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      if (ipv6) expect((await fetch(`http://[::1]:${port}/api/health`)).status).toBe(200);
      const noHost = await rawExchange('127.0.0.1', port, 'GET /api/health HTTP/1.0\r\n\r\n');
      expect(noHost).toMatch(/^HTTP\/1\.[01] 400 /);
      expect(noHost).toContain('{"error":"A Host header is required"}');
      const forged = await rawExchange(
        '127.0.0.1',
        port,
        'GET /api/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
      );
      expect(forged).toMatch(/^HTTP\/1\.1 403 /);
    } finally {
      await listening.close();
    }
  });
});

describe('the Host rule with PUBLIC_URL set', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ PUBLIC_URL: 'https://tribe36.example.com', TRUST_PROXY: 'true' });
  });
  afterAll(() => p.close());

  it("serves PUBLIC_URL's host, and IP addresses and localhost (health checks, the proxy's own requests)", async () => {
    for (const host of [
      'tribe36.example.com',
      'Tribe36.Example.com:443',
      '10.0.0.5:5000',
      'localhost:5000',
    ]) {
      const res = await p.app.inject({ url: '/api/health', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('refuses another host, naming the address it answers at', async () => {
    const res = await p.app.inject({ url: '/api/health', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error:
        'Host "evil.example" is not allowed: this server answers at https://tribe36.example.com (PUBLIC_URL)',
    });
  });

  it('checks the host a trusted proxy forwards (X-Forwarded-Host)', async () => {
    const forwarded = await p.app.inject({
      url: '/api/health',
      headers: { host: '127.0.0.1:5000', 'x-forwarded-host': 'tribe36.example.com' },
    });
    expect(forwarded.statusCode).toBe(200);
    const rebound = await p.app.inject({
      url: '/api/health',
      headers: { host: '127.0.0.1:5000', 'x-forwarded-host': 'evil.example' },
    });
    expect(rebound.statusCode).toBe(403);
  });

  it('states the rule in one function', () => {
    expect(hostRefusal('tribe36.example.com', 'https://tribe36.example.com')).toBeNull();
    expect(hostRefusal('[::1]:8080', undefined)).toBeNull();
    expect(hostRefusal('tribe36.example.com.:443', 'https://tribe36.example.com')).toBeNull();
    expect(hostRefusal('localhost.', undefined)).toBeNull();
    expect(hostRefusal('evil.example', undefined)).toBe(NO_PUBLIC_URL);
    expect(hostRefusal('.', undefined)).not.toBeNull();
  });
});

describe('Cache-Control on API answers', () => {
  it('is no-store on signed-in answers and on those that set or clear the session cookie', async () => {
    const admin = await buildUser(t.app, { email: ADMIN_EMAIL });
    const member = await buildUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeDefined();
    expect(login.headers['cache-control']).toBe('no-store');

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'no-store@example.com', password: 'secret1' },
    });
    expect(register.statusCode).toBe(201);
    expect(register.headers['cache-control']).toBe('no-store');

    for (const url of [
      '/api/auth/me',
      `/api/members/username/${admin.user.username}`,
      '/api/admin/members',
      '/api/members?search=me',
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: member.cookie },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(/tribe36_session=;/);
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching a route chose: media files and the chat poll', async () => {
    const member = await buildUser(t.app);
    const body = await multipart('file', { name: 'dot.png', type: 'image/png', bytes: pngBytes() });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, cookie: member.cookie },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const media = await t.app.inject({ url: uploaded.json().url, headers: { cookie: member.cookie } });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    const poll = await t.app.inject({ url: '/api/chat/community', headers: { cookie: member.cookie } });
    expect(poll.statusCode).toBe(200);
    expect(poll.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('Permissions-Policy', () => {
  it('allows the camera, microphone, screen capture and full screen to this origin only, and turns off the rest', async () => {
    for (const url of ['/', '/api/health', '/api/nope']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      const policy = String(res.headers['permissions-policy']);
      for (const allowed of [
        'camera=(self)',
        'microphone=(self)',
        'display-capture=(self)',
        'fullscreen=(self)',
      ]) {
        expect(policy, url).toContain(allowed);
      }
      for (const off of ['geolocation=()', 'payment=()', 'usb=()']) expect(policy, url).toContain(off);
    }
    const refused = await t.app.inject({ url: '/', headers: { host: 'evil.example' } });
    expect(refused.headers['permissions-policy']).toContain('camera=(self)');
  });
});
