// The coaches' inbox (issue 30): GET /api/attempts/review across lessons and the chat, and what counts
// as a coach's reply (an admin's message after the attempt in its discussion, or an admin's chat reply).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptsReviewResponse } from '../common/contracts/attempts';
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
  } = await createTestAppWithCoach('coach@example.com', 3));
  // An admin by the is_admin column (npm run admin -- grant), not by ADMIN_EMAILS.
  await grantAdmin(t.app, assistant);
});
afterAll(async () => {
  await t.close();
});

const inject = apiCaller(() => t.app);
const review = async (who: BuiltUser, query = '') => {
  const res = await inject('GET', `/api/attempts/review${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AttemptsReviewResponse;
};
const captions = (r: AttemptsReviewResponse) => r.items.map((i) => i.attempt.caption);

type Lesson = { thinkTank: string; topic: string; lesson: string };
const SYSTEMS: Lesson = { thinkTank: 'intellectual', topic: 'understanding-self', lesson: 'systems-theory' };
const FLOW: Lesson = { thinkTank: 'emotional', topic: 'emotion-neural-link', lesson: 'flow-state' };
const RESEARCH: Lesson = { thinkTank: 'psychological', topic: 'neuro-remodeling', lesson: 'research' };
const PHYSIO: Lesson = { thinkTank: 'physiological', topic: 'main', lesson: 'main' };
const threadUrl = (l: Lesson) => `/api/discussions/${l.thinkTank}/${l.topic}/${l.lesson}`;

/** Posts an attempt (a frame) to a lesson or the chat; returns its message id. */
async function post(who: BuiltUser, caption: string, where: Lesson | 'chat'): Promise<number> {
  const target = where === 'chat' ? { kind: 'chat' } : { kind: 'lesson', ...where };
  const res = await inject('POST', '/api/attempts', who, {
    target,
    caption,
    imageUrl: await uploadFrame(t.app, who, [1, 2, 3]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return (body.chatMessage ?? body.discussionMessage).id as number;
}
const say = async (who: BuiltUser, where: Lesson, text: string) =>
  expect((await inject('POST', threadUrl(where), who, { text })).statusCode).toBe(201);
const chatReply = (who: BuiltUser, replyToId: number, content = 'Keep the chest up') =>
  inject('POST', '/api/chat/community', who, { content, messageType: 'text', replyToId });

describe('GET /api/attempts/review', () => {
  it('answers 401 to visitors and 403 to members', async () => {
    const visitor = await inject('GET', '/api/attempts/review');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: 'Not signed in' });
    const member = await inject('GET', '/api/attempts/review', ann);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: 'Only administrators can review attempts.' });
    expect((await inject('GET', '/api/attempts/review?status=replied', ann)).statusCode).toBe(403);
  });

  it('lists every attempt awaiting a reply across lessons and the chat, oldest first, then replied ones newest first', async () => {
    const before = await review(coach);
    const a1 = await post(ann, 'squat at 201', SYSTEMS);
    await post(bob, 'chat rep', 'chat');
    await post(ann, 'flow rep', FLOW);
    await post(bob, 'physio rep', PHYSIO);
    // A coach's own attempt is a demonstration, not something to review.
    await post(coach, 'how it is done', RESEARCH);

    const awaiting = await review(coach);
    expect(awaiting.awaiting).toBe(before.awaiting + 4);
    expect(captions(awaiting).slice(-4)).toEqual(['squat at 201', 'chat rep', 'flow rep', 'physio rep']);
    const times = awaiting.items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const first = awaiting.items.find((i) => i.attempt.caption === 'squat at 201')!;
    expect(first).toMatchObject({
      member: { id: ann.user.id, username: ann.user.username, name: ann.user.name, profilePicture: null },
      lesson: {
        id: 'intellectual/understanding-self/systems-theory',
        thinkTank: 'intellectual',
        topic: 'understanding-self',
        lesson: 'systems-theory',
        title: '203 · Systems Theory',
      },
      messageId: a1,
      attempt: { caption: 'squat at 201', clipUrl: null },
    });
    expect(first.attempt.imageUrl).toMatch(/^\/api\/media\//);
    const chat = awaiting.items.find((i) => i.attempt.caption === 'chat rep')!;
    expect(chat.lesson).toBeNull();
    expect(awaiting.items.find((i) => i.attempt.caption === 'physio rep')!.lesson!.title).toBe(
      'Physiological',
    );

    // Another admin (by is_admin) sees the same list.
    expect(captions(await review(assistant))).toEqual(captions(awaiting));

    // Answered: a coach's message after it in the discussion, and a coach's chat reply.
    await say(coach, SYSTEMS, 'Knees out');
    await expect(chatReply(assistant, chat.messageId)).resolves.toMatchObject({ statusCode: 201 });
    const after = await review(coach);
    expect(after.awaiting).toBe(before.awaiting + 2);
    expect(captions(after)).not.toContain('squat at 201');
    expect(captions(after)).not.toContain('chat rep');
    expect(captions(after).slice(-2)).toEqual(['flow rep', 'physio rep']);

    const replied = await review(coach, '?status=replied');
    expect(captions(replied).slice(0, 2)).toEqual(['chat rep', 'squat at 201']);
    expect(replied.awaiting).toBe(after.awaiting);
  });

  it('counts only an admin’s reply: a member’s, the author’s own, a coach’s message before the attempt or a chat message replying to nothing do not', async () => {
    await say(coach, FLOW, 'Welcome to 403, post your reps');
    const m = await post(bob, 'flow rep by bob', FLOW);
    const c = await post(bob, 'chat rep by bob', 'chat');
    await say(ann, FLOW, 'Looks great!');
    await say(bob, FLOW, 'Thanks');
    expect((await chatReply(ann, c, 'nice')).statusCode).toBe(201);
    expect(
      (await inject('POST', '/api/chat/community', coach, { content: 'hi all', messageType: 'text' }))
        .statusCode,
    ).toBe(201);
    const list = await review(coach);
    expect(captions(list)).toEqual(expect.arrayContaining(['flow rep by bob', 'chat rep by bob']));
    expect(captions(await review(coach, '?status=replied'))).not.toContain('flow rep by bob');

    // A coach replying in a discussion answers every earlier attempt there, as the lesson page's 'Awaiting reply'.
    await say(assistant, FLOW, 'Hips lower');
    const now = await review(coach);
    expect(captions(now)).not.toContain('flow rep by bob');
    expect(captions(now)).not.toContain('flow rep');
    expect(captions(now)).toContain('chat rep by bob');
    const lessonReview = (
      await inject(
        'GET',
        '/api/attempts?thinkTank=emotional&topic=emotion-neural-link&lesson=flow-state',
        coach,
      )
    ).json() as Array<{ messageId: number; replied: boolean }>;
    expect(lessonReview.find((i) => i.messageId === m)!.replied).toBe(true);
  });

  it('pages with limit and nextCursor, without repeats or gaps', async () => {
    const carl = await buildUser(t.app);
    for (let i = 0; i < 5; i++) await post(carl, `page ${i}`, i % 2 ? 'chat' : SYSTEMS);
    const all = await review(coach, '?limit=100');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AttemptsReviewResponse = await review(
        coach,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.attempt.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((i) => i.attempt.id));
    expect(all.items.map((i) => i.attempt.caption).slice(-5)).toEqual([
      'page 0',
      'page 1',
      'page 2',
      'page 3',
      'page 4',
    ]);

    const bad = await inject('GET', '/api/attempts/review?cursor=nope', coach);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/cursor must be/);
    expect((await inject('GET', '/api/attempts/review?limit=0', coach)).json().error).toMatch(
      /limit must be/,
    );
    expect((await inject('GET', '/api/attempts/review?status=all', coach)).json().error).toMatch(
      /status must be/,
    );
  });
});

describe('a chat reply', () => {
  it('names the message it answers in every reader’s copy; a reply to no such message is a 400', async () => {
    const id = await post(ann, 'reply target', 'chat');
    const res = await chatReply(coach, id, 'Good depth');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ content: 'Good depth', replyToId: id });
    const page = (await inject('GET', '/api/chat/community', ann)).json() as Array<{
      id: number;
      replyToId?: number;
    }>;
    expect(page.find((m) => m.id === res.json().id)!.replyToId).toBe(id);
    expect(page.find((m) => m.id === id)!.replyToId).toBeUndefined();
    const missing = await chatReply(coach, 987654321);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('replyToId must be the id of a message in the room');
  });
});
