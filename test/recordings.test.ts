import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';

let t: TestApp;
let me: BuiltUser;
let other: BuiltUser;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'coach@example.com' });
  me = await buildUser(t.app);
  other = await buildUser(t.app);
  admin = await buildUser(t.app, { email: 'coach@example.com' });
});
afterAll(() => t.close());

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const voice = fixture('voice.webm');
const clip = fixture('clip.webm');
/** Chromium's MediaRecorder over a canvas and an oscillator: a VP8 and an Opus track. */
const screenWithVoice = fixture('screen-with-voice.webm');
const MiB = 1024 * 1024;

type FileSpec = { bytes: Buffer; type: string; name: string };
async function upload(
  cookie: string,
  files: { audioFile?: FileSpec; screenFile?: FileSpec },
  fields: Record<string, string> = { sourceVideoUrl: '', duration: '3', recordingType: 'voiceover' },
) {
  const form = new FormData();
  for (const [field, f] of Object.entries(files))
    form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/recordings/upload',
    headers: { cookie, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
}
const good = () => ({
  audioFile: { bytes: voice, type: 'audio/webm', name: 'voiceover.webm' },
  screenFile: { bytes: clip, type: 'video/webm', name: 'screen.webm' },
});
const uploadsCount = () =>
  fs
    .readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile()).length;

describe('POST /api/recordings/upload', () => {
  it('stores both files and answers the recording, its real duration rounded', async () => {
    const res = await upload(me.cookie, good(), {
      sourceVideoUrl: '',
      duration: '3.4',
      recordingType: 'voiceover',
    });
    expect(res.statusCode).toBe(201);
    const rec = res.json();
    expect(rec).toMatchObject({ duration: 3 });
    expect(new Date(rec.recordedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const audio = await t.app.inject({ url: rec.audioUrl, headers: { cookie: me.cookie } });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/webm');
    const video = await t.app.inject({
      url: rec.videoUrl,
      headers: { cookie: me.cookie, range: 'bytes=0-9' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/webm');
  });

  it('says whether the screen file carries the voice, read from its tracks (decision 48)', async () => {
    const member = await buildUser(t.app);
    const withVoice = await upload(member.cookie, {
      ...good(),
      screenFile: { bytes: screenWithVoice, type: 'video/webm', name: 'screen.webm' },
    });
    expect(withVoice.statusCode, withVoice.body).toBe(201);
    expect(withVoice.json()).toMatchObject({ videoHasAudio: true });
    // A screen file recorded before the voice went into it (video only).
    const silent = await upload(member.cookie, good());
    expect(silent.statusCode, silent.body).toBe(201);
    expect(silent.json()).toMatchObject({ videoHasAudio: false });
    const listed = (
      await t.app.inject({ url: '/api/recordings', headers: { cookie: member.cookie } })
    ).json() as {
      id: string;
      videoHasAudio: boolean;
    }[];
    const flagOf = (id: string) => listed.find((r) => r.id === id)?.videoHasAudio;
    expect(flagOf(withVoice.json().id)).toBe(true);
    expect(flagOf(silent.json().id)).toBe(false);
    // The stored screen file is the one sent, audio track and all, served as video.
    const served = await t.app.inject({ url: withVoice.json().videoUrl, headers: { cookie: member.cookie } });
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload.includes(Buffer.from('A_OPUS'))).toBe(true);
  });

  it('refuses what is wrong, keeping nothing', async () => {
    const before = uploadsCount();
    const cases: Array<[Parameters<typeof upload>[1], Record<string, string> | undefined, number, RegExp]> = [
      [{ screenFile: good().screenFile }, undefined, 400, /audioFile is required/],
      [{ audioFile: good().audioFile }, undefined, 400, /screenFile is required/],
      [
        {
          ...good(),
          audioFile: {
            bytes: Buffer.from('just some notes\n'.repeat(10)),
            type: 'audio/webm',
            name: 'a.webm',
          },
        },
        undefined,
        415,
        /audioFile must be WebM audio/,
      ],
      [
        { ...good(), audioFile: { bytes: clip, type: 'audio/webm', name: 'a.webm' } },
        undefined,
        415,
        /audioFile must be WebM audio/,
      ],
      [
        { ...good(), screenFile: { bytes: voice, type: 'video/webm', name: 's.webm' } },
        undefined,
        415,
        /screenFile must be WebM video/,
      ],
      [good(), { sourceVideoUrl: '', duration: '-1', recordingType: 'voiceover' }, 400, /duration/],
      [good(), { sourceVideoUrl: '', duration: 'abc', recordingType: 'voiceover' }, 400, /duration/],
      [good(), { sourceVideoUrl: '', recordingType: 'voiceover' }, 400, /duration is required/],
      [
        good(),
        { sourceVideoUrl: '', duration: '3', recordingType: 'podcast' },
        400,
        /recordingType must be voiceover/,
      ],
      [
        good(),
        { sourceVideoUrl: 'https://evil.example/v.mp4', duration: '3', recordingType: 'voiceover' },
        400,
        /sourceVideoUrl/,
      ],
    ];
    for (const [files, fields, status, message] of cases) {
      const res = await upload(me.cookie, files, fields);
      expect(res.statusCode, String(message)).toBe(status);
      expect(res.json().error).toMatch(message);
    }
    expect(uploadsCount()).toBe(before);
    expect(
      (await t.app.inject({ url: '/api/recordings', headers: { cookie: me.cookie } })).json(),
    ).toHaveLength(1);
  });

  it('refuses more than 500 MB together with 413, keeping nothing', async () => {
    const before = uploadsCount();
    const bigScreen = Buffer.concat([clip, Buffer.alloc(500 * MiB - clip.length - voice.length + 1, 0)]);
    const res = await upload(me.cookie, {
      ...good(),
      screenFile: { bytes: bigScreen, type: 'video/webm', name: 's.webm' },
    });
    expect(res.statusCode).toBe(413);
    expect(uploadsCount()).toBe(before);
  }, 120_000);

  it('needs a member', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/recordings/upload' });
    expect(res.statusCode).toBe(401);
  });
});

describe('my recordings are mine', () => {
  it('lists only my own, newest first, and others cannot fetch or delete them', async () => {
    const second = (
      await upload(me.cookie, good(), { sourceVideoUrl: '', duration: '5', recordingType: 'voiceover' })
    ).json();
    const mine = (await t.app.inject({ url: '/api/recordings', headers: { cookie: me.cookie } })).json();
    expect(mine[0]).toEqual(second);
    expect(mine.length).toBe(2);
    expect(
      (await t.app.inject({ url: '/api/recordings', headers: { cookie: other.cookie } })).json(),
    ).toEqual([]);
    for (const url of [second.audioUrl, second.videoUrl]) {
      expect((await t.app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    }
    const theirDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${second.id}`,
      headers: { cookie: other.cookie },
    });
    expect(theirDelete.statusCode).toBe(404);
    expect((await t.app.inject({ url: second.audioUrl, headers: { cookie: me.cookie } })).statusCode).toBe(
      200,
    );
  });

  it('deleting a recording removes its files', async () => {
    const rec = (await upload(me.cookie, good())).json();
    const before = uploadsCount();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${rec.id}`,
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(uploadsCount()).toBe(before - 2);
    expect((await t.app.inject({ url: rec.audioUrl, headers: { cookie: me.cookie } })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/recordings', headers: { cookie: me.cookie } }))
        .json()
        .map((r: { id: string }) => r.id),
    ).not.toContain(rec.id);
  });
});
