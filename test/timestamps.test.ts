import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonVideos } from '../server/db/schema';
import type { TestApp } from './helpers/app';
import { createTestAppWithCoach, type BuiltUser } from './helpers/factories';
import { mp4Bytes } from './helpers/mp4';

// Timestamped comments (issue 18 part 3, docs/decisions.md decision 37).
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
type Slot = { thinkTank: string; topicSlug: string; lessonSlug: string };
const WEBM_LESSON = { thinkTank: 'emotional', topicSlug: 'alter-ego', lessonSlug: 'assessing-data' };
const MP4_LESSON = { thinkTank: 'psychological', topicSlug: 'stress-management', lessonSlug: 'intro-cbt' };
const threadOf = (s: Slot) => `/api/discussions/${s.thinkTank}/${s.topicSlug}/${s.lessonSlug}`;

/** An admin's upload of `bytes` as the slot's video: upload URL, PUT, registration. */
async function giveVideo(slot: Slot, bytes: Buffer, type: string) {
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/videos/upload-url',
    headers: { cookie: admin.cookie },
  });
  const { uploadURL } = ticket.json();
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': type },
    payload: bytes,
  });
  expect(put.statusCode).toBe(200);
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/lesson-videos/upload',
    headers: { cookie: admin.cookie },
    payload: { ...slot, uploadURL },
  });
  expect(reg.statusCode).toBe(200);
}

const say = (slot: Slot, payload: Record<string, unknown>, cookie = member.cookie) =>
  t.app.inject({ method: 'POST', url: threadOf(slot), headers: { cookie }, payload });

async function storedLength(slot: Slot) {
  const [row] = await t.app.ctx.database.db
    .select({ durationSeconds: lessonVideos.durationSeconds })
    .from(lessonVideos)
    .where(
      and(
        eq(lessonVideos.thinkTank, slot.thinkTank),
        eq(lessonVideos.topicSlug, slot.topicSlug),
        eq(lessonVideos.lessonSlug, slot.lessonSlug),
      ),
    );
  return row?.durationSeconds;
}

describe('timestamped discussion messages', () => {
  it('take a time within a WebM lesson video, shown in the answer and in the thread', async () => {
    await giveVideo(WEBM_LESSON, clip, 'video/webm');
    // The clip is about 1.1 s long: its Info's Duration is read when it is registered.
    const length = await storedLength(WEBM_LESSON);
    expect(length).toBeGreaterThan(1);
    expect(length).toBeLessThan(1.2);

    const timed = await say(WEBM_LESSON, { text: 'Watch the hands here', videoSeconds: 0.7 });
    expect(timed.statusCode).toBe(201);
    expect(timed.json()).toMatchObject({ text: 'Watch the hands here', videoSeconds: 0.7 });
    const plain = await say(WEBM_LESSON, { text: 'No time on this one' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().videoSeconds).toBeNull();
    expect((await say(WEBM_LESSON, { text: 'From the start', videoSeconds: 0 })).json().videoSeconds).toBe(0);

    const list = await t.app.inject({ url: threadOf(WEBM_LESSON), headers: { cookie: admin.cookie } });
    expect(
      list.json().map((m: { text: string; videoSeconds: number | null }) => [m.text, m.videoSeconds]),
    ).toEqual([
      ['Watch the hands here', 0.7],
      ['No time on this one', null],
      ['From the start', 0],
    ]);
  });

  it('refuse a time past the end of the video, naming its length', async () => {
    const res = await say(WEBM_LESSON, { text: 'Later', videoSeconds: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('videoSeconds is past the end of the video (0:01)');
  });

  it('refuse a time that is not a number, or negative', async () => {
    for (const [videoSeconds, error] of [
      ['1:42', 'videoSeconds must be a number'],
      [null, 'videoSeconds must be a number'],
      [true, 'videoSeconds must be a number'],
      [{ at: 1 }, 'videoSeconds must be a number'],
      [-0.5, 'videoSeconds must not be negative'],
    ] as const) {
      const res = await say(WEBM_LESSON, { text: 'Odd', videoSeconds });
      expect(res.statusCode, JSON.stringify(videoSeconds)).toBe(400);
      expect(res.json().error).toContain(error);
    }
  });

  it('refuse a time where there is no video to time', async () => {
    const noVideo = { thinkTank: 'intellectual', topicSlug: 'optimal-self', lessonSlug: 'goal-targeting' };
    const res = await say(noVideo, { text: 'At the start', videoSeconds: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This lesson has no video to time: leave out videoSeconds');
    // The same message without a time is welcome.
    expect((await say(noVideo, { text: 'At the start' })).statusCode).toBe(201);

    const physiological = await t.app.inject({
      method: 'POST',
      url: '/api/discussions/physiological/main/main',
      headers: { cookie: member.cookie },
      payload: { text: 'Here', videoSeconds: 1 },
    });
    expect(physiological.statusCode).toBe(400);
    expect(physiological.json().error).toBe('This discussion has no video to time: leave out videoSeconds');
  });

  it('check times against an MP4 lesson video’s movie header', async () => {
    // 2:05.5, with the media data before the movie box, as a camera writes it.
    await giveVideo(MP4_LESSON, mp4Bytes({ seconds: 125.5, mdatBytes: 64 * 1024 }), 'video/mp4');
    expect(await storedLength(MP4_LESSON)).toBeCloseTo(125.5, 3);
    const ok = await say(MP4_LESSON, { text: 'Near the end', videoSeconds: 125.25 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().videoSeconds).toBe(125.25);
    const past = await say(MP4_LESSON, { text: 'Too far', videoSeconds: 126 });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('videoSeconds is past the end of the video (2:05)');
  });

  it('check times against a QuickTime lesson video, and a replaced video’s new length', async () => {
    await giveVideo(
      MP4_LESSON,
      mp4Bytes({ seconds: 61, version: 1, timescale: 600, brand: 'qt  ' }),
      'video/quicktime',
    );
    expect(await storedLength(MP4_LESSON)).toBe(61);
    expect((await say(MP4_LESSON, { text: 'Within', videoSeconds: 60.5 })).statusCode).toBe(201);
    const past = await say(MP4_LESSON, { text: 'Past', videoSeconds: 100 });
    expect(past.json().error).toBe('videoSeconds is past the end of the video (1:01)');
  });

  it('read the length of a video registered before lengths were kept, once, when it is first needed', async () => {
    await t.app.ctx.database.db
      .update(lessonVideos)
      .set({ durationSeconds: null })
      .where(eq(lessonVideos.lessonSlug, WEBM_LESSON.lessonSlug));
    expect(await storedLength(WEBM_LESSON)).toBeNull();
    expect((await say(WEBM_LESSON, { text: 'Still fine', videoSeconds: 1 })).statusCode).toBe(201);
    const length = await storedLength(WEBM_LESSON);
    expect(length).toBeGreaterThan(1);
    expect(length).toBeLessThan(1.2);
    expect((await say(WEBM_LESSON, { text: 'Past', videoSeconds: 2 })).statusCode).toBe(400);
  });

  it('take any time when the video does not tell its length, and keep trying to read it', async () => {
    // An MP4 whose movie header gives no duration (0, and no fragment header).
    await giveVideo(MP4_LESSON, mp4Bytes({ seconds: 0 }), 'video/mp4');
    expect(await storedLength(MP4_LESSON)).toBeNull();
    const res = await say(MP4_LESSON, { text: 'Somewhere', videoSeconds: 3000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().videoSeconds).toBe(3000);
    expect(await storedLength(MP4_LESSON)).toBeNull();
  });
});
