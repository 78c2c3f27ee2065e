import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_EVENT } from '../common/contracts/chat-stream';
import { NOTIFICATION_EVENT } from '../common/contracts/notifications';
import {
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_UNKNOWN_DEVICES,
  CHAT_RATE_LIMIT_MESSAGES,
} from '../common/constants';
import { openReconnectingStream, openStream } from '../test/helpers/sse';
import { multipart, pngBytes } from '../test/helpers/uploads';
import { startCluster, type Cluster } from './harness';
import { newClientAddress, post, register, request, signIn, startPosters, type Member } from './client';

/**
 * Issue 16: three instances of the production build on one PostgreSQL server and one bucket,
 * behind a reverse proxy (nginx, else a small Node proxy), asserted through the proxy as members
 * meet it. The operator's faults (PostgreSQL restarted, an instance killed) come last.
 */
describe('three instances behind a proxy', () => {
  let cluster: Cluster;
  /** Each instance's own address, and the proxy's. */
  let direct: string[];
  let proxy: string;

  beforeAll(async () => {
    cluster = await startCluster({ instances: 3 });
    direct = cluster.instances.map((i) => i.url);
    proxy = cluster.url;
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  }, 60_000);
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail' && cluster) console.log(cluster.logs());
  });

  /**
   * Every acknowledged message reached each stream (its delivered ids, duplicates included)
   * exactly once and in id order. A message whose post was not acknowledged (the answer was lost)
   * may be delivered too, once and in order like the others.
   */
  async function expectEveryDelivery(streams: { ids: number[] }[], acknowledged: number[]) {
    const expected = [...acknowledged].sort((a, b) => a - b);
    for (const s of streams) {
      await expect
        .poll(() => expected.every((id) => s.ids.includes(id)), { timeout: 15_000, interval: 50 })
        .toBe(true);
    }
    for (const s of streams) {
      const delivered = s.ids.filter((id) => id >= expected[0]!);
      expect(new Set(delivered).size).toBe(delivered.length);
      expect(delivered).toEqual([...delivered].sort((a, b) => a - b));
    }
  }

  /** Opens a stream and waits until it is open (200, headers in). */
  async function openedStream(url: string, cookie: string) {
    const stream = openStream(url, cookie);
    await expect.poll(() => stream.status(), { timeout: 10_000 }).toBe(200);
    return stream;
  }

  const reconnecting = async (url: string, cookie: string) => {
    const s = openReconnectingStream(url, cookie);
    await expect.poll(() => s.open(), { timeout: 10_000 }).toBe(true);
    return s;
  };

  it('started together on the empty database, every instance serves the same members', async () => {
    const m = await register(proxy);
    for (const url of direct) {
      const me = await request(`${url}/api/auth/me`, { headers: { cookie: m.cookie } });
      expect(me.status).toBe(200);
      expect((JSON.parse(me.text) as { user: { email: string } }).user.email).toBe(m.email);
    }
  });

  it('refuses the 11th wrong password for an account wherever it lands', async () => {
    const m = await register(proxy);
    const from = newClientAddress();
    for (let i = 0; i < LOGIN_MAX_FAILURES_UNKNOWN_DEVICES; i++) {
      expect((await signIn(proxy, m.email, 'not the password', from)).status).toBe(401);
    }
    // The proxy's round robin puts the next three on three instances; then each instance directly,
    // with the right password: the account is locked for unknown devices on all of them.
    for (let i = 0; i < 3; i++) {
      const refused = await signIn(proxy, m.email, 'not the password', from);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    }
    for (const url of direct) expect((await signIn(url, m.email, m.password, from)).status).toBe(429);
  });

  it('holds the chat rate limit across instances', async () => {
    const m = await register(proxy);
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_RATE_LIMIT_MESSAGES + 6; i++) {
      const r = await post(proxy, m.cookie, `burst ${i}`);
      statuses.push(typeof r === 'number' ? 201 : r.status);
    }
    expect(statuses).toEqual([
      ...Array<number>(CHAT_RATE_LIMIT_MESSAGES).fill(201),
      ...Array<number>(6).fill(429),
    ]);
  });

  it('counts sign-in failures by the address the proxy saw, whatever X-Forwarded-For says', async () => {
    const from = newClientAddress();
    // Unknown names, one failure each: only the per-address limit can stop them.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      const forged = { 'x-forwarded-for': `10.${i >> 8}.${i & 255}.7` };
      expect((await signIn(proxy, `nobody${i}.${process.pid}`, 'guess', from, forged)).status).toBe(401);
    }
    const forged = { 'x-forwarded-for': '203.0.113.9' };
    expect((await signIn(proxy, `nobody-more.${process.pid}`, 'guess', from, forged)).status).toBe(429);
    expect((await signIn(proxy, `nobody-else.${process.pid}`, 'guess', from)).status).toBe(429);
    // Another client is not locked out by it.
    const m = await register(proxy);
    expect((await signIn(proxy, m.email, m.password, newClientAddress())).status).toBe(200);
  });

  it("a logout through the proxy ends the member's streams on every instance", async () => {
    const m = await register(proxy);
    const streams = [];
    for (const url of [...direct, proxy, proxy, proxy]) streams.push(await openedStream(url, m.cookie));
    const out = await request(`${proxy}/api/auth/logout`, { method: 'POST', headers: { cookie: m.cookie } });
    expect(out.status).toBe(200);
    for (const s of streams) {
      await expect.poll(() => s.ended(), { timeout: 5000, interval: 20 }).toBe(true);
      expect(s.named).toEqual([SESSION_ENDED_EVENT]);
    }
    for (const url of direct) {
      const again = await request(`${url}/api/chat/community/stream`, { headers: { cookie: m.cookie } });
      expect(again.status).toBe(401);
    }
  });

  it("a mention posted through one instance reaches the member's streams on the others within 2 s", async () => {
    const [ann, bob] = [await register(proxy), await register(proxy)];
    const me = await request(`${proxy}/api/auth/me`, { headers: { cookie: bob.cookie } });
    const handle = (JSON.parse(me.text) as { user: { username: string } }).user.username;
    const streams = [];
    for (const url of direct.slice(1)) streams.push(await openedStream(url, bob.cookie));
    const id = await post(direct[0]!, ann.cookie, `Look at this @${handle}`);
    expect(typeof id).toBe('number');
    for (const s of streams) {
      await expect
        .poll(() => s.named.includes(NOTIFICATION_EVENT), { timeout: 2000, interval: 20 })
        .toBe(true);
    }
    const count = await request(`${proxy}/api/notifications/unread-count`, {
      headers: { cookie: bob.cookie },
    });
    expect(JSON.parse(count.text)).toEqual({ count: 1 });
  });

  it('serves a photo uploaded through one instance from the others', async () => {
    const m = await register(proxy);
    const bytes = pngBytes(32, 24, [20, 120, 200]);
    const form = await multipart('file', { name: 'court.png', type: 'image/png', bytes });
    const up = await request(`${direct[0]}/api/upload`, {
      method: 'POST',
      headers: { ...form.headers, cookie: m.cookie },
      body: form.payload,
    });
    expect(up.status).toBe(200);
    const { url } = JSON.parse(up.text) as { url: string };
    for (const base of direct.slice(1)) {
      const photo = await request(`${base}${url}`, { headers: { cookie: m.cookie } });
      expect(photo.status).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.body.equals(bytes)).toBe(true);
    }
  });

  it('delivers every message posted through the proxy to every stream on every instance, once, in order', async () => {
    const readers = [await register(proxy), await register(proxy), await register(proxy)];
    const streams = [];
    for (const url of direct) for (const r of readers) streams.push(await openedStream(url, r.cookie));
    const posters = await Promise.all(Array.from({ length: 6 }, () => register(proxy)));
    const acknowledged = (
      await Promise.all(
        posters.map(async (p, i) => {
          const ids: number[] = [];
          for (let n = 0; n < 10; n++) {
            const r = await post(proxy, p.cookie, `poster ${i} says ${n}`);
            expect(r).toBeTypeOf('number');
            ids.push(r as number);
          }
          return ids;
        }),
      )
    ).flat();
    // Exactly these, in id order: the streams opened before the first post, and every post was
    // acknowledged.
    const expected = [...acknowledged].sort((a, b) => a - b);
    for (const s of streams) {
      await expect.poll(() => s.events.map((e) => e.id), { timeout: 15_000, interval: 50 }).toEqual(expected);
      s.close();
    }
  });

  /** Readers streaming directly on each instance and through the proxy, reconnecting as browsers do. */
  async function readersStreaming(readers: Member[]) {
    const streams = [];
    for (const r of readers) {
      for (const url of [...direct, proxy]) streams.push(await reconnecting(url, r.cookie));
    }
    return streams;
  }

  /**
   * Three members post through the proxy every 600 ms while `fault` happens; once six more posts
   * were acknowledged after it, every acknowledged message must have reached every stream once, in
   * order. Resolves with the statuses the other posts were answered with.
   */
  async function postingThrough(
    streams: { ids: number[]; close(): void }[],
    fault: (posters: ReturnType<typeof startPosters>) => Promise<void>,
  ): Promise<number[]> {
    const posters = startPosters(
      proxy,
      [await register(proxy), await register(proxy), await register(proxy)],
      600,
    );
    try {
      await expect.poll(() => posters.acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
      await fault(posters);
      const before = posters.acknowledged.length;
      await expect
        .poll(() => posters.acknowledged.length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(before + 6);
    } finally {
      await posters.stop();
    }
    await expectEveryDelivery(streams, posters.acknowledged);
    for (const s of streams) s.close();
    return [...posters.refusals.keys()];
  }

  it('PostgreSQL restarted: 503 with Retry-After meanwhile, then back by itself with nothing lost', async () => {
    const readers = [await register(proxy), await register(proxy)];
    const streams = await readersStreaming(readers);
    const refused = await postingThrough(streams, async (posters) => {
      cluster.postgres.stop();
      for (const url of direct) {
        await expect
          .poll(async () => (await request(`${url}/api/health/ready`)).status, { timeout: 10_000 })
          .toBe(503);
      }
      // Through the proxy, on every instance in turn: a quick 503 with Retry-After, never a hang.
      for (let i = 0; i < 3; i++) {
        const down = await request(`${proxy}/api/auth/me`, {
          headers: { cookie: readers[0]!.cookie },
          timeoutMs: 5000,
        });
        expect(down.status).toBe(503);
        expect(down.headers['retry-after']).toMatch(/^\d+$/);
      }
      // The posters meet the outage too before it ends.
      await expect.poll(() => posters.refused(503), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      cluster.postgres.start();
      for (const url of direct) {
        await expect
          .poll(async () => (await request(`${url}/api/health/ready`)).status, { timeout: 30_000 })
          .toBe(200);
      }
    });
    // Never a 500, a 502 or a hang: only 503 while the database was away.
    expect(refused).toEqual([503]);
  });

  it('one instance killed with SIGKILL under load: streams move to the others and lose nothing', async () => {
    const readers = [await register(proxy), await register(proxy)];
    // Through the proxy only, one after the other: the round robin puts two on each instance.
    const streams: Awaited<ReturnType<typeof reconnecting>>[] = [];
    for (let i = 0; i < 3; i++) for (const r of readers) streams.push(await reconnecting(proxy, r.cookie));
    const victim = cluster.instances[1]!;
    const refused = await postingThrough(streams, async () => {
      victim.kill('SIGKILL');
      await victim.exited();
      // Its streams come back through the proxy, on the others, while posts keep flowing.
      await expect
        .poll(() => streams.filter((s) => s.connects() > 1).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);
      await expect.poll(() => streams.every((s) => s.open()), { timeout: 10_000 }).toBe(true);
    });
    // A post the victim had in hand when it died may be answered 502 (not acknowledged); nothing else.
    expect(refused.filter((status) => status !== 502)).toEqual([]);
    // The proxy routes around it: every request is answered by the two left.
    for (let i = 0; i < 6; i++) {
      expect((await request(`${proxy}/api/health/ready`)).status).toBe(200);
    }
  });
});
