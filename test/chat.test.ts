import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { jpegBytes, multipart, pngBytes } from './helpers/uploads';

let t: TestApp;
let a: BuiltUser;
let b: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.app);
  b = await buildUser(t.app);
});
afterAll(() => t.close());

const MiB = 1024 * 1024;
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

function post(cookie: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat/community',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}
const get = (cookie: string | undefined, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/api/chat/community${query}`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });

async function upload(cookie: string, file: { name: string; type: string; bytes: Buffer }) {
  const body = await multipart('file', file);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

describe('POST and GET /api/chat/community', () => {
  it('keeps visitors out', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await post(undefined, { content: 'hi', messageType: 'text' })).statusCode).toBe(401);
  });

  it('posts a trimmed text message and lists it with its sender', async () => {
    const res = await post(a.cookie, { content: '  Game day!  ', messageType: 'text' });
    expect(res.statusCode).toBe(201);
    const message = res.json();
    expect(message).toMatchObject({
      content: 'Game day!',
      messageType: 'text',
      user: { name: a.user.name, username: a.user.username, profilePicture: null },
    });
    expect(typeof message.id).toBe('number');
    expect(new Date(message.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const list = (await get(b.cookie)).json();
    expect(list.at(-1)).toEqual(message);
    expect(JSON.stringify(list)).not.toContain(a.email);
  });

  it('refuses blank, too long and wrongly typed messages', async () => {
    for (const [payload, pattern] of [
      [{ content: '   ', messageType: 'text' }, /content must not be blank/],
      [{ content: 'x'.repeat(2001), messageType: 'text' }, /at most 2000/],
      [{ content: 'hi', messageType: 'gif' }, /messageType/],
      [{ content: 5, messageType: 'text' }, /content/],
      [{ messageType: 'text' }, /content is required/],
    ] as const) {
      const res = await post(a.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error).toMatch(pattern);
    }
    expect((await post(a.cookie, { content: 'x'.repeat(2000), messageType: 'text' })).statusCode).toBe(201);
  });

  it('orders messages oldest first and pages with after and before', async () => {
    // Six members, so that the 20-per-10-seconds limit is never reached.
    const members = [a, b, ...(await Promise.all([1, 2, 3, 4].map(() => buildUser(t.app))))];
    const ids: number[] = [];
    for (let i = 0; i < 105; i++) {
      const res = await post(members[i % members.length]!.cookie, {
        content: `message ${i}`,
        messageType: 'text',
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const newest = (await get(a.cookie)).json();
    expect(newest).toHaveLength(100);
    expect(newest.at(-1).content).toBe('message 104');
    expect(newest.map((m: { id: number }) => m.id)).toEqual(
      [...newest.map((m: { id: number }) => m.id)].sort((x, y) => x - y),
    );

    const after = (await get(a.cookie, `?after=${ids[101]}`)).json();
    expect(after.map((m: { content: string }) => m.content)).toEqual([
      'message 102',
      'message 103',
      'message 104',
    ]);
    expect((await get(a.cookie, `?after=${ids[104]}`)).json()).toEqual([]);

    const before = (await get(a.cookie, `?before=${newest[0].id}`)).json();
    expect(before.at(-1).id).toBeLessThan(newest[0].id);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThanOrEqual(100);
    // A page before a middle message holds the messages just before it, oldest first.
    const mid = (await get(a.cookie, `?before=${ids[50]}`)).json();
    expect(mid.at(-1).content).toBe('message 49');

    expect((await get(a.cookie, '?after=abc')).statusCode).toBe(400);
    expect((await get(a.cookie, '?after=1&before=2')).statusCode).toBe(400);
  });

  it('answers an unchanged poll with 304, and a changed one with the news', async () => {
    const first = await get(a.cookie, '?after=0');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(a.cookie, '?after=0', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const newestId = (await get(a.cookie)).json().at(-1).id;
    const poll = await get(a.cookie, `?after=${newestId}`);
    const pollTag = poll.headers.etag as string;
    expect((await get(a.cookie, `?after=${newestId}`, { 'if-none-match': pollTag })).statusCode).toBe(304);
    await post(b.cookie, { content: 'news', messageType: 'text' });
    const changed = await get(a.cookie, `?after=${newestId}`, { 'if-none-match': pollTag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().map((m: { content: string }) => m.content)).toEqual(['news']);
  });

  it('sends a large poll answer compressed as the client accepts, each coding with its own ETag', async () => {
    const plain = await get(a.cookie);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const tags = new Set([plain.headers.etag]);
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, *', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await get(a.cookie, '', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
      tags.add(res.headers.etag);
      const again = await get(a.cookie, '', {
        'accept-encoding': accept,
        'if-none-match': res.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
    }
    expect(tags.size).toBe(3);
    // A small answer goes as it is.
    const newestId = plain.json().at(-1).id;
    const small = await get(a.cookie, `?after=${newestId}`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual([]);
  });

  it('lets a member send 20 messages in 10 s, then answers 429', async () => {
    const c = await buildUser(t.app);
    for (let i = 0; i < 20; i++)
      expect((await post(c.cookie, { content: `burst ${i}`, messageType: 'text' })).statusCode).toBe(201);
    const res = await post(c.cookie, { content: 'one too many', messageType: 'text' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not slowed down.
    const d = await buildUser(t.app);
    expect((await post(d.cookie, { content: 'hello', messageType: 'text' })).statusCode).toBe(201);
  });
});

describe('photo, video and voice messages', () => {
  it('accepts a real PNG and WebM video and voice, and posts them as messages', async () => {
    const u = await buildUser(t.app); // a fresh sender, clear of the rate limit
    const png = await upload(u.cookie, { name: 'p.png', type: 'image/png', bytes: pngBytes(4, 4) });
    expect(png.statusCode).toBe(200);
    const photo = await post(u.cookie, { content: png.json().url, messageType: 'photo' });
    expect(photo.statusCode).toBe(201);

    const clip = await upload(u.cookie, {
      name: 'clip.webm',
      type: 'video/webm',
      bytes: fixture('clip.webm'),
    });
    expect(clip.statusCode).toBe(200);
    expect((await post(u.cookie, { content: clip.json().url, messageType: 'video' })).statusCode).toBe(201);
    const served = await t.app.inject({ url: clip.json().url, headers: { cookie: b.cookie } });
    expect(served.headers['content-type']).toBe('video/webm');

    const voice = await upload(u.cookie, {
      name: 'voice.webm',
      type: 'audio/webm',
      bytes: fixture('voice.webm'),
    });
    expect(voice.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: voice.json().url, headers: { cookie: u.cookie } })).headers['content-type'],
    ).toBe('audio/webm');
    expect((await post(u.cookie, { content: voice.json().url, messageType: 'voice' })).statusCode).toBe(201);
  });

  it('serves an uploaded video with Range: 206 and the right bytes', async () => {
    const bytes = fixture('clip.webm');
    const url = (await upload(a.cookie, { name: 'clip.webm', type: 'video/webm', bytes })).json().url;
    const res = await t.app.inject({ url, headers: { cookie: b.cookie, range: 'bytes=100-1099' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
  });

  it('refuses a message pointing at another member’s upload, a foreign URL, or the wrong kind', async () => {
    const u = await buildUser(t.app);
    const theirs = (await upload(b.cookie, { name: 'p.png', type: 'image/png', bytes: pngBytes() })).json()
      .url;
    const mine = (await upload(u.cookie, { name: 'p.png', type: 'image/png', bytes: pngBytes() })).json().url;
    for (const [content, messageType] of [
      [theirs, 'photo'],
      ['https://evil.example/x.png', 'photo'],
      ['/api/media/00000000-0000-0000-0000-000000000000', 'photo'],
      [mine, 'video'],
      [mine, 'voice'],
    ]) {
      const res = await post(u.cookie, { content, messageType });
      expect(res.statusCode, `${messageType} ${content}`).toBe(400);
      expect(res.json().error).toMatch(/content must be the URL of your own uploaded/);
    }
  });

  it('refuses an .exe renamed clip.mp4 and HTML sent as image/jpeg, keeping nothing', async () => {
    const uploads = path.join(t.dataDir, 'uploads');
    const count = () =>
      fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const before = count();
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      Buffer.alloc(4096, 1),
    ]);
    for (const file of [
      { name: 'clip.mp4', type: 'video/mp4', bytes: exe },
      {
        name: 'photo.jpg',
        type: 'image/jpeg',
        bytes: Buffer.from('<html><body onload="alert(1)">hi</body></html>'),
      },
    ]) {
      const res = await upload(a.cookie, file);
      expect(res.statusCode, file.name).toBe(415);
    }
    expect(count()).toBe(before);
  });

  it('refuses an image of 10 MiB + 1 byte with 413 and leaves nothing in the upload folder', async () => {
    const uploads = path.join(t.dataDir, 'uploads');
    const files = () =>
      fs
        .readdirSync(uploads, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort();
    const before = files();
    const big = Buffer.concat([jpegBytes(), Buffer.alloc(10 * MiB + 1 - jpegBytes().length, 0)]);
    const res = await upload(a.cookie, { name: 'big.jpg', type: 'image/jpeg', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(files()).toEqual(before);
    // Exactly 10 MiB is fine.
    const exact = Buffer.concat([jpegBytes(), Buffer.alloc(10 * MiB - jpegBytes().length, 0)]);
    expect((await upload(a.cookie, { name: 'ok.jpg', type: 'image/jpeg', bytes: exact })).statusCode).toBe(
      200,
    );
  });

  it('needs a member and the file field', async () => {
    const body = await multipart('file', { name: 'p.png', type: 'image/png', bytes: pngBytes() });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: body.headers,
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(401);
    const wrong = await multipart('photo', { name: 'p.png', type: 'image/png', bytes: pngBytes() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...wrong.headers, cookie: a.cookie },
      payload: wrong.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/file/);
  });
});
