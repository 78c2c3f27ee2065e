// The chat poll's fast path (decision 32): over real HTTP, every request answered exactly as Fastify's
// route answers it, whether the fast path took it or left it to Fastify.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../server/app';
import type { Config } from '../server/config';
import { sessions, users } from '../server/db/schema';
import { hashToken } from '../server/storage/session-store';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';

const METRICS_TOKEN = 'fast-path-metrics-token';

let t: TestApp;
let base: string;
let a: BuiltUser;
let b: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  a = await buildUser(t.app);
  b = await buildUser(t.app);
  // Enough messages for a page over 1 KiB (compressed by Accept-Encoding), from two members (the
  // rate limit is per member).
  for (let i = 0; i < 16; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/community',
      headers: { cookie: (i % 2 ? a : b).cookie },
      payload: { content: `Message ${i}: film review at six, bring your clips.`, messageType: 'text' },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

type Answer = { status: number; headers: string[]; body: Buffer };

/** One request over a new connection, exactly these headers; the raw answer (no decompression). */
function send(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  url = base,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = res.rawHeaders;
        const kept: string[] = [];
        for (let i = 0; i < raw.length; i += 2) {
          if (raw[i]!.toLowerCase() !== 'date') kept.push(`${raw[i]}: ${raw[i + 1]}`);
        }
        resolve({ status: res.statusCode!, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same request to the fast path, then to Fastify alone: both answers, and whether the fast path took it. */
async function both(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const fp = t.app.pollFastPath;
  const before = fp.served();
  const fast = await send(path, headers, method);
  const took = fp.served() - before;
  fp.enabled = false;
  try {
    const slow = await send(path, headers, method);
    return { fast, slow, took };
  } finally {
    fp.enabled = true;
  }
}

const etagOf = (answer: Answer) => answer.headers.find((h) => h.startsWith('etag: '))?.slice(6);

const requestCount = async (labels: Record<string, string | number>) => {
  const metric = await t.app.metrics!.getSingleMetric('http_requests_total')!.get();
  const found = metric.values.find((v) =>
    Object.entries(labels).every(([k, value]) => v.labels[k] === value),
  );
  return found?.value ?? 0;
};

describe('GET /api/chat/community: the fast path answers as Fastify does', () => {
  it('sends the same status, headers and bytes for every kind of request', async () => {
    // The member's user row is cached by a first poll (the session was cached at registration).
    await send('/api/chat/community', { cookie: a.cookie });
    const signedOut = await buildUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: signedOut.cookie } });
    const page = await send('/api/chat/community', { cookie: a.cookie, 'accept-encoding': 'identity' });
    const ids = (JSON.parse(page.body.toString()) as Array<{ id: number }>).map((m) => m.id);
    expect(ids.length).toBe(16);
    const near = ids.at(-3)!;

    const cookie = a.cookie;
    const cases: Array<{
      name: string;
      path?: string;
      headers: Record<string, string>;
      method?: string;
      fast: boolean;
    }> = [
      { name: 'no cookie', headers: {}, fast: false },
      { name: 'garbage cookie', headers: { cookie: 'tribe36_session=garbage' }, fast: false },
      { name: 'another cookie only', headers: { cookie: 'theme=dark' }, fast: false },
      { name: 'signed-out session', headers: { cookie: signedOut.cookie }, fast: false },
      { name: 'valid session', headers: { cookie }, fast: true },
      { name: 'valid among cookies', headers: { cookie: `theme=dark; ${cookie}; x=1` }, fast: true },
      { name: 'br', headers: { cookie, 'accept-encoding': 'br' }, fast: true },
      { name: 'gzip', headers: { cookie, 'accept-encoding': 'gzip' }, fast: true },
      { name: 'browser', headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' }, fast: true },
      { name: 'identity', headers: { cookie, 'accept-encoding': 'identity' }, fast: true },
      { name: 'deflate only', headers: { cookie, 'accept-encoding': 'deflate' }, fast: false },
      { name: 'br refused', headers: { cookie, 'accept-encoding': 'br;q=0, gzip' }, fast: true },
      { name: 'stale ETag', headers: { cookie, 'if-none-match': '"0.0"' }, fast: true },
      { name: 'after=N', path: `?after=${near}`, headers: { cookie, 'accept-encoding': 'br' }, fast: true },
      { name: 'after=0', path: '?after=0', headers: { cookie, 'accept-encoding': 'gzip' }, fast: true },
      { name: 'after newest', path: `?after=${ids.at(-1)}`, headers: { cookie }, fast: true },
      { name: 'after=abc', path: '?after=abc', headers: { cookie }, fast: false },
      { name: 'after=', path: '?after=', headers: { cookie }, fast: false },
      { name: 'before=N', path: `?before=${near}`, headers: { cookie }, fast: false },
      { name: 'after and before', path: `?after=1&before=${near}`, headers: { cookie }, fast: false },
      { name: 'x=1', path: '?x=1', headers: { cookie }, fast: false },
      { name: 'trailing slash', path: '/', headers: { cookie }, fast: false },
      { name: 'HEAD', headers: { cookie }, method: 'HEAD', fast: false },
      { name: 'bad Host', headers: { cookie, host: 'evil.example' }, fast: false },
      { name: 'localhost Host', headers: { cookie, host: 'localhost:5000' }, fast: true },
    ];
    for (const c of cases) {
      const { fast, slow, took } = await both(`/api/chat/community${c.path ?? ''}`, c.headers, c.method);
      expect({ case: c.name, ...fast }).toEqual({ case: c.name, ...slow });
      expect({ case: c.name, took }).toEqual({ case: c.name, took: c.fast ? 1 : 0 });
    }

    // A matching If-None-Match in each coding: 304 with the same headers both ways.
    for (const coding of ['br', 'gzip', 'identity']) {
      const first = await send('/api/chat/community', { cookie, 'accept-encoding': coding });
      const headers = { cookie, 'accept-encoding': coding, 'if-none-match': etagOf(first)! };
      const { fast, slow, took } = await both('/api/chat/community', headers);
      expect(fast.status).toBe(304);
      expect({ coding, took, ...fast }).toEqual({ coding, took: 1, ...slow });
    }
  });

  it('leaves a session ended by a logout elsewhere, by expiry, or held for a password change to Fastify', async () => {
    const m = await buildUser(t.app);
    const poll = () => both('/api/chat/community', { cookie: m.cookie });
    await send('/api/chat/community', { cookie: m.cookie });
    expect((await poll()).took).toBe(1);

    // Held at the password-change step (an admin's reset): 403 from requireMember, both ways.
    await t.app.ctx.database.db
      .update(users)
      .set({ mustChangePassword: true })
      .where(eq(users.id, m.user.id));
    await t.app.ctx.sessions.userChanged(m.user.id);
    await send('/api/chat/community', { cookie: m.cookie }); // the changed row, cached again
    let r = await poll();
    expect(r.fast.status).toBe(403);
    expect({ ...r.fast, took: r.took }).toEqual({ ...r.slow, took: 0 });
    await t.app.ctx.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.id, m.user.id));
    await t.app.ctx.sessions.userChanged(m.user.id);

    // A session whose end comes while it is cached: a minute left, then two minutes later.
    const tokenHash = hashToken(m.cookie.split('=')[1]!);
    await t.app.ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.tokenHash, tokenHash));
    await t.app.ctx.sessions.userChanged(m.user.id);
    await send('/api/chat/community', { cookie: m.cookie });
    expect((await poll()).took).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 120_000);
      r = await poll();
    } finally {
      vi.useRealTimers();
    }
    expect(r.fast.status).toBe(401);
    expect({ ...r.fast, took: r.took }).toEqual({ ...r.slow, took: 0 });

    // A logout by another request: the next poll is refused, both ways.
    const n = await buildUser(t.app);
    await send('/api/chat/community', { cookie: n.cookie });
    expect((await both('/api/chat/community', { cookie: n.cookie })).took).toBe(1);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: n.cookie } });
    r = await both('/api/chat/community', { cookie: n.cookie });
    expect(r.fast.status).toBe(401);
    expect({ ...r.fast, took: r.took }).toEqual({ ...r.slow, took: 0 });
  });

  it('answers a new message at once, with a new ETag', async () => {
    const before = await send('/api/chat/community', { cookie: a.cookie, 'accept-encoding': 'br' });
    const etag = etagOf(before)!;
    const notModified = await both('/api/chat/community', {
      cookie: a.cookie,
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(notModified.fast.status).toBe(304);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/chat/community',
      headers: { cookie: b.cookie },
      payload: { content: 'Fresh news from the pitch', messageType: 'text' },
    });
    expect(posted.statusCode).toBe(201);
    const served = t.app.pollFastPath.served();
    const after = await send('/api/chat/community', { cookie: a.cookie, 'if-none-match': etag });
    expect(t.app.pollFastPath.served()).toBe(served + 1);
    expect(after.status).toBe(200);
    expect(etagOf(after)).not.toBe(etag);
    const messages = JSON.parse(after.body.toString()) as Array<{ id: number; content: string }>;
    expect(messages.at(-1)).toMatchObject({ id: posted.json().id, content: 'Fresh news from the pitch' });
  });

  it('counts its requests in the route’s series, as Fastify does', async () => {
    const labels = { method: 'GET', route: '/api/chat/community', status_code: 200 };
    const start = await requestCount(labels);
    const r = await both('/api/chat/community', { cookie: a.cookie });
    expect(r.took).toBe(1);
    // The count follows the answer's end (Fastify's onResponse): awaited, never slept for.
    await vi.waitFor(async () => expect(await requestCount(labels)).toBe(start + 2));
    const scrape = await send('/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scrape.body.toString()).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/chat/community",status_code="200"}',
    );
  });

  it('falls through while the instance drains', async () => {
    await send('/api/chat/community', { cookie: a.cookie });
    t.app.ctx.lifecycle.draining = true;
    try {
      const r = await both('/api/chat/community', { cookie: a.cookie });
      expect(r.took).toBe(0);
      expect(r.fast).toEqual(r.slow);
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
  });
});

