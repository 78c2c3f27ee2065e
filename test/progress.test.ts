import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { TOPICS } from '../common/curriculum';
import { attempts, discussionMessages, users } from '../server/db/schema';
import { apiCaller, type TestApp } from './helpers/app';
import { createTestAppWithCoach, buildUser, type BuiltUser } from './helpers/factories';

let t: TestApp;
let admin: BuiltUser;
let ann: BuiltUser;
let bob: BuiltUser;
beforeAll(async () => {
  ({
    t,
    coach: admin,
    members: [ann, bob],
  } = await createTestAppWithCoach('coach@example.com', 2));
});
afterAll(() => t.close());

const SYSTEMS = 'intellectual/understanding-self/systems-theory';
/** A request with a member's cookie (`who.cookie`), or as a visitor with undefined. */
const request = apiCaller(() => t.app);
const progressOf = async (who: BuiltUser) => {
  const res = await request('GET', '/api/progress', who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    lessons: Array<{
      thinkTank: string;
      topic: string;
      lesson: string;
      doneAt: string | null;
      openedAt: string | null;
      positionSeconds: number | null;
      unread: boolean;
    }>;
    continue: { thinkTank: string; topic: string; lesson: string } | null;
  };
};
/** Posts in a lesson's discussion through the API, as the app does. */
const reply = async (who: BuiltUser, path: string, text: string) => {
  const res = await request('POST', `/api/discussions/${path}`, who.cookie, { text });
  expect(res.statusCode).toBe(201);
};

const entryOf = async (who: BuiltUser, path: string) =>
  (await progressOf(who)).lessons.find((l) => `${l.thinkTank}/${l.topic}/${l.lesson}` === path);

describe('GET /api/progress', () => {
  it('is for signed-in members only, and starts empty with Continue at lesson 201', async () => {
    expect((await request('GET', '/api/progress', undefined)).statusCode).toBe(401);
    const fresh = await buildUser(t.app);
    expect(await progressOf(fresh)).toEqual({
      lessons: [],
      continue: {
        thinkTank: 'intellectual',
        topic: 'understanding-self',
        lesson: 'what-constitutes-intelligence',
      },
    });
  });
});

describe('marking a lesson done', () => {
  it('marks and unmarks, keeps the first time it was done, and shows only in the member’s own progress', async () => {
    const put = await request('PUT', `/api/progress/${SYSTEMS}`, ann.cookie);
    expect(put.statusCode).toBe(200);
    const first = put.json().doneAt as string;
    expect(Date.parse(first)).not.toBeNaN();
    // Again: still done, same time.
    const again = await request('PUT', `/api/progress/${SYSTEMS}`, ann.cookie, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().doneAt).toBe(first);
    expect((await entryOf(ann, SYSTEMS))?.doneAt).toBe(first);
    // Bob sees none of it, and his own marks never touch Ann's.
    expect(await entryOf(bob, SYSTEMS)).toBeUndefined();
    await request('PUT', `/api/progress/${SYSTEMS}`, bob.cookie);
    await request('DELETE', `/api/progress/${SYSTEMS}`, bob.cookie);
    expect((await entryOf(ann, SYSTEMS))?.doneAt).toBe(first);

    const del = await request('DELETE', `/api/progress/${SYSTEMS}`, ann.cookie);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({
      thinkTank: 'intellectual',
      topic: 'understanding-self',
      lesson: 'systems-theory',
      doneAt: null,
    });
    expect((await entryOf(ann, SYSTEMS))?.doneAt).toBeNull();
  });

  it('answers 404 outside the 36 lessons, 401 to visitors, 400 to hostile paths', async () => {
    for (const path of [
      'physiological/main/main',
      'spiritual/main/main',
      'intellectual/understanding-self/nope',
      'intellectual/optimal-self/systems-theory',
      'other/a/b',
    ]) {
      const res = await request('PUT', `/api/progress/${path}`, ann.cookie);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ error: 'Lesson not found' });
    }
    expect((await request('PUT', `/api/progress/${SYSTEMS}`, undefined)).statusCode).toBe(401);
    expect((await request('DELETE', `/api/progress/${SYSTEMS}`, undefined)).statusCode).toBe(401);
    const nul = await request(
      'PUT',
      '/api/progress/intellectual/understanding-self/systems%00theory',
      ann.cookie,
    );
    expect(nul.statusCode).toBe(400);
    const long = await request(
      'PUT',
      `/api/progress/intellectual/understanding-self/${'a'.repeat(101)}`,
      ann.cookie,
    );
    expect(long.statusCode).toBe(400);
  });
});

