import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, videoUploads } from '../server/db/schema';
import type { TestApp } from './helpers/app';
import { createTestAppWithCoach, type BuiltUser } from './helpers/factories';
import { multipart, pngBytes } from './helpers/uploads';

let t: TestApp;
let admin: BuiltUser;
let member: BuiltUser;
beforeAll(async () => {
  ({
    t,
    coach: admin,
    members: [member],
  } = await createTestAppWithCoach('coach@example.com', 1));
});
afterAll(() => t.close());

const clip = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'clip.webm'));
const LESSON = {
  thinkTank: 'intellectual',
  topicSlug: 'understanding-enemy',
  lessonSlug: 'interception-deception',
};

const videoOf = (p: string, cookie = member.cookie) =>
  t.app.inject({ url: `/api/lesson-videos/${p}`, headers: { cookie } });
const uploadUrl = async (cookie = admin.cookie) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/videos/upload-url', headers: { cookie } });
  return res;
};
const put = (url: string, bytes: Buffer, type = 'video/webm') =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': type }, payload: bytes });
const register = (uploadURL: string, slot = LESSON, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/lesson-videos/upload',
    headers: { cookie },
    payload: { ...slot, uploadURL },
  });

describe('GET /api/lesson-videos', () => {
  it('answers null for a lesson without a video, 404 outside the curriculum, 401 for visitors', async () => {
    for (const p of [
      'intellectual/understanding-enemy/interception-deception',
      'spiritual/main/main',
      'emotional/alter-ego/assessing-data',
    ]) {
      const res = await videoOf(p);
      expect(res.statusCode, p).toBe(200);
      expect(res.json()).toEqual({ videoUrl: null, captionsUrl: null });
    }
    for (const p of [
      'intellectual/nope/know-enemy',
      'emotional/alter-ego/flow-state',
      'physiological/main/main',
      'spiritual/x/main',
      'other/a/b',
    ]) {
      const res = await videoOf(p);
      expect(res.statusCode, p).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/lesson-videos/spiritual/main/main' })).statusCode).toBe(401);
  });
});

describe('uploading a lesson video', () => {
  it('gives upload URLs to admins only', async () => {
    expect((await uploadUrl(member.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/videos/upload-url' })).statusCode).toBe(401);
    const res = await uploadUrl();
    expect(res.statusCode).toBe(200);
    expect(res.json().uploadURL).toMatch(/^\/api\/videos\/upload\/[A-Za-z0-9_-]{43}$/);
  });

  it('takes one PUT of a video, registers it, and a member plays it with Range', async () => {
    const { uploadURL } = (await uploadUrl()).json();
    const done = await put(uploadURL, clip);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    const reg = await register(uploadURL);
    expect(reg.statusCode).toBe(200);
    const { videoUrl } = (await videoOf('intellectual/understanding-enemy/interception-deception')).json();
    expect(videoUrl).toBe(reg.json().videoUrl);
    const part = await t.app.inject({
      url: videoUrl,
      headers: { cookie: member.cookie, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/webm');
    expect(part.rawPayload.equals(clip.subarray(0, 100))).toBe(true);
  });

  it('refuses a reused, tampered or expired URL with 403', async () => {
    const { uploadURL } = (await uploadUrl()).json();
    expect((await put(uploadURL, clip)).statusCode).toBe(200);
    const again = await put(uploadURL, clip);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatch(/invalid, expired or already used/);

    const fresh = (await uploadUrl()).json().uploadURL as string;
    const last = fresh.at(-1) === 'A' ? 'B' : 'A';
    expect((await put(fresh.slice(0, -1) + last, clip)).statusCode).toBe(403);
    expect((await put('/api/videos/upload/short', clip)).statusCode).toBe(403);

    const expired = (await uploadUrl()).json().uploadURL as string;
    await t.app.ctx.database.db.update(videoUploads).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await put(expired, clip)).statusCode).toBe(403);
    // The untampered fresh URL was caught by the same update: all of them are past expiry now.
    expect((await put(fresh, clip)).statusCode).toBe(403);
  });

  it('refuses a PUT that is not a video with 415, keeping nothing', async () => {
    const uploads = path.join(t.dataDir, 'uploads');
    const count = () =>
      fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const before = count();
    const { uploadURL } = (await uploadUrl()).json();
    const res = await put(uploadURL, pngBytes(), 'video/mp4');
    expect(res.statusCode).toBe(415);
    expect(count()).toBe(before);
    expect((await register(uploadURL)).statusCode).toBe(400);
  });

  it('refuses to register a URL this server did not issue, an unfinished one, or outside the curriculum', async () => {
    for (const url of [
      'https://evil.example/video.webm',
      '/api/videos/upload/' + 'A'.repeat(43),
      '/api/media/00000000-0000-0000-0000-000000000000',
    ]) {
      const res = await register(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(/uploadURL/);
    }
    const unfinished = (await uploadUrl()).json().uploadURL;
    expect((await register(unfinished)).statusCode).toBe(400);

    const { uploadURL } = (await uploadUrl()).json();
    await put(uploadURL, clip);
    const outside = await register(uploadURL, {
      thinkTank: 'intellectual',
      topicSlug: 'nope',
      lessonSlug: 'x',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatch(/not in the curriculum/);
    // Members may not register.
    expect((await register(uploadURL, LESSON, member.cookie)).statusCode).toBe(403);
  });

  it('replaces a lesson video and deletes the old file', async () => {
    const slot = { thinkTank: 'spiritual', topicSlug: 'main', lessonSlug: 'main' };
    const first = (await uploadUrl()).json().uploadURL;
    await put(first, clip);
    const firstUrl = (await register(first, slot)).json().videoUrl;
    const second = (await uploadUrl()).json().uploadURL;
    await put(second, clip);
    const secondUrl = (await register(second, slot)).json().videoUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await t.app.inject({ url: firstUrl, headers: { cookie: member.cookie } })).statusCode).toBe(404);
    expect((await videoOf('spiritual/main/main')).json().videoUrl).toBe(secondUrl);
    // A registered URL cannot be registered again.
    expect((await register(second, LESSON)).statusCode).toBe(400);
  });
});

describe('lesson video captions (WebVTT)', () => {
  const slot = { thinkTank: 'emotional', topicSlug: 'alter-ego', lessonSlug: 'assessing-data' };
  const path = `${slot.thinkTank}/${slot.topicSlug}/${slot.lessonSlug}`;
  const vtt = (cues = 1) =>
    Buffer.from(
      'WEBVTT\n\n' +
        Array.from(
          { length: cues },
          (_, i) => `00:00:0${i % 10}.000 --> 00:00:0${i % 10}.900\nLine ${i + 1}\n`,
        ).join('\n'),
    );
  const sendCaptions = async (
    bytes: Buffer,
    { cookie = admin.cookie, name = 'captions.vtt', to = path } = {},
  ) => {
    const body = await multipart('file', { name, type: 'text/vtt', bytes });
    return t.app.inject({
      method: 'POST',
      url: `/api/lesson-videos/${to}/captions`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };
  const addVideo = async () => {
    const { uploadURL } = (await uploadUrl()).json();
    await put(uploadURL, clip);
    return (await register(uploadURL, slot)).json().videoUrl as string;
  };

  it('asks for the video first (409), and takes a WebVTT file served as text/vtt to members', async () => {
    expect((await sendCaptions(vtt())).statusCode).toBe(409);
    const videoUrl = await addVideo();
    const res = await sendCaptions(vtt(3));
    expect(res.statusCode).toBe(200);
    const { captionsUrl } = res.json();
    expect(res.json()).toEqual({
      videoUrl,
      captionsUrl: expect.stringMatching(/^\/api\/media\/[0-9a-f-]{36}$/),
    });
    expect((await videoOf(path)).json()).toEqual({ videoUrl, captionsUrl });
    const served = await t.app.inject({ url: captionsUrl, headers: { cookie: member.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/vtt/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(vtt(3).toString());

    // Replaced: the old file is deleted.
    const again = await sendCaptions(vtt(2));
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ url: captionsUrl, headers: { cookie: member.cookie } })).statusCode).toBe(
      404,
    );

    // A new video drops the captions of the old one.
    const newVideo = await addVideo();
    expect((await videoOf(path)).json()).toEqual({ videoUrl: newVideo, captionsUrl: null });
    const oldCaptions = again.json().captionsUrl;
    expect((await t.app.inject({ url: oldCaptions, headers: { cookie: member.cookie } })).statusCode).toBe(
      404,
    );
  });

  it('refuses what is not WebVTT with 415: an HTML page named .vtt, a video, text without cues', async () => {
    await addVideo();
    const html = Buffer.from(
      '<!doctype html><script>alert(1)</script>\nWEBVTT\n\n00:00.000 --> 00:01.000\nx\n',
    );
    for (const bytes of [
      html,
      clip,
      Buffer.from('WEBVTT\n\njust some words\n'),
      Buffer.from([0xff, 0xfe, 0x00]),
    ]) {
      const res = await sendCaptions(bytes);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toBe('Upload a WebVTT captions file (.vtt)');
    }
  });

  it('refuses a file over 1 MB with 413', async () => {
    await addVideo();
    const big = Buffer.concat([vtt(), Buffer.alloc(1024 * 1024, 0x61)]);
    const res = await sendCaptions(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Captions can be at most 1 MB');
  });

  it('takes captions from admins only, and within the curriculum', async () => {
    await addVideo();
    expect((await sendCaptions(vtt(), { cookie: member.cookie })).statusCode).toBe(403);
    expect((await sendCaptions(vtt(), { cookie: '' })).statusCode).toBe(401);
    expect((await sendCaptions(vtt(), { to: 'physiological/main/main' })).statusCode).toBe(404);
    // Nothing was stored for the member.
    const rows = await t.app.ctx.database.db.select().from(media);
    expect(rows.filter((r) => r.kind === 'lesson-captions' && r.ownerId === member.user.id)).toEqual([]);
  });
});

describe('discussions', () => {
  const url = '/api/discussions/intellectual/optimal-self/old-selves';
  const say = (text: unknown, cookie = member.cookie, to = url) =>
    t.app.inject({ method: 'POST', url: to, headers: { cookie }, payload: { text } });

  it('are saved, shared by members, oldest first', async () => {
    const first = await say('  First thoughts  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ text: 'First thoughts', user: { username: member.user.username } });
    await say('A reply', admin.cookie);
    const list = await t.app.inject({ url, headers: { cookie: admin.cookie } });
    expect(list.json().map((m: { text: string }) => m.text)).toEqual(['First thoughts', 'A reply']);
    // Threads are separate.
    const other = await t.app.inject({
      url: '/api/discussions/physiological/main/main',
      headers: { cookie: member.cookie },
    });
    expect(other.json()).toEqual([]);
  });

  it('refuse blank, too long, visitors and threads outside the curriculum', async () => {
    expect((await say('   ')).statusCode).toBe(400);
    expect((await say('x'.repeat(2001))).json().error).toMatch(/at most 2000/);
    expect((await say(42)).statusCode).toBe(400);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, payload: { text: 'hi' } })).statusCode).toBe(401);
    expect((await say('hi', member.cookie, '/api/discussions/intellectual/nope/x')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/discussions/physiological/a/b', headers: { cookie: member.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('are cleared by admins for everyone, not by members', async () => {
    const asMember = await t.app.inject({ method: 'DELETE', url, headers: { cookie: member.cookie } });
    expect(asMember.statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: { cookie: member.cookie } })).json().length).toBeGreaterThan(
      0,
    );
    const asAdmin = await t.app.inject({ method: 'DELETE', url, headers: { cookie: admin.cookie } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ ok: true });
    expect((await t.app.inject({ url, headers: { cookie: member.cookie } })).json()).toEqual([]);
  });
});
