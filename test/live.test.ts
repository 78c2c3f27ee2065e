// One live connection per tab (decision 58): GET /api/live carries the open lesson discussion's events,
// the chat when asked and the member's notifications, across server processes; presence while it is open.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../server/app';
import type { DiscussionMessage } from '../common/contracts/lessons';
import {
  DISCUSSION_CLEARED_EVENT,
  DISCUSSION_MESSAGE_DELETED_EVENT,
  DISCUSSION_MESSAGE_EDITED_EVENT,
  DISCUSSION_MESSAGE_EVENT,
} from '../common/contracts/live';
import { NOTIFICATION_EVENT } from '../common/contracts/notifications';
import { callAs, listenOnTwoServers, type TestApp } from './helpers/app';
import { createTestAppWithCoach, type BuiltUser } from './helpers/factories';

const THREAD = { thinkTank: 'intellectual', topic: 'understanding-self', lesson: 'systems-theory' };
const THREAD_KEY = `${THREAD.thinkTank}/${THREAD.topic}/${THREAD.lesson}`;
const THREAD_URL = `/api/discussions/${THREAD_KEY}`;
const OTHER_KEY = 'emotional/alter-ego/assessing-data';

let t: TestApp;
let second: App;
let closeSecond: () => Promise<void> = async () => {};
let base: string;
let secondBase: string;
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
  // On PostgreSQL a second instance with its own pool, LISTEN connection and memory, as another process.
  ({ base, second, secondBase, close: closeSecond } = await listenOnTwoServers(t));
});
afterAll(async () => {
  await closeSecond();
  await t.close();
});

type LiveEvent = { event: string; id?: number; data: unknown };

/** Opens GET /api/live (or another stream path) as an EventSource would and collects its events. */
function openLive(url: string, cookie: string, query = '', path = '/api/live') {
  const events: LiveEvent[] = [];
  let raw = '';
  let status = 0;
  let body = '';
  let ended = false;
  const req = http.get(
    `${url}${path}${query}`,
    { headers: { cookie, accept: 'text/event-stream' } },
    (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (status !== 200) {
          body += chunk;
          return;
        }
        raw += chunk;
        let cut: number;
        while ((cut = raw.indexOf('\n\n')) >= 0) {
          const block = raw.slice(0, cut);
          raw = raw.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data === undefined) continue;
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          events.push({
            event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
            ...(id ? { id: Number(id) } : {}),
            data: JSON.parse(data),
          });
        }
      });
      res.on('close', () => (ended = true));
    },
  );
  req.on('error', () => (ended = true));
  return {
    events,
    named: (name: string) => events.filter((e) => e.event === name).map((e) => e.data),
    status: () => status,
    body: () => body,
    ended: () => ended,
    close: () => req.destroy(),
  };
}
type Live = ReturnType<typeof openLive>;

async function opened(stream: Live) {
  await expect.poll(() => stream.status()).toBe(200);
  // The stream has joined once its retry line was answered: give the registration its turn.
  await new Promise((r) => setImmediate(r));
  return stream;
}

const call = callAs;

