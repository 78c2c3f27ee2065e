import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaIdFromUrl, smallMediaUrl } from '../common/media-url';
import { mediaRepository } from '../server/db/repositories/media.repository';
import { IMAGE_TYPES } from '../server/lib/sniff';
import { createMediaStore } from '../server/storage/media-store';
import { createSecondInstance, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { buildUser, type BuiltUser } from './helpers/factories';
import { jpegBytes, pngBytes, uploadFile } from './helpers/uploads';

// GET /api/media/:id?size=small (decision 71): a photo's small version, made on its first request and
// stored beside the original, under the original's access rules.

let t: TestApp;
let a: BuiltUser;
let b: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.app);
  b = await buildUser(t.app);
});
afterAll(() => t.close());

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const storedFiles = () =>
  fs
    .readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.includes('.tmp')).length;

/** A phone-like photo: noise (which compresses badly), 1200×600 as stored, EXIF saying "turn 90° right". */
async function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1200,
      height: 600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Tribe36 secret place' } })
    .toBuffer();
}

/** A PNG whose header claims 60000×60000 pixels (3.6 gigapixels) over a few bytes of data. */
function bombPng(): Buffer {
  const png = pngBytes(1, 1);
  const ihdrData = 8 + 8; // signature, then the IHDR chunk's length and type
  png.writeUInt32BE(60000, ihdrData);
  png.writeUInt32BE(60000, ihdrData + 4);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 12 + 4 + 13)), 12 + 4 + 13);
  return png;
}

