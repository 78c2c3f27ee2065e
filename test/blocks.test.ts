// Members block members: the blocked member's messages leave the blocker's chat (list, poll, older pages
// and the live stream, on every process) and discussions, the blocker's profile is closed to them as a
// private one is, and nothing tells them (issue 31 part 3, decision 55).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../common/contracts/chat';
import type { DiscussionMessage } from '../common/contracts/lessons';
import type { BlockedMember } from '../common/contracts/reports';
import { apiCaller, listenOnTwoServers, type TestApp } from './helpers/app';
import { createTestAppWithCoach, postChatMessage, type BuiltUser } from './helpers/factories';
import { openStream } from './helpers/sse';

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
const room = async (who: BuiltUser, query = '') =>
  (await call('GET', `/api/chat/community${query}`, who)).json() as ChatMessage[];
const block = (who: BuiltUser, whom: string) => call('POST', `/api/members/${whom}/block`, who);
const unblock = (who: BuiltUser, whom: string) => call('DELETE', `/api/members/${whom}/block`, who);
const thread = '/api/discussions/intellectual/understanding-self/systems-theory';

describe('blocking', () => {
  it('204 (again: 204), listed in /api/members/blocked; unblock 204 (again: 204)', async () => {
    expect((await block(ann, bob.user.username)).statusCode).toBe(204);
    expect((await block(ann, bob.user.username)).statusCode).toBe(204);
    const list = (await call('GET', '/api/members/blocked', ann)).json() as BlockedMember[];
    expect(list.map((b) => b.username)).toEqual([bob.user.username]);
    expect((await unblock(ann, bob.user.username)).statusCode).toBe(204);
    expect((await unblock(ann, bob.user.username)).statusCode).toBe(204);
    expect((await call('GET', '/api/members/blocked', ann)).json()).toEqual([]);
  });

  it('refuses oneself (400), a coach (403), an unknown member (404), a visitor (401)', async () => {
    const self = await block(ann, ann.user.username);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot block yourself');
    const coachRes = await block(ann, coach.user.username);
    expect(coachRes.statusCode).toBe(403);
    expect(coachRes.json().error).toMatch(/coach cannot be blocked/);
    expect((await block(ann, 'nobody-at-all')).statusCode).toBe(404);
    expect((await unblock(ann, 'nobody-at-all')).statusCode).toBe(404);
    expect((await call('POST', `/api/members/${bob.user.username}/block`)).statusCode).toBe(401);
    expect((await call('GET', '/api/members/blocked')).statusCode).toBe(401);
  });

  it("leaves the blocked member's messages out of the blocker's list, poll and older pages only", async () => {
    const before = await say(cat, 'before the block');
    const mine = await say(bob, 'from bob');
    expect((await block(ann, bob.user.username)).statusCode).toBe(204);
    const after = await say(cat, 'after the block');
    const seen = (await room(ann)).map((m) => m.id);
    expect(seen).toContain(before.id);
    expect(seen).toContain(after.id);
    expect(seen).not.toContain(mine.id);
    expect((await room(ann, `?after=${before.id}`)).map((m) => m.id)).toEqual([after.id]);
    expect((await room(ann, `?before=${after.id}`)).map((m) => m.id)).not.toContain(mine.id);
    // Others still see it, and bob is told nothing: he sees his message and ann's profile.
    expect((await room(cat)).map((m) => m.id)).toContain(mine.id);
    expect((await room(bob)).map((m) => m.id)).toContain(mine.id);
    // Unblocked: back at once.
    await unblock(ann, bob.user.username);
    expect((await room(ann)).map((m) => m.id)).toContain(mine.id);
  });

  it("leaves the blocked member's discussion messages out of the blocker's threads", async () => {
    const res = await call('POST', thread, bob, { text: 'bob in the thread' });
    const d = res.json() as DiscussionMessage;
    await block(ann, bob.user.username);
    const list = async (who: BuiltUser) =>
      ((await call('GET', thread, who)).json() as DiscussionMessage[]).map((m) => m.id);
    expect(await list(ann)).not.toContain(d.id);
    expect(await list(cat)).toContain(d.id);
    await unblock(ann, bob.user.username);
    expect(await list(ann)).toContain(d.id);
  });

  it("closes the blocker's profile to the blocked member as a private one (403), to them only", async () => {
    await block(ann, bob.user.username);
    const res = await call('GET', `/api/members/username/${ann.user.username}`, bob);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('This profile is private');
    expect((await call('GET', `/api/members/username/${ann.user.username}`, cat)).statusCode).toBe(200);
    expect((await call('GET', `/api/members/username/${bob.user.username}`, ann)).statusCode).toBe(200);
    expect((await call('GET', `/api/members/username/${ann.user.username}`, coach)).statusCode).toBe(200);
    await unblock(ann, bob.user.username);
    expect((await call('GET', `/api/members/username/${ann.user.username}`, bob)).statusCode).toBe(200);
  });
});

describe('the live stream, on two processes', () => {
  let base: string;
  let secondBase: string;
  let closeSecond: () => Promise<void>;
  beforeAll(async () => {
    ({ base, secondBase, close: closeSecond } = await listenOnTwoServers(t));
  });
  afterAll(async () => {
    await closeSecond?.();
  });

  it("a block made on one process leaves the blocked member's messages out of the blocker's streams on both", async () => {
    const here = openStream(base, ann.cookie);
    const there = openStream(secondBase, ann.cookie);
    const other = openStream(secondBase, cat.cookie);
    for (const s of [here, there, other]) await expect.poll(() => s.status()).toBe(200);
    expect((await block(ann, bob.user.username)).statusCode).toBe(204);
    const hidden = await say(bob, 'bob, blocked');
    const marker = await say(cat, 'cat, after bob');
    // Messages come in id order: once the later one is there, the blocked one would have been too.
    for (const s of [here, there]) {
      await expect.poll(() => s.events.map((e) => e.id), { timeout: 2_000 }).toContain(marker.id);
      expect(s.events.map((e) => e.id)).not.toContain(hidden.id);
    }
    await expect.poll(() => other.events.map((e) => e.id), { timeout: 2_000 }).toContain(hidden.id);
    // An edit of the blocked member's message is left out too; unblocking brings their next ones.
    await call('PATCH', `/api/chat/community/${hidden.id}`, bob, { content: 'bob, edited' });
    await expect.poll(() => other.edited.map((e) => e.id), { timeout: 2_000 }).toContain(hidden.id);
    expect((await unblock(ann, bob.user.username)).statusCode).toBe(204);
    const back = await say(bob, 'bob, unblocked');
    for (const s of [here, there]) {
      await expect.poll(() => s.events.map((e) => e.id), { timeout: 2_000 }).toContain(back.id);
      expect(s.edited.map((e) => e.id)).not.toContain(hidden.id);
    }
    // A stream opened again from an earlier id skips the blocked member's in its backlog.
    await block(ann, bob.user.username);
    const again = openStream(secondBase, ann.cookie, hidden.id - 1);
    await expect.poll(() => again.events.map((e) => e.id), { timeout: 2_000 }).toContain(marker.id);
    expect(again.events.map((e) => e.id)).not.toContain(hidden.id);
    expect(again.events.map((e) => e.id)).not.toContain(back.id);
    await unblock(ann, bob.user.username);
    for (const s of [here, there, other, again]) s.close();
  });
});
