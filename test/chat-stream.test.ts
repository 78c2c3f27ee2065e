import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../server/app';
import { createTestApp, type TestApp } from './helpers/app';
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
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A second server process on the same database.
  second = await buildApp({ config: t.config, database: t.app.ctx.database });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
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
  return (await res.json()) as { id: number };
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
