import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { jpegBytes, multipart } from './helpers/uploads';

// A built client as scripts/build.mjs leaves it: the prerendered home page, the shell, a hashed
// script, each with its .br and .gz copies.
const HOME = `<!doctype html><title>Tribe36</title><div id="root" data-prerendered="home">${'<p>Find your tribe. Evolve.</p>'.repeat(40)}</div>`;
const SHELL = `<!doctype html><title>Tribe36</title><div id="root" data-prerendered="shell">${'<header>Tribe36</header>'.repeat(40)}</div>`;
const SCRIPT = `export function app(){return ${JSON.stringify('the app '.repeat(400))}}`;
const ASSET = '/assets/index-Ab12Cd34.js';

let t: TestApp;
let clientDir: string;
let base: string;
let member: BuiltUser;

function writeBuilt(file: string, text: string) {
  const full = path.join(clientDir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-client-'));
  writeBuilt('index.html', HOME);
  writeBuilt('shell.html', SHELL);
  writeBuilt(ASSET.slice(1), SCRIPT);
  t = await createTestApp({}, { clientDir });
  member = await buildUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The body as the browser would read it, decoded by its Content-Encoding. */
function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  expect(encoding).toBeUndefined();
  return body.toString();
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  return { res, text: () => decoded(res.rawPayload, res.headers['content-encoding'] as string | undefined) };
}

function varyOf(header: unknown): string[] {
  return String(header ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());
}

describe('the built client', () => {
  it('sends / as brotli, gzip or plain by Accept-Encoding, revalidated every time', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const { res, text } = await get('/', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varyOf(res.headers.vary)).toContain('accept-encoding');
      expect(text()).toBe(HOME);
    }
  });

  it('sends a hashed script compressed and cacheable for a year', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const { res, text } = await get(ASSET, { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyOf(res.headers.vary)).toContain('accept-encoding');
      expect(text()).toBe(SCRIPT);
    }
    // The copies are encodings of the script, not files of their own.
    expect((await get(`${ASSET}.br`)).res.statusCode).toBe(404);
  });

  it('sends a visitor the prerendered home page and a member, or any other page, the shell', async () => {
    expect((await get('/', { 'accept-encoding': 'br' })).text()).toBe(HOME);
    const signedIn = await get('/', { 'accept-encoding': 'br', cookie: member.cookie });
    expect(signedIn.text()).toBe(SHELL);
    expect(varyOf(signedIn.res.headers.vary)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    for (const url of ['/profile', '/think-tanks/physiological', '/member/someone?x=1']) {
      const page = await get(url, { 'accept-encoding': 'gzip' });
      expect(page.res.statusCode).toBe(200);
      expect(page.res.headers['content-encoding']).toBe('gzip');
      expect(page.res.headers['cache-control']).toBe('no-cache');
      expect(page.text()).toBe(SHELL);
    }
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer and leaves a small one as it is', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/community',
        headers: { cookie: member.cookie },
        payload: { content: `message ${i}: ${'training notes '.repeat(8)}`, messageType: 'text' },
      });
      expect(res.statusCode).toBe(201);
    }
    const big = await get('/api/chat/community', { cookie: member.cookie, 'accept-encoding': 'gzip, br' });
    expect(big.res.statusCode).toBe(200);
    expect(big.res.headers['content-encoding']).toBe('br');
    expect(big.res.rawPayload.length).toBeLessThan(Buffer.byteLength(big.text()));
    expect(big.text()).toContain('message 11: training notes');

    const gz = await get('/api/chat/community', { cookie: member.cookie, 'accept-encoding': 'gzip' });
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(gz.text()).toBe(big.text());

    const plain = await get('/api/chat/community', { cookie: member.cookie });
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.text()).toBe(big.text());

    const small = await get('/api/members/count', { 'accept-encoding': 'gzip, br' });
    expect(small.res.statusCode).toBe(200);
    expect(small.res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.text())).toEqual({ count: expect.any(Number) });
  });

  it('never compresses the chat stream, whose events arrive as they are sent', async () => {
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${base}/api/chat/community/stream`,
          { headers: { cookie: member.cookie, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } },
          resolve,
        )
        .on('error', reject);
    });
    try {
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['content-encoding']).toBeUndefined();
      let received = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (received += chunk));
      const posted = await fetch(`${base}/api/chat/community`, {
        method: 'POST',
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'straight through', messageType: 'text' }),
      });
      expect(posted.status).toBe(201);
      await expect.poll(() => received).toContain('straight through');
    } finally {
      stream.destroy();
    }
  });

  it('never compresses media, whole or in ranges', async () => {
    // Very compressible bytes: only the content type keeps them from being compressed.
    const picture = jpegBytes(64 * 1024);
    const body = await multipart('profilePicture', { name: 'me.jpg', type: 'image/jpeg', bytes: picture });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-picture',
      headers: { ...body.headers, cookie: member.cookie },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().profilePictureUrl as string;

    const whole = await get(url, { cookie: member.cookie, 'accept-encoding': 'br, gzip' });
    expect(whole.res.statusCode).toBe(200);
    expect(whole.res.headers['content-encoding']).toBeUndefined();
    expect(whole.res.rawPayload.equals(picture)).toBe(true);

    const part = await get(url, {
      cookie: member.cookie,
      'accept-encoding': 'br, gzip',
      range: 'bytes=100-4195',
    });
    expect(part.res.statusCode).toBe(206);
    expect(part.res.headers['content-encoding']).toBeUndefined();
    expect(part.res.headers['content-range']).toBe(`bytes 100-4195/${picture.length}`);
    expect(part.res.rawPayload.equals(picture.subarray(100, 4196))).toBe(true);
  });
});
