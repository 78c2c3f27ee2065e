import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { jpegBytes, multipart, pngBytes } from './helpers/uploads';

let t: TestApp;
let m: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  m = await buildUser(t.app);
});
afterAll(() => t.close());

const MiB = 1024 * 1024;
const uploadsDir = () => path.join(t.dataDir, 'uploads');
/** Every stored file (not the temporary folder). */
function storedFiles(): string[] {
  if (!fs.existsSync(uploadsDir())) return [];
  return fs
    .readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function upload(
  cookie: string | undefined,
  file: { name: string; type: string; bytes: Buffer },
  field = 'profilePicture',
) {
  const body = await multipart(field, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/upload-profile-picture',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

describe('POST /api/auth/upload-profile-picture', () => {
  it('stores a real PNG, sets it as the picture, and serves it with its type and Range', async () => {
    const png = pngBytes(8, 8);
    const res = await upload(m.cookie, { name: 'me.png', type: 'image/png', bytes: png });
    expect(res.statusCode).toBe(200);
    const { profilePictureUrl } = res.json();
    expect(profilePictureUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);

    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } });
    expect(me.json().user.profilePicture).toBe(profilePictureUrl);

    const whole = await t.app.inject({ url: profilePictureUrl, headers: { cookie: m.cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(png)).toBe(true);

    const part = await t.app.inject({
      url: profilePictureUrl,
      headers: { cookie: m.cookie, range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(0, 8))).toBe(true);

    const tail = await t.app.inject({
      url: profilePictureUrl,
      headers: { cookie: m.cookie, range: 'bytes=-4' },
    });
    expect(tail.rawPayload.equals(png.subarray(png.length - 4))).toBe(true);

    const bad = await t.app.inject({
      url: profilePictureUrl,
      headers: { cookie: m.cookie, range: `bytes=${png.length}-` },
    });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${png.length}`);

    const again = await t.app.inject({
      url: profilePictureUrl,
      headers: { cookie: m.cookie, 'if-none-match': whole.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // Another member sees it; a visitor does not.
    const other = await buildUser(t.app);
    expect(
      (await t.app.inject({ url: profilePictureUrl, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: profilePictureUrl })).statusCode).toBe(401);
  });

  it('replaces the previous picture and deletes its file', async () => {
    const first = (await upload(m.cookie, { name: 'a.png', type: 'image/png', bytes: pngBytes(3, 3) })).json()
      .profilePictureUrl;
    const filesBefore = storedFiles().length;
    const second = await upload(m.cookie, { name: 'b.jpg', type: 'image/jpeg', bytes: jpegBytes() });
    expect(second.statusCode).toBe(200);
    expect(storedFiles().length).toBe(filesBefore);
    expect((await t.app.inject({ url: first, headers: { cookie: m.cookie } })).statusCode).toBe(404);
    const served = await t.app.inject({
      url: second.json().profilePictureUrl,
      headers: { cookie: m.cookie },
    });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses 5 MiB + 1 byte with 413 and keeps nothing', async () => {
    const before = storedFiles();
    const big = Buffer.concat([pngBytes(), Buffer.alloc(5 * MiB + 1 - pngBytes().length, 0)]);
    const res = await upload(m.cookie, { name: 'big.png', type: 'image/png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Please upload an image smaller than 5MB' });
    expect(storedFiles()).toEqual(before);
    expect(fs.readdirSync(path.join(uploadsDir(), '.tmp'))).toEqual([]);
  });

  it('accepts exactly 5 MiB', async () => {
    const exact = Buffer.concat([pngBytes(), Buffer.alloc(5 * MiB - pngBytes().length, 0)]);
    expect((await upload(m.cookie, { name: 'exact.png', type: 'image/png', bytes: exact })).statusCode).toBe(
      200,
    );
  });

  it('refuses files that lie about their type, and SVG, with 415 and keeps nothing', async () => {
    const before = storedFiles();
    const picture = (await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).json().user
      .profilePicture;
    for (const file of [
      { name: 'a.png', type: 'image/png', bytes: Buffer.from('<!doctype html><script>alert(1)</script>') },
      {
        name: 'x.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) },
      { name: 'doc.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7 ....................') },
    ]) {
      const res = await upload(m.cookie, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().error).toMatch(/image/);
    }
    expect(storedFiles()).toEqual(before);
    const after = (await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).json().user
      .profilePicture;
    expect(after).toBe(picture);
  });

  it('stores a file named ../../x.jpg under a generated name inside the uploads folder', async () => {
    const res = await upload(m.cookie, { name: '../../x.jpg', type: 'image/jpeg', bytes: jpegBytes() });
    expect(res.statusCode).toBe(200);
    for (const file of storedFiles()) {
      expect(path.relative(uploadsDir(), file)).not.toMatch(/^\.\./);
      expect(path.basename(file)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(fs.existsSync(path.join(t.dataDir, 'x.jpg'))).toBe(false);
    expect(fs.existsSync(path.resolve(uploadsDir(), '../../x.jpg'))).toBe(false);
  });

  it('needs a member, multipart, and the profilePicture field', async () => {
    expect(
      (await upload(undefined, { name: 'a.png', type: 'image/png', bytes: pngBytes() })).statusCode,
    ).toBe(401);
    const wrongField = await upload(
      m.cookie,
      { name: 'a.png', type: 'image/png', bytes: pngBytes() },
      'file',
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toMatch(/profilePicture/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-picture',
      headers: { cookie: m.cookie },
      payload: { profilePicture: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('lets the member remove the picture, deleting the file, but not point it elsewhere', async () => {
    const url = (await upload(m.cookie, { name: 'a.png', type: 'image/png', bytes: pngBytes() })).json()
      .profilePictureUrl;
    const other = await buildUser(t.app);
    const theirs = (
      await upload(other.cookie, { name: 'b.png', type: 'image/png', bytes: pngBytes() })
    ).json().profilePictureUrl;
    for (const value of [theirs, 'https://evil.example/x.png', '/api/media/not-a-uuid']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile',
        headers: { cookie: m.cookie },
        payload: { profilePicture: value },
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error).toMatch(/profilePicture/);
    }
    const removed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { cookie: m.cookie },
      payload: { profilePicture: null },
    });
    expect(removed.json().user.profilePicture).toBeNull();
    expect((await t.app.inject({ url, headers: { cookie: m.cookie } })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed media id', async () => {
    for (const url of [
      '/api/media/00000000-0000-0000-0000-000000000000',
      '/api/media/..%2F..%2Fetc%2Fpasswd',
      '/api/media/abc',
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: m.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });
});
