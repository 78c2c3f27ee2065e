// Attempts posted back (issue 18, decision 38): POST, DELETE and GET /api/attempts, over the API.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../server/app';
import { attempts, discussionMessages } from '../server/db/schema';
import { apiCaller, listenWithSecondProcess, type TestApp } from './helpers/app';
import { createTestAppWithCoach, buildUser, type BuiltUser } from './helpers/factories';
import { openStream } from './helpers/sse';
import { jpegBytes, multipart, pngBytes, uploadFile, uploadFrame } from './helpers/uploads';

let t: TestApp;
let second: App;
let base: string;
let secondBase: string;
let admin: BuiltUser;
let ann: BuiltUser;
let bob: BuiltUser;
beforeAll(async () => {
  ({
    t,
    coach: admin,
    members: [ann, bob],
  } = await createTestAppWithCoach('coach@example.com', 2));
  // A second server process on the same database: what one publishes reaches the other's streams.
  ({ base, second, secondBase } = await listenWithSecondProcess(t));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const clipBytes = fixture('clip.webm');

const SYSTEMS = {
  kind: 'lesson',
  thinkTank: 'intellectual',
  topic: 'understanding-self',
  lesson: 'systems-theory',
};
const threadUrl = (p: { thinkTank: string; topic: string; lesson: string }) =>
  `/api/discussions/${p.thinkTank}/${p.topic}/${p.lesson}`;

const inject = apiCaller(() => t.app);
const postAttempt = (who: BuiltUser | undefined, body: unknown) => inject('POST', '/api/attempts', who, body);
const deleteAttempt = (who: BuiltUser | undefined, id: string) =>
  inject('DELETE', `/api/attempts/${id}`, who);

const uploadClip = (who: BuiltUser) =>
  uploadFile(t.app, who, { name: 'clip.webm', type: 'video/webm', bytes: clipBytes });

/** Saves a voiceover (POST /api/recordings/upload) of `seconds` and returns it. */
async function saveVoiceover(who: BuiltUser, seconds = '3.4') {
  const form = new FormData();
  form.append(
    'audioFile',
    new Blob([new Uint8Array(fixture('voice.webm'))], { type: 'audio/webm' }),
    'v.webm',
  );
  form.append('screenFile', new Blob([new Uint8Array(clipBytes)], { type: 'video/webm' }), 's.webm');
  for (const [k, v] of Object.entries({
    sourceVideoUrl: '',
    duration: seconds,
    recordingType: 'voiceover',
  })) {
    form.append(k, v);
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/recordings/upload',
    headers: { cookie: who.cookie, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; audioUrl: string; videoUrl: string; duration: number };
}

const statusOf = async (url: string, who: BuiltUser) => (await inject('GET', url, who)).statusCode;
const uploadsCount = () =>
  fs
    .readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile()).length;
const attemptCount = async () => (await t.app.ctx.database.db.select().from(attempts)).length;

describe('POST /api/attempts to a lesson discussion', () => {
  it('posts an annotated frame, shown in GET of the thread exactly as answered; the frame is the real upload', async () => {
    const png = pngBytes(8, 6, [10, 200, 30]);
    const imageUrl = await uploadFile(t.app, ann, { name: 'frame.png', type: 'image/png', bytes: png });
    const res = await postAttempt(ann, {
      target: SYSTEMS,
      caption: '  My squat at the bottom  ',
      imageUrl,
      angles: [
        { label: 'Knee', degrees: 92.5 },
        { label: ' Hip ', degrees: 41 },
      ],
      frameSeconds: 1.25,
    });
    expect(res.statusCode, res.body).toBe(201);
    const posted = res.json();
    expect(posted.target).toEqual(SYSTEMS);
    expect(posted.chatMessage).toBeNull();
    expect(posted.discussionMessage).toMatchObject({
      text: 'My squat at the bottom',
      user: { name: ann.user.name, username: ann.user.username, profilePicture: null },
      videoSeconds: null,
      attempt: {
        caption: 'My squat at the bottom',
        imageUrl,
        clipUrl: null,
        voiceover: null,
        angles: [
          { label: 'Knee', degrees: 92.5 },
          { label: 'Hip', degrees: 41 },
        ],
        frameSeconds: 1.25,
      },
    });
    const thread = (await inject('GET', threadUrl(SYSTEMS), bob)).json();
    expect(thread.at(-1)).toEqual(posted.discussionMessage);
    // Another member sees the frame: the very PNG uploaded, checked by content at upload.
    const frame = await inject('GET', imageUrl, bob);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/png');
    expect(frame.rawPayload.equals(png)).toBe(true);
  });

  it('posts a frame with its clip to the physiological page’s discussion', async () => {
    const imageUrl = await uploadFrame(t.app, ann);
    const clipUrl = await uploadClip(ann);
    const target = { kind: 'lesson', thinkTank: 'physiological', topic: 'main', lesson: 'main' };
    const res = await postAttempt(ann, { target, imageUrl, clipUrl });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json().discussionMessage;
    expect(message.text).toBe('');
    expect(message.attempt).toMatchObject({ caption: '', imageUrl, clipUrl, angles: [], frameSeconds: null });
    expect((await inject('GET', threadUrl(target), bob)).json().at(-1)).toEqual(message);
    const clip = await t.app.inject({ url: clipUrl, headers: { cookie: bob.cookie, range: 'bytes=0-3' } });
    expect(clip.statusCode).toBe(206);
    expect(clip.headers['content-type']).toBe('video/webm');
  });

  it('posts a voiceover with its real length, playable by other members only while it is posted', async () => {
    const rec = await saveVoiceover(ann, '3.4');
    // Private until posted: another member's request is not found.
    expect(await statusOf(rec.audioUrl, bob)).toBe(404);
    expect(await statusOf(rec.videoUrl, bob)).toBe(404);
    const target = { kind: 'lesson', thinkTank: 'spiritual', topic: 'main', lesson: 'main' };
    const res = await postAttempt(ann, { target, caption: 'Talking through my swing', recordingId: rec.id });
    expect(res.statusCode, res.body).toBe(201);
    const attempt = res.json().discussionMessage.attempt;
    expect(attempt).toMatchObject({
      imageUrl: null,
      clipUrl: null,
      voiceover: {
        recordingId: rec.id,
        audioUrl: rec.audioUrl,
        screenUrl: rec.videoUrl,
        // A screen file without a voice in it: the players play the audio beside it.
        screenHasAudio: false,
        durationSeconds: 3,
      },
    });
    expect((await inject('GET', threadUrl(target), bob)).json().at(-1).attempt).toEqual(attempt);
    expect(await statusOf(rec.audioUrl, bob)).toBe(200);
    expect(await statusOf(rec.videoUrl, bob)).toBe(200);

    expect((await deleteAttempt(ann, attempt.id)).statusCode).toBe(200);
    // Private again, and still on its owner's calendar.
    expect(await statusOf(rec.audioUrl, bob)).toBe(404);
    expect(await statusOf(rec.videoUrl, bob)).toBe(404);
    expect(await statusOf(rec.audioUrl, ann)).toBe(200);
    const mine = (await inject('GET', '/api/recordings', ann)).json() as Array<{ id: string }>;
    expect(mine.map((r) => r.id)).toContain(rec.id);
  });

  it('shows a file deleted since as null: a voiceover its owner deleted, in a lesson and in the chat', async () => {
    const rec = await saveVoiceover(ann, '2');
    const imageUrl = await uploadFrame(t.app, ann);
    const res = await postAttempt(ann, { target: SYSTEMS, imageUrl, recordingId: rec.id });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().discussionMessage.id;
    const inChat = (await postAttempt(ann, { target: { kind: 'chat' }, recordingId: rec.id })).json()
      .chatMessage;
    expect(inChat.attempt.voiceover).not.toBeNull();
    expect((await inject('DELETE', `/api/recordings/${rec.id}`, ann)).statusCode).toBe(200);
    const thread = (await inject('GET', threadUrl(SYSTEMS), bob)).json() as Array<{
      id: number;
      attempt: unknown;
    }>;
    expect(thread.find((m) => m.id === id)?.attempt).toMatchObject({ imageUrl, voiceover: null });
    // The room's page in memory, on every process, is read again.
    for (const url of [base, secondBase]) {
      await expect
        .poll(async () => {
          const room = await fetch(`${url}/api/chat/community`, { headers: { cookie: bob.cookie } });
          return ((await room.json()) as Array<{ id: number; attempt: unknown }>).find(
            (m) => m.id === inChat.id,
          )?.attempt;
        })
        .toEqual({ ...inChat.attempt, voiceover: null });
    }
  });
});

describe('POST /api/attempts to the community chat', () => {
  it('is one message, the same in the answer, GET, the poll’s fast path, the stream and a page read back', async () => {
    const stream = openStream(base, bob.cookie);
    await expect.poll(() => stream.status()).toBe(200);
    const rec = await saveVoiceover(ann, '4');
    const imageUrl = await uploadFrame(t.app, ann, [200, 10, 10]);
    const clipUrl = await uploadClip(ann);
    const res = await postAttempt(ann, {
      target: { kind: 'chat' },
      caption: 'Deadlift, rep 3',
      imageUrl,
      clipUrl,
      recordingId: rec.id,
      angles: [{ label: 'Back', degrees: 171.25 }],
      frameSeconds: 0.5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { chatMessage, discussionMessage, target } = res.json();
    expect(target).toEqual({ kind: 'chat' });
    expect(discussionMessage).toBeNull();
    expect(chatMessage).toMatchObject({
      content: 'Deadlift, rep 3',
      messageType: 'attempt',
      user: { username: ann.user.username },
      attempt: {
        caption: 'Deadlift, rep 3',
        imageUrl,
        clipUrl,
        voiceover: { recordingId: rec.id, durationSeconds: 4 },
        angles: [{ label: 'Back', degrees: 171.25 }],
        frameSeconds: 0.5,
      },
    });
    // The stream delivers it as the answer shows it.
    await expect.poll(() => stream.events.map((e) => e.id)).toContain(chatMessage.id);
    expect(stream.events.find((e) => e.id === chatMessage.id)!.data).toEqual(chatMessage);
    stream.close();
    // The poll through Fastify, and through its fast path over HTTP (decision 32).
    expect((await inject('GET', '/api/chat/community', bob)).json().at(-1)).toEqual(chatMessage);
    const served = t.app.pollFastPath.served();
    const fast = await fetch(`${base}/api/chat/community?after=${chatMessage.id - 1}`, {
      headers: { cookie: bob.cookie },
    });
    expect(t.app.pollFastPath.served()).toBe(served + 1);
    expect(await fast.json()).toEqual([chatMessage]);
    // Read back from the database (a page before an id), and on another process.
    expect(
      (await inject('GET', `/api/chat/community?before=${chatMessage.id + 1}`, bob)).json().at(-1),
    ).toEqual(chatMessage);
    const other = await fetch(`${secondBase}/api/chat/community`, { headers: { cookie: bob.cookie } });
    expect((await other.json()).at(-1)).toEqual(chatMessage);
  });

  it('counts attempts with ordinary messages under the chat’s rate limit', async () => {
    const cara = await buildUser(t.app);
    const imageUrl = await uploadFrame(t.app, cara);
    for (let i = 0; i < 20; i++) {
      const res = await inject('POST', '/api/chat/community', cara, {
        content: `m${i}`,
        messageType: 'text',
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await postAttempt(cara, { target: { kind: 'chat' }, imageUrl });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('You are sending messages too fast. Wait a few seconds.');
    // The lesson discussions keep their own count.
    expect((await postAttempt(cara, { target: SYSTEMS, imageUrl })).statusCode).toBe(201);
  });
});

describe('POST /api/attempts refusals', () => {
  it('refuses what is not the member’s own, of the right kind, not posted before, with a clear 400', async () => {
    const frame = await uploadFrame(t.app, ann);
    const clip = await uploadClip(ann);
    const theirs = await uploadFrame(t.app, bob);
    const theirRecording = await saveVoiceover(bob);
    const posted = await uploadFrame(t.app, ann);
    expect((await postAttempt(ann, { target: SYSTEMS, imageUrl: posted })).statusCode).toBe(201);
    const before = await attemptCount();
    const cases: Array<[unknown, RegExp]> = [
      [{ target: SYSTEMS, imageUrl: theirs }, /^imageUrl must be the URL of a file you uploaded/],
      [
        { target: { kind: 'chat' }, imageUrl: 'https://example.com/a.png' },
        /^imageUrl must be the URL of a file/,
      ],
      [
        { target: SYSTEMS, imageUrl: '/api/media/00000000-0000-4000-8000-000000000000' },
        /^imageUrl must be the URL/,
      ],
      [{ target: SYSTEMS, imageUrl: clip }, /^imageUrl must be an image$/],
      [{ target: SYSTEMS, imageUrl: frame, clipUrl: frame }, /^clipUrl must be a video$/],
      [
        { target: SYSTEMS, imageUrl: frame, clipUrl: theirs },
        /^clipUrl must be the URL of a file you uploaded/,
      ],
      [{ target: SYSTEMS, clipUrl: clip }, /^clipUrl can only be posted with its frame \(imageUrl\)$/],
      [{ target: SYSTEMS, caption: 'just words' }, /^An attempt needs a frame \(imageUrl\) or a voiceover/],
      [{ target: SYSTEMS, imageUrl: posted }, /already posted in another attempt/],
      [
        { target: SYSTEMS, recordingId: theirRecording.id },
        /^recordingId must be one of your own voiceovers$/,
      ],
      [
        { target: SYSTEMS, recordingId: '00000000-0000-4000-8000-000000000000' },
        /^recordingId must be one of your own voiceovers$/,
      ],
      [
        { target: SYSTEMS, imageUrl: frame, caption: 'x'.repeat(2001) },
        /caption must be at most 2000 characters/,
      ],
      [{ target: SYSTEMS, imageUrl: frame, caption: 5 }, /caption must be a string/],
      [{ target: 'chat', imageUrl: frame }, /target must be/],
      [{ target: { kind: 'forum' }, imageUrl: frame }, /target must be/],
      [{ imageUrl: frame }, /target/],
      [
        { target: SYSTEMS, imageUrl: frame, angles: [{ label: 'Knee', degrees: '90' }] },
        /degrees must be a number/,
      ],
      [{ target: SYSTEMS, imageUrl: frame, angles: [{ label: 'Knee', degrees: 400 }] }, /between 0 and 360/],
      [{ target: SYSTEMS, imageUrl: frame, frameSeconds: -1 }, /frameSeconds must not be negative/],
      [{ target: SYSTEMS, recordingId: 'abc' }, /recordingId must be a recording id/],
      [[1], /Request body must be a JSON object/],
    ];
    for (const [body, error] of cases) {
      const res = await postAttempt(ann, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().error, JSON.stringify(body).slice(0, 120)).toMatch(error);
    }
    expect(await attemptCount()).toBe(before);
    // The refused frame is still the member's to post.
    expect((await postAttempt(ann, { target: SYSTEMS, imageUrl: frame, clipUrl: clip })).statusCode).toBe(
      201,
    );
  });

  it('answers 404 for a lesson outside the curriculum, 401 to visitors', async () => {
    const frame = await uploadFrame(t.app, ann);
    for (const [thinkTank, topic, lesson] of [
      ['intellectual', 'understanding-self', 'nope'],
      ['physiological', 'main', 'other'],
      ['other', 'a', 'b'],
    ]) {
      const res = await postAttempt(ann, {
        target: { kind: 'lesson', thinkTank, topic, lesson },
        imageUrl: frame,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Lesson not found' });
    }
    expect((await postAttempt(undefined, { target: SYSTEMS, imageUrl: frame })).statusCode).toBe(401);
    expect((await deleteAttempt(undefined, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('refuses a file lying about its type at upload: only real images reach an attempt', async () => {
    const body = await multipart('file', {
      name: 'frame.png',
      type: 'image/png',
      bytes: Buffer.from('not a png'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, cookie: ann.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
    // A JPEG is an image too: it may be the frame.
    const jpeg = await uploadFile(t.app, ann, { name: 'f.jpg', type: 'image/jpeg', bytes: jpegBytes() });
    expect((await postAttempt(ann, { target: SYSTEMS, imageUrl: jpeg })).statusCode).toBe(201);
  });

  it('posts a frame once when two posts race for it: the other is a 400, never a 500', async () => {
    const frame = await uploadFrame(t.app, ann);
    const answers = await Promise.all([
      postAttempt(ann, { target: SYSTEMS, imageUrl: frame }),
      postAttempt(ann, { target: { kind: 'chat' }, imageUrl: frame }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().error).toMatch(
      /already posted in another attempt/,
    );
  });
});

describe('DELETE /api/attempts/{id}', () => {
  it('lets the author delete: the message leaves the thread, the frame’s and clip’s files are gone', async () => {
    const imageUrl = await uploadFrame(t.app, ann);
    const clipUrl = await uploadClip(ann);
    const res = await postAttempt(ann, { target: SYSTEMS, imageUrl, clipUrl, caption: 'to delete' });
    const message = res.json().discussionMessage;
    const files = uploadsCount();
    const del = await deleteAttempt(ann, message.attempt.id);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    const thread = (await inject('GET', threadUrl(SYSTEMS), ann)).json() as Array<{ id: number }>;
    expect(thread.map((m) => m.id)).not.toContain(message.id);
    expect(await statusOf(imageUrl, ann)).toBe(404);
    expect(await statusOf(clipUrl, ann)).toBe(404);
    expect(uploadsCount()).toBe(files - 2);
    expect((await deleteAttempt(ann, message.attempt.id)).statusCode).toBe(404);
  });

  it('refuses other members (403), answers 404 for no such attempt, and lets an admin delete', async () => {
    const imageUrl = await uploadFrame(t.app, ann);
    const id = (await postAttempt(ann, { target: SYSTEMS, imageUrl })).json().discussionMessage.attempt.id;
    const refused = await deleteAttempt(bob, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Only its author or an administrator can delete an attempt' });
    expect(await statusOf(imageUrl, bob)).toBe(200);
    const unknown = await deleteAttempt(ann, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Attempt not found' });
    // No attempt id at all: refused by the path's contract, as DELETE /api/recordings/{id} is.
    const malformed = await deleteAttempt(ann, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/Attempt not found/);
    expect((await deleteAttempt(admin, id)).statusCode).toBe(200);
    expect(await statusOf(imageUrl, ann)).toBe(404);
  });

  it('takes a chat attempt off every live client, on every process', async () => {
    const here = openStream(base, bob.cookie);
    const there = openStream(secondBase, admin.cookie);
    await expect.poll(() => [here.status(), there.status()]).toEqual([200, 200]);
    const imageUrl = await uploadFrame(t.app, ann);
    const posted = (await postAttempt(ann, { target: { kind: 'chat' }, imageUrl })).json().chatMessage;
    await expect.poll(() => there.events.map((e) => e.id)).toContain(posted.id);
    const page = await fetch(`${secondBase}/api/chat/community`, { headers: { cookie: bob.cookie } });
    expect(((await page.json()) as Array<{ id: number }>).map((m) => m.id)).toContain(posted.id);

    expect((await deleteAttempt(ann, posted.attempt.id)).statusCode).toBe(200);
    await expect.poll(() => here.deleted).toEqual([posted.id]);
    await expect.poll(() => there.deleted).toEqual([posted.id]);
    for (const url of [base, secondBase]) {
      const res = await fetch(`${url}/api/chat/community`, { headers: { cookie: bob.cookie } });
      expect(((await res.json()) as Array<{ id: number }>).map((m) => m.id)).not.toContain(posted.id);
    }
    // A stream opened since has no trace of it either.
    const later = openStream(base, bob.cookie, posted.id - 1);
    await expect.poll(() => later.status()).toBe(200);
    const marker = (
      await inject('POST', '/api/chat/community', bob, { content: 'after', messageType: 'text' })
    ).json();
    await expect.poll(() => later.events.map((e) => e.id)).toContain(marker.id);
    expect(later.events.map((e) => e.id)).not.toContain(posted.id);
    for (const s of [here, there, later]) s.close();
  });
});

describe('GET /api/attempts (the coaches’ review)', () => {
  const REVIEWED = { kind: 'lesson', thinkTank: 'emotional', topic: 'alter-ego', lesson: 'assessing-data' };
  const NEIGHBOUR = {
    kind: 'lesson',
    thinkTank: 'emotional',
    topic: 'alter-ego',
    lesson: 'emotional-conviction',
  };
  const review = (who: BuiltUser | undefined, query = '') => inject('GET', `/api/attempts${query}`, who);

  it('is for admins only', async () => {
    expect((await review(undefined)).statusCode).toBe(401);
    expect((await review(ann)).statusCode).toBe(403);
    expect((await review(admin)).statusCode).toBe(200);
  });

  it('lists attempts posted to lessons, newest first, filtered, with whether a coach replied since', async () => {
    const first = (
      await postAttempt(ann, { target: REVIEWED, imageUrl: await uploadFrame(t.app, ann), caption: 'one' })
    ).json().discussionMessage;
    const neighbour = (
      await postAttempt(bob, {
        target: NEIGHBOUR,
        imageUrl: await uploadFrame(t.app, bob),
        caption: 'next door',
      })
    ).json().discussionMessage;
    // A member's answer is no coach's reply; an admin's is.
    await inject('POST', threadUrl(REVIEWED), bob, { text: 'nice one' });
    await inject('POST', threadUrl(REVIEWED), admin, { text: 'Knees out' });
    const latest = (
      await postAttempt(bob, { target: REVIEWED, imageUrl: await uploadFrame(t.app, bob), caption: 'two' })
    ).json().discussionMessage;
    // Chat attempts are not in the list.
    await postAttempt(bob, { target: { kind: 'chat' }, imageUrl: await uploadFrame(t.app, bob) });

    const res = await review(admin, '?thinkTank=emotional&topic=alter-ego&lesson=assessing-data');
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items).toEqual([
      {
        attempt: latest.attempt,
        messageId: latest.id,
        thinkTank: 'emotional',
        topic: 'alter-ego',
        lesson: 'assessing-data',
        createdAt: latest.createdAt,
        user: latest.user,
        replied: false,
      },
      {
        attempt: first.attempt,
        messageId: first.id,
        thinkTank: 'emotional',
        topic: 'alter-ego',
        lesson: 'assessing-data',
        createdAt: first.createdAt,
        user: first.user,
        replied: true,
      },
    ]);
    const topic = (await review(admin, '?thinkTank=emotional&topic=alter-ego')).json() as Array<{
      messageId: number;
    }>;
    expect(topic.map((i) => i.messageId)).toEqual([latest.id, neighbour.id, first.id]);
    const all = (await review(admin)).json() as Array<{ thinkTank: string; createdAt: string }>;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const times = all.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await review(admin, '?thinkTank=emotional&topic=nope')).json()).toEqual([]);
  });

  it('pages by 50 with before', async () => {
    const db = t.app.ctx.database.db;
    const slot = { thinkTank: 'psychological', topicSlug: 'conviction-to-vision', lessonSlug: 'environment' };
    const start = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 55; i++) {
      const [a] = await db
        .insert(attempts)
        .values({ userId: ann.user.id, caption: `rep ${i}` })
        .returning();
      await db.insert(discussionMessages).values({
        ...slot,
        userId: ann.user.id,
        text: `rep ${i}`,
        attemptId: a!.id,
        createdAt: new Date(start + i * 1000),
      });
    }
    const query = '?thinkTank=psychological&topic=conviction-to-vision&lesson=environment';
    const page1 = (await review(admin, query)).json() as Array<{
      attempt: { caption: string };
      createdAt: string;
    }>;
    expect(page1).toHaveLength(50);
    expect(page1[0]!.attempt.caption).toBe('rep 54');
    expect(page1.at(-1)!.attempt.caption).toBe('rep 5');
    const page2 = (
      await review(admin, `${query}&before=${encodeURIComponent(page1.at(-1)!.createdAt)}`)
    ).json() as Array<{ attempt: { caption: string } }>;
    expect(page2.map((i) => i.attempt.caption)).toEqual(['rep 4', 'rep 3', 'rep 2', 'rep 1', 'rep 0']);
    const bad = await review(admin, '?before=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/before must be a date/);
  });
});

describe('a coach’s reply to a posted attempt', () => {
  it('marks the lesson unread in the member’s progress until they open it', async () => {
    const dana = await buildUser(t.app);
    const target = {
      kind: 'lesson',
      thinkTank: 'psychological',
      topic: 'neuro-remodeling',
      lesson: 'research',
    };
    const path = 'psychological/neuro-remodeling/research';
    const unread = async () =>
      (
        (await inject('GET', '/api/progress', dana)).json().lessons as Array<{
          thinkTank: string;
          topic: string;
          lesson: string;
          unread: boolean;
        }>
      ).find((l) => `${l.thinkTank}/${l.topic}/${l.lesson}` === path)?.unread ?? false;
    expect((await postAttempt(dana, { target, imageUrl: await uploadFrame(t.app, dana) })).statusCode).toBe(
      201,
    );
    expect(await unread()).toBe(false);
    expect(
      (await inject('POST', threadUrl(target), admin, { text: 'Slower on the way down' })).statusCode,
    ).toBe(201);
    expect(await unread()).toBe(true);
    expect((await inject('PUT', `/api/progress/${path}/visit`, dana, {})).statusCode).toBe(200);
    expect(await unread()).toBe(false);
  });
});

describe('attempts go with their discussion and their author’s account', () => {
  it('clearing a lesson discussion removes its attempts and their files', async () => {
    const target = {
      kind: 'lesson',
      thinkTank: 'emotional',
      topic: 'emotion-neural-link',
      lesson: 'flow-state',
    };
    const imageUrl = await uploadFrame(t.app, ann);
    const clipUrl = await uploadClip(ann);
    const id = (await postAttempt(ann, { target, imageUrl, clipUrl })).json().discussionMessage.attempt.id;
    expect((await inject('DELETE', threadUrl(target), admin)).statusCode).toBe(200);
    expect((await inject('GET', threadUrl(target), ann)).json()).toEqual([]);
    expect(await statusOf(imageUrl, ann)).toBe(404);
    expect(await statusOf(clipUrl, ann)).toBe(404);
    expect(await t.app.ctx.database.db.select().from(attempts).where(eq(attempts.id, id))).toEqual([]);
  });

  it('deleting an account removes its attempts, their messages (live too) and files', async () => {
    const eve = await buildUser(t.app);
    const stream = openStream(base, bob.cookie);
    await expect.poll(() => stream.status()).toBe(200);
    const chatFrame = await uploadFrame(t.app, eve);
    const lessonFrame = await uploadFrame(t.app, eve);
    const inChat = (await postAttempt(eve, { target: { kind: 'chat' }, imageUrl: chatFrame })).json()
      .chatMessage;
    const inLesson = (await postAttempt(eve, { target: SYSTEMS, imageUrl: lessonFrame })).json()
      .discussionMessage;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      headers: { cookie: eve.cookie },
      payload: { password: eve.password },
      remoteAddress: eve.address,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => stream.deleted).toContain(inChat.id);
    stream.close();
    const room = (await inject('GET', '/api/chat/community', bob)).json() as Array<{ id: number }>;
    expect(room.map((m) => m.id)).not.toContain(inChat.id);
    const thread = (await inject('GET', threadUrl(SYSTEMS), bob)).json() as Array<{ id: number }>;
    expect(thread.map((m) => m.id)).not.toContain(inLesson.id);
    expect(await statusOf(chatFrame, bob)).toBe(404);
    expect(await statusOf(lessonFrame, bob)).toBe(404);
    expect(
      await t.app.ctx.database.db.select().from(attempts).where(eq(attempts.userId, eve.user.id)),
    ).toEqual([]);
  });
});
