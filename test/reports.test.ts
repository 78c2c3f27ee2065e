// Members report messages and members; coaches see the open reports grouped by what was reported, with the
// message as it was reported, and resolve them: dismiss, delete the message, suspend the member
// (issue 31 part 3, decision 55).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../common/contracts/chat';
import type { DiscussionMessage } from '../common/contracts/lessons';
import type { AuditResponse } from '../common/contracts/moderation';
import type { ReportedTarget } from '../common/contracts/reports';
import { apiCaller, type TestApp } from './helpers/app';
import { createTestAppWithCoach, buildUser, postChatMessage, type BuiltUser } from './helpers/factories';

let t: TestApp;
let coach: BuiltUser;
let ann: BuiltUser;
let bob: BuiltUser;
let cat: BuiltUser;
beforeAll(async () => {
  ({
    t,
    coach,
    members: [ann, bob, cat],
  } = await createTestAppWithCoach('coach@example.com', 3));
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t.app);

const say = (who: BuiltUser, content: string) => postChatMessage(t.app, who, content);
const thread = '/api/discussions/intellectual/understanding-self/systems-theory';
async function post(who: BuiltUser, text: string): Promise<DiscussionMessage> {
  const res = await call('POST', thread, who, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DiscussionMessage;
}
const report = (who: BuiltUser, body: object) => call('POST', '/api/reports', who, body);
const queue = async () => {
  const res = await call('GET', '/api/admin/reports', coach);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportedTarget[];
};
const resolve = (target: string, body: object, who: BuiltUser = coach) =>
  call('POST', `/api/admin/reports/${target}/resolve`, who, body);
const room = async (who: BuiltUser) =>
  (await call('GET', '/api/chat/community', who)).json() as ChatMessage[];

describe('POST /api/reports', () => {
  it('reports a chat message: 201, once per member (409 again), shown grouped with its snapshot', async () => {
    const m = await say(ann, 'buy cheap watches at spam.example');
    const first = await report(bob, { messageKind: 'chat', messageId: m.id, reason: 'spam', note: 'ad' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ target: `chat-${m.id}` });
    const again = await report(bob, { messageKind: 'chat', messageId: m.id, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already reported/);
    expect(
      (await report(cat, { messageKind: 'chat', messageId: m.id, reason: 'inappropriate' })).statusCode,
    ).toBe(201);
    // Edited after being reported: the queue keeps what it said when reported.
    expect(
      (await call('PATCH', `/api/chat/community/${m.id}`, ann, { content: 'nothing to see' })).statusCode,
    ).toBe(200);
    const entry = (await queue()).find((e) => e.target === `chat-${m.id}`)!;
    expect(entry).toMatchObject({
      kind: 'chat',
      count: 2,
      member: { username: ann.user.username, suspended: false },
      snapshot: { kind: 'chat', id: m.id, content: 'buy cheap watches at spam.example', thread: null },
      messageGone: false,
    });
    expect(entry.reasons.sort()).toEqual(['inappropriate', 'spam']);
    expect(entry.reports.map((r) => [r.reporter.username, r.reason, r.note])).toEqual([
      [bob.user.username, 'spam', 'ad'],
      [cat.user.username, 'inappropriate', null],
    ]);
  });

  it('reports a discussion message and a member', async () => {
    const d = await post(ann, 'a rude reply');
    const res = await report(bob, { messageKind: 'discussion', messageId: d.id, reason: 'harassment' });
    expect(res.statusCode, res.body).toBe(201);
    const byName = await report(bob, { username: ann.user.username, reason: 'harassment', note: 'in DMs' });
    expect(byName.statusCode, byName.body).toBe(201);
    const q = await queue();
    expect(q.find((e) => e.target === `discussion-${d.id}`)?.snapshot).toMatchObject({
      kind: 'discussion',
      content: 'a rude reply',
      thread: { thinkTank: 'intellectual', topic: 'understanding-self', lesson: 'systems-theory' },
    });
    expect(q.find((e) => e.target === `member-${ann.user.id}`)).toMatchObject({
      kind: 'member',
      count: 1,
      snapshot: null,
      reports: [{ reason: 'harassment', note: 'in DMs' }],
    });
  });

  it('refuses oneself and one’s own message (400), a reason outside the list (400), unknown targets (404)', async () => {
    const mine = await say(bob, 'my own words');
    const own = await report(bob, { messageKind: 'chat', messageId: mine.id, reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toBe('You cannot report yourself or your own message');
    expect((await report(bob, { username: bob.user.username, reason: 'spam' })).statusCode).toBe(400);
    const bad = await report(bob, { messageKind: 'chat', messageId: mine.id, reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/reason must be one of spam, harassment, inappropriate, other/);
    expect((await report(bob, { reason: 'spam' })).statusCode).toBe(400);
    expect(
      (await report(bob, { username: 'x', messageKind: 'chat', messageId: 1, reason: 'spam' })).statusCode,
    ).toBe(400);
    expect(
      (await report(bob, { messageKind: 'chat', messageId: 99_999_999, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report(bob, { messageKind: 'discussion', messageId: 99_999_999, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect((await report(bob, { username: 'nobody-here', reason: 'spam' })).statusCode).toBe(404);
    expect(
      (await report(undefined as unknown as BuiltUser, { username: 'x', reason: 'spam' })).statusCode,
    ).toBe(401);
  });
});

describe('the coaches’ queue', () => {
  it('is for administrators: a member gets 403 on the queue, the count and resolve', async () => {
    expect((await call('GET', '/api/admin/reports', bob)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/reports/count', bob)).statusCode).toBe(403);
    expect((await resolve(`member-${ann.user.id}`, { action: 'dismiss' }, bob)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/reports')).statusCode).toBe(401);
  });

  it('dismiss closes every open report of the target, the count drops, the audit says so', async () => {
    const m = await say(cat, 'borderline');
    await report(ann, { messageKind: 'chat', messageId: m.id, reason: 'other' });
    await report(bob, { messageKind: 'chat', messageId: m.id, reason: 'spam' });
    const before = (await call('GET', '/api/admin/reports/count', coach)).json() as { count: number };
    const res = await resolve(`chat-${m.id}`, { action: 'dismiss' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolved: 2 });
    const after = (await call('GET', '/api/admin/reports/count', coach)).json() as { count: number };
    expect(after.count).toBe(before.count - 2);
    expect((await queue()).some((e) => e.target === `chat-${m.id}`)).toBe(false);
    expect((await room(bob)).some((x) => x.id === m.id)).toBe(true);
    expect((await resolve(`chat-${m.id}`, { action: 'dismiss' })).statusCode).toBe(404);
    const audit = ((await call('GET', '/api/admin/audit?limit=5', coach)).json() as AuditResponse).entries;
    expect(audit[0]).toMatchObject({
      action: 'report.resolved',
      target: { username: cat.user.username },
      subject: { kind: 'chat', ref: String(m.id) },
      details: { resolution: 'dismiss', reports: 2 },
    });
    // Closed: the same member may report it again.
    expect((await report(ann, { messageKind: 'chat', messageId: m.id, reason: 'other' })).statusCode).toBe(
      201,
    );
    await resolve(`chat-${m.id}`, { action: 'dismiss' });
  });

  it('delete removes the chat message for everyone (its author sees it removed) and closes the reports', async () => {
    const m = await say(cat, 'nasty words');
    await report(ann, { messageKind: 'chat', messageId: m.id, reason: 'harassment' });
    const res = await resolve(`chat-${m.id}`, { action: 'delete', reason: 'Be kind' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await room(bob)).some((x) => x.id === m.id)).toBe(false);
    const removed = (await call('GET', '/api/chat/community/removed', cat)).json() as ChatMessage[];
    expect(removed.find((x) => x.id === m.id)).toBeTruthy();
    expect((await report(bob, { messageKind: 'chat', messageId: m.id, reason: 'spam' })).statusCode).toBe(
      404,
    );
  });

  it('delete removes a discussion message; a member report cannot be deleted (400)', async () => {
    const d = await post(cat, 'off topic rant');
    await report(ann, { messageKind: 'discussion', messageId: d.id, reason: 'inappropriate' });
    expect((await resolve(`discussion-${d.id}`, { action: 'delete' })).statusCode).toBe(200);
    const list = (await call('GET', thread, bob)).json() as DiscussionMessage[];
    expect(list.some((x) => x.id === d.id)).toBe(false);
    await report(ann, { username: cat.user.username, reason: 'spam' });
    const res = await resolve(`member-${cat.user.id}`, { action: 'delete' });
    expect(res.statusCode).toBe(400);
    expect((await resolve(`member-${cat.user.id}`, { action: 'dismiss' })).statusCode).toBe(200);
  });

  it('suspend needs a reason (400), suspends the author and closes the reports', async () => {
    const dan = await buildUser(t.app);
    const m = await say(dan, 'spam spam spam');
    await report(ann, { messageKind: 'chat', messageId: m.id, reason: 'spam' });
    expect((await resolve(`chat-${m.id}`, { action: 'suspend' })).statusCode).toBe(400);
    expect((await resolve(`chat-${m.id}`, { action: 'explode' })).statusCode).toBe(400);
    expect((await resolve('chat-abc', { action: 'dismiss' })).statusCode).toBe(404);
    const res = await resolve(`chat-${m.id}`, {
      action: 'suspend',
      reason: 'Spamming',
      removeMessages: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/auth/me', dan)).statusCode).toBe(401);
    expect((await room(bob)).some((x) => x.id === m.id)).toBe(false);
    const audit = ((await call('GET', '/api/admin/audit?limit=5', coach)).json() as AuditResponse).entries;
    expect(audit.map((e) => e.action).slice(0, 2)).toEqual(['report.resolved', 'member.suspended']);
  });

  it('a coach who is reported cannot be suspended from the queue (403); the reports stay open', async () => {
    const m = await say(coach, 'a firm word');
    await report(ann, { messageKind: 'chat', messageId: m.id, reason: 'harassment' });
    expect((await resolve(`chat-${m.id}`, { action: 'suspend', reason: 'x' })).statusCode).toBe(403);
    expect((await queue()).some((e) => e.target === `chat-${m.id}`)).toBe(true);
    await resolve(`chat-${m.id}`, { action: 'dismiss' });
  });
});