describe('while the server closes', () => {
  it("leaves the poll to Fastify's 503", async () => {
    const closing = await buildApp({ config: t.config, database: t.app.ctx.database });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const port = (closing.server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}`;
    await send('/api/chat/community', { cookie: a.cookie }, 'GET', url); // caches the member
    expect((await send('/api/chat/community', { cookie: a.cookie }, 'GET', url)).status).toBe(200);
    const served = closing.pollFastPath.served();
    expect(served).toBe(1);

    // A request begun before the close (its connection is busy, so it stays open) and ended after.
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /api/chat/community HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const closed = closing.close();
    await vi.waitFor(() => expect(closing.server.listening).toBe(false));
    socket.write(`Cookie: ${a.cookie}\r\n\r\n`);
    await ended;
    await closed;
    const head = Buffer.concat(received).toString().split('\r\n');
    expect(head[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(head).toContain('Connection: close');
    expect(closing.pollFastPath.served()).toBe(served);
  });
});

describe('with request logging on', () => {
  let logged: App;
  let logUrl: string;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    // A second server on the same database, logging at info as production does.
    logged = await buildApp({
      config: t.config,
      database: t.app.ctx.database,
      logger: { level: 'info', stream },
    });
    await logged.listen({ port: 0, host: '127.0.0.1' });
    logUrl = `http://127.0.0.1:${(logged.server.address() as AddressInfo).port}`;
  });
  afterAll(() => logged.close());

  /** The lines one request logged, without what differs between any two requests. */
  async function logOf(enabled: boolean) {
    logged.pollFastPath.enabled = enabled;
    const served = logged.pollFastPath.served();
    const reqIds = new Set<unknown>();
    const from = lines.length;
    const answer = await send('/api/chat/community', { cookie: a.cookie }, 'GET', logUrl);
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(lines.slice(from).map((l) => l.msg)).toContain('request completed'));
    logged.pollFastPath.enabled = true;
    const mine = lines.slice(from).map(({ time: _t, responseTime, reqId, req, ...rest }) => {
      reqIds.add(reqId);
      expect(typeof responseTime === 'number' || rest.msg === 'incoming request').toBe(true);
      const { remotePort, ...stable } = (req ?? {}) as Record<string, unknown>;
      expect(req === undefined || typeof remotePort === 'number').toBe(true);
      return req ? { ...rest, req: stable } : rest;
    });
    expect([...reqIds].every((id) => typeof id === 'string' && id.startsWith('req-'))).toBe(true);
    expect(reqIds.size).toBe(1);
    return { lines: mine, took: logged.pollFastPath.served() - served };
  }

  it('logs a request it answers with the lines Fastify logs', async () => {
    await send('/api/chat/community', { cookie: a.cookie }, 'GET', logUrl); // caches the member
    const fast = await logOf(true);
    const slow = await logOf(false);
    expect(fast.took).toBe(1);
    expect(slow.took).toBe(0);
    expect(fast.lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(fast.lines).toEqual(slow.lines);
  });
});

