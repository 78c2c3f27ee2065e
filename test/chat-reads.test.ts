// Where each member stopped reading the community chat (issue 32 part 3, decision 59):
// GET and PUT /api/chat/community/read.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_UNREAD_MAX, type ChatReadPosition } from '../common/contracts/chat-reads';
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
  } = await createTestAppWithCoach('coach.reads@example.com', 3));
});
afterAll(() => t.close());

const call = apiCaller(() => t.app);

const say = (who: BuiltUser, content: string) => postChatMessage(t.app, who, content);
async function position(who: BuiltUser): Promise<ChatReadPosition> {
  const res = await call('GET', '/api/chat/community/read', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatReadPosition;
}
async function read(who: BuiltUser, lastReadId: number): Promise<ChatReadPosition> {
  const res = await call('PUT', '/api/chat/community/read', who, { lastReadId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatReadPosition;
}

describe('the chat read position', () => {
  it('keeps visitors out', async () => {
    expect((await call('GET', '/api/chat/community/read')).statusCode).toBe(401);
    expect((await call('PUT', '/api/chat/community/read', undefined, { lastReadId: 1 })).statusCode).toBe(
      401,
    );
  });

  it('starts with nothing unread, then counts what others wrote after the position', async () => {
    const newcomer = await buildUser(t.app);
    await say(ann, 'before the newcomer read anything');
    expect(await position(newcomer)).toEqual({ lastReadId: null, unread: 0, firstUnreadId: null });

    const seen = await say(ann, 'seen');
    expect(await read(newcomer, seen.id)).toEqual({ lastReadId: seen.id, unread: 0, firstUnreadId: null });
    const first = await say(ann, 'one');
    await say(newcomer, 'my own message never counts');
    await say(bob, 'two');
    expect(await position(newcomer)).toEqual({ lastReadId: seen.id, unread: 2, firstUnreadId: first.id });
    // Another member's position is their own.
    expect((await position(cat)).lastReadId).toBeNull();
  });

  it('only moves forward, and takes an id beyond the newest message as the newest', async () => {
    const m1 = await say(ann, 'first');
    const m2 = await say(bob, 'second');
    expect((await read(cat, m2.id)).lastReadId).toBe(m2.id);
    // An older position changes nothing.
    expect(await read(cat, m1.id)).toEqual({ lastReadId: m2.id, unread: 0, firstUnreadId: null });
    expect((await position(cat)).lastReadId).toBe(m2.id);
    // Beyond the newest: clamped to it, so a message posted later still counts as unread.
    expect((await read(cat, Number.MAX_SAFE_INTEGER)).lastReadId).toBe(m2.id);
    const m3 = await say(ann, 'third');
    expect(await position(cat)).toEqual({ lastReadId: m2.id, unread: 1, firstUnreadId: m3.id });
    expect(await read(cat, m3.id)).toEqual({ lastReadId: m3.id, unread: 0, firstUnreadId: null });
  });

  it('leaves out the messages of members one blocks and those a coach removed', async () => {
    const reader = await buildUser(t.app);
    const start = await say(ann, 'start');
    await read(reader, start.id);
    const blocked = await say(bob, 'from a member the reader blocks');
    const removed = await say(cat, 'removed by a coach');
    const kept = await say(ann, 'kept');
    expect(await position(reader)).toMatchObject({ unread: 3, firstUnreadId: blocked.id });

    expect((await call('POST', `/api/members/${bob.user.username}/block`, reader)).statusCode).toBe(204);
    expect(await position(reader)).toMatchObject({ unread: 2, firstUnreadId: removed.id });

    const del = await call('DELETE', `/api/chat/community/${removed.id}?reason=spam`, coach);
    expect(del.statusCode, del.body).toBe(200);
    expect(await position(reader)).toMatchObject({ unread: 1, firstUnreadId: kept.id });

    // Unblocking counts them again.
    expect((await call('DELETE', `/api/members/${bob.user.username}/block`, reader)).statusCode).toBe(204);
    expect(await position(reader)).toMatchObject({ unread: 2, firstUnreadId: blocked.id });
  });

  it('counts at most CHAT_UNREAD_MAX + 1', async () => {
    const reader = await buildUser(t.app);
    const start = await say(ann, 'counting from here');
    await read(reader, start.id);
    // Written straight into the room: the rate limit would take minutes through the API.
    await t.app.ctx.database.db.execute(
      sql`insert into chat_messages (user_id, content, message_type)
          select ${bob.user.id}, 'bulk ' || n, 'text' from generate_series(1, ${CHAT_UNREAD_MAX + 5}) n`,
    );
    const after = await position(reader);
    expect(after.unread).toBe(CHAT_UNREAD_MAX + 1);
    expect(after.firstUnreadId).toBe(start.id + 1);
  });

  it('refuses a malformed position with 400 naming it', async () => {
    for (const payload of [
      {},
      { lastReadId: 0 },
      { lastReadId: -4 },
      { lastReadId: 1.5 },
      { lastReadId: '12' },
      { lastReadId: 1e20 },
      { lastReadId: 3, extra: true },
      [],
    ]) {
      const res = await call('PUT', '/api/chat/community/read', ann, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatch(/lastReadId|Request body/);
    }
  });
});
