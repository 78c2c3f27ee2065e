import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { openStream } from './helpers/sse';

// Prometheus metrics (decision 30) on the main port, at GET /api/metrics for the bearer token
// (METRICS_TOKEN). The metrics port (METRICS_PORT) is tested on the real process in drain.test.ts.

const TOKEN = 'test-metrics-token-4b1f0c2e9d';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The text exposition format, parsed: one sample a line, comments skipped. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('metrics behind the bearer token', () => {
  let t: TestApp;
  let base: string;
  let reader: BuiltUser;
  let writer: BuiltUser;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    reader = await buildUser(t.app);
    writer = await buildUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  async function scrape(): Promise<Sample[]> {
    const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return parse(await res.text());
  }

  it('refuses a scrape without the right token, showing nothing', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0000000000',
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer',
    ]) {
      const res = await fetch(`${base}/api/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ error: expect.stringMatching(/token/) });
      expect(body).not.toContain('http_requests_total');
    }
  });

  it('serves the Prometheus text format for the token, never cached', async () => {
    const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const samples = parse(await res.text());
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'tribe36_chat_streams_open',
      'tribe36_chat_deliveries_total',
      'tribe36_database_notifications_up',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(value(samples, 'tribe36_database_notifications_up')).toBe(1);
  });

  it('counts requests by route pattern and status, never by their URL', async () => {
    const before = await scrape();
    const member = { method: 'GET', route: '/api/members/username/:username', status_code: '404' };
    const unmatched = { method: 'GET', route: '(unmatched)', status_code: '404' };
    const me = { method: 'GET', route: '/api/auth/me', status_code: '200' };
    expect(
      (await fetch(`${base}/api/members/username/nobody-x7q3`, { headers: { cookie: reader.cookie } }))
        .status,
    ).toBe(404);
    expect((await fetch(`${base}/api/no-such-path-k2v9`)).status).toBe(404);
    expect((await fetch(`${base}/api/no-such-path-other-m4`)).status).toBe(404);
    expect((await fetch(`${base}/api/auth/me`, { headers: { cookie: reader.cookie } })).status).toBe(200);

    const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    const after = parse(text);
    const moved = (labels: Record<string, string>) =>
      value(after, 'http_requests_total', labels) - value(before, 'http_requests_total', labels);
    expect(moved(member)).toBe(1);
    expect(moved(unmatched)).toBe(2);
    expect(moved(me)).toBe(1);
    const timed = (labels: Record<string, string>) =>
      value(after, 'http_request_duration_seconds_count', labels) -
      value(before, 'http_request_duration_seconds_count', labels);
    expect(timed(member)).toBe(1);
    expect(timed(me)).toBe(1);
    expect(value(after, 'http_request_duration_seconds_sum', me)).toBeGreaterThan(0);
    // The URLs themselves appear nowhere: one series per route, whatever the clients ask.
    for (const raw of ['nobody-x7q3', 'no-such-path-k2v9', 'no-such-path-other-m4'])
      expect(text).not.toContain(raw);
  });

  it('counts open streams and the messages delivered to them', async () => {
    const before = await scrape();
    const open = value(before, 'tribe36_chat_streams_open');
    const streams = [openStream(base, reader.cookie), openStream(base, writer.cookie)];
    await expect.poll(async () => value(await scrape(), 'tribe36_chat_streams_open')).toBe(open + 2);

    for (const content of ['counted one', 'counted two']) {
      const res = await fetch(`${base}/api/chat/community`, {
        method: 'POST',
        headers: { cookie: writer.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content, messageType: 'text' }),
      });
      expect(res.status).toBe(201);
    }
    for (const s of streams) await expect.poll(() => s.events.length).toBe(2);
    const during = await scrape();
    // Two messages to two streams.
    expect(
      value(during, 'tribe36_chat_deliveries_total') - value(before, 'tribe36_chat_deliveries_total'),
    ).toBe(4);
    expect(
      value(during, 'tribe36_chat_streams_opened_total') - value(before, 'tribe36_chat_streams_opened_total'),
    ).toBe(2);

    for (const s of streams) s.close();
    await expect.poll(async () => value(await scrape(), 'tribe36_chat_streams_open')).toBe(open);
    const after = await scrape();
    // Each stream is a request, which its client ended (499, as nginx logs it); its lifetime is no
    // request latency.
    const stream = { route: '/api/chat/community/stream', status_code: '499' };
    expect(value(after, 'http_requests_total', stream) - value(before, 'http_requests_total', stream)).toBe(
      2,
    );
    expect(value(after, 'http_request_duration_seconds_count', { route: stream.route })).toBe(0);
  });

  it("reports the database pool's connections on PostgreSQL (the embedded database has none)", async () => {
    const samples = await scrape();
    const names = new Set(samples.map((s) => s.name));
    const pool = [
      'tribe36_db_pool_connections',
      'tribe36_db_pool_idle_connections',
      'tribe36_db_pool_waiting_queries',
    ];
    if (t.app.ctx.database.kind === 'postgres') {
      for (const name of pool) expect(names, name).toContain(name);
      expect(value(samples, 'tribe36_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(value(samples, 'tribe36_db_pool_waiting_queries')).toBe(0);
    } else {
      for (const name of pool) expect(names, name).not.toContain(name);
    }
  });
});

describe('metrics off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('has no metrics route on the public port, token or not', async () => {
    expect(t.app.metrics).toBeUndefined();
    const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });
});
