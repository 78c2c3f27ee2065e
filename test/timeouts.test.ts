import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTimeouts } from '../server/app';
import { loadConfig } from '../server/config';
import {
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_KEEP_ALIVE_TIMEOUT_MS,
  HTTP_PROXY_KEEP_ALIVE_TIMEOUT_MS,
} from '../common/constants';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';
import { openStream } from './helpers/sse';

// docs/decisions.md decision 12, with the time limits shortened so that the file runs in seconds.
const HEADERS_MS = 3000;
const IDLE_MS = 2500;
const KEEP_ALIVE_MS = 500;
/** Node keeps a kept-alive connection a second longer than it advertises, against races. */
const NODE_KEEP_ALIVE_BUFFER_MS = 1000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { timeouts: { headersMs: HEADERS_MS, idleMs: IDLE_MS, keepAliveMs: KEEP_ALIVE_MS } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw connection that records what it receives and when the server closed it. */
async function connect() {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let closedAt: number | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (received += d));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve((closedAt = Date.now()))),
  );
  return { socket, received: () => received, closedAt: () => closedAt, closed };
}

describe('server time limits', () => {
  it('has defaults: a 20 s header limit, no limit on a whole body, a longer keep-alive behind a proxy', () => {
    const direct = serverTimeouts(loadConfig({}));
    expect(direct).toEqual({
      headersMs: HTTP_HEADERS_TIMEOUT_MS,
      requestMs: 0,
      idleMs: expect.any(Number),
      keepAliveMs: HTTP_KEEP_ALIVE_TIMEOUT_MS,
    });
    expect(direct.headersMs).toBe(20_000);
    expect(direct.idleMs).toBeGreaterThan(25_000); // longer than the chat heartbeat
    for (const trust of ['true', '1', '10.0.0.0/8']) {
      expect(serverTimeouts(loadConfig({ TRUST_PROXY: trust })).keepAliveMs, trust).toBe(
        HTTP_PROXY_KEEP_ALIVE_TIMEOUT_MS,
      );
    }
    expect(serverTimeouts(loadConfig({ TRUST_PROXY: '0' })).keepAliveMs).toBe(HTTP_KEEP_ALIVE_TIMEOUT_MS);
    expect(HTTP_PROXY_KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  });

  it('answers 408 and closes a connection whose request head trickles in past the header limit', async () => {
    const c = await connect();
    const start = Date.now();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    // A byte at a time, often enough that the socket is never idle.
    const drip = setInterval(() => c.socket.writable && c.socket.write('a'), 300);
    try {
      const closedAt = await c.closed;
      const elapsed = closedAt - start;
      expect(elapsed).toBeGreaterThanOrEqual(HEADERS_MS - 100);
      expect(elapsed).toBeLessThan(HEADERS_MS + 3000);
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(c.received()).toContain('{"error":"Request timeout: the request took too long to arrive"}');
    } finally {
      clearInterval(drip);
    }
  });

  it('closes a kept-alive connection that sends no next request after the keep-alive limit', async () => {
    const c = await connect();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => c.received()).toMatch(/\r\n\r\n\{"ok":true\}$/);
    const answeredAt = Date.now();
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.received()).not.toMatch(/connection: close/i);
    const elapsed = (await c.closed) - answeredAt;
    expect(elapsed).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    expect(elapsed).toBeLessThan(KEEP_ALIVE_MS + NODE_KEEP_ALIVE_BUFFER_MS + 800);
    expect(elapsed).toBeLessThan(IDLE_MS); // the keep-alive limit, not the idle one
  });

  it('closes a connection whose request body stalls, after the idle limit', async () => {
    const c = await connect();
    c.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
    );
    const start = Date.now();
    const elapsed = (await c.closed) - start;
    expect(elapsed).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(elapsed).toBeLessThan(IDLE_MS + 2000);
  });

  it('lets a body that keeps coming take longer than every limit (a long upload is never cut)', async () => {
    const c = await connect();
    const body = JSON.stringify({ username: 'slow@example.com', password: 'not-the-password' });
    c.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    const start = Date.now();
    const chunks = body.match(/.{1,6}/g)!;
    for (const chunk of chunks) {
      await sleep(Math.ceil((HEADERS_MS + 1000) / chunks.length));
      expect(c.closedAt(), 'cut while the body was still arriving').toBeNull();
      c.socket.write(chunk);
    }
    expect(Date.now() - start).toBeGreaterThan(HEADERS_MS);
    await expect.poll(() => c.received()).toMatch(/^HTTP\/1\.1 (4\d\d) /);
    expect(c.received()).not.toMatch(/^HTTP\/1\.1 408 /);
    c.socket.destroy();
  });

  it('keeps the chat stream open past the idle and keep-alive limits', async () => {
    const reader = await buildUser(t.app);
    const writer = await buildUser(t.app);
    const base = `http://127.0.0.1:${port}`;
    const stream = openStream(base, reader.cookie);
    try {
      await expect.poll(() => stream.status()).toBe(200);
      // Silent for longer than any limit but the header one (no heartbeat within the test).
      await sleep(IDLE_MS + KEEP_ALIVE_MS + 500);
      expect(stream.ended()).toBe(false);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/community',
        headers: { cookie: writer.cookie },
        payload: { content: 'still there after the quiet', messageType: 'text' },
      });
      expect(res.statusCode).toBe(201);
      await expect
        .poll(() => stream.events.map((e) => e.data.content))
        .toContain('still there after the quiet');
    } finally {
      stream.close();
    }
  });
});