async function post(who: BuiltUser, text: string, app: App = t.app): Promise<DiscussionMessage> {
  const res = await call(app, 'POST', THREAD_URL, who, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DiscussionMessage;
}

const messagesIn = (stream: Live, name = DISCUSSION_MESSAGE_EVENT) =>
  stream.named(name).map((d) => (d as { message: DiscussionMessage }).message);

describe('GET /api/live', () => {
  it('answers visitors 401 and bad topics 400 naming why', async () => {
    const visitor = await fetch(`${base}/api/live`);
    expect(visitor.status).toBe(401);
    const cases: Array<[string, RegExp]> = [
      ['?chat=2', /chat must be 1/],
      ['?discussion=nothing', /discussion must name a thread as thinkTank\/topic\/lesson/],
      ['?discussion=a/b/c/d', /discussion must name a thread/],
      ['?discussion=intellectual/no-such-topic/no-lesson', /discussion names no discussion thread/],
      ['?lastEventId=abc', /lastEventId must be a chat message id/],
    ];
    for (const [query, error] of cases) {
      const res = await fetch(`${base}/api/live${query}`, { headers: { cookie: ann.cookie } });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toMatch(error);
    }
  });

  it('carries a discussion message posted through another process within 2 s', async () => {
    const stream = await opened(openLive(secondBase, bob.cookie, `?discussion=${THREAD_KEY}`));
    const elsewhere = await opened(openLive(secondBase, cat.cookie, `?discussion=${OTHER_KEY}`));
    const sent = await post(ann, 'Live across processes');
    await expect
      .poll(() => messagesIn(stream).map((m) => m.id), { timeout: 2000, interval: 20 })
      .toContain(sent.id);
    const [event] = stream.named(DISCUSSION_MESSAGE_EVENT) as Array<{
      thread: object;
      message: DiscussionMessage;
    }>;
    expect(event!.thread).toEqual(THREAD);
    expect(event!.message).toMatchObject({
      id: sent.id,
      text: 'Live across processes',
      user: { username: ann.user.username },
    });
    // No chat messages without chat=1, nothing from another thread.
    expect(stream.events.filter((e) => e.event === 'message')).toEqual([]);
    expect(messagesIn(elsewhere)).toEqual([]);
    stream.close();
    elsewhere.close();
  });

  it('carries edits, deletions, a coach removal (the author sees their tombstone) and a cleared thread', async () => {
    const bobs = await opened(openLive(secondBase, bob.cookie, `?discussion=${THREAD_KEY}`));
    const anns = await opened(openLive(base, ann.cookie, `?discussion=${THREAD_KEY}`));
    const first = await post(ann, 'To be edited');
    const second2 = await post(ann, 'To be deleted');
    const third = await post(ann, 'To be removed by a coach');
    await expect.poll(() => messagesIn(bobs).length).toBe(3);

    expect(
      (await call(t.app, 'PATCH', `${THREAD_URL}/messages/${first.id}`, ann, { text: 'Edited' })).statusCode,
    ).toBe(200);
    await expect
      .poll(() => messagesIn(bobs, DISCUSSION_MESSAGE_EDITED_EVENT).map((m) => [m.id, m.text, !!m.editedAt]))
      .toEqual([[first.id, 'Edited', true]]);

    expect((await call(t.app, 'DELETE', `${THREAD_URL}/messages/${second2.id}`, ann)).statusCode).toBe(200);
    await expect
      .poll(() => bobs.named(DISCUSSION_MESSAGE_DELETED_EVENT))
      .toEqual([{ thread: THREAD, id: second2.id }]);

    const removal = await call(
      t.app,
      'DELETE',
      `${THREAD_URL}/messages/${third.id}?reason=Off%20topic`,
      coach,
    );
    expect(removal.statusCode, removal.body).toBe(200);
    await expect
      .poll(() => bobs.named(DISCUSSION_MESSAGE_DELETED_EVENT))
      .toEqual([
        { thread: THREAD, id: second2.id },
        { thread: THREAD, id: third.id },
      ]);
    // Its author is sent the tombstone they see in the thread, nobody else is.
    await expect
      .poll(() => messagesIn(anns, DISCUSSION_MESSAGE_EDITED_EVENT).filter((m) => m.id === third.id))
      .toEqual([expect.objectContaining({ id: third.id, removed: { reason: 'Off topic' } })]);
    expect(messagesIn(bobs, DISCUSSION_MESSAGE_EDITED_EVENT).some((m) => m.removed)).toBe(false);

    expect((await call(t.app, 'DELETE', THREAD_URL, coach)).statusCode).toBe(200);
    await expect.poll(() => bobs.named(DISCUSSION_CLEARED_EVENT)).toEqual([{ thread: THREAD }]);
    bobs.close();
    anns.close();
  });

  it('leaves out the messages of a member the viewer blocks', async () => {
    expect((await call(t.app, 'POST', `/api/members/${ann.user.username}/block`, cat)).statusCode).toBe(204);
    try {
      const cats = await opened(openLive(secondBase, cat.cookie, `?discussion=${THREAD_KEY}`));
      const bobs = await opened(openLive(secondBase, bob.cookie, `?discussion=${THREAD_KEY}`));
      const hidden = await post(ann, 'From a blocked member');
      const shown = await post(bob, 'From a member not blocked');
      await expect.poll(() => messagesIn(cats).map((m) => m.id)).toEqual([shown.id]);
      await expect.poll(() => messagesIn(bobs).map((m) => m.id)).toEqual([hidden.id, shown.id]);
      cats.close();
      bobs.close();
    } finally {
      await call(t.app, 'DELETE', `/api/members/${ann.user.username}/block`, cat);
    }
  });

  it('carries the chat with chat=1 as the old stream does, which stays as an alias', async () => {
    const live = await opened(openLive(secondBase, bob.cookie, `?chat=1&discussion=${THREAD_KEY}`));
    const old = await opened(openLive(secondBase, bob.cookie, '', '/api/chat/community/stream'));
    const res = await call(t.app, 'POST', '/api/chat/community', ann, {
      content: 'Chat on the live stream',
      messageType: 'text',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    for (const s of [live, old]) {
      await expect.poll(() => s.events.filter((e) => e.event === 'message').map((e) => e.id)).toContain(id);
      expect(s.named('members').length).toBeGreaterThan(0);
    }
    // A fresh connection says where the chat stopped and gets what came after.
    const later = await call(t.app, 'POST', '/api/chat/community', ann, {
      content: 'After the place',
      messageType: 'text',
    });
    const resumed = await opened(openLive(base, bob.cookie, `?chat=1&lastEventId=${id}`));
    await expect
      .poll(() => resumed.events.filter((e) => e.event === 'message').map((e) => e.id))
      .toEqual([(later.json() as { id: number }).id]);
    for (const s of [live, old, resumed]) s.close();
  });

  it('carries a mention posted through another process to the mentioned member within 2 s', async () => {
    const stream = await opened(openLive(secondBase, bob.cookie, `?discussion=${THREAD_KEY}`));
    const sent = await post(ann, `A question for @${bob.user.username} about the drill`);
    await expect.poll(() => stream.named(NOTIFICATION_EVENT).length, { timeout: 2000, interval: 20 }).toBe(1);
    expect(stream.named(NOTIFICATION_EVENT)[0]).toMatchObject({
      notification: { kind: 'mention', target: { type: 'discussion', messageId: sent.id } },
      unread: expect.any(Number),
    });
    stream.close();
  });

  it("carries the member's notifications made through another process within 2 s", async () => {
    const stream = await opened(openLive(secondBase, bob.cookie));
    const [row] = await t.app.ctx.notifications.create([
      {
        userId: bob.user.id,
        kind: 'mention',
        actorId: ann.user.id,
        target: { type: 'discussion', ...THREAD, messageId: 1, videoSeconds: null },
        source: `live-test-${Date.now()}`,
        excerpt: 'Hello @bob',
      },
    ]);
    expect(row).toBeDefined();
    await expect.poll(() => stream.named(NOTIFICATION_EVENT).length, { timeout: 2000, interval: 20 }).toBe(1);
    expect(stream.named(NOTIFICATION_EVENT)[0]).toMatchObject({ unread: expect.any(Number) });
    stream.close();
  });

  it('makes its member present on every process while open, and not after it closes', async () => {
    // Every stream of the tests before has closed on the server.
    await expect.poll(() => t.app.ctx.live.stats().open).toBe(0);
    expect(await second.ctx.presence.isActive(cat.user.id)).toBe(false);
    const a = await opened(openLive(base, cat.cookie));
    const b = await opened(openLive(base, cat.cookie, '', '/api/chat/community/stream'));
    await expect.poll(() => second.ctx.presence.isActive(cat.user.id)).toBe(true);
    expect([...(await second.ctx.presence.activeAmong([cat.user.id, bob.user.id]))]).toEqual([cat.user.id]);
    a.close();
    // One stream of theirs still open: still present.
    await expect.poll(() => t.app.ctx.live.stats().open).toBe(1);
    expect(await second.ctx.presence.isActive(cat.user.id)).toBe(true);
    b.close();
    await expect.poll(() => second.ctx.presence.isActive(cat.user.id)).toBe(false);
  });
});