describe('behind a trusted proxy, logging as production does', () => {
  const lines: Array<Record<string, unknown>> = [];
  const servers: App[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  /** A second server on the same database with TRUST_PROXY as given, logging at info. */
  async function behind(trustProxy: Config['trustProxy']) {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp({
      config: { ...t.config, trustProxy },
      database: t.app.ctx.database,
      logger: { level: 'info', stream },
    });
    servers.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  /** One request each way; the answers and the logged request (what differs between any two requests removed). */
  async function bothLogged(app: App, url: string, headers: Record<string, string>) {
    const once = async (enabled: boolean) => {
      app.pollFastPath.enabled = enabled;
      const served = app.pollFastPath.served();
      const from = lines.length;
      const answer = await send('/api/chat/community', headers, 'GET', url);
      await vi.waitFor(() => expect(lines.slice(from).map((l) => l.msg)).toContain('request completed'));
      app.pollFastPath.enabled = true;
      const incoming = lines.slice(from).find((l) => l.msg === 'incoming request')!;
      const { remotePort: _port, ...req } = incoming.req as Record<string, unknown>;
      return { answer, req, took: app.pollFastPath.served() - served };
    };
    return { fast: await once(true), slow: await once(false) };
  }

  it('takes the ordinary poll and answers and logs it as Fastify does, whatever the proxy headers say', async () => {
    for (const trustProxy of [1, ['127.0.0.1']] as const) {
      const { app, url } = await behind(trustProxy as Config['trustProxy']);
      await send('/api/chat/community', { cookie: a.cookie }, 'GET', url); // caches the member
      const cases: Array<{ name: string; headers: Record<string, string>; fast: boolean }> = [
        { name: 'no forwarding', headers: {}, fast: true },
        {
          name: 'nginx',
          headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'localhost' },
          fast: true,
        },
        { name: 'forged chain', headers: { 'x-forwarded-for': '10.9.9.9, 198.51.100.2' }, fast: true },
        { name: 'two hosts', headers: { 'x-forwarded-host': 'evil.example, localhost:8080' }, fast: true },
        { name: 'bad forwarded host', headers: { 'x-forwarded-host': 'evil.example' }, fast: false },
      ];
      for (const c of cases) {
        const { fast, slow } = await bothLogged(app, url, { cookie: a.cookie, ...c.headers });
        const label = { trustProxy, case: c.name };
        expect({ ...label, ...fast.answer }).toEqual({ ...label, ...slow.answer });
        expect({ ...label, req: fast.req }).toEqual({ ...label, req: slow.req });
        expect({ ...label, took: fast.took }).toEqual({ ...label, took: c.fast ? 1 : 0 });
      }
    }
  });
});
