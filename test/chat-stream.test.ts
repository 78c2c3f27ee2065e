import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../server/app';
import { createTestApp, listenWithSecondProcess, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { openStream } from './helpers/sse';

let t: TestApp;
let second: App;
let a: BuiltUser;
let b: BuiltUser;
let base: string;
let secondBase: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.app);
  b = await buildUser(t.app);
  // A second server process on the same database: what one publishes reaches the other's streams.
  ({ base, second, secondBase } = await listenWithSecondProcess(t));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function send(cookie: string, content: string, to = base) {
  const res = await fetch(`${to}/api/chat/community`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ content, messageType: 'text' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; content: string };
}

describe('GET /api/chat/community/stream', () => {
  it('answers visitors with 401', async () => {
    const res = await fetch(`${base}/api/chat/community/stream`);
    expect(res.status).toBe(401);
  });

  it('delivers a posted message, with its id as the event id', async () => {
    const stream = openStream(base, b.cookie);
    await expect.poll(() => stream.status()).toBe(200);
    const sent = await send(a.cookie, 'live from the stream');
    await expect.poll(() => stream.events.map((e) => e.data.content)).toContain('live from the stream');
    const event = stream.events.find((e) => e.data.content === 'live from the stream')!;
    expect(event.id).toBe(sent.id);
    stream.close();
  });

  it('resumes from Last-Event-ID without gaps or duplicates', async () => {
    const first = await send(a.cookie, 'before the gap');
    const missed = [await send(a.cookie, 'missed one'), await send(a.cookie, 'missed two')];
    const stream = openStream(base, b.cookie, first.id);
    await expect.poll(() => stream.events.length).toBe(2);
    expect(stream.events.map((e) => e.id)).toEqual(missed.map((m) => m.id));
    const live = await send(a.cookie, 'after resuming');
    await expect.poll(() => stream.events.map((e) => e.id)).toEqual([...missed.map((m) => m.id), live.id]);
    stream.close();
  });

  it('reaches members connected to another server process (LISTEN/NOTIFY)', async () => {
    const stream = openStream(secondBase, b.cookie);
    await expect.poll(() => stream.status()).toBe(200);
    const sent = await send(a.cookie, 'across processes', base);
    await expect.poll(() => stream.events.map((e) => e.id)).toContain(sent.id);
    // And the other process's poll sees it too, from its own memory.
    const poll = await fetch(`${secondBase}/api/chat/community?after=${sent.id - 1}`, {
      headers: { cookie: b.cookie },
    });
    expect(((await poll.json()) as Array<{ id: number }>).map((m) => m.id)).toEqual([sent.id]);
    stream.close();
  });

  it('delivers each message once to every stream, in this process and another', async () => {
    const streams = [
      openStream(base, b.cookie),
      openStream(base, a.cookie),
      openStream(secondBase, b.cookie),
    ];
    for (const s of streams) await expect.poll(() => s.status()).toBe(200);
    const sent = [
      await send(a.cookie, 'posted here'),
      await send(b.cookie, 'posted on the other process', secondBase),
      await send(a.cookie, 'posted here again'),
    ];
    const ids = sent.map((m) => m.id);
    for (const s of streams) await expect.poll(() => s.events.map((e) => e.id)).toEqual(ids);
    await new Promise((r) => setTimeout(r, 300));
    for (const s of streams) {
      expect(s.events.map((e) => e.id)).toEqual(ids);
      expect(s.events.map((e) => e.data.content)).toEqual(sent.map((m) => m.content));
      s.close();
    }
  });

  it('delivers messages posted at the same moment in id order', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => buildUser(t.app)));
    const stream = openStream(base, b.cookie);
    await expect.poll(() => stream.status()).toBe(200);
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(members[i % 6]!.cookie, `together ${i}`)),
    );
    await expect.poll(() => stream.events.length).toBe(30);
    const ids = stream.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids)).toEqual(new Set(sent.map((m) => m.id)));
    stream.close();
  });

  it('resumes from a Last-Event-ID older than the newest page without gaps', async () => {
    // Seven members: 20 messages each in 10 s is the limit.
    const members = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => buildUser(t.app)));
    const from = await send(a.cookie, 'where the member left');
    const missed: number[] = [];
    for (let i = 0; i < 130; i++) missed.push((await send(members[i % 7]!.cookie, `missed ${i}`)).id);
    const stream = openStream(base, b.cookie, from.id);
    await expect.poll(() => stream.events.length).toBe(missed.length);
    const live = await send(a.cookie, 'live again');
    await expect.poll(() => stream.events.map((e) => e.id)).toEqual([...missed, live.id]);
    stream.close();
  });

  it('is closed at once when the server shuts down', async () => {
    const other = await buildApp({ config: t.config, database: t.app.ctx.database });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    const stream = openStream(url, b.cookie);
    await expect.poll(() => stream.status()).toBe(200);
    await other.close(); // would wait for the stream forever if it were left open
    await expect.poll(() => stream.ended()).toBe(true);
  });
});

describe('the member count on the stream', () => {
  const countOn = async (server: string) =>
    ((await (await fetch(`${server}/api/members/count`)).json()) as { count: number }).count;

  it('is sent when the stream opens, and again on every process when someone joins or leaves', async () => {
    const before = await countOn(secondBase);
    const here = openStream(base, a.cookie);
    const there = openStream(secondBase, b.cookie);
    try {
      await expect.poll(() => [here.members, there.members]).toEqual([[before], [before]]);

      // Registered on the first process: the second one's streams and answers know it too.
      const joined = await buildUser(t.app);
      await expect.poll(() => there.members).toEqual([before, before + 1]);
      await expect.poll(() => here.members).toEqual([before, before + 1]);
      expect(await countOn(secondBase)).toBe(before + 1);
      expect(await countOn(base)).toBe(before + 1);

      const gone = await t.app.inject({
        method: 'POST',
        url: '/api/auth/delete-account',
        headers: { cookie: joined.cookie },
        payload: { password: joined.password },
        remoteAddress: joined.address,
      });
      expect(gone.statusCode).toBe(200);
      await expect.poll(() => there.members).toEqual([before, before + 1, before]);
      expect(await countOn(secondBase)).toBe(before);
      // The messages' ids are untouched: the count is a named event without one.
      expect(there.events).toEqual([]);
      expect(there.named).toEqual([]);
    } finally {
      here.close();
      there.close();
    }
  });
});
