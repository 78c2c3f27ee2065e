// My attempts (issue 30 part 4, decision 52): GET /api/attempts/mine and POST /api/attempts/{id}/seen,
// the coach's reply stored on the attempt when it is posted (a discussion message or a chat reply), read
// by the inbox too, and worked out again when a reply goes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptsReviewResponse, MyAttemptsResponse } from '../common/contracts/attempts';
import { apiCaller, type TestApp } from './helpers/app';
import { createTestAppWithCoach, buildUser, grantAdmin, type BuiltUser } from './helpers/factories';
import { uploadFrame } from './helpers/uploads';

let t: TestApp;
let coach: BuiltUser;
let assistant: BuiltUser;
let ann: BuiltUser;
let bob: BuiltUser;
beforeAll(async () => {
  ({
    t,
    coach,
    members: [ann, bob, assistant],
  } = await createTestAppWithCoach('coach-mine@example.com', 3));
  // An admin by the is_admin column, not by ADMIN_EMAILS.
  await grantAdmin(t.app, assistant);
});
afterAll(async () => {
  await t.close();
});

const inject = apiCaller(() => t.app);
const mine = async (who: BuiltUser, query = '') => {
  const res = await inject('GET', `/api/attempts/mine${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyAttemptsResponse;
};
const itemOf = async (who: BuiltUser, attemptId: string) =>
  (await mine(who, '?limit=100')).items.find((i) => i.attempt.id === attemptId)!;
const seen = (who: BuiltUser | undefined, id: string) => inject('POST', `/api/attempts/${id}/seen`, who);
const awaitingCount = async () =>
  ((await inject('GET', '/api/attempts/review', coach)).json() as AttemptsReviewResponse).awaiting;

type Lesson = { thinkTank: string; topic: string; lesson: string };
const SYSTEMS: Lesson = { thinkTank: 'intellectual', topic: 'understanding-self', lesson: 'systems-theory' };
const FLOW: Lesson = { thinkTank: 'emotional', topic: 'emotion-neural-link', lesson: 'flow-state' };
const threadUrl = (l: Lesson) => `/api/discussions/${l.thinkTank}/${l.topic}/${l.lesson}`;

/** Posts an attempt (a frame) to a lesson or the chat: its id and its message's id. */
async function post(who: BuiltUser, caption: string, where: Lesson | 'chat') {
  const target = where === 'chat' ? { kind: 'chat' } : { kind: 'lesson', ...where };
  const res = await inject('POST', '/api/attempts', who, {
    target,
    caption,
    imageUrl: await uploadFrame(t.app, who, [4, 5, 6]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const message = res.json().chatMessage ?? res.json().discussionMessage;
  return { id: message.attempt.id as string, messageId: message.id as number };
}
async function say(who: BuiltUser, where: Lesson, text: string): Promise<number> {
  const res = await inject('POST', threadUrl(where), who, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
async function chatReply(who: BuiltUser, replyToId: number, content: string): Promise<number> {
  const res = await inject('POST', '/api/chat/community', who, { content, messageType: 'text', replyToId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('GET /api/attempts/mine', () => {
  it('answers 401 to visitors', async () => {
    const res = await inject('GET', '/api/attempts/mine');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Not signed in' });
    expect((await seen(undefined, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('lists the member’s own attempts newest first, awaiting review, and no one else’s', async () => {
    const a = await post(ann, 'ann squat', SYSTEMS);
    const c = await post(ann, 'ann chat rep', 'chat');
    await post(bob, 'bob rep', SYSTEMS);
    const list = await mine(ann);
    expect(list.items.map((i) => i.attempt.caption)).toEqual(['ann chat rep', 'ann squat']);
    expect(list.unread).toBe(0);
    expect(list.nextCursor).toBeNull();
    expect(list.items[1]).toMatchObject({
      attempt: { id: a.id, caption: 'ann squat', clipUrl: null },
      lesson: {
        id: 'intellectual/understanding-self/systems-theory',
        title: '203 · Systems Theory',
      },
      messageId: a.messageId,
      status: 'awaiting',
      reply: null,
      unread: false,
    });
    expect(list.items[0]).toMatchObject({ lesson: null, messageId: c.messageId, status: 'awaiting' });
    expect(list.items[0]!.attempt.imageUrl).toMatch(/^\/api\/media\//);
    expect((await mine(bob)).items.map((i) => i.attempt.caption)).toEqual(['bob rep']);
  });

  it('a coach’s message in the discussion after the attempt moves it to replied and unread; seen clears it', async () => {
    const before = await awaitingCount();
    const a = await post(ann, 'flow rep', FLOW);
    expect(await awaitingCount()).toBe(before + 1);
    // A member's message, or the author's own, is not a coach's reply.
    await say(bob, FLOW, 'Nice one');
    await say(ann, FLOW, 'Thanks');
    expect(await itemOf(ann, a.id)).toMatchObject({ status: 'awaiting', unread: false });

    const replyId = await say(
      coach,
      FLOW,
      'Hips lower on the way down, and keep the chest up the whole time',
    );
    const item = await itemOf(ann, a.id);
    expect(item).toMatchObject({
      status: 'replied',
      unread: true,
      reply: {
        user: { name: coach.user.name, username: coach.user.username },
        excerpt: 'Hips lower on the way down, and keep the chest up the whole time',
        messageId: replyId,
      },
    });
    expect(Date.parse(item.reply!.createdAt)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
    expect((await mine(ann)).unread).toBeGreaterThanOrEqual(1);
    // The inbox reads the same stored state: the attempt left the awaiting list.
    expect(await awaitingCount()).toBe(before);
    // A later coach message does not change which reply is the first.
    await say(assistant, FLOW, 'Agreed');
    expect((await itemOf(ann, a.id)).reply!.messageId).toBe(replyId);

    const unreadBefore = (await mine(ann)).unread;
    const res = await seen(ann, a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: unreadBefore - 1 });
    expect(await itemOf(ann, a.id)).toMatchObject({ status: 'replied', unread: false });
    expect((await mine(ann)).unread).toBe(unreadBefore - 1);
    // Seen twice is still seen.
    expect((await seen(ann, a.id)).json()).toEqual({ unread: unreadBefore - 1 });
  });

  it('a coach’s chat reply to the attempt’s message moves it to replied; a reply to another message does not', async () => {
    const c = await post(bob, 'bob chat squat', 'chat');
    const other = await post(bob, 'bob other chat', 'chat');
    await chatReply(ann, c.messageId, 'looks good');
    expect(await itemOf(bob, c.id)).toMatchObject({ status: 'awaiting', unread: false });
    const replyId = await chatReply(assistant, c.messageId, 'Brace before you descend');
    expect(await itemOf(bob, c.id)).toMatchObject({
      status: 'replied',
      unread: true,
      reply: { excerpt: 'Brace before you descend', messageId: replyId, user: { name: assistant.user.name } },
    });
    expect(await itemOf(bob, other.id)).toMatchObject({ status: 'awaiting', unread: false });
    const review = (
      await inject('GET', '/api/attempts/review?limit=100', coach)
    ).json() as AttemptsReviewResponse;
    expect(review.items.map((i) => i.attempt.id)).not.toContain(c.id);
    expect(review.items.map((i) => i.attempt.id)).toContain(other.id);
  });

  it('opening the lesson reads the replies to the member’s attempts there', async () => {
    const a = await post(bob, 'bob systems', SYSTEMS);
    await say(coach, SYSTEMS, 'Slower');
    expect(await itemOf(bob, a.id)).toMatchObject({ status: 'replied', unread: true });
    const visit = await inject(
      'PUT',
      `/api/progress/${SYSTEMS.thinkTank}/${SYSTEMS.topic}/${SYSTEMS.lesson}/visit`,
      bob,
      {},
    );
    expect(visit.statusCode, visit.body).toBe(200);
    expect(await itemOf(bob, a.id)).toMatchObject({ status: 'replied', unread: false });
  });

  it('refuses another member’s attempt (403), an unknown one (404) and a malformed id (400)', async () => {
    const a = await post(ann, 'ann private-ish', SYSTEMS);
    const other = await seen(bob, a.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('Only its author can mark the reply to an attempt read');
    // An admin cannot mark a member's reply read either.
    expect((await seen(coach, a.id)).statusCode).toBe(403);
    const missing = await seen(ann, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Attempt not found');
    expect((await seen(ann, 'not-an-id')).statusCode).toBe(400);
    const badCursor = await inject('GET', '/api/attempts/mine?cursor=nope', ann);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error).toMatch(/cursor must be/);
    expect((await inject('GET', '/api/attempts/mine?limit=0', ann)).json().error).toMatch(/limit must be/);
  });

  it('pages with limit and nextCursor, without repeats or gaps', async () => {
    const carl = await buildUser(t.app);
    for (let i = 0; i < 5; i++) await post(carl, `carl ${i}`, i % 2 ? 'chat' : FLOW);
    const seenIds: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MyAttemptsResponse = await mine(
        carl,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seenIds.push(...page.items.map((i) => i.attempt.caption));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seenIds).toEqual(['carl 4', 'carl 3', 'carl 2', 'carl 1', 'carl 0']);
  });
});

describe('the stored reply', () => {
  const db = () => t.app.ctx.database.db;

  it('is worked out again when the reply goes: the next coach reply standing, else awaiting again', async () => {
    const dave = await buildUser(t.app);
    const a = await post(dave, 'dave rep', SYSTEMS);
    const first = await say(coach, SYSTEMS, 'First');
    const second = await say(assistant, SYSTEMS, 'Second');
    expect((await itemOf(dave, a.id)).reply!.messageId).toBe(first);

    await db().execute(sql`delete from discussion_messages where id = ${first}`);
    expect(await t.app.ctx.attempts.repliesRemoved({ discussion: [first] })).toContain(a.id);
    expect(await itemOf(dave, a.id)).toMatchObject({
      status: 'replied',
      unread: true,
      reply: { messageId: second, excerpt: 'Second' },
    });

    await db().execute(sql`delete from discussion_messages where id = ${second}`);
    await t.app.ctx.attempts.repliesRemoved({ discussion: [second] });
    expect(await itemOf(dave, a.id)).toMatchObject({ status: 'awaiting', reply: null, unread: false });

    const c = await post(dave, 'dave chat', 'chat');
    const r = await chatReply(coach, c.messageId, 'Good');
    await db().execute(sql`delete from chat_messages where id = ${r}`);
    await t.app.ctx.attempts.repliesRemoved({ chat: [r] });
    expect(await itemOf(dave, c.id)).toMatchObject({ status: 'awaiting', reply: null });
  });

  it('is filled at start-up for replies the migration could not see (admins named in ADMIN_EMAILS)', async () => {
    const erin = await buildUser(t.app);
    const a = await post(erin, 'erin rep', FLOW);
    const reply = await say(coach, FLOW, 'Backfilled');
    // As a database migrated before the stored state: the reply is there, the attempt does not know it.
    await db().execute(
      sql`update attempts set replied_at = null, reply_message_id = null where id = ${a.id}`,
    );
    expect(await itemOf(erin, a.id)).toMatchObject({ status: 'awaiting' });
    expect(await t.app.ctx.attempts.backfillReplied()).toBeGreaterThanOrEqual(1);
    expect(await itemOf(erin, a.id)).toMatchObject({ status: 'replied', reply: { messageId: reply } });
  });
});
