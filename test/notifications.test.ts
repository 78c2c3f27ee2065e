// Notifications (issue 32, decision 56): each kind made by its cause as a member reads it through the
// API, the list's pages, the unread count, marking read, bad input, blocks and duplicates, and the hub
// telling a member's listeners on another server process.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../common/contracts/notifications';
import type { App } from '../server/app';
import { buildApp } from '../server/app';
import type { NotificationStreamEvent } from '../server/notifications/notifications.service';
import { apiCaller, createSecondInstance, createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { buildUser, buildUsers, memberAddress, postChatMessage, type BuiltUser } from './helpers/factories';
import { uploadFrame } from './helpers/uploads';

const COACH = 'notify-coach@example.com';
const SECOND_COACH = 'notify-coach-2@example.com';

let t: TestApp;
let coach: BuiltUser;
let coach2: BuiltUser;
let ann: BuiltUser;
let bob: BuiltUser;
let cat: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `${COACH},${SECOND_COACH}` });
  coach = await buildUser(t.app, { email: COACH });
  coach2 = await buildUser(t.app, { email: SECOND_COACH });
  [ann, bob, cat] = await buildUsers(t.app, 3);
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t.app);

async function listOf(
  who: BuiltUser,
  query = '',
): Promise<{ notifications: Notification[]; next: number | null }> {
  const res = await call('GET', `/api/notifications${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function unread(who: BuiltUser): Promise<number> {
  const res = await call('GET', '/api/notifications/unread-count', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count as number;
}
/** The member's notifications of a kind, newest first. */
async function ofKind(who: BuiltUser, kind: Notification['kind']): Promise<Notification[]> {
  return (await listOf(who, '?limit=50')).notifications.filter((n) => n.kind === kind);
}
const say = (who: BuiltUser, content: string, replyToId?: number) =>
  postChatMessage(t.app, who, content, replyToId === undefined ? {} : { replyToId });
const SYSTEMS = { thinkTank: 'intellectual', topic: 'understanding-self', lesson: 'systems-theory' };
const thread = `/api/discussions/${SYSTEMS.thinkTank}/${SYSTEMS.topic}/${SYSTEMS.lesson}`;

async function postAttempt(who: BuiltUser, target: object, caption: string) {
  const res = await call('POST', '/api/attempts', who, {
    target,
    imageUrl: await uploadFrame(t.app, who, [9, 99, 199]),
    caption,
    angles: [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    chatMessage: { id: number; attempt: { id: string } } | null;
    discussionMessage: { id: number; attempt: { id: string } } | null;
  };
}

describe('producers, as the member reads them', () => {
  it("attempt-new to every coach, and attempt-reply to its author at a coach's first reply (chat and lesson)", async () => {
    const inChat = await postAttempt(ann, { kind: 'chat' }, 'my first swing, thoughts?');
    const attemptId = inChat.chatMessage!.attempt.id;
    for (const c of [coach, coach2]) {
      const [n] = (await ofKind(c, 'attempt-new')).filter(
        (x) => x.target.type === 'attempt' && x.target.attemptId === attemptId,
      );
      expect(n).toMatchObject({
        kind: 'attempt-new',
        actor: { username: ann.user.username, name: ann.user.name },
        excerpt: 'my first swing, thoughts?',
        readAt: null,
        target: { type: 'attempt', attemptId, where: { kind: 'chat', messageId: inChat.chatMessage!.id } },
      });
    }
    // Not to the poster, nor to a member.
    expect(await ofKind(ann, 'attempt-new')).toEqual([]);
    expect(await ofKind(bob, 'attempt-new')).toEqual([]);

    // A member's reply is no coach's reply; the coach's first reply notifies, a second does not again.
    await say(bob, 'nice one', inChat.chatMessage!.id);
    expect(await ofKind(ann, 'attempt-reply')).toEqual([]);
    await say(coach, 'keep your elbow up '.repeat(20), inChat.chatMessage!.id);
    await say(coach2, 'agreed', inChat.chatMessage!.id);
    const replies = await ofKind(ann, 'attempt-reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      actor: { username: coach.user.username },
      target: { type: 'attempt', attemptId, where: { kind: 'chat', messageId: inChat.chatMessage!.id } },
    });
    // The excerpt: its first ~140 characters, cut at a word, with an ellipsis.
    expect([...replies[0]!.excerpt!].length).toBeLessThanOrEqual(140);
    expect(replies[0]!.excerpt).toMatch(/^keep your elbow up keep .*…$/);

    // In a lesson discussion: a coach's message after the attempt answers it.
    const inLesson = await postAttempt(bob, { kind: 'lesson', ...SYSTEMS }, 'lesson attempt');
    const lessonAttempt = inLesson.discussionMessage!.attempt.id;
    const posted = await call('POST', thread, coach, { text: 'Good base, now rotate.' });
    expect(posted.statusCode, posted.body).toBe(201);
    const [reply] = await ofKind(bob, 'attempt-reply');
    expect(reply).toMatchObject({
      excerpt: 'Good base, now rotate.',
      target: {
        type: 'attempt',
        attemptId: lessonAttempt,
        where: { kind: 'lesson', ...SYSTEMS, messageId: inLesson.discussionMessage!.id },
      },
    });
    // A coach's own attempt is not one to review: the other coach is not told.
    const own = await postAttempt(coach, { kind: 'chat' }, 'coach demo');
    expect(
      (await ofKind(coach2, 'attempt-new')).some(
        (n) => n.target.type === 'attempt' && n.target.attemptId === own.chatMessage!.attempt.id,
      ),
    ).toBe(false);
  });

  it('report-new to every coach, leading to the reports queue', async () => {
    const m = await say(cat, 'something rude');
    const res = await call('POST', '/api/reports', bob, {
      messageKind: 'chat',
      messageId: m.id,
      reason: 'harassment',
      note: 'not ok',
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const c of [coach, coach2]) {
      const [n] = await ofKind(c, 'report-new');
      expect(n).toMatchObject({
        actor: { username: bob.user.username },
        target: { type: 'reports' },
        excerpt: 'harassment: not ok',
      });
    }
    expect(await ofKind(cat, 'report-new')).toEqual([]);
  });

  it('lesson-video to the members who opened that lesson, again for a replacement', async () => {
    const LESSON = {
      thinkTank: 'intellectual',
      topicSlug: 'understanding-enemy',
      lessonSlug: 'interception-deception',
    };
    const lessonPath = `${LESSON.thinkTank}/${LESSON.topicSlug}/${LESSON.lessonSlug}`;
    expect((await call('PUT', `/api/progress/${lessonPath}/visit`, cat, {})).statusCode).toBeLessThan(300);
    const clip = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'clip.webm'));
    async function upload() {
      const { uploadURL } = (await call('POST', '/api/videos/upload-url', coach)).json();
      const put = await t.app.inject({
        method: 'PUT',
        url: uploadURL,
        headers: { 'content-type': 'video/webm' },
        payload: clip,
      });
      expect(put.statusCode, put.body).toBe(200);
      const reg = await call('POST', '/api/lesson-videos/upload', coach, { ...LESSON, uploadURL });
      expect(reg.statusCode, reg.body).toBe(200);
    }
    await upload();
    const [n] = await ofKind(cat, 'lesson-video');
    expect(n).toMatchObject({
      actor: { username: coach.user.username },
      target: {
        type: 'lesson',
        thinkTank: LESSON.thinkTank,
        topic: LESSON.topicSlug,
        lesson: LESSON.lessonSlug,
      },
    });
    expect(n!.excerpt).toBeTruthy();
    // Members who never opened it are not told.
    expect(await ofKind(bob, 'lesson-video')).toEqual([]);
    await upload();
    expect(await ofKind(cat, 'lesson-video')).toHaveLength(2);
  });

  it('membership-approved when a coach approves a join request', async () => {
    const setAdmission = (admission: string) => call('PATCH', '/api/admin/community', coach, { admission });
    expect((await setAdmission('approval')).statusCode).toBe(200);
    try {
      const email = `notify-joiner.${process.pid}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: email, email, password: 'correct horse battery' },
        remoteAddress: memberAddress(900),
      });
      expect(res.statusCode, res.body).toBe(201);
      const cookie = sessionCookieOf(res);
      const id = res.json().user.id as string;
      // While waiting, a join request is no member: nothing is made for it.
      const early = await t.app.ctx.notifications.create([
        {
          userId: id,
          kind: 'mention',
          actorId: ann.user.id,
          target: { type: 'chat', messageId: 1 },
          source: 'pending-1',
          excerpt: null,
        },
      ]);
      expect(early).toEqual([]);
      const approved = await call('POST', `/api/admin/join-requests/${id}/approve`, coach);
      expect(approved.statusCode, approved.body).toBe(200);
      const list = await call('GET', '/api/notifications', cookie);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().notifications).toMatchObject([
        { kind: 'membership-approved', actor: { username: coach.user.username }, target: { type: 'home' } },
      ]);
      expect((await call('GET', '/api/notifications/unread-count', cookie)).json()).toEqual({ count: 1 });
    } finally {
      expect((await setAdmission('open')).statusCode).toBe(200);
    }
  });

  it("moderation when a coach removes a member's chat or discussion message (the reason, else its words)", async () => {
    const m = await say(cat, 'buy cheap watches');
    const removed = await call(
      'DELETE',
      `/api/chat/community/${m.id}?reason=${encodeURIComponent('Spam')}`,
      coach,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const posted = await call('POST', thread, cat, { text: 'off-topic words in the lesson' });
    expect(posted.statusCode, posted.body).toBe(201);
    const d = posted.json() as { id: number };
    const gone = await call('DELETE', `${thread}/messages/${d.id}`, coach);
    expect(gone.statusCode, gone.body).toBe(200);
    const list = await ofKind(cat, 'moderation');
    expect(list).toMatchObject([
      {
        excerpt: 'off-topic words in the lesson',
        target: { type: 'discussion', ...SYSTEMS, messageId: d.id },
      },
      {
        excerpt: 'Spam',
        actor: { username: coach.user.username },
        target: { type: 'chat', messageId: m.id },
      },
    ]);
    // A coach's removal of an attempt: its author is told at the message that posted it.
    const attempt = await postAttempt(cat, { kind: 'chat' }, 'my attempt, removed');
    const id = attempt.chatMessage!.attempt.id;
    const dropped = await call(
      'DELETE',
      `/api/attempts/${id}?reason=${encodeURIComponent('Not yours')}`,
      coach,
    );
    expect(dropped.statusCode, dropped.body).toBeLessThan(300);
    expect((await ofKind(cat, 'moderation'))[0]).toMatchObject({
      excerpt: 'Not yours',
      target: { type: 'chat', messageId: attempt.chatMessage!.id },
    });
    // Deleting one's own message is no moderation.
    const mine = await say(cat, 'typo');
    expect((await call('DELETE', `/api/chat/community/${mine.id}`, cat)).statusCode).toBe(200);
    expect(await ofKind(cat, 'moderation')).toHaveLength(3);
  });
});

