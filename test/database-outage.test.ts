import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from './helpers/database';
import {
  canRunPostgresCluster,
  startPostgresCluster,
  type PostgresCluster,
} from './helpers/postgres-cluster';
import { startServer, type ServerProcess } from './helpers/server-process';
import { openReconnectingStream } from './helpers/sse';

/**
 * PostgreSQL stopped for 5 s (`pg_ctl -m fast stop`, then start) under two server processes,
 * with members streaming on both and messages posted all along. Runs in the PostgreSQL pass of
 * the API suite (.ci/run), on a PostgreSQL server of its own, since it stops it.
 */
describe.runIf(testDatabaseUrl && canRunPostgresCluster())('a PostgreSQL outage', () => {
  const OUTAGE_MS = 5000;
  let cluster: PostgresCluster;
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let urls: [string, string];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-outage-'));
      dirs.push(dataDir);
      servers.push(await startServer({ DATA_DIR: dataDir, DATABASE_URL: cluster.url }));
    }
    urls = servers.map((s) => s.url) as [string, string];
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    cluster?.destroy();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const json = (body: object) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('tribe36_session='))!
      .split(';')[0]!;

  let seq = 0;
  async function member(url: string) {
    seq += 1;
    const email = `outage${seq}.${process.pid}@example.com`;
    const res = await fetch(
      `${url}/api/auth/register`,
      json({ username: email, email, password: 'secret-pass' }),
    );
    expect(res.status).toBe(201);
    return { email, cookie: cookieOf(res) };
  }
  const signIn = async (url: string, email: string) => {
    const res = await fetch(`${url}/api/auth/login`, json({ username: email, password: 'secret-pass' }));
    expect(res.status).toBe(200);
    return cookieOf(res);
  };
  const me = (url: string, cookie: string) => fetch(`${url}/api/auth/me`, { headers: { cookie } });

  /** Posts a message through `url`; the id when it was acknowledged (201), else the status. */
  async function post(url: string, cookie: string, content: string): Promise<number | { status: number }> {
    try {
      const res = await fetch(`${url}/api/chat/community`, {
        ...json({ content, messageType: 'text' }),
        headers: { cookie, 'content-type': 'application/json' },
      });
      if (res.status === 201) return ((await res.json()) as { id: number }).id;
      return { status: res.status };
    } catch {
      return { status: 0 }; // the connection failed: not acknowledged
    }
  }

  const ready = async (url: string) => (await fetch(`${url}/api/health/ready`)).status === 200;

  /**
   * Members on both servers stream; three writers post through both servers every 300 ms while
   * PostgreSQL goes down `outages` times. Then every acknowledged message must have reached
   * every stream exactly once, and both servers must be whole again.
   */
  async function survive(outages: number) {
    const writers = [await member(urls[0]), await member(urls[1]), await member(urls[0])];
    const readers = [await member(urls[0]), await member(urls[1])];
    const streams = urls.flatMap((url) => readers.map((r) => openReconnectingStream(url, r.cookie)));
    await expect.poll(() => streams.every((s) => s.open())).toBe(true);

    const acknowledged: number[] = [];
    const refusals = new Map<number, number>();
    let writing = true;
    const writing$ = writers.map(async (w, i) => {
      for (let n = 0; writing; n++) {
        const r = await post(urls[(n + i) % 2]!, w.cookie, `writer ${i} message ${n}`);
        if (typeof r === 'number') acknowledged.push(r);
        else refusals.set(r.status, (refusals.get(r.status) ?? 0) + 1);
        // Under the chat's rate limit (20 messages in 10 s a member, on each process).
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    });

    /** Waits until a few more messages were acknowledged: the service is really up. */
    const moreAcknowledged = async () => {
      const before = acknowledged.length;
      await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 3);
    };

    for (let k = 0; k < outages; k++) {
      await moreAcknowledged();
      cluster.stop();
      // While it is down: not ready, and a request that needs the database answers 503 + Retry-After.
      await expect.poll(() => ready(urls[0]), { timeout: 5000 }).toBe(false);
      const down = await me(urls[1], readers[0]!.cookie);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await down.json()) as { error: string }).error).toMatch(/unavailable/i);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      cluster.start();
      for (const url of urls) await expect.poll(() => ready(url), { timeout: 20_000 }).toBe(true);
    }
    await moreAcknowledged();
    writing = false;
    await Promise.all(writing$);

    // Never a 500: while the database was down, 503 (or a refused connection).
    expect([...refusals.keys()].filter((status) => status !== 503 && status !== 0)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(5 * outages);

    // A message posted through each process after the outage reaches streams on both.
    const after = [
      await post(urls[0], writers[0]!.cookie, 'after, through one'),
      await post(urls[1], writers[1]!.cookie, 'after, through two'),
    ];
    expect(after.every((id) => typeof id === 'number')).toBe(true);
    acknowledged.push(...(after as number[]));
    const expected = [...acknowledged].sort((a, b) => a - b);
    for (const s of streams) {
      await expect.poll(() => expected.every((id) => s.ids.includes(id)), { timeout: 10_000 }).toBe(true);
    }
    for (const s of streams) {
      // Exactly once, in order.
      const delivered = s.ids.filter((id) => id >= expected[0]!);
      expect(new Set(delivered).size).toBe(delivered.length);
      expect(delivered).toEqual([...delivered].sort((a, b) => a - b));
      s.close();
    }

    // A logout on one process is refused on the other at once.
    const reader = readers[0]!;
    const cookie = await signIn(urls[0], reader.email);
    expect((await me(urls[1], cookie)).status).toBe(200); // now cached by the second process
    const out = await fetch(`${urls[0]}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    await expect
      .poll(async () => (await me(urls[1], cookie)).status, { timeout: 1000, interval: 20 })
      .toBe(401);
  }

  it('stopped for 5 s: service comes back by itself and every acknowledged message arrives once', async () => {
    await survive(1);
  }, 120_000);

  it('stopped three times in a row: the same', async () => {
    await survive(3);
  }, 180_000);
});
