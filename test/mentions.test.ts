// Mentions and discussion replies (issue 32 parts 1 and 2, decision 57): `@handle` in the chat and in
// lesson discussions is stored with the message, the members it names are notified (an edit only those it
// adds), the readers get the mentioned members to link; a discussion message may reply to (quote) one of
// its thread, whose author is notified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../common/contracts/chat';
import type { DiscussionMessage } from '../common/contracts/lessons';
import type { Notification } from '../common/contracts/notifications';
import type { MemberSearchResult } from '../common/contracts/members';
import { apiCaller, type TestApp } from './helpers/app';
import { createTestAppWithCoach, buildUser, postChatMessage, type BuiltUser } from './helpers/factories';
import { uploadFrame } from './helpers/uploads';

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
  } = await createTestAppWithCoach('mention-coach@example.com', 3));
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t.app);

const say = (who: BuiltUser, content: string) => postChatMessage(t.app, who, content);
const thread = '/api/discussions/intellectual/understanding-self/systems-theory';
const otherThread = '/api/discussions/intellectual/optimal-self/old-selves';
async function write(who: BuiltUser, text: string, more: object = {}, url = thread) {
  const res = await call('POST', url, who, { text, ...more });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DiscussionMessage;
}
/** The member's notifications, newest first, as the bell lists them. */
async function notificationsOf(who: BuiltUser): Promise<Notification[]> {
  const res = await call('GET', '/api/notifications?limit=50', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { notifications: Notification[] }).notifications;
}
/** The notifications of `kind` about a chat message (or a discussion message) of this id: ids of the two overlap. */
const about = (list: Notification[], kind: string, messageId: number, type: 'chat' | 'discussion' = 'chat') =>
  list.filter(
    (n) =>
      n.kind === kind &&
      n.target.type === type &&
      'messageId' in n.target &&
      n.target.messageId === messageId,
  );
const handle = (who: BuiltUser) => who.user.username;
const member = (who: BuiltUser) => ({ username: who.user.username, name: who.user.name });

describe('mentions in the chat', () => {
  it('stores the mentioned members with the message, lists them to readers, and notifies them', async () => {
    const sent = await say(ann, `Nice one @${handle(bob)}, and @${handle(cat)}!`);
    expect(sent.mentions).toEqual(expect.arrayContaining([member(bob), member(cat)]));
    expect(sent.mentions).toHaveLength(2);
    const read = ((await call('GET', '/api/chat/community', cat)).json() as ChatMessage[]).find(
      (m) => m.id === sent.id,
    );
    expect(read?.mentions).toEqual(expect.arrayContaining([member(bob), member(cat)]));

    const [notice] = about(await notificationsOf(bob), 'mention', sent.id);
    expect(notice).toMatchObject({
      kind: 'mention',
      actor: { username: handle(ann) },
      target: { type: 'chat', messageId: sent.id },
      excerpt: `Nice one @${handle(bob)}, and @${handle(cat)}!`,
      readAt: null,
    });
    expect(about(await notificationsOf(cat), 'mention', sent.id)).toHaveLength(1);
    // The author is not told of their own message.
    expect(about(await notificationsOf(ann), 'mention', sent.id)).toHaveLength(0);
  });

  it('an unknown handle and an e-mail address stay plain; oneself links but is not told', async () => {
    const sent = await say(
      ann,
      `ask @nobody-here-at-all or write to x@${handle(bob)}.com, says @${handle(ann)}`,
    );
    expect(sent.mentions).toEqual([member(ann)]);
    expect(about(await notificationsOf(bob), 'mention', sent.id)).toHaveLength(0);
    expect(about(await notificationsOf(ann), 'mention', sent.id)).toHaveLength(0);
  });

  it('an edit that adds a mention notifies it; removing and adding it again does not notify twice', async () => {
    const sent = await say(ann, `hello @${handle(bob)}`);
    expect(about(await notificationsOf(bob), 'mention', sent.id)).toHaveLength(1);
    const edit = (content: string) => call('PATCH', `/api/chat/community/${sent.id}`, ann, { content });

    const added = await edit(`hello @${handle(bob)} and @${handle(cat)}`);
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as ChatMessage).mentions).toHaveLength(2);
    expect(about(await notificationsOf(cat), 'mention', sent.id)).toHaveLength(1);
    // bob was mentioned already: not told again.
    expect(about(await notificationsOf(bob), 'mention', sent.id)).toHaveLength(1);

    const removed = await edit('hello everyone');
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as ChatMessage).mentions).toBeUndefined();
    const again = await edit(`hello @${handle(cat)}`);
    expect((again.json() as ChatMessage).mentions).toEqual([member(cat)]);
    expect(about(await notificationsOf(cat), 'mention', sent.id)).toHaveLength(1);
  });

  it('a member who blocks the author is not notified (the handle still links)', async () => {
    const dan = await buildUser(t.app);
    expect((await call('POST', `/api/members/${handle(ann)}/block`, dan)).statusCode).toBe(204);
    const sent = await say(ann, `@${handle(dan)} look`);
    expect(sent.mentions).toEqual([member(dan)]);
    expect(about(await notificationsOf(dan), 'mention', sent.id)).toHaveLength(0);
  });

  it('a suspended member cannot be mentioned', async () => {
    const eve = await buildUser(t.app);
    const res = await call('POST', `/api/admin/members/${eve.user.id}/suspend`, coach, { reason: 'spam' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const sent = await say(ann, `@${handle(eve)} hi`);
    expect(sent.mentions).toBeUndefined();
  });
});