describe('the rules of create', () => {
  const item = (userId: string, actorId: string | null, source: string) => ({
    userId,
    kind: 'mention' as const,
    actorId,
    target: { type: 'chat' as const, messageId: 1 },
    source,
    excerpt: 'hello',
  });

  it('a recipient who blocks the actor gets nothing; the actor never notifies themself; a source once', async () => {
    const dan = await buildUser(t.app);
    const eve = await buildUser(t.app);
    expect((await call('POST', `/api/members/${eve.user.username}/block`, dan)).statusCode).toBe(204);
    const made = await t.app.ctx.notifications.create([
      item(dan.user.id, eve.user.id, 'rules-1'),
      item(eve.user.id, eve.user.id, 'rules-2'),
      item(eve.user.id, dan.user.id, 'rules-3'),
      item(eve.user.id, dan.user.id, 'rules-3'),
    ]);
    expect(made.map((r) => r.userId)).toEqual([eve.user.id]);
    expect((await listOf(dan)).notifications).toEqual([]);
    expect(await unread(dan)).toBe(0);
    // The same source again: nothing new, no error.
    expect(await t.app.ctx.notifications.create([item(eve.user.id, dan.user.id, 'rules-3')])).toEqual([]);
    expect((await listOf(eve)).notifications).toHaveLength(1);
    // A coach who blocks a member hears nothing of their attempts.
    const blocked = await call('POST', `/api/members/${dan.user.username}/block`, coach2);
    expect(blocked.statusCode, blocked.body).toBe(204);
    const a = await postAttempt(dan, { kind: 'chat' }, 'from a blocked member');
    const id = a.chatMessage!.attempt.id;
    const seen = (n: Notification) => n.target.type === 'attempt' && n.target.attemptId === id;
    expect((await ofKind(coach, 'attempt-new')).some(seen)).toBe(true);
    expect((await ofKind(coach2, 'attempt-new')).some(seen)).toBe(false);
  });

  it('never throws: a notification the database refuses is logged and nothing is made', async () => {
    const bad = { ...item(ann.user.id, bob.user.id, 'refused'), kind: 'no-such-kind' as 'mention' };
    await expect(t.app.ctx.notifications.create([bad])).resolves.toEqual([]);
    expect((await listOf(ann)).notifications.some((n) => n.excerpt === 'hello')).toBe(false);
  });

  it('deleted, suspended and pending recipients get nothing; a kind off everywhere makes no row, off in the app a hidden one', async () => {
    const gone = await buildUser(t.app);
    const deleted = await call('POST', '/api/auth/delete-account', gone, { password: gone.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.ctx.notifications.create([item(gone.user.id, ann.user.id, 'gone-1')])).toEqual([]);
    const bad = await buildUser(t.app);
    const suspended = await call('POST', `/api/admin/members/${bad.user.id}/suspend`, coach, {
      reason: 'spam',
    });
    expect(suspended.statusCode, suspended.body).toBeLessThan(300);
    expect(await t.app.ctx.notifications.create([item(bad.user.id, ann.user.id, 'susp-1')])).toEqual([]);
    const quiet = await buildUser(t.app);
    const { notificationPreferences } = await import('../server/db/schema');
    await t.app.ctx.database.db.insert(notificationPreferences).values([
      { userId: quiet.user.id, kind: 'mention', inApp: false, email: 'never', push: false },
      { userId: quiet.user.id, kind: 'discussion-reply', inApp: false, email: 'hourly', push: false },
    ]);
    expect(await t.app.ctx.notifications.create([item(quiet.user.id, ann.user.id, 'quiet-1')])).toEqual([]);
    const hidden = await t.app.ctx.notifications.create([
      { ...item(quiet.user.id, ann.user.id, 'quiet-2'), kind: 'discussion-reply' },
    ]);
    expect(hidden.map((r) => r.inApp)).toEqual([false]);
    expect((await listOf(quiet)).notifications).toEqual([]);
    expect(await unread(quiet)).toBe(0);
    const prefs = await t.app.ctx.notifications.preferencesOf(
      [quiet.user.id, ann.user.id],
      'discussion-reply',
    );
    expect(prefs.get(quiet.user.id)).toEqual({ inApp: false, email: 'hourly', push: false });
    expect(prefs.get(ann.user.id)).toEqual({ inApp: true, email: 'hourly', push: true });
  });
});

describe('GET /api/notifications, unread-count, POST read', () => {
  let fay: BuiltUser;
  let ids: number[];
  beforeAll(async () => {
    fay = await buildUser(t.app);
    const made = await t.app.ctx.notifications.create(
      Array.from({ length: 5 }, (_, i) => ({
        userId: fay.user.id,
        kind: 'mention' as const,
        actorId: ann.user.id,
        target: { type: 'chat' as const, messageId: 100 + i },
        source: `paging-${i}`,
        excerpt: `message ${i}`,
      })),
    );
    ids = made.map((r) => r.id).sort((a, b) => a - b);
  });

  it('lists newest first, a page at a time by before and limit', async () => {
    const first = await listOf(fay, '?limit=2');
    expect(first.notifications.map((n) => n.id)).toEqual([ids[4], ids[3]]);
    expect(first.next).toBe(ids[3]);
    const second = await listOf(fay, `?limit=2&before=${first.next}`);
    expect(second.notifications.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    const last = await listOf(fay, `?limit=2&before=${second.next}`);
    expect(last.notifications.map((n) => n.id)).toEqual([ids[0]]);
    expect(last.next).toBeNull();
    expect((await listOf(fay)).notifications).toHaveLength(5);
    expect(await unread(fay)).toBe(5);
  });

  it("marks ids of mine read, never another member's; all:true marks the rest", async () => {
    const theirs = await t.app.ctx.notifications.create([
      {
        userId: bob.user.id,
        kind: 'mention',
        actorId: ann.user.id,
        target: { type: 'chat', messageId: 7 },
        source: 'not-fays',
        excerpt: null,
      },
    ]);
    const bobsId = theirs[0]!.id;
    const bobBefore = await unread(bob);
    const res = await call('POST', '/api/notifications/read', fay, { ids: [ids[0], ids[1], bobsId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marked: 2, count: 3 });
    // Again: nothing more marked.
    expect((await call('POST', '/api/notifications/read', fay, { ids: [ids[0]] })).json()).toEqual({
      marked: 0,
      count: 3,
    });
    expect(await unread(bob)).toBe(bobBefore);
    const bobs = (await listOf(bob)).notifications.find((n) => n.id === bobsId);
    expect(bobs?.readAt).toBeNull();
    // Another member's notification is never in my list.
    expect((await listOf(fay)).notifications.some((n) => n.id === bobsId)).toBe(false);
    const read = (await listOf(fay)).notifications.filter((n) => n.readAt !== null).map((n) => n.id);
    expect(read.sort()).toEqual([ids[0], ids[1]].sort());
    const all = await call('POST', '/api/notifications/read', fay, { all: true });
    expect(all.json()).toEqual({ marked: 3, count: 0 });
    expect(await unread(fay)).toBe(0);
    expect(await unread(bob)).toBe(bobBefore);
  });

  it('refuses visitors (401) and bad input (400 naming why), never 500', async () => {
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read', undefined, { all: true })).statusCode).toBe(401);
    const cases: Array<[unknown, RegExp]> = [
      [{ ids: [] }, /ids must not be empty/],
      [{ ids: ['x'] }, /notification id/],
      [{ ids: [0] }, /notification id/],
      [{ ids: [1.5] }, /notification id/],
      [{ ids: 'all' }, /ids|Request body/],
      [{ all: false }, /Request body|all/],
      [{ all: true, ids: [1] }, /Request body|Unrecognized|ids/],
      [{}, /Request body/],
      [[1, 2], /Request body/],
    ];
    for (const [payload, why] of cases) {
      const res = await call('POST', '/api/notifications/read', fay, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatch(why);
    }
    for (const q of ['?limit=0', '?limit=51', '?limit=x', '?before=0', '?before=x', '?before=-3']) {
      const res = await call('GET', `/api/notifications${q}`, fay);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error, q).toMatch(/limit|before/);
    }
  });
});

describe('the hub: another process', () => {
  it("tells a member's listener on another process of a new notification and of a read", async () => {
    let other: { app: App; close(): Promise<void> };
    if (testDatabaseUrl) other = await createSecondInstance(t);
    else {
      const app = await buildApp({ config: t.config, database: t.app.ctx.database });
      await app.ready();
      other = { app, close: () => app.close() };
    }
    try {
      const gil = await buildUser(t.app);
      const heard: NotificationStreamEvent[] = [];
      const stop = other.app.ctx.notifications.subscribe(gil.user.id, (e) => heard.push(e));
      // A coach removes gil's message through the first process.
      const m = await say(gil, 'something to remove');
      expect((await call('DELETE', `/api/chat/community/${m.id}?reason=Rude`, coach)).statusCode).toBe(200);
      await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      expect(heard[0]).toMatchObject({
        type: 'notification',
        data: {
          unread: 1,
          notification: { kind: 'moderation', excerpt: 'Rude', target: { type: 'chat', messageId: m.id } },
        },
      });
      // Read in one tab (the first process): the other process's listener hears the count.
      expect((await call('POST', '/api/notifications/read', gil, { all: true })).json()).toEqual({
        marked: 1,
        count: 0,
      });
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(2);
      expect(heard[1]).toEqual({ type: 'read', data: { unread: 0 } });
      stop();
    } finally {
      await other.close();
    }
  });
});