describe('visiting a lesson', () => {
  const visit = (who: BuiltUser, payload: unknown, path = SYSTEMS) =>
    request('PUT', `/api/progress/${path}/visit`, who.cookie, payload);

  it('records the opening and where the video stands, and Continue offers the lesson to resume', async () => {
    const res = await visit(bob, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ positionSeconds: null, doneAt: null });
    expect(Date.parse(res.json().openedAt)).not.toBeNaN();
    const moved = await visit(bob, { positionSeconds: 102.5 });
    expect(moved.json().positionSeconds).toBe(102.5);
    // Opening it again without a position keeps the position.
    expect((await visit(bob, {})).json().positionSeconds).toBe(102.5);
    expect((await progressOf(bob)).continue).toEqual({
      thinkTank: 'intellectual',
      topic: 'understanding-self',
      lesson: 'systems-theory',
    });
  });

  it('refuses positions that are no time, with the field named', async () => {
    for (const [payload, error] of [
      [{ positionSeconds: -1 }, 'positionSeconds must not be negative'],
      [{ positionSeconds: '12' }, 'positionSeconds must be a number'],
      [{ positionSeconds: null }, 'positionSeconds must be a number'],
      [{ positionSeconds: 1e9 }, 'positionSeconds must be at most 86400'],
      [[1], 'Request body must be a JSON object'],
    ] as const) {
      const res = await visit(bob, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect((await visit(bob, {}, 'spiritual/main/main')).statusCode).toBe(404);
  });
});

describe('Continue through the API', () => {
  it('goes from the last lesson of an area to the first of the next, and from a topic’s end to the next topic', async () => {
    const cara = await buildUser(t.app);
    await request('PUT', '/api/progress/intellectual/understanding-enemy/methods-idp', cara.cookie);
    expect((await progressOf(cara)).continue).toEqual({
      thinkTank: 'psychological',
      topic: 'stress-management',
      lesson: 'anxiety-personal-lives',
    });
    await request('PUT', '/api/progress/emotional/emotion-neural-link/flow-state', cara.cookie);
    expect((await progressOf(cara)).continue).toEqual({
      thinkTank: 'emotional',
      topic: 'alter-ego',
      lesson: 'emotional-conviction',
    });
  });
});

type Slot = { thinkTank: string; topicSlug: string; lessonSlug: string };
/** An attempt of `who` posted in the slot's discussion, as the attempt routes store it. */
async function postAttempt(who: BuiltUser, slot: Slot, caption: string) {
  const db = t.app.ctx.database.db;
  const [attempt] = await db.insert(attempts).values({ userId: who.user.id, caption }).returning();
  await db
    .insert(discussionMessages)
    .values({ ...slot, userId: who.user.id, text: caption, attemptId: attempt!.id });
}

describe('a coach’s reply to an attempt', () => {
  it('marks the lesson unread for the member who posted the attempt until they open it', async () => {
    const db = t.app.ctx.database.db;
    const dana = await buildUser(t.app);
    const slot = { thinkTank: 'psychological', topicSlug: 'neuro-remodeling', lessonSlug: 'theory' };
    const path = 'psychological/neuro-remodeling/theory';
    await postAttempt(dana, slot, 'my squat');
    // Another member's answer is no coach's reply.
    await db.insert(discussionMessages).values({ ...slot, userId: bob.user.id, text: 'nice' });
    expect((await entryOf(dana, path))?.unread ?? false).toBe(false);

    // The coach answers in the thread (the member's progress was read, and is kept, before).
    await reply(admin, path, 'Knees out');
    expect(await entryOf(dana, path)).toMatchObject({ unread: true, doneAt: null, openedAt: null });
    // Nobody else gets the mark.
    expect((await entryOf(bob, path))?.unread ?? false).toBe(false);

    await request('PUT', `/api/progress/${path}/visit`, dana.cookie, {});
    expect((await entryOf(dana, path))?.unread).toBe(false);
    // A later reply marks it again.
    await reply(admin, path, 'And slower');
    expect((await entryOf(dana, path))?.unread).toBe(true);
  });

  it('counts a reply from an admin by the admin flag as well, and only in that discussion', async () => {
    const db = t.app.ctx.database.db;
    const [erin, flagged] = [await buildUser(t.app), await buildUser(t.app)];
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, flagged.user.id));
    const slot = { thinkTank: 'emotional', topicSlug: 'alter-ego', lessonSlug: 'assessing-data' };
    const path = 'emotional/alter-ego/assessing-data';
    await request('PUT', `/api/progress/${path}/visit`, erin.cookie, {});
    await postAttempt(erin, slot, 'drill');
    // The admin's reply in another lesson's discussion is no reply to this attempt.
    await db
      .insert(discussionMessages)
      .values({ ...slot, lessonSlug: 'emotional-conviction', userId: flagged.user.id, text: 'Elsewhere' });
    expect((await entryOf(erin, path))?.unread).toBe(false);

    await db.insert(discussionMessages).values({ ...slot, userId: flagged.user.id, text: 'Hips lower' });
    // Written to the database directly: what changed must be said, as the admin CLI says a grant.
    await t.app.ctx.progressCache.changed(null);
    expect((await entryOf(erin, path))?.unread).toBe(true);
  });
});

describe('the admins’ member viewer', () => {
  it('shows how many lessons each member has done', async () => {
    const eve = await buildUser(t.app);
    await request('PUT', '/api/progress/emotional/alter-ego/assessing-data', eve.cookie);
    await request('PUT', '/api/progress/emotional/alter-ego/emotional-conviction', eve.cookie);
    const res = await request('GET', '/api/admin/members', admin.cookie);
    expect(res.statusCode).toBe(200);
    const members = res.json() as Array<{ username: string; lessonsDone: number }>;
    expect(members.find((m) => m.username === eve.user.username)?.lessonsDone).toBe(2);
    expect(members.find((m) => m.username === admin.user.username)?.lessonsDone).toBe(0);
  });
});

describe('reading progress again', () => {
  it('answers 304 to the ETag of an unchanged answer, a new ETag after a change, and compressed bytes that decode to the same JSON', async () => {
    const who = await buildUser(t.app);
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/progress', headers: { cookie: who.cookie, ...headers } });
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Enough lessons opened for the answer to be compressed: brotli bytes, their own ETag.
    for (const lesson of TOPICS[0]!.lessons)
      expect(
        (await request('PUT', `/api/progress/intellectual/understanding-self/${lesson}`, who.cookie))
          .statusCode,
      ).toBe(200);
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const plain = changed.json() as { lessons: unknown[] };
    expect(plain.lessons).toHaveLength(TOPICS[0]!.lessons.length);
    const br = await get({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).not.toBe(changed.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    expect(
      (await get({ 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode,
    ).toBe(304);
  });
});
