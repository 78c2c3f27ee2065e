import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES } from '../common/constants';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { mediaIdFromUrl, smallMediaUrl } from '../common/media-url';
import { jpegBytes, multipart, pngBytes, uploadFile } from './helpers/uploads';

// With S3_* set, every upload goes to the bucket (here an in-process s3rver) and the one media
// handler serves it back; nothing is written under DATA_DIR/uploads.

const BUCKET = 'tribe36-media';
let s3rver: S3rver;
let s3Dir: string;
let env: Record<string, string>;
let bucket: S3Client;
let t: TestApp;
let admin: BuiltUser;
let member: BuiltUser;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-s3-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  bucket = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  t = await createTestApp({ ...env, ADMIN_EMAILS: 'coach@example.com' });
  admin = await buildUser(t.app, { email: 'coach@example.com' });
  member = await buildUser(t.app);
});

afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await s3rver?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

async function keys(): Promise<string[]> {
  const res = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

function localFiles(): number {
  const uploads = path.join(t.dataDir, 'uploads');
  if (!fs.existsSync(uploads)) return 0;
  return fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

const uploadPicture = async (file: { name: string; type: string; bytes: Buffer }, cookie = member.cookie) => {
  const form = await multipart('profilePicture', file);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/upload-profile-picture',
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
};

describe('S3 storage', () => {
  it('keeps a profile picture in the bucket and serves it whole and by Range', async () => {
    const bytes = pngBytes(40, 30);
    const res = await uploadPicture({ name: 'me.png', type: 'image/png', bytes });
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePictureUrl as string;
    expect(await keys()).toHaveLength(1);
    expect(localFiles()).toBe(0);

    const whole = await t.app.inject({ url, headers: { cookie: admin.cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await t.app.inject({ url, headers: { cookie: admin.cookie, range: 'bytes=8-23' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-23/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(8, 24))).toBe(true);
  });

  it('keeps a photo’s small version in the bucket beside it, made once, removed with it (decision 71)', async () => {
    const before = await keys();
    const bytes = pngBytes(300, 900);
    const url = await uploadFile(t.app, member, { name: 'p.png', type: 'image/png', bytes });
    const small = await t.app.inject({ url: smallMediaUrl(url), headers: { cookie: admin.cookie } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
    expect(await keys()).toHaveLength(before.length + 2);
    const again = await t.app.inject({ url: smallMediaUrl(url), headers: { cookie: member.cookie } });
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
    expect(await keys()).toHaveLength(before.length + 2);
    expect(localFiles()).toBe(0);
    await t.app.ctx.media.remove(mediaIdFromUrl(url)!);
    expect(await keys()).toEqual(before);
  });

  it('deletes the old object when a picture is replaced', async () => {
    const before = await keys();
    const res = await uploadPicture({ name: 'new.jpg', type: 'image/jpeg', bytes: jpegBytes(4096) });
    expect(res.statusCode).toBe(200);
    const after = await keys();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
  });

  it('leaves nothing in the bucket for a file that lies about its type or is too large', async () => {
    const before = await keys();
    const lying = await uploadPicture({
      name: 'cat.png',
      type: 'image/png',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    expect(lying.statusCode).toBe(415);
    const big = Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1, 0x22);
    big.set(pngBytes().subarray(0, 33));
    const tooLarge = await uploadPicture({ name: 'big.png', type: 'image/png', bytes: big });
    expect(tooLarge.statusCode).toBe(413);

    // A chat photo over 10 MiB is refused only after two whole 5 MiB parts were read, so the upload
    // had gone multipart: it is abandoned and no object appears.
    const huge = Buffer.alloc(UPLOAD_MAX_BYTES.image + 1, 0x33);
    huge.set(pngBytes().subarray(0, 33));
    const form = await multipart('file', { name: 'huge.png', type: 'image/png', bytes: huge });
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...form.headers, cookie: member.cookie },
      payload: form.payload,
    });
    expect(chat.statusCode).toBe(413);
    expect(await keys()).toEqual(before);
  });

  it('streams a lesson video larger than one multipart part and serves any range of it', async () => {
    const clip = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'clip.webm'));
    // The clip, then 20 MiB of patterned bytes: four parts of 5 MiB and a short one, reassembled in order.
    const tail = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < tail.length; i += 4) tail.writeUInt32LE(i, i);
    const video = Buffer.concat([clip, tail]);

    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload-url',
      headers: { cookie: admin.cookie },
    });
    const { uploadURL } = issued.json();
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'video/webm' },
      payload: video,
    });
    expect(put.statusCode).toBe(200);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/lesson-videos/upload',
      headers: { cookie: admin.cookie },
      payload: {
        thinkTank: 'intellectual',
        topicSlug: 'understanding-enemy',
        lessonSlug: 'interception-deception',
        uploadURL,
      },
    });
    expect(reg.statusCode).toBe(200);
    const { videoUrl } = reg.json();

    const start = 17 * 1024 * 1024 + 3;
    const part = await t.app.inject({
      url: videoUrl,
      headers: { cookie: member.cookie, range: `bytes=${start}-${start + 65535}` },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(video.subarray(start, start + 65536))).toBe(true);
    const head = await t.app.inject({
      url: videoUrl,
      headers: { cookie: member.cookie, range: 'bytes=0-99' },
    });
    expect(head.rawPayload.equals(video.subarray(0, 100))).toBe(true);
    expect(localFiles()).toBe(0);
  });

  it('refuses to start when the bucket cannot be used, saying which and why', async () => {
    await expect(createTestApp({ ...env, S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      /S3_BUCKET: bucket "no-such-bucket" is not usable at http:\/\/127\.0\.0\.1:\d+: no such bucket/,
    );
  });
});