describe('GET /api/media/:id?size=small', () => {
  it('answers a JPEG as a smaller WebP of at most 480 px high, turned as its EXIF says, without EXIF', async () => {
    const original = await phonePhoto();
    const url = await uploadFile(t.app, a, { name: 'IMG_0001.jpg', type: 'image/jpeg', bytes: original });
    const before = storedFiles();
    const res = await get(smallMediaUrl(url), b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(original.length / 4);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // 1200×600 turned upright is 600×1200, fitted into 960×480: 240×480.
    expect([meta.width, meta.height]).toEqual([240, 480]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(res.rawPayload.includes('Tribe36 secret place')).toBe(false);
    // Stored once, beside the original; the original is unchanged.
    expect(storedFiles()).toBe(before + 1);
    const again = await get(smallMediaUrl(url), a.cookie);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(storedFiles()).toBe(before + 1);
    const full = await get(url, a.cookie);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.rawPayload.equals(original)).toBe(true);
    expect(res.headers.etag).not.toBe(full.headers.etag);
  });

  it('never enlarges: a small PNG stays its size', async () => {
    const url = await uploadFile(t.app, a, { name: 'p.png', type: 'image/png', bytes: pngBytes(40, 30) });
    const res = await get(smallMediaUrl(url), a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('answers If-None-Match with its own ETag by 304, and Range by 206', async () => {
    const url = await uploadFile(t.app, a, { name: 'p.png', type: 'image/png', bytes: pngBytes(600, 900) });
    const first = await get(smallMediaUrl(url), a.cookie);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/small/);
    expect((await get(smallMediaUrl(url), a.cookie, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await get(smallMediaUrl(url), a.cookie, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${first.rawPayload.length}`);
    expect(part.rawPayload.equals(first.rawPayload.subarray(0, 10))).toBe(true);
  });

  it('obeys the original’s rules: 401 to a visitor, 404 to a member for another’s private file', async () => {
    const url = await uploadFile(t.app, a, { name: 'p.png', type: 'image/png', bytes: pngBytes(8, 8) });
    expect((await get(smallMediaUrl(url))).statusCode).toBe(401);
    // A private kind (a recording's) holding an image: its member sees it, another member does not.
    const row = await t.app.ctx.media.save(Readable.from([pngBytes(300, 200)]), {
      ownerId: a.user.id,
      kind: 'recording-screen',
      allowed: IMAGE_TYPES,
      maxBytes: 1024 * 1024,
      tooLargeMessage: 'too large',
      wrongTypeMessage: 'wrong type',
    });
    const privateUrl = `/api/media/${row.id}`;
    const before = storedFiles();
    expect((await get(privateUrl, b.cookie)).statusCode).toBe(404);
    const refused = await get(smallMediaUrl(privateUrl), b.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual((await get(privateUrl, b.cookie)).json());
    expect(storedFiles()).toBe(before); // nothing made for a member who may not see it
    const mine = await get(smallMediaUrl(privateUrl), a.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect((await get(smallMediaUrl(privateUrl), b.cookie)).statusCode).toBe(404);
    expect(
      (await get(smallMediaUrl('/api/media/00000000-0000-4000-8000-000000000000'), a.cookie)).statusCode,
    ).toBe(404);
    expect((await get(`${url}?size=huge`, a.cookie)).statusCode).toBe(400);
  });

  it('answers a video with the original, Range included', async () => {
    const clip = fixture('clip.webm');
    const url = await uploadFile(t.app, a, { name: 'clip.webm', type: 'video/webm', bytes: clip });
    const full = await get(url, b.cookie);
    const res = await get(smallMediaUrl(url), b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers.etag).toBe(full.headers.etag);
    expect(res.rawPayload.equals(full.rawPayload)).toBe(true);
    expect((await get(smallMediaUrl(url), b.cookie, { range: 'bytes=0-3' })).statusCode).toBe(206);
  });

  it('answers a file that only looks like a JPEG with the original, and does not try again', async () => {
    const liar = jpegBytes(4096);
    const url = await uploadFile(t.app, a, { name: 'x.jpg', type: 'image/jpeg', bytes: liar });
    const before = storedFiles();
    for (let i = 0; i < 2; i++) {
      const res = await get(smallMediaUrl(url), b.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(liar)).toBe(true);
    }
    expect(storedFiles()).toBe(before);
    const row = await t.app.ctx.media.find(mediaIdFromUrl(url)!);
    expect([row!.thumbKey, row!.thumbSize]).toEqual([null, 0]);
  });

  it('answers an image of 3.6 gigapixels with the original, at once, without decoding it', async () => {
    const bomb = bombPng();
    const url = await uploadFile(t.app, a, { name: 'bomb.png', type: 'image/png', bytes: bomb });
    const started = Date.now();
    const res = await get(smallMediaUrl(url), b.cookie);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(bomb)).toBe(true);
  });

  it('answers an animated GIF with the original', async () => {
    const frame = (r: number) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame(255), await frame(0)], { join: { animated: true } })
      .gif()
      .toBuffer();
    const url = await uploadFile(t.app, a, { name: 'a.gif', type: 'image/gif', bytes: gif });
    const res = await get(smallMediaUrl(url), b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.rawPayload.equals(gif)).toBe(true);
  });

  it('two processes making it at once keep one: the loser uses the winner’s and removes its own', async () => {
    const url = await uploadFile(t.app, a, { name: 'p.png', type: 'image/png', bytes: pngBytes(500, 700) });
    const row = (await t.app.ctx.media.find(mediaIdFromUrl(url)!))!;
    const before = storedFiles();
    // Another store on the same database and blobs: another instance, with its own in-process state.
    const other = createMediaStore(t.app.ctx.blobs, mediaRepository(t.app.ctx.database.db));
    const [mine, theirs] = await Promise.all([t.app.ctx.media.withSmall(row), other.withSmall(row)]);
    expect(mine!.thumbKey).not.toBeNull();
    expect(theirs!.thumbKey).toBe(mine!.thumbKey);
    expect(storedFiles()).toBe(before + 1);
    const res = await get(smallMediaUrl(url), a.cookie);
    expect(res.headers['content-type']).toBe('image/webp');
    // Removing the file removes its small version too.
    await t.app.ctx.media.remove(row.id);
    expect(storedFiles()).toBe(before - 1);
  });
});

describe.runIf(testDatabaseUrl)('on two server processes', () => {
  it('both asked at once answer the same small version, and one is kept', async () => {
    const other = await createSecondInstance(t);
    try {
      const url = await uploadFile(t.app, a, { name: 'p.png', type: 'image/png', bytes: pngBytes(640, 480) });
      const before = storedFiles();
      const [one, two] = await Promise.all([
        get(smallMediaUrl(url), a.cookie),
        other.app.inject({ url: smallMediaUrl(url), headers: { cookie: b.cookie } }),
      ]);
      for (const res of [one, two]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
      }
      expect(two.rawPayload.equals(one.rawPayload)).toBe(true);
      expect(two.headers.etag).toBe(one.headers.etag);
      expect(storedFiles()).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});