describe('mentions in an attempt caption', () => {
  /** Posts a frame with `caption` to the chat or the systems-theory lesson: the message that posts it. */
  async function postAttempt(who: BuiltUser, caption: string, where: 'chat' | 'lesson') {
    const target =
      where === 'chat'
        ? { kind: 'chat' }
        : {
            kind: 'lesson',
            thinkTank: 'intellectual',
            topic: 'understanding-self',
            lesson: 'systems-theory',
          };
    const res = await call('POST', '/api/attempts', who, {
      target,
      caption,
      imageUrl: await uploadFrame(t.app, who, [7, 8, 9]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as {
      chatMessage: ChatMessage | null;
      discussionMessage: DiscussionMessage | null;
    };
    return (body.chatMessage ?? body.discussionMessage)!;
  }

  it('in the chat: stored with its message, listed to readers, and the member is told', async () => {
    const sent = await postAttempt(ann, `My squat, what do you think @${handle(bob)}?`, 'chat');
    expect(sent.mentions).toEqual([member(bob)]);
    const read = ((await call('GET', '/api/chat/community', cat)).json() as ChatMessage[]).find(
      (m) => m.id === sent.id,
    );
    expect(read?.mentions).toEqual([member(bob)]);
    const [notice] = about(await notificationsOf(bob), 'mention', sent.id);
    expect(notice).toMatchObject({
      actor: { username: handle(ann) },
      target: { type: 'chat', messageId: sent.id },
      excerpt: `My squat, what do you think @${handle(bob)}?`,
    });
    expect(about(await notificationsOf(cat), 'mention', sent.id)).toHaveLength(0);
  });

  it('in a lesson discussion: the mention leads to the attempt in its thread', async () => {
    const sent = await postAttempt(ann, `@${handle(cat)} my take on this drill`, 'lesson');
    expect(sent.mentions).toEqual([member(cat)]);
    const list = (await call('GET', thread, bob)).json() as DiscussionMessage[];
    expect(list.find((m) => m.id === sent.id)?.mentions).toEqual([member(cat)]);
    const [notice] = about(await notificationsOf(cat), 'mention', sent.id, 'discussion');
    expect(notice?.target).toEqual({
      type: 'discussion',
      thinkTank: 'intellectual',
      topic: 'understanding-self',
      lesson: 'systems-theory',
      messageId: sent.id,
      videoSeconds: null,
    });
  });

  it('a caption without a handle, or naming nobody, mentions no one', async () => {
    const plain = await postAttempt(ann, 'Just my lift, @nobody-here-zz', 'chat');
    expect(plain.mentions).toBeUndefined();
  });
});

describe('the autocomplete (member search)', () => {
  it('finds members by handle and name from 2 characters, never a private member for a stranger', async () => {
    const pia = await buildUser(t.app, { email: `zqprivate${process.pid}@example.com` });
    const set = await call('PATCH', '/api/auth/profile', pia, { name: 'Zq Hidden', privacyLevel: 'private' });
    expect(set.statusCode, set.body).toBe(200);
    const pub = await buildUser(t.app, { email: `zqpublic${process.pid}@example.com` });
    await call('PATCH', '/api/auth/profile', pub, { name: 'Zq Open', privacyLevel: 'public' });
    const search = async (who: BuiltUser, q: string) => {
      const res = await call('GET', `/api/members?search=${encodeURIComponent(q)}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as MemberSearchResult[]).map((r) => r.username);
    };
    expect(await search(ann, 'zq')).toEqual([pub.user.username]);
    expect(await search(ann, 'zq open')).toEqual([pub.user.username]);
    expect(await search(coach, 'zq')).toEqual(expect.arrayContaining([pia.user.username, pub.user.username]));
    expect((await call('GET', '/api/members?search=z', ann)).statusCode).toBe(400);
  });
});

describe('mentions and replies in lesson discussions', () => {
  it('a mention is stored, listed and notified with the thread and video time as its target', async () => {
    const sent = await write(ann, `@${handle(bob)} watch this part`);
    expect(sent.mentions).toEqual([member(bob)]);
    const list = (await call('GET', thread, cat)).json() as DiscussionMessage[];
    expect(list.find((m) => m.id === sent.id)?.mentions).toEqual([member(bob)]);
    const [notice] = about(await notificationsOf(bob), 'mention', sent.id, 'discussion');
    expect(notice?.target).toEqual({
      type: 'discussion',
      thinkTank: 'intellectual',
      topic: 'understanding-self',
      lesson: 'systems-theory',
      messageId: sent.id,
      videoSeconds: null,
    });
  });

  it('an edit adding a mention notifies it once', async () => {
    const sent = await write(ann, 'a plain note');
    const edit = (text: string) => call('PATCH', `${thread}/messages/${sent.id}`, ann, { text });
    expect((await edit(`a note for @${handle(cat)}`)).statusCode).toBe(200);
    expect(about(await notificationsOf(cat), 'mention', sent.id, 'discussion')).toHaveLength(1);
    await edit('a plain note again');
    await edit(`a note for @${handle(cat)} again`);
    expect(about(await notificationsOf(cat), 'mention', sent.id, 'discussion')).toHaveLength(1);
  });

  it('a reply quotes a message of the thread and notifies its author', async () => {
    const original = await write(bob, 'How do I hold the angle?');
    const reply = await write(cat, 'Keep the knee over the toe', { replyToId: original.id });
    expect(reply.replyTo).toEqual({
      id: original.id,
      author: { name: bob.user.name, username: handle(bob) },
      excerpt: 'How do I hold the angle?',
    });
    const list = (await call('GET', thread, ann)).json() as DiscussionMessage[];
    expect(list.find((m) => m.id === reply.id)?.replyTo).toEqual(reply.replyTo);
    const [notice] = about(await notificationsOf(bob), 'discussion-reply', reply.id, 'discussion');
    expect(notice).toMatchObject({
      actor: { username: handle(cat) },
      excerpt: 'Keep the knee over the toe',
      target: { type: 'discussion', messageId: reply.id },
    });
  });

  it('a reply that also mentions the quoted author notifies them once, as a mention', async () => {
    const original = await write(bob, 'Question two');
    const reply = await write(cat, `@${handle(bob)} answer two`, { replyToId: original.id });
    const mine = await notificationsOf(bob);
    expect(about(mine, 'mention', reply.id, 'discussion')).toHaveLength(1);
    expect(about(mine, 'discussion-reply', reply.id, 'discussion')).toHaveLength(0);
  });

  it("a reply to one's own message, or to a message of another thread (400), or to none (400)", async () => {
    const own = await write(bob, 'thinking aloud');
    const self = await write(bob, 'and more', { replyToId: own.id });
    expect(self.replyTo?.id).toBe(own.id);
    expect(about(await notificationsOf(bob), 'discussion-reply', self.id, 'discussion')).toHaveLength(0);

    const elsewhere = await write(bob, 'in another lesson', {}, otherThread);
    const cross = await call('POST', thread, cat, { text: 'hm', replyToId: elsewhere.id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error).toBe('replyToId must be the id of a message in this discussion');
    const none = await call('POST', thread, cat, { text: 'hm', replyToId: 999_999_999 });
    expect(none.statusCode).toBe(400);
    const bad = await call('POST', thread, cat, { text: 'hm', replyToId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/replyToId must be a message id/);
  });

  it('the quote of a member the viewer blocks shows no author nor words; a deleted quoted message drops it', async () => {
    const fay = await buildUser(t.app);
    const original = await write(fay, 'words from fay');
    const reply = await write(cat, 'replying to fay', { replyToId: original.id });
    expect((await call('POST', `/api/members/${handle(fay)}/block`, ann)).statusCode).toBe(204);
    const seen = ((await call('GET', thread, ann)).json() as DiscussionMessage[]).find(
      (m) => m.id === reply.id,
    );
    expect(seen?.replyTo).toEqual({ id: original.id, author: null, excerpt: null });

    expect((await call('DELETE', `${thread}/messages/${original.id}`, fay)).statusCode).toBe(200);
    const after = ((await call('GET', thread, cat)).json() as DiscussionMessage[]).find(
      (m) => m.id === reply.id,
    );
    expect(after?.replyTo).toBeUndefined();
  });
});
